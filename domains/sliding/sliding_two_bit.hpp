// SlidingTwoBitSpace: the sliding-tile states of one half, in the order the two-bit BFS scans them.
//
// Index: pair * N + blank cell, where N = rows * cols and `pair` is the existing SlidingTiles
// half-rank (the Lehmer rank of the tiles read row-major without the blank, its parity digit
// dropped). So one pair holds the N states that share an arrangement of the tiles up to the order
// of the last two, one per blank cell; the blank's cell fixes which of the two orders is in the
// half. The index is a bijection onto [0, N!/2), the same set as SlidingTiles::rank, permuted.
//
// Why this order: a horizontal move keeps the tile sequence, so the child sits in the same pair
// (the same cache line). A vertical move rotates a window of `cols` consecutive tiles of the
// sequence (the tile jumps over the cols - 1 tiles between its cell and the blank's), and a
// window that does not reach the last two tiles maps one lexicographic block of sequences onto
// another, preserving their order: parents scanned in index order touch their children in
// ascending order too, a few streams at a time instead of random probes. The narrower the board,
// the shorter the window, so the space works on the orientation with fewer columns (2x7 is
// searched as 7x2, transposed; distances are the same) and translates states at the boundary.
//
// The Cursor walks the pairs in index order keeping the Lehmer digits of one pair, stepping to
// the next pair in amortised O(1) and computing a child's index from the parent's digits in
// O(cols) (no ranking from scratch). A Cursor is one thread's; the space is immutable and shared.
//
// Limits: at most 16 cells (indices and ranks fit in 64 bits), rows and cols >= 2, so the narrow
// side has at most 4 columns.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include <frontier/domains/sliding/sliding_cursor.hpp>
#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/two_bit/file.hpp>
#include <frontier/engine/two_bit/planar.hpp>

namespace frontier {

class SlidingTwoBitSpace {
  public:
    static constexpr int kMaxNeighbors = 4;
    // Every move moves the blank one cell, changing the distance by exactly 1 (parity below):
    // two_bit_distance refuses a table whose neighbouring entries hold the same value.
    static constexpr bool kBipartite = true;

    // The space of `board`'s goal half; `board` is the puzzle as the user names it.
    explicit SlidingTwoBitSpace(const SlidingTiles& board);

    const SlidingTiles& board() const { return board_; }
    // The orientation searched: board() itself or its transpose.
    const SlidingTiles& searched() const { return searched_; }
    bool transposed() const { return transposed_; }

    std::uint64_t size() const { return searched_.size(); }  // N!/2
    int period() const { return cells_; }
    // Distance parity (0 or 1) of every state whose blank is on searched cell c: each move moves
    // the blank one cell, so a state's distance from the goal has the parity of its blank's
    // Manhattan distance from the goal's blank.
    int parity(int cell) const { return parity_[cell]; }
    // Bit c set when cells c and c + 1 share a row: a horizontal move, which keeps the pair, so
    // the two-bit BFS settles it with bit operations on the packed words (TwoBitSpace's links).
    std::uint64_t links() const { return links_; }
    // The moves as shifts between planes (plane = blank cell, block = pair), for the planar
    // search (engine/two_bit/planar.hpp): the searched board's (planar_moves in
    // sliding_tiles.hpp; call inside the run's thread arena).
    std::optional<PlanarMoves> planar_moves() const { return frontier::planar_moves(searched_); }

    // States in the board's own orientation (so two_bit_bfs also takes roots as states).
    using State = TileState;
    std::uint64_t index(TileState s) const;
    TileState state(std::uint64_t index) const;
    std::uint64_t goal_index() const { return index(board_.goal()); }

    // One thread's walk over the pairs (domains/sliding/sliding_cursor.hpp), giving neighbours as
    // indices of this space.
    class Cursor {
      public:
        explicit Cursor(const SlidingTwoBitSpace& space)
            : c_(space.searched_.lehmer_tables()),
              cells_(static_cast<std::uint64_t>(space.cells_)) {}

        std::uint64_t pair() const { return c_.pair(); }
        void go(std::uint64_t m) { c_.go(m); }
        void seek(std::uint64_t m) { c_.seek(m); }
        // The indices of the neighbours of the state (pair(), blank on searched cell `cell`);
        // returns their number (2 to 4).
        int neighbors(int cell, std::uint64_t* out) {
            return c_.neighbors(cell,
                                [&](std::uint64_t pair, int c) { *out++ = pair * cells_ + c; });
        }
        // The neighbours that links() does not name: the vertical moves' (0 to 2).
        int far_neighbors(int cell, std::uint64_t* out) {
            return c_.neighbors<false>(
                cell, [&](std::uint64_t pair, int c) { *out++ = pair * cells_ + c; });
        }

      private:
        LehmerCursor c_;
        std::uint64_t cells_;
    };
    Cursor cursor() const { return Cursor(*this); }

  private:
    TileState to_searched(TileState s) const;
    TileState from_searched(TileState s) const;

    SlidingTiles board_;
    SlidingTiles searched_;
    bool transposed_;
    int cells_;
    std::uint64_t per_blank_;  // (N-1)!/2: pairs
    std::array<std::uint8_t, 16> parity_{};
    std::uint64_t links_ = 0;
};

// What names the space's tables (engine/two_bit/file.hpp): the board and goal as the user names
// them, index=pair-blank (this order) and searched=RxC (the orientation scanned).
TwoBitIdentity two_bit_identity(const SlidingTwoBitSpace& space);

}  // namespace frontier
