// Sliding-tile puzzles: the 8-, 15- and 24-puzzle and every R x C board with R, C >= 2.
//
// BasicSlidingTiles<Word> packs a state into one unsigned word, a fixed number of bits per cell;
// cell i (row-major) holds its tile, 0 being the blank:
//   SlidingTiles      = 64-bit word, 4 bits per cell, up to 16 cells (3x3, 4x3, 4x4, ...);
//   WideSlidingTiles  = 128-bit word, 5 bits per cell, up to 25 cells (5x5, 4x5, ...).
// Copying, hashing and comparing a state are one- or two-word operations, and the blank is found
// branch-free (a cell-is-zero test and a count of trailing zeros).
//
// Moves: the blank moves up, left, right or down, in that order everywhere (Korf's order), which
// slides the neighbouring tile into the hole. A SlideMove names the direction, the tile and its
// two cells, so heuristics update in O(1). inverse() swaps the direction (d ^ 3) and the cells.
//
// Halves: every move is one transposition of the N cells and moves the blank one cell, so
// parity(inversions of the tiles read row-major, blank skipped) + (C even ? blank row : 0) never
// changes. Boards with R, C >= 2 split into exactly two halves of N!/2 states by this invariant;
// a state is solvable iff it lies in the goal's half (same_half()).
//
// Rank (64-bit boards only: 16!/2 still fits in 64 bits, 25!/2 does not): blank cell * (N-1)!/2 +
// half-rank of the tiles read row-major without the blank. The half-rank is the lexicographic
// (Lehmer) rank with its last digit dropped; that digit is fixed by the parity the blank's cell
// requires. The rank is dense in [0, N!/2) for any solvable goal. rank() is O(N) with popcounts;
// unrank() is O(N) with a nibble list and, when a block fits in 32 bits (N <= 13), divisions by
// precomputed reciprocals. A horizontal blank move keeps the half-rank and changes only the
// block, which gives the layered BFS good memory locality.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>

#include <frontier/domains/sliding/sliding_cursor.hpp>
#include <frontier/engine/planar_moves.hpp>

namespace frontier {

using uint128 = unsigned __int128;

template <class Word>
struct TileWord {
    static constexpr int kBits = sizeof(Word) == 8 ? 4 : 5;  // bits per cell
    static constexpr int kMaxCells = sizeof(Word) == 8 ? 16 : 25;
    static constexpr Word kMask = (Word{1} << kBits) - 1;
};

template <class Word>
struct BasicTileState {
    Word cells = 0;

    int tile(int cell) const {
        return static_cast<int>((cells >> (TileWord<Word>::kBits * cell)) & TileWord<Word>::kMask);
    }
    friend bool operator==(BasicTileState, BasicTileState) = default;
    template <class H>
    friend H AbslHashValue(H h, BasicTileState s) {
        if constexpr (sizeof(Word) == 8)
            return H::combine(std::move(h), s.cells);
        else
            return H::combine(std::move(h), static_cast<std::uint64_t>(s.cells),
                              static_cast<std::uint64_t>(s.cells >> 64));
    }
};

using TileState = BasicTileState<std::uint64_t>;
using WideTileState = BasicTileState<uint128>;

struct SlideMove {
    std::uint8_t dir;   // blank direction: 0 up, 1 left, 2 right, 3 down
    std::uint8_t tile;  // the tile that slides
    std::uint8_t from;  // the tile's cell before the move (the blank's cell after)
    std::uint8_t to;    // the tile's cell after the move (the blank's cell before)
    friend bool operator==(SlideMove, SlideMove) = default;
};

inline constexpr char kDirLetters[4] = {'U', 'L', 'R', 'D'};

// The cell next to `cell` on a rows x cols grid in direction d (kDirLetters' order: up, left,
// right, down), or -1 at the border: the one rule behind every neighbour table of the tiles and
// their patterns.
inline std::int8_t grid_neighbor(int rows, int cols, int cell, int d) {
    constexpr int kDr[4] = {-1, 0, 0, 1}, kDc[4] = {0, -1, 1, 0};
    const int r = cell / cols + kDr[d], c = cell % cols + kDc[d];
    return r >= 0 && r < rows && c >= 0 && c < cols ? static_cast<std::int8_t>(r * cols + c)
                                                    : std::int8_t{-1};
}

inline int count_trailing_zeros(std::uint64_t x) {
    return std::countr_zero(x);
}
inline int count_trailing_zeros(uint128 x) {
    const auto lo = static_cast<std::uint64_t>(x);
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<std::uint64_t>(x >> 64));
}

