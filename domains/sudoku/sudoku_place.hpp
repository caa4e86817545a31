// The triad step of one band word and the placement of a digit on the bit-parallel Sudoku board
// (sudoku_board.hpp), whole-board with the vectors of sudoku_lanes.hpp where the build has them.
// Internal to the solver.
#pragma once

#include <frontier/domains/sudoku/sudoku_lanes.hpp>

namespace frontier::detail::sudoku_bands {
inline namespace FRONTIER_SUDOKU_ISA {

// Digit d is placed on cells s of band b, whose word becomes n: the other digits and the open
// cells lose s, digit d loses the columns of s in the other bands; the words changed become
// dirty (but not word 4 * d + b itself, just stepped). With AVX-512 the whole board is three
// vectors, each masked to one AND mask (word 4 * e + b' is bit 4 * e + b' of a mask, as of
// `dirty`); with AVX2 the same three vectors, their AND masks blended from constant lane
// vectors; otherwise digit by digit.
#if FRONTIER_SUDOKU_AVX512
inline void place_rows(Board& B, int d, int b, u32 s, u32 n, u64& dirty) {
    const u64 band = 0x1111111111ull << b;  // word b of every digit, and the open cells' 36 + b
    const u64 digit = 7ull << (4 * d) & ~band, own = 1ull << (4 * d + b);
    const __m512i not_s = _mm512_set1_epi32(static_cast<int>(~s));
    const __m512i not_column = _mm512_set1_epi32(static_cast<int>(~(fold(s) * kColumn)));
    const __m512i only = _mm512_set1_epi32(static_cast<int>(n));
    u64 changed = 0;
    for (int k = 0; k < 3; ++k) {
        const auto m = [k](u64 x) { return static_cast<__mmask16>(x >> (16 * k)); };
        __m512i keep = _mm512_set1_epi32(-1);
        keep = _mm512_mask_mov_epi32(keep, m(band), not_s);
        keep = _mm512_mask_mov_epi32(keep, m(digit), not_column);
        keep = _mm512_mask_mov_epi32(keep, m(own), only);
        const v16u old = board_words(B, k), now = old & as_v16u(keep);
        changed |= static_cast<u64>(nonzero_lanes(old ^ now)) << (16 * k);
        store_words(B, k, now);
    }
    dirty |= changed & ~own & ((1ull << 36) - 1);
}
#elif FRONTIER_SUDOKU_WIDE
// Lane b of every four: word b of every digit (and, in the last vector, the open cells of band
// b). Lanes 4 g .. 4 g + 3: the digit 4 k + g of vector k.
inline constexpr v16u kBandLanes[3] = {{~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0, 0, 0},
                                       {0, ~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0, 0},
                                       {0, 0, ~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0, 0, 0, ~0u, 0}};
inline constexpr v16u kDigitLanes[4] = {{~0u, ~0u, ~0u, ~0u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                                        {0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u, 0, 0, 0, 0, 0, 0, 0, 0},
                                        {0, 0, 0, 0, 0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u, 0, 0, 0, 0},
                                        {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ~0u, ~0u, ~0u, ~0u}};

inline void place_rows(Board& B, int d, int b, u32 s, u32 n, u64& dirty) {
    const v16u band = kBandLanes[b], digit = kDigitLanes[d & 3];
    const v16u others = ~(band & splat16(s));
    const v16u own = (band & splat16(n)) | (~band & splat16(~(fold(s) * kColumn)));
    const v16u mine = (digit & own) | (~digit & others);
    u64 changed = 0;
    for (int k = 0; k < 3; ++k) {
        const v16u old = board_words(B, k), now = old & (k == d >> 2 ? mine : others);
        changed |= static_cast<u64>(nonzero_lanes(old ^ now)) << (16 * k);
        store_words(B, k, now);
    }
    dirty |= changed & ~(1ull << (4 * d + b)) & ((1ull << 36) - 1);
}
#else
inline void place_rows(Board& B, int d, int b, u32 s, u32 n, u64& dirty) {
    const v4u lane = kLane[b];
    const v4u placed = splat(s) & lane;
    B.set(9, B.vec(9) & ~placed);  // open cells
    for (int e = 0; e < 9; ++e) {
        if (e == d) continue;
        const v4u old = B.vec(e), now = old & ~placed;
        B.set(e, now);
        dirty |= static_cast<u64>(lanes_differ(old, now)) << (4 * e);
    }
    const v4u old = B.vec(d);
    const v4u now = (old & ~(splat(fold(s) * kColumn) | lane)) | (splat(n) & lane);
    B.set(d, now);
    dirty |= static_cast<u64>(lanes_differ(old, now) & ~(1u << b)) << (4 * d);
}
#endif

// The triad step for word i = 4 * d + b, and the placement of the rows left with one cell: the
// cells lose their other digits, their columns lose the digit in the other bands.
inline bool band_step(Board& B, int i, u64& dirty) {
    const u32 m = B.c[i];
    const u32 a = kT.allowed[triads(m)];
    if (a == 0) return false;
    const u32 n = m & expand(a);
    const int b = i & 3, d = i >> 2;
    const u32 s = row_singles(n) & B.open(b);
    if (s == 0) {
        if (n != m) B.keep(d, b, n);
        return true;
    }
    place_rows(B, d, b, s, n, dirty);
    return true;
}

}  // namespace FRONTIER_SUDOKU_ISA
}  // namespace frontier::detail::sudoku_bands
