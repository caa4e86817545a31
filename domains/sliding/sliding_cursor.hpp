// LehmerCursor: walks the tile arrangements of a sliding-tile board in half-rank order and gives
// the ranks of a state's children without ranking anything from scratch. It serves both the
// two-bit space (domains/sliding/sliding_two_bit.hpp) and SlidingTiles::RankWalker (the one-byte
// layered BFS); before it, unranking each parent and ranking each child was two thirds of the 4x3
// enumeration's time (perf, one thread).
//
// A board of N cells has n = N - 1 tiles. Read row-major without the blank they form a sequence
// whose Lehmer digits d[0 .. n-1] (d[i] < n - i) give the full rank L = sum d[i] * (n-1-i)!.
// Sequences come in pairs that differ only in the order of the last two tiles (L = 2m and 2m + 1);
// m is SlidingTiles's half-rank, and which member of the pair lies in the goal's half depends only
// on the digits' parity and the blank's cell.
//
// Children: a horizontal blank move keeps the sequence (same pair, blank one cell over). A vertical
// one moves one tile across a window of `cols` positions: the tile at position k jumps to
// k + cols - 1 (blank up) or back (blank down) and the tiles between shift by one, so only the
// window's digits change and the child's L is the parent's plus a delta computed in O(cols) from
// the digits and the order of the window's tiles.
//
// No tiles are kept: the order of two tiles of a window follows from the digits alone. For i < j,
// a[i] < a[j] exactly when d[i] <= d[j] + #{i < l < j : a[l] < a[j]} (both sides count the tiles
// after i below a[i], resp. after i + 1 below a[j]; a[j] itself is one more below a[i] when it is
// smaller), so a window of W positions needs W (W - 1) / 2 compares. Placing the tiles after each
// step (a serial chain of bit selections) was a third of the cursor's time.
//
// Costs: go(m) forward by less than 2^16 pairs is a mixed-radix addition into the low digits
// (one multiply per digit the carry reaches: amortised O(1) for a scan); any other m is decoded in
// O(n). Limits: at most 16 cells, rows and cols >= 2, cols <= 4 (each width's window is
// unrolled). A cursor is one thread's; the tables are immutable and may be shared.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace frontier {

// What a cursor needs to know of a board: sizes, factorials and, per blank cell, the inversion
// parity of the goal's half (SlidingTiles's invariant, see sliding_tiles.hpp).
struct LehmerTables {
    static constexpr int kMaxCols = 4;

    LehmerTables() = default;
    LehmerTables(int rows, int cols, int goal_invariant) : cells(rows * cols), cols(cols) {
        tiles = cells - 1;
        const int n = tiles;
        for (int q = 0; q < n; ++q) {
            std::int64_t f = 1;
            for (int i = 2; i <= n - 1 - q; ++i) f *= i;
            factorial[q] = f;
        }
        for (std::uint64_t r = 1; r <= 16; ++r)
            inverse[r] = static_cast<std::uint32_t>(((std::uint64_t{1} << 32) + r - 1) / r);
        for (int c = 0; c < cells; ++c) {
            const int row_term = cols % 2 == 0 ? c / cols : 0;
            required[c] = static_cast<std::uint8_t>((goal_invariant ^ row_term) & 1);
        }
    }

    int cells = 0, cols = 0, tiles = 0;
    std::array<std::int64_t, 16> factorial{};  // factorial[q] = (n-1-q)! for position q
    // ceil(2^32 / r): x / r is (x * inverse[r]) >> 32 for every x < 2^17 (r <= 16)
    std::array<std::uint32_t, 17> inverse{};
    std::array<std::uint8_t, 16> required{};  // per blank cell: the half's inversion parity
};

class LehmerCursor {
  public:
    explicit LehmerCursor(const LehmerTables& tables) : t_(&tables) { seek(0); }

    std::uint64_t pair() const { return m_; }
    // Positions the cursor on pair m: adds the difference to the digits when m is ahead by less
    // than kAdvanceLimit, else decodes m.
    void go(std::uint64_t m) {
        if (m == m_) return;
        if (m > m_ && m - m_ < kAdvanceLimit) {
            advance(static_cast<std::uint32_t>(m - m_));
        } else {
            seek(m);
        }
    }
    void seek(std::uint64_t m) {
        const int n = t_->tiles;
        m_ = m;
        digit_parity_ = 0;
        for (int i = 0; i + 2 < n; ++i) {
            const auto weight = static_cast<std::uint64_t>(t_->factorial[i] / 2);
            const std::uint64_t digit = m / weight;
            m -= digit * weight;
            d_[i] = static_cast<std::uint8_t>(digit);
            digit_parity_ ^= static_cast<int>(digit & 1);
        }
        d_[n - 2] = d_[n - 1] = 0;
    }
    // Calls emit(pair, cell) for each neighbour of the state (pair(), blank on `cell`), in the
    // moves' order (blank up, left, right, down); returns their number (2 to 4).
    // With Horizontal false, only the vertical moves' neighbours (0 to 2): the caller handles the
    // horizontal ones, which keep the pair.
    template <bool Horizontal = true, class Emit>
    int neighbors(int cell, Emit&& emit) const {
        switch (t_->cols) {  // the same branch every call: predicted, and each width unrolled
            case 2:
                return neighbors_of_width<2, Horizontal>(cell, emit);
            case 3:
                return neighbors_of_width<3, Horizontal>(cell, emit);
            default:
                return neighbors_of_width<4, Horizontal>(cell, emit);
        }
    }