template <class Word>
class SlidingRankWalker;  // BasicSlidingTiles<Word>::RankWalker, defined below the class

template <class Word>
class BasicSlidingTiles {
  public:
    using State = BasicTileState<Word>;
    using Move = SlideMove;
    static constexpr int kBits = TileWord<Word>::kBits;
    static constexpr int kMaxCells = TileWord<Word>::kMaxCells;
    static constexpr bool kRanked = sizeof(Word) == 8;  // has the perfect hash

    // Goal: tiles 1 .. N-1 in row-major order, blank last.
    BasicSlidingTiles(int rows, int cols);
    // Any arrangement of 0 .. N-1 is a valid goal (checked by the caller's parser).
    BasicSlidingTiles(int rows, int cols, State goal);

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int cells() const { return cells_; }
    State goal() const { return goal_; }
    static State ordered_goal(int rows, int cols);
    // The state with tiles[c] on cell c.
    static State pack(const int* tiles, int cells);

    bool is_goal(State s) const { return s == goal_; }

    int blank(State s) const {
        Word y = s.cells | (s.cells >> 1);
        y |= y >> 2;
        if constexpr (kBits == 5) y |= s.cells >> 4;
        return count_trailing_zeros(~y & cell_ones_) / kBits;
    }
    // The cell next to `cell` in direction d, or -1 at the border.
    int neighbor(int cell, int dir) const { return neighbor_[cell][dir]; }

    template <class F>
    void for_each_successor(State s, F&& f) const {
        const int b = blank(s);
        for (int d = 0; d < 4; ++d) {
            const int n = neighbor_[b][d];
            if (n < 0) continue;
            f(slide(s, b, n),
              Move{std::uint8_t(d), std::uint8_t(s.tile(n)), std::uint8_t(n), std::uint8_t(b)});
        }
    }
    // The child reached by moving the blank from cell b to its neighbour n.
    static State slide(State s, int b, int n) {
        const Word t = (s.cells >> (kBits * n)) & TileWord<Word>::kMask;
        return State{s.cells + (t << (kBits * b)) - (t << (kBits * n))};
    }
    static Move inverse(Move m) { return Move{std::uint8_t(m.dir ^ 3), m.tile, m.to, m.from}; }
    State apply(State s, Move m) const { return slide(s, m.to, m.from); }

    // Parity invariant (0 or 1); see the top of this file.
    int invariant(State s) const;
    bool same_half(State s) const { return invariant(s) == goal_invariant_; }

    std::uint64_t size() const requires kRanked {
        return per_blank_ * static_cast<std::uint64_t>(cells_);
    }
    std::uint64_t rank(State s) const requires kRanked;
    State unrank(std::uint64_t r) const requires kRanked;

    // The ranks of a rank's children without building states, for the layered BFS
    // (engine/enumerate/layered_bfs.hpp uses a domain's rank_walker() when it has one); see
    // SlidingRankWalker below.
    using RankWalker = SlidingRankWalker<Word>;
    RankWalker rank_walker() const requires kRanked { return RankWalker(*this); }
    // The cursor tables of this board (ranked boards only), shared with the two-bit space.
    const LehmerTables& lehmer_tables() const requires kRanked { return lehmer_; }

