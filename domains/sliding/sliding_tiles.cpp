#include <frontier/domains/sliding/sliding_tiles.hpp>

#include <cassert>

namespace frontier {

namespace {

std::uint64_t factorial(int n) {
    std::uint64_t f = 1;
    for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
    return f;
}

// Nibble list 0, 1, ..., n-1 in ascending order.
std::uint64_t identity_list(int n) {
    std::uint64_t list = 0;
    for (int i = n - 1; i >= 0; --i) list = (list << 4) | static_cast<std::uint64_t>(i);
    return list;
}

// Removes and returns the k-th nibble of the list, shifting the higher ones down.
int take_nibble(std::uint64_t& list, int k) {
    const int shift = 4 * k;
    const int v = static_cast<int>((list >> shift) & 15);
    const std::uint64_t low = (std::uint64_t{1} << shift) - 1;
    list = (list & low) | ((list >> 4) & ~low);
    return v;
}

}  // namespace

template <class Word>
typename BasicSlidingTiles<Word>::State BasicSlidingTiles<Word>::pack(const int* tiles, int cells) {
    State s;
    for (int c = 0; c < cells; ++c) s.cells |= static_cast<Word>(tiles[c]) << (kBits * c);
    return s;
}

template <class Word>
typename BasicSlidingTiles<Word>::State BasicSlidingTiles<Word>::ordered_goal(int rows, int cols) {
    int tiles[kMaxCells];
    const int n = rows * cols;
    for (int c = 0; c < n; ++c) tiles[c] = (c + 1) % n;
    return pack(tiles, n);
}

template <class Word>
BasicSlidingTiles<Word>::BasicSlidingTiles(int rows, int cols)
    : BasicSlidingTiles(rows, cols, ordered_goal(rows, cols)) {}

template <class Word>
BasicSlidingTiles<Word>::BasicSlidingTiles(int rows, int cols, State goal)
    : rows_(rows), cols_(cols), cells_(rows * cols), goal_(goal) {
    assert(rows >= 2 && cols >= 2 && cells_ <= kMaxCells);
    cell_ones_ = 0;
    for (int c = 0; c < cells_; ++c) cell_ones_ |= Word{1} << (kBits * c);
    if constexpr (kRanked) {
        const int m = cells_ - 1;  // tiles without the blank
        per_blank_ = factorial(m) / 2;
        for (int i = 0; i + 2 < m; ++i) weight_[i] = factorial(m - 1 - i) / 2;
        fast_division_ = per_blank_ <= 0xFFFFFFFFull;
        for (int i = 0; i + 2 < m; ++i)
            reciprocal_[i] = weight_[i] > 1 ? ~std::uint64_t{0} / weight_[i] + 1 : 0;
    }
    for (int c = 0; c < cells_; ++c) {
        for (int d = 0; d < 4; ++d) neighbor_[c][d] = grid_neighbor(rows_, cols_, c, d);
    }
    goal_invariant_ = invariant(goal_);
    if constexpr (kRanked) lehmer_ = LehmerTables(rows_, cols_, goal_invariant_);
}

template <class Word>
int BasicSlidingTiles<Word>::invariant(State s) const {
    std::uint32_t seen = 0;
    int inversions = 0, blank_cell = 0;
    for (int c = 0; c < cells_; ++c) {
        const int t = s.tile(c);
        if (t == 0) {
            blank_cell = c;
            continue;
        }
        inversions += std::popcount(seen >> t);  // earlier tiles larger than t
        seen |= 1u << t;
    }
    const int row_term = (cols_ % 2 == 0) ? blank_cell / cols_ : 0;
    return (inversions + row_term) & 1;
}

// The inversion parity that the tiles must have when the blank sits on `blank_cell`.
template <class Word>
int BasicSlidingTiles<Word>::required_parity(int blank_cell) const {
    const int row_term = (cols_ % 2 == 0) ? blank_cell / cols_ : 0;
    return (goal_invariant_ ^ row_term) & 1;
}

// clang before 16 cannot match an out-of-line definition to a member declared with a trailing
// requires-clause ("does not match any declaration"). The fuzz build (clang 14) compiles this
// file without rank and unrank, which none of its parsers call; any other use fails to link.
#if !defined(__clang__) || __clang_major__ >= 16
template <class Word>
std::uint64_t BasicSlidingTiles<Word>::rank(State s) const requires kRanked {
    const int b = blank(s);
    const int m = cells_ - 1;
    unsigned seen = 0;
    std::uint64_t r = 0;
    int i = 0;
    for (int c = 0; c < cells_ && i + 2 < m; ++c) {
        if (c == b) continue;
        const int v = s.tile(c) - 1;
        const int digit = v - std::popcount(seen & ((1u << v) - 1));
        r += static_cast<std::uint64_t>(digit) * weight_[i];
        seen |= 1u << v;
        ++i;
    }
    return static_cast<std::uint64_t>(b) * per_blank_ + r;
}

template <class Word>
typename BasicSlidingTiles<Word>::State BasicSlidingTiles<Word>::unrank(
    std::uint64_t r) const requires kRanked {
    const int m = cells_ - 1;
    const int b = static_cast<int>(r / per_blank_);
    std::uint64_t h = r - static_cast<std::uint64_t>(b) * per_blank_;
    std::uint64_t list = identity_list(m);
    std::uint64_t cells = 0;
    int parity = 0, cell = 0;
    auto place = [&](int v) {
        if (cell == b) ++cell;
        cells |= static_cast<std::uint64_t>(v + 1) << (4 * cell);
        ++cell;
    };
    for (int i = 0; i + 2 < m; ++i) {
        std::uint64_t digit;
        if (weight_[i] == 1) {
            digit = h;
        } else if (fast_division_) {
            digit = static_cast<std::uint64_t>(
                (static_cast<unsigned __int128>(reciprocal_[i]) * h) >> 64);
        } else {
            digit = h / weight_[i];
        }
        h -= digit * weight_[i];
        parity ^= static_cast<int>(digit & 1);
        place(take_nibble(list, static_cast<int>(digit)));
    }
    // The last two tiles: in order (digit 0) or swapped (digit 1), whichever gives the parity.
    const int last = parity ^ required_parity(b);
    place(take_nibble(list, last));
    place(take_nibble(list, 0));
    return State{cells};
}
#endif

template class BasicSlidingTiles<std::uint64_t>;
template class BasicSlidingTiles<uint128>;

}  // namespace frontier