  private:
    // An advance by g < 2^16 costs one multiply per digit the carry reaches (log of g over the
    // small radices 3, 4, 5, ...); a seek about a dozen 64-bit divisions.
    static constexpr std::uint64_t kAdvanceLimit = std::uint64_t{1} << 16;

    // m_ += g, by a mixed-radix addition into digits n-3 down to 0 (digit p has radix n - p).
    // m_ + g must be a pair.
    void advance(std::uint32_t g) {
        const int n = t_->tiles;
        std::uint8_t* d = d_.data();
        int p = n - 3, flips = 0;
        for (std::uint32_t carry = g; carry != 0; --p) {
            const std::uint32_t x = d[p] + carry;
            const auto radix = static_cast<std::uint32_t>(n - p);
            carry = static_cast<std::uint32_t>((std::uint64_t{x} * t_->inverse[radix]) >> 32);
            const std::uint32_t digit = x - carry * radix;
            flips ^= static_cast<int>((d[p] ^ digit) & 1);
            d[p] = static_cast<std::uint8_t>(digit);
        }
        digit_parity_ ^= flips;
        m_ += g;
    }

    // The digits of the window of W positions from k for the pair's member `member` (its digit
    // n - 2 is 1 when the last two tiles are swapped), and the order of its tiles:
    // less[i][j] (i < j) is a[k + i] < a[k + j].
    template <int W>
    struct Window {
        int d[W];
        bool less[W][W];
    };
    template <int W>
    Window<W> window(int k, int member) const {
        Window<W> w{};
        const int last_pair = t_->tiles - 2;
        for (int i = 0; i < W; ++i) w.d[i] = d_[k + i] + (k + i == last_pair ? member : 0);
        for (int j = 1; j < W; ++j) {
            int below = 0;  // window tiles between i and j that are below a[j]
            for (int i = j - 1; i >= 0; --i) {
                w.less[i][j] = w.d[i] <= w.d[j] + below;
                below += static_cast<int>(w.less[i][j]);
            }
        }
        return w;
    }

    template <int W, bool Horizontal, class Emit>
    int neighbors_of_width(int cell, Emit& emit) const {
        const LehmerTables& t = *t_;
        // The member of the pair in the half: the last two tiles swapped when the parity says so.
        const int member = digit_parity_ ^ t.required[cell];
        const std::int64_t rank = static_cast<std::int64_t>(2 * m_) + member;
        const std::int64_t* f = t.factorial.data();
        int count = 0;
        const int col = cell % W;
        if (cell >= W) {  // blank up: the tile at position k = cell - W moves to k + W - 1
            const int k = cell - W;
            const Window<W> w = window<W>(k, member);
            std::int64_t delta = 0;
            int smaller = 0;
            for (int i = 1; i < W; ++i) {
                const int lt = w.less[0][i];  // the moving tile is below this one
                smaller += lt ^ 1;
                delta += (w.d[i] + lt) * f[k + i - 1] - w.d[i] * f[k + i];
            }
            delta += (w.d[0] - smaller) * f[k + W - 1] - w.d[0] * f[k];
            emit(static_cast<std::uint64_t>((rank + delta) >> 1), cell - W);
            ++count;
        }
        if (Horizontal && col > 0) {
            emit(m_, cell - 1);
            ++count;
        }
        if (Horizontal && col < W - 1) {
            emit(m_, cell + 1);
            ++count;
        }
        if (cell + W <
            t.cells) {  // blank down: the tile at position k + W - 1 (k = cell) moves to k
            const int k = cell;
            const Window<W> w = window<W>(k, member);
            std::int64_t delta = 0;
            int smaller = 0;
            for (int i = 0; i + 1 < W; ++i) {
                const int below = w.less[i][W - 1];  // this tile is below the moving one
                smaller += below;
                delta += (w.d[i] - (below ^ 1)) * f[k + i + 1] - w.d[i] * f[k + i];
            }
            delta += (w.d[W - 1] + smaller) * f[k] - w.d[W - 1] * f[k + W - 1];
            emit(static_cast<std::uint64_t>((rank + delta) >> 1), cell + W);
            ++count;
        }
        return count;
    }

    const LehmerTables* t_;
    std::uint64_t m_ = 0;
    int digit_parity_ = 0;  // parity of d_[0 .. n-3]
    // The Lehmer digits of the pair's first member (last two tiles ascending: d_[n-2] = 0).
    std::array<std::uint8_t, 16> d_{};
};

}  // namespace frontier