  private:
    friend class SlidingRankWalker<Word>;

    int required_parity(int blank_cell) const;

    int rows_, cols_, cells_;
    State goal_;
    int goal_invariant_;
    Word cell_ones_;                              // the lowest bit of every cell
    std::uint64_t per_blank_ = 0;                 // (N-1)!/2 states per blank cell (ranked only)
    std::array<std::uint64_t, 16> weight_{};      // weight_[i] = (N-2-i)!/2 for Lehmer digit i
    std::array<std::uint64_t, 16> reciprocal_{};  // ceil(2^64 / weight_[i]) for 32-bit division
    bool fast_division_ = false;
    std::array<std::array<std::int8_t, 4>, kMaxCells> neighbor_{};
    LehmerTables lehmer_;  // ranked boards only: the RankWalker's cursor tables
};

// The ranks of a rank's children without building states (BasicSlidingTiles::RankWalker, ranked
// boards only). A walker is one thread's. Ranks asked in ascending order within one blank cell's
// block (rank = blank * (N-1)!/2 + pair, the BFS's scan order) cost a cursor step and an O(cols)
// delta per vertical child (sliding_cursor.hpp) instead of an unrank and up to four ranks; a board
// wider than LehmerTables::kMaxCols columns falls back to exactly those.
//
// A class template of its own, not a member class: an explicit instantiation of the unranked
// BasicSlidingTiles<uint128> (sliding_tiles.cpp) instantiates its member classes' functions too,
// and clang 14 does so even where their requires-clause fails, which made children()'s calls of
// rank() and unrank() errors there. Only rank_walker() makes a walker, so nothing instantiates
// children() for a board without ranks.
template <class Word>
class SlidingRankWalker {
  public:
    static constexpr int kMaxChildren = 4;
    explicit SlidingRankWalker(const BasicSlidingTiles<Word>& d) : d_(&d), cursor_(d.lehmer_) {}

    // Writes the ranks of r's children to out; returns how many (2 to 4).
    int children(std::uint64_t r, std::uint64_t* out) requires BasicSlidingTiles<Word>::kRanked {
        using Tiles = BasicSlidingTiles<Word>;
        const Tiles& d = *d_;
        if (d.cols_ > LehmerTables::kMaxCols) {
            int n = 0;
            d.for_each_successor(d.unrank(r), [&](typename Tiles::State c, typename Tiles::Move) {
                out[n++] = d.rank(c);
            });
            return n;
        }
        const std::uint64_t per_blank = d.per_blank_;
        if (r - block_begin_ >= per_blank) {  // another blank cell's block (or r below it)
            blank_ = static_cast<int>(r / per_blank);
            block_begin_ = static_cast<std::uint64_t>(blank_) * per_blank;
        }
        cursor_.go(r - block_begin_);
        return cursor_.neighbors(blank_, [&](std::uint64_t pair, int cell) {
            *out++ = static_cast<std::uint64_t>(cell) * per_blank + pair;
        });
    }

  private:
    const BasicSlidingTiles<Word>* d_;
    LehmerCursor cursor_;
    std::uint64_t block_begin_ = 0;  // the first rank of blank_'s block
    int blank_ = 0;
};

using SlidingTiles = BasicSlidingTiles<std::uint64_t>;
using WideSlidingTiles = BasicSlidingTiles<uint128>;

// The board's moves as shifts between planes (plane = blank cell, block = pair: the order of its
// ranks), for the planar searches (engine/planar_moves.hpp): boards of 9 to 14 cells, nullopt
// otherwise. Built in parallel in the caller's thread arena (domains/sliding/sliding_planar.cpp),
// every move checked on a sample of states at set-up.
std::optional<PlanarMoves> planar_moves(const SlidingTiles& board);

extern template class BasicSlidingTiles<std::uint64_t>;
extern template class BasicSlidingTiles<uint128>;

}  // namespace frontier
