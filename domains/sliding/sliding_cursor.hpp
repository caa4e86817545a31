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
// So a delta depends only on the window's position and digits. Boards of 2 or 3 columns read it
// from a table of every window (LehmerTables::moves: 2,970 pairs of deltas for 4x3, 728 for 7x2),
// which halved the cursor's time against computing it (compares and up to six multiplies per
// move; a timing harness walking every 4x3 state: about 9 against 4.5 ns per state); 4 columns
// (the 4x4 board: about 105,000 windows) compute it.
//
// Costs: go(m) forward by less than 2^16 pairs is a mixed-radix addition into the low digits
// (one multiply per digit the carry reaches: amortised O(1) for a scan); any other m is decoded in
// O(n). Limits: at most 16 cells, rows and cols >= 2, cols <= 4 (each width's window is
// unrolled). A cursor is one thread's; the tables are immutable and may be shared (copies of
// LehmerTables share their move table).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>

namespace frontier {

namespace detail {

// The digits of a window of W positions (the pair's member already added to digit n - 2) and the
// order of its tiles: less[i][j] (i < j) is a[i] < a[j].
template <int W>
struct LehmerWindow {
    int d[W];
    bool less[W][W];
};
template <int W>
LehmerWindow<W> lehmer_window(const int* digits) {
    LehmerWindow<W> w{};
    for (int i = 0; i < W; ++i) w.d[i] = digits[i];
    for (int j = 1; j < W; ++j) {
        int below = 0;  // window tiles between i and j that are below a[j]
        for (int i = j - 1; i >= 0; --i) {
            w.less[i][j] = w.d[i] <= w.d[j] + below;
            below += static_cast<int>(w.less[i][j]);
        }
    }
    return w;
}
// The change of the full rank L when the blank moves up across the window at position k: the
// tile at k moves to k + W - 1. f[q] = (n-1-q)!.
template <int W>
std::int64_t lehmer_up_delta(const std::int64_t* f, int k, const LehmerWindow<W>& w) {
    std::int64_t delta = 0;
    int smaller = 0;
    for (int i = 1; i < W; ++i) {
        const int lt = w.less[0][i];  // the moving tile is below this one
        smaller += lt ^ 1;
        delta += (w.d[i] + lt) * f[k + i - 1] - w.d[i] * f[k + i];
    }
    return delta + (w.d[0] - smaller) * f[k + W - 1] - w.d[0] * f[k];
}
// The same when the blank moves down: the tile at k + W - 1 moves to k.
template <int W>
std::int64_t lehmer_down_delta(const std::int64_t* f, int k, const LehmerWindow<W>& w) {
    std::int64_t delta = 0;
    int smaller = 0;
    for (int i = 0; i + 1 < W; ++i) {
        const int below = w.less[i][W - 1];  // this tile is below the moving one
        smaller += below;
        delta += (w.d[i] - (below ^ 1)) * f[k + i + 1] - w.d[i] * f[k + i];
    }
    return delta + (w.d[W - 1] + smaller) * f[k] - w.d[W - 1] * f[k + W - 1];
}

}  // namespace detail

// What a cursor needs to know of a board: sizes, factorials, per blank cell the inversion parity
// of the goal's half (SlidingTiles's invariant, see sliding_tiles.hpp) and, for 2 or 3 columns,
// the deltas of every window.
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
        if (cols == 2) build_moves<2>();
        if (cols == 3) build_moves<3>();
    }

    int cells = 0, cols = 0, tiles = 0;
    std::array<std::int64_t, 16> factorial{};  // factorial[q] = (n-1-q)! for position q
    // ceil(2^32 / r): x / r is (x * inverse[r]) >> 32 for every x < 2^17 (r <= 16)
    std::array<std::uint32_t, 17> inverse{};
    std::array<std::uint8_t, 16> required{};  // per blank cell: the half's inversion parity

    // The deltas of window k (cols <= 3) with digits d0, d1 (, d2): moves[2 i] blank up,
    // moves[2 i + 1] blank down, i = start[k] + d0 * stride[k][0] + d1 * stride[k][1] + d2 (a
    // mixed-radix number). The cursor keeps digit n - 2 at 0 and adds member * member_stride[k]
    // (that digit's stride when the window holds it, else 0).
    std::shared_ptr<const std::int64_t[]> moves;
    std::array<std::uint32_t, 16> start{}, member_stride{};
    std::array<std::array<std::uint32_t, 3>, 16> stride{};

  private:
    template <int W>
    void build_moves() {
        const int n = tiles;
        std::uint32_t windows = 0;
        std::array<std::uint32_t, 16> count{};
        for (int k = 0; k + W <= n; ++k) {  // digit q has radix n - q
            std::uint32_t place = 1;
            for (int j = W - 1; j >= 0; --j) {
                stride[k][j] = place;
                place *= static_cast<std::uint32_t>(n - k - j);
            }
            const int member_at = n - 2 - k;  // digit n - 2's place in the window
            member_stride[k] = member_at < W ? stride[k][member_at] : 0;
            start[k] = windows;
            count[k] = place;
            windows += place;
        }
        auto table = std::make_shared<std::int64_t[]>(2 * windows);
        for (int k = 0; k + W <= n; ++k)
            for (std::uint32_t i = start[k]; i < start[k] + count[k]; ++i) {
                int digits[W];
                std::uint32_t rest = i - start[k];
                for (int j = 0; j < W; ++j) {
                    digits[j] = static_cast<int>(rest / stride[k][j]);
                    rest -= static_cast<std::uint32_t>(digits[j]) * stride[k][j];
                }
                const auto w = detail::lehmer_window<W>(digits);
                table[2 * i] = detail::lehmer_up_delta<W>(factorial.data(), k, w);
                table[2 * i + 1] = detail::lehmer_down_delta<W>(factorial.data(), k, w);
            }
        moves = std::move(table);
    }
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
        if (d[p] + g < 3) {  // the last digit (radix 3) takes it all: the common step of a scan
            digit_parity_ ^= static_cast<int>(g & 1);
            d[p] = static_cast<std::uint8_t>(d[p] + g);
            m_ += g;
            return;
        }
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

    // The change of the full rank when the blank moves up (the tile at position k moves to
    // k + W - 1) or down (back) across the window of W positions from k, for the pair's member
    // `member` (its digit n - 2 is 1 when the last two tiles are swapped).
    template <int W>
    std::int64_t delta(int k, int member, bool up) const {
        const LehmerTables& t = *t_;
        const std::uint8_t* d = d_.data() + k;
        if constexpr (W <= 3) {
            std::uint32_t i = t.start[k] + d[0] * t.stride[k][0] + d[1] * t.stride[k][1] +
                              static_cast<std::uint32_t>(member) * t.member_stride[k];
            if constexpr (W == 3) i += d[2];
            return t.moves[2 * i + !up];
        } else {
            int digits[W];
            for (int i = 0; i < W; ++i) digits[i] = d[i] + (k + i == t.tiles - 2 ? member : 0);
            const auto w = detail::lehmer_window<W>(digits);
            return up ? detail::lehmer_up_delta<W>(t.factorial.data(), k, w)
                      : detail::lehmer_down_delta<W>(t.factorial.data(), k, w);
        }
    }

    template <int W, bool Horizontal, class Emit>
    int neighbors_of_width(int cell, Emit& emit) const {
        const LehmerTables& t = *t_;
        // The member of the pair in the half: the last two tiles swapped when the parity says so.
        const int member = digit_parity_ ^ t.required[cell];
        const std::int64_t rank = static_cast<std::int64_t>(2 * m_) + member;
        int count = 0;
        const int col = cell % W;
        if (cell >= W) {  // blank up: the tile at position k = cell - W moves to k + W - 1
            emit(static_cast<std::uint64_t>((rank + delta<W>(cell - W, member, true)) >> 1),
                 cell - W);
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
        if (cell + W < t.cells) {  // blank down: the tile at position cell + W - 1 moves to cell
            emit(static_cast<std::uint64_t>((rank + delta<W>(cell, member, false)) >> 1), cell + W);
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
