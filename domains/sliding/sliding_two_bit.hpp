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
// The Cursor walks the pairs in index order keeping the Lehmer digits and the tile sequence of
// one pair, stepping to the next pair in amortised O(1) and computing a child's index from the
// parent's digits in O(cols) (no ranking from scratch). A Cursor is one thread's; the space is
// immutable and shared.
//
// Limits: at most 16 cells (indices and ranks fit in 64 bits), rows and cols >= 2, so the narrow
// side has at most 4 columns.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <utility>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "domains/sliding/sliding_tiles.hpp"

namespace frontier {

class SlidingTwoBitSpace {
  public:
    static constexpr int kMaxNeighbors = 4;

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

    // States in the board's own orientation.
    std::uint64_t index(TileState s) const;
    TileState state(std::uint64_t index) const;
    std::uint64_t goal_index() const { return index(board_.goal()); }

    class Cursor {
      public:
        explicit Cursor(const SlidingTwoBitSpace& space) : s_(&space) { seek(0); }

        std::uint64_t pair() const { return m_; }
        // Positions the cursor on pair m: steps forward when m is just ahead, else decodes m.
        void go(std::uint64_t m) {
            if (m == m_) return;
            if (m > m_ && m - m_ <= 16) {
                while (m_ < m) step();
            } else {
                seek(m);
            }
        }
        void seek(std::uint64_t m);
        // The indices of the neighbours of the state (pair(), blank on searched cell `cell`);
        // returns their number (2 to 4).
        int neighbors(int cell, std::uint64_t* out) const;

      private:
        void step();
        void place_from(int first);
        template <int W>
        int neighbors_of_width(int cell, std::uint64_t* out) const;

        const SlidingTwoBitSpace* s_;
        std::uint64_t m_ = 0;
        int digit_parity_ = 0;  // parity of d_[0 .. n-3]
        // Per member of the pair (0: last two tiles ascending, 1: swapped): the Lehmer digits
        // and the tiles (0-based values, blank skipped).
        std::array<std::array<std::uint8_t, 16>, 2> d_{}, a_{};
    };
    Cursor cursor() const { return Cursor(*this); }

  private:
    TileState to_searched(TileState s) const;
    TileState from_searched(TileState s) const;
    int required_parity(int cell) const { return required_[cell]; }

    SlidingTiles board_;
    SlidingTiles searched_;
    bool transposed_;
    int cells_, cols_, tiles_;
    std::uint64_t per_blank_;                      // (N-1)!/2: pairs
    std::array<std::int64_t, 16> factorial_{};     // factorial_[q] = (n-1-q)! for position q
    std::array<std::uint8_t, 16> reset_parity_{};  // parity of the digits a carry past p clears
    std::array<std::uint8_t, 16> parity_{}, required_{};
};

namespace detail {
// The position of the k-th set bit of mask (k from 0).
inline int select_bit(std::uint32_t mask, int k) {
#if defined(__BMI2__)
    return std::countr_zero(_pdep_u32(1u << k, mask));
#else
    for (; k > 0; --k) mask &= mask - 1;
    return std::countr_zero(mask);
#endif
}
}  // namespace detail

inline void SlidingTwoBitSpace::Cursor::place_from(int first) {
    const int n = s_->tiles_;
    std::uint8_t* a = a_[0].data();
    std::uint32_t free = 0;
    for (int i = first; i < n; ++i) free |= 1u << a[i];
    for (int i = first; i < n; ++i) {
        const int v = detail::select_bit(free, d_[0][i]);
        a[i] = static_cast<std::uint8_t>(v);
        free &= ~(1u << v);
    }
    // The other member: the last two tiles swapped, parity digit 1.
    a_[1] = a_[0];
    std::swap(a_[1][n - 2], a_[1][n - 1]);
    d_[1] = d_[0];
    d_[1][n - 2] = 1;
}

// Next pair: a mixed-radix increment of digits 0 .. n-3 (digit i counts to n-1-i), then the tiles
// from the highest changed position on are re-placed.
inline void SlidingTwoBitSpace::Cursor::step() {
    const int n = s_->tiles_;
    std::uint8_t* d = d_[0].data();
    int p = n - 3;
    while (d[p] == n - 1 - p) d[p--] = 0;
    ++d[p];
    digit_parity_ ^= 1 ^ s_->reset_parity_[p];
    place_from(p);
    ++m_;
}

template <int W>
int SlidingTwoBitSpace::Cursor::neighbors_of_width(int cell, std::uint64_t* out) const {
    const SlidingTwoBitSpace& s = *s_;
    const int N = s.cells_;
    // The member of the pair in the half: the last two tiles swapped when the parity says so.
    const int member = digit_parity_ ^ s.required_parity(cell);
    const std::uint8_t* tile = a_[member].data();
    const std::uint8_t* digit = d_[member].data();
    const std::int64_t rank = static_cast<std::int64_t>(2 * m_) + member;
    const std::int64_t* f = s.factorial_.data();
    int count = 0;
    const int col = cell % W;
    if (cell >= W) {  // blank up: the tile at position k = cell - W moves to k + W - 1
        const int k = cell - W, x = tile[k];
        std::int64_t delta = 0;
        int smaller = 0;
        for (int p = k + 1; p < k + W; ++p) {
            const int y = tile[p];
            smaller += y < x;
            delta += (digit[p] + (x < y)) * f[p - 1] - digit[p] * f[p];
        }
        delta += (digit[k] - smaller) * f[k + W - 1] - digit[k] * f[k];
        out[count++] = static_cast<std::uint64_t>((rank + delta) >> 1) * N + (cell - W);
    }
    if (col > 0) out[count++] = m_ * N + (cell - 1);
    if (col < W - 1) out[count++] = m_ * N + (cell + 1);
    if (cell + W < N) {  // blank down: the tile at position k + W - 1 (k = cell) moves to k
        const int k = cell, x = tile[k + W - 1];
        std::int64_t delta = 0;
        int smaller = 0;
        for (int p = k; p < k + W - 1; ++p) {
            const int y = tile[p];
            smaller += y < x;
            delta += (digit[p] - (x < y)) * f[p + 1] - digit[p] * f[p];
        }
        delta += (digit[k + W - 1] + smaller) * f[k] - digit[k + W - 1] * f[k + W - 1];
        out[count++] = static_cast<std::uint64_t>((rank + delta) >> 1) * N + (cell + W);
    }
    return count;
}

inline int SlidingTwoBitSpace::Cursor::neighbors(int cell, std::uint64_t* out) const {
    switch (s_->cols_) {  // the same branch every call: predicted, and each width unrolled
        case 2:
            return neighbors_of_width<2>(cell, out);
        case 3:
            return neighbors_of_width<3>(cell, out);
        default:
            return neighbors_of_width<4>(cell, out);
    }
}

}  // namespace frontier
