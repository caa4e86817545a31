// TwoBitSpace: what a dense space must give the two-bit BFS (engine/two_bit/bfs.hpp), and the
// checks that hold a user's space to it, apart from the search because they are a concern of
// their own (a user writing a space reads this file, not the scan's machinery).
//
// The contract, checked by two_bit_bfs (InputError, before or during the search, never a wrong
// table):
//   - size() > 0, period() in 1..64, size() a multiple of period(), size() < 2^57, every root
//     below size();
//   - cursor.neighbors(r, out) writes at most kMaxNeighbors indices, each below size();
//   - the graph is undirected (a neighbour's neighbours include the state). This one is checked
//     on a sample only, before the search: every residue of up to 64 blocks spread over the
//     space, each neighbour asked for its own neighbours. A move whose inverse is missing
//     everywhere is refused; a one-way neighbour list the sample misses goes unnoticed and gives
//     wrong layers (the layer checks below catch some such tables, not all);
//   - parity(r) is 0 or 1. When it varies with the residue it must be a 2-colouring: neighbours
//     have different parities (checked by counting each layer's states per class). The roots' class
//     counts as even (all roots in the class parity() calls 1 flips it). A constant parity (0 or 1
//     everywhere: "unknown", as for a graph with odd cycles) or roots on both sides turns the
//     filter off: every layer scans both classes, which is slower but exact.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <frontier/engine/error.hpp>

