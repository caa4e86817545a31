// The band solver's permutation test, against the rule it encodes. A digit occupies one triad
// (a row's three cells in one box) per row and per box of a band, so its triads form one of the
// six permutations (row r in box s(r)). For every set of triads still holding a candidate (the
// 512 occupancies), the permutations are enumerated here from that rule alone; the solver's table
// (what one lookup keeps, how many permutations it counts) and, with AVX-512, its table-free
// rotation test must agree with them.
#include <array>

#include <gtest/gtest.h>

#include <frontier/domains/sudoku/sudoku_board.hpp>

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

#if defined(__AVX512F__) && defined(__AVX512VL__)
TEST(SudokuBoard, RotationTestMatchesTheRule) {
    for (unsigned occ = 0; occ < 512; occ += 16) {
        v16u t{};
        for (int lane = 0; lane < 16; ++lane) t[lane] = band_bits(occ + lane);
        const TriadPartners partners = triad_partners(t);
        const v16u kept = t & (partners.down | partners.cross);
        for (int lane = 0; lane < 16; ++lane) {
            const Permutations p = brute_force(occ + lane);
            EXPECT_EQ(kept[lane], band_bits(p.union_of)) << occ + lane;
            const u32 first_row = 0x49;  // triads of row 0: each permutation has one there
            const int counted = std::popcount(t[lane] & partners.down[lane] & first_row) +
                                std::popcount(t[lane] & partners.cross[lane] & first_row);
            EXPECT_EQ(counted, p.count) << occ + lane;
        }
    }
}
#endif

}  // namespace
}  // namespace frontier::detail::sudoku_bands
