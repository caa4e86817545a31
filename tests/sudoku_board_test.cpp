// The band solver's permutation test, against the rule it encodes. A digit occupies one triad
// (a row's three cells in one box) per row and per box of a band, so its triads form one of the
// six permutations (row r in box s(r)). For every set of triads still holding a candidate (the
// 512 occupancies), the permutations are enumerated here from that rule alone; the solver's table
// (what one lookup keeps, how many permutations it counts) and, with AVX-512 or AVX2, its
// table-free rotation test and the vector bit count of the permutations must agree with them.
#include <array>
#include <bit>
#include <cstring>

#include <gtest/gtest.h>

#include <frontier/domains/sudoku/sudoku_place.hpp>

namespace frontier::detail::sudoku_bands {
namespace {

struct Permutations {
    unsigned union_of = 0;  // triad bits (3 * row + box) on some permutation inside
    int count = 0;
};

Permutations brute_force(unsigned occupancy) {
    Permutations p;
    const std::array<std::array<int, 3>, 6> boxes = {
        {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
    for (const auto& s : boxes) {
        unsigned triads = 0;
        for (int row = 0; row < 3; ++row) triads |= 1u << (3 * row + s[row]);
        if ((occupancy & triads) != triads) continue;
        p.union_of |= triads;
        ++p.count;
    }
    return p;
}

// Triad bit 3 * row + box as the triad's lowest cell in a band word (bit 9 * row + 3 * box).
u32 band_bits(unsigned triads) {
    u32 w = 0;
    for (int t = 0; t < 9; ++t)
        if (triads & (1u << t)) w |= 1u << (9 * (t / 3) + 3 * (t % 3));
    return w;
}

TEST(SudokuBoard, PermutationTableMatchesTheRule) {
    for (unsigned occ = 0; occ < 512; ++occ) {
        const Permutations p = brute_force(occ);
        EXPECT_EQ(kT.allowed[occ], p.union_of) << occ;
        EXPECT_EQ(kT.perms[occ], p.count) << occ;
        EXPECT_EQ(triads(expand(occ)), occ) << occ;
    }
}

#if FRONTIER_SUDOKU_WIDE
TEST(SudokuBoard, RotationTestMatchesTheRule) {
    for (unsigned occ = 0; occ < 512; occ += 16) {
        u32 words[16];
        for (int lane = 0; lane < 16; ++lane) words[lane] = band_bits(occ + lane);
        v16u t;
        std::memcpy(&t, words, sizeof t);
        const auto partners = triad_partners(t);
        const v16u kept = t & (partners.down | partners.cross);
        const u32 first_row = 0x49;  // triads of row 0: each permutation has one there
        const v16u counted = small_popcount(((t & partners.down) | (t & partners.cross) << 1) &
                                            splat16(first_row | first_row << 1));
        for (int lane = 0; lane < 16; ++lane) {
            const Permutations p = brute_force(occ + lane);
            EXPECT_EQ(kept[lane], band_bits(p.union_of)) << occ + lane;
            EXPECT_EQ(static_cast<int>(counted[lane]), p.count) << occ + lane;
        }
    }
}

TEST(SudokuBoard, SmallPopcountCountsEveryByte) {
    for (u32 x = 0; x < 256; x += 16) {
        const v16u v = {x,     x + 1, x + 2,  x + 3,  x + 4,  x + 5,  x + 6,  x + 7,
                        x + 8, x + 9, x + 10, x + 11, x + 12, x + 13, x + 14, x + 15};
        const v16u n = small_popcount(v);
        for (int lane = 0; lane < 16; ++lane)
            EXPECT_EQ(static_cast<int>(n[lane]), std::popcount(x + static_cast<u32>(lane)));
    }
}
#endif

}  // namespace
}  // namespace frontier::detail::sudoku_bands