namespace frontier {

template <class S>
concept TwoBitSpace = requires(const S& s, typename S::Cursor& cursor, std::uint64_t block,
                               int residue, std::uint64_t* out) {
    { S::kMaxNeighbors } -> std::convertible_to<int>;
    { s.size() } -> std::convertible_to<std::uint64_t>;
    { s.period() } -> std::convertible_to<int>;
    { s.parity(residue) } -> std::convertible_to<int>;
    { s.cursor() } -> std::same_as<typename S::Cursor>;
    cursor.go(block);
    { cursor.neighbors(residue, out) } -> std::convertible_to<int>;
};

// Optional: a space whose neighbours include pairs of consecutive residues of one block. links()
// has bit r set when residues r and r + 1 of every block are neighbours (r + 1 < period()), and
// the cursor's far_neighbors(r, out) writes the neighbours other than those. The search settles
// the linked pairs with bit operations on the packed words, 32 entries at a time, and walks the
// cursor only for the rest (the sliding-tile space links the cells of a row: a horizontal move
// keeps the tile sequence). Checked at the start on a few blocks: neighbors() must be exactly
// far_neighbors() plus the linked residues.
template <class S>
concept LinkedTwoBitSpace = TwoBitSpace<S> &&
    requires(const S& s, typename S::Cursor& cursor, int residue, std::uint64_t* out) {
    { s.links() } -> std::convertible_to<std::uint64_t>;
    { cursor.far_neighbors(residue, out) } -> std::convertible_to<int>;
};

// A space that also names its states: State and index(state), a bijection onto [0, size()) for
// the states it holds. two_bit_bfs then takes its roots as states, like the other BFS entry
// points; a space of bare indices (a user's bitmask puzzle) passes indices. A State that is
// itself std::uint64_t would make the two overloads one, so it does not count.
template <class S>
concept StateTwoBitSpace = TwoBitSpace<S> && !std::same_as<typename S::State, std::uint64_t> &&
                           requires(const S& s, const typename S::State& state) {
    { s.index(state) } -> std::convertible_to<std::uint64_t>;
};

namespace detail {

// The parity filter a search may use (see the contract above): `of` is the parity of each
// residue as the search counts it (the roots' class even), `filter` false when it cannot guide.
struct TwoBitParity {
    bool filter = false;
    std::uint64_t odd_residues = 0;  // bit r: residue r is odd (with filter)
    int of(int residue) const { return static_cast<int>(odd_residues >> residue & 1); }
};

template <class S>
TwoBitParity two_bit_parity(const S& space, std::span<const std::uint64_t> roots) {
    TwoBitParity p;
    const int period = space.period();
    int root_parity = -1;
    for (int r = 0; r < period; ++r) {
        const int v = space.parity(r);
        if (v != 0 && v != 1)
            throw InputError("two-bit BFS: the space's parity(" + std::to_string(r) + ") is " +
                             std::to_string(v) + ", not 0 or 1");
        p.odd_residues |= static_cast<std::uint64_t>(v) << r;
    }
    const std::uint64_t all = period == 64 ? ~0ull : (std::uint64_t{1} << period) - 1;
    p.filter = p.odd_residues != 0 && p.odd_residues != all;
    for (std::uint64_t root : roots) {
        const int v = p.of(static_cast<int>(root % static_cast<std::uint64_t>(period)));
        if (root_parity >= 0 && v != root_parity) p.filter = false;
        root_parity = v;
    }
    if (root_parity == 1) p.odd_residues ^= all;
    return p;
}

// Refuses links() naming a residue past the block, or disagreeing with the cursor: on the
// first, a middle and the last block, neighbors(r) must be far_neighbors(r) plus r - 1 and r + 1
// where linked.
template <LinkedTwoBitSpace S>
void check_two_bit_links(const S& space) {
    const int period = space.period();
    const std::uint64_t links = space.links();
    if (period < 64 && links >> (period - 1) != 0)
        throw InputError("two-bit BFS: the space's links() names residues past its period() " +
                         std::to_string(period));
    if (period == 64 && links >> 63 != 0)
        throw InputError("two-bit BFS: the space's links() names residue 63 and 64");
    const std::uint64_t blocks = space.size() / static_cast<std::uint64_t>(period);
    auto cursor = space.cursor();
    for (std::uint64_t block : {std::uint64_t{0}, blocks / 2, blocks - 1}) {
        cursor.go(block);
        for (int r = 0; r < period; ++r) {
            constexpr int kRoom = S::kMaxNeighbors + 2;
            std::uint64_t all[kRoom], far[kRoom];
            const int n = cursor.neighbors(r, all);
            int m = cursor.far_neighbors(r, far);
            const std::uint64_t self =
                block * static_cast<std::uint64_t>(period) + static_cast<std::uint64_t>(r);
            const bool counts = n >= 0 && n <= S::kMaxNeighbors && m >= 0 && m <= n;
            if (counts && r > 0 && (links >> (r - 1) & 1)) far[m++] = self - 1;
            if (counts && (links >> r & 1)) far[m++] = self + 1;
            bool same = counts && n == m;  // the same indices, in any order
            bool matched[kRoom] = {};
            for (int a = 0; same && a < n && a < kRoom; ++a) {
                same = false;
                for (int b = 0; !same && b < m && b < kRoom; ++b)
                    if (!matched[b] && far[b] == all[a]) matched[b] = same = true;
            }
            if (!same)
                throw InputError(
                    "two-bit BFS: the space's links() and far_neighbors() disagree "
                    "with neighbors() at index " +
                    std::to_string(self));
        }
    }
}

// The sampled check that neighbours are mutual (see the top of this file): for every residue of
// up to 64 blocks spread evenly over the space, each neighbour's own list must hold the state.
// Counts and indices out of range are left to the search, which reports them.
template <TwoBitSpace S>
void check_two_bit_mutual(const S& space) {
    const auto period = static_cast<std::uint64_t>(space.period());
    const std::uint64_t blocks = space.size() / period,
                        step = std::max<std::uint64_t>(1, blocks / 64);
    auto cursor = space.cursor();
    for (std::uint64_t block = 0; block < blocks; block += step) {
        cursor.go(block);
        for (std::uint64_t r = 0; r < period; ++r) {
            std::uint64_t out[S::kMaxNeighbors], back[S::kMaxNeighbors];
            const int n = cursor.neighbors(static_cast<int>(r), out);
            for (int i = 0; i < n && n <= S::kMaxNeighbors; ++i) {
                if (out[i] >= space.size()) continue;
                auto other = space.cursor();
                other.go(out[i] / period);
                const int m = other.neighbors(static_cast<int>(out[i] % period), back);
                const std::uint64_t self = block * period + r;
                if (m >= 0 && m <= S::kMaxNeighbors && std::find(back, back + m, self) == back + m)
                    throw InputError("two-bit BFS: the space's neighbours are not mutual: " +
                                     std::to_string(out[i]) + " is a neighbour of " +
                                     std::to_string(self) + " but does not list it back");
            }
        }
    }
}

// Refuses a space that breaks the size and period parts of the contract, before any work.
template <class S>
void check_two_bit_space(const S& space, std::span<const std::uint64_t> roots) {
    const std::uint64_t size = space.size();
    const int period = space.period();
    if (S::kMaxNeighbors < 1) throw InputError("two-bit BFS: the space's kMaxNeighbors is below 1");
    if (period < 1 || period > 64)
        throw InputError("two-bit BFS: the space's period() is " + std::to_string(period) +
                         ", not 1 to 64");
    if (size == 0 || size % static_cast<std::uint64_t>(period) != 0)
        throw InputError("two-bit BFS: the space's size() " + std::to_string(size) +
                         " is not a positive multiple of its period() " + std::to_string(period));
    if (size >= std::uint64_t{1} << 57)
        throw InputError("two-bit BFS: the space's size() " + std::to_string(size) +
                         " is 2^57 or more");
    for (std::uint64_t root : roots)
        if (root >= size)
            throw InputError("two-bit BFS: root " + std::to_string(root) +
                             " is not below the space's size() " + std::to_string(size));
    if constexpr (LinkedTwoBitSpace<S>) check_two_bit_links(space);
    check_two_bit_mutual(space);
}

// After scanning for depth d: the entries holding d's code must be exactly the states of depths
// d, d - 6, ... in d's parity class and d - 3, d - 9, ... in the other (with the filter; without
// it, d, d - 3, ... in the one class). A parity() that is not a 2-colouring puts some state of
// the last layer in the wrong class; a damaged resume table changes the counts.
inline void check_current(const std::vector<std::uint64_t>& layers, bool filter,
                          const std::uint64_t current[2]) {
    const int depth = static_cast<int>(layers.size()) - 1;
    std::uint64_t expected[2] = {0, 0};
    for (int d = depth, k = 0; d >= 0; d -= 3, ++k) expected[filter ? k & 1 : 0] += layers[d];
    if (filter && current[1] != expected[1])
        throw InputError("two-bit BFS: the space's parity() is not a 2-colouring: " +
                         std::to_string(current[1]) + " states of depth " + std::to_string(depth) +
                         " mod 3 lie in the other parity class, not " +
                         std::to_string(expected[1]) +
                         " (return 0 for every residue when the parity is unknown)");
    if (current[0] != expected[0])
        throw InputError("two-bit BFS: the table holds " + std::to_string(current[0]) +
                         " entries of depth " + std::to_string(depth) +
                         " mod 3 where the layer "
                         "counts say " +
                         std::to_string(expected[0]) +
                         " (a damaged table to resume, or a space whose neighbours are not "
                         "mutual)");
}

// After the search: every entry of the table against the layer counts. Depth d's code is
// 1 + d mod 3 and its states lie in parity class d mod 2 (with the filter; without it, in the one
// class), so `codes[c][p]`, the entries of code c in class p, must be the sum of those layers.
// Layers pushed sparsely (from their marked groups alone) skip check_current, which needs the
// whole table; this catches what they skipped: a state of the wrong parity class, or a count
// that does not match the table.
inline void check_codes(const std::vector<std::uint64_t>& layers, bool filter,
                        const std::uint64_t codes[4][2]) {
    std::uint64_t expected[4][2] = {};
    for (std::size_t d = 0; d < layers.size(); ++d)
        expected[1 + d % 3][filter ? d & 1 : 0] += layers[d];
    for (int c = 1; c <= 3; ++c)
        for (int p = 0; p < (filter ? 2 : 1); ++p)
            if (codes[c][p] != expected[c][p])
                throw InputError(
                    "two-bit BFS: the table holds " + std::to_string(codes[c][p]) +
                    " entries of depth " + std::to_string(c - 1) + " mod 3" +
                    (filter ? " in parity class " + std::to_string(p) : std::string()) +
                    " where the layer counts say " + std::to_string(expected[c][p]) +
                    " (a space whose parity() is not a 2-colouring, or whose neighbours are "
                    "not mutual" +
                    (filter ? "; return 0 for every residue when the parity is unknown)"
                            : std::string(")")));
}

}  // namespace detail

}  // namespace frontier
