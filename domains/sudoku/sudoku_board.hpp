// The board of the bit-parallel Sudoku solver (sudoku_bands.cpp): one 27-bit word per digit and
// band, the triad step on one word and the placement of a digit. Internal to the solver.
//
// Representation. The grid is cut into three bands of three rows. For each digit d and band b a
// 32-bit word holds the 27 cells of the band where d is still possible (bit 9 * row-in-band +
// column), so cell 27 * b + p of the grid is bit p of band b. A fourth word per band holds the
// cells not yet placed. The board is 48 words (192 bytes: digits in 16-byte groups of four
// words, so that the nine digits of all three bands are nine 128-bit vectors, and the whole
// board three 512-bit ones); a branch copies it.
//
// Inside a band the nine "triads" (a row's three cells in one box) are bits 3t..3t+2 with
// t = 3 * row + box, so each digit's band word is nine 3-bit triads. A digit occupies exactly
// one triad per row and one per box of its band, the three forming a permutation (row r in box
// s(r)); the band step keeps only the triads that lie on a permutation all of whose triads
// still hold a candidate. That single table lookup (512 entries) does hidden singles in rows and
// boxes, both directions of box-line elimination (pointing and claiming) inside the band, and
// detects rows and boxes left without the digit. A row left with one cell places the digit
// there: the cell loses its other digits and the column loses the digit in the other two bands.
//
// Triad occupancy and expansion use pext / pdep when the build targets BMI2 (-march with BMI2),
// else two small tables; a placement updates the whole board as three AVX-512 vectors when the
// build targets AVX-512, else digit by digit with GCC / Clang vector extensions, which compile
// to SSE2 / NEON or to scalar code.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__BMI2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif
#if defined(__BMI2__)
#define FRONTIER_SUDOKU_BMI2 1
#else
#define FRONTIER_SUDOKU_BMI2 0
#endif
// The whole-board vector code (placements, column singles, the band sweep) needs AVX-512 F and
// VL; the permutation counts of the guess also VPOPCNTDQ.
#if defined(__AVX512F__) && defined(__AVX512VL__)
#define FRONTIER_SUDOKU_AVX512 1
#else
#define FRONTIER_SUDOKU_AVX512 0
#endif
#if FRONTIER_SUDOKU_AVX512 && defined(__AVX512VPOPCNTDQ__)
#define FRONTIER_SUDOKU_AVX512_COUNTS 1
#else
#define FRONTIER_SUDOKU_AVX512_COUNTS 0
#endif

// The solver may be compiled twice into one library (sudoku_avx512.cpp): each compilation's
// symbols live in their own inline namespace, named by FRONTIER_SUDOKU_ISA.
#ifndef FRONTIER_SUDOKU_ISA
#define FRONTIER_SUDOKU_ISA baseline
#endif

namespace frontier::detail::sudoku_bands {
inline namespace FRONTIER_SUDOKU_ISA {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
typedef u32 v4u __attribute__((vector_size(16)));

constexpr u32 kBand = (1u << 27) - 1;
constexpr u32 kTriadLow = 0x1249249;  // the lowest bit of each of the nine triads
constexpr u32 kColumn = 0x40201;      // bits 0, 9, 18: column 0 of a band
constexpr u32 kBox = 0x1C0E07;        // the first box of a band

struct Tables {
    std::uint16_t allowed[512];    // triad occupancy -> union of the permutations inside it
    u32 expand[512];               // nine triad bits -> their 27 cells
    std::uint8_t row_triads[512];  // a row's nine cells -> its three triads occupied
    std::uint8_t perms[512];       // triad occupancy -> how many permutations lie inside it
    std::uint16_t perm_mask[6];    // the six permutations (nine triad bits each)
    constexpr Tables() : allowed{}, expand{}, row_triads{}, perms{}, perm_mask{} {
        constexpr int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (int k = 0; k < 6; ++k)
            perm_mask[k] = static_cast<std::uint16_t>((1 << perm[k][0]) | (1 << (3 + perm[k][1])) |
                                                      (1 << (6 + perm[k][2])));
        for (int occ = 0; occ < 512; ++occ) {
            int a = 0;
            for (const int m : perm_mask)
                if ((occ & m) == m) ++perms[occ], a |= m;
            allowed[occ] = static_cast<std::uint16_t>(a);
            u32 e = 0;
            for (int t = 0; t < 9; ++t)
                if (occ & (1 << t)) e |= 7u << (3 * t);
            expand[occ] = e;
            row_triads[occ] = static_cast<std::uint8_t>(((occ & 7) != 0) | ((occ & 070) != 0) << 1 |
                                                        ((occ & 0700) != 0) << 2);
        }
    }
};
inline constexpr Tables kT;

// The nine bits of stack s (columns 3s..3s+2) of a word holding nine columns per band: band b's
// three columns at bits 3b..3b+2. And back.
inline u32 stack_bits(u32 g, int s) {
#if FRONTIER_SUDOKU_BMI2
    return _pext_u32(g, kBox << (3 * s));
#else
    return ((g >> (3 * s)) & 7) | ((g >> (9 + 3 * s)) & 7) << 3 | ((g >> (18 + 3 * s)) & 7) << 6;
#endif
}
inline u32 stack_spread(u32 a, int s) {
#if FRONTIER_SUDOKU_BMI2
    return _pdep_u32(a, kBox << (3 * s));
#else
    return (a & 7) << (3 * s) | ((a >> 3) & 7) << (9 + 3 * s) | ((a >> 6) & 7) << (18 + 3 * s);
#endif
}

inline u32 triads(u32 m) {
#if FRONTIER_SUDOKU_BMI2
    return _pext_u32(m | m >> 1 | m >> 2, kTriadLow);
#else
    return kT.row_triads[m & 0x1FF] | kT.row_triads[(m >> 9) & 0x1FF] << 3 |
           kT.row_triads[m >> 18] << 6;
#endif
}

inline u32 expand(u32 a) {
#if FRONTIER_SUDOKU_BMI2
    return _pdep_u32(a, kTriadLow) * 7;
#else
    return kT.expand[a];
#endif
}

// The rows of band word m holding a single cell, as those cells.
inline u32 row_singles(u32 m) {
    u32 s = 0;
    for (int r = 0; r < 27; r += 9) {
        const u32 x = m & (0x1FFu << r);
        if ((x & (x - 1)) == 0) s |= x;
    }
    return s;
}

inline u32 row_mask(int p) {
    return 0x1FFu << (p / 9 * 9);
}

// Columns (9 bits) where band word m has a cell.
inline u32 fold(u32 m) {
    return (m | m >> 9 | m >> 18) & 0x1FF;
}

// One lane per band (the fourth is unused and stays zero).
inline constexpr v4u kLane[4] = {{~0u, 0, 0, 0}, {0, ~0u, 0, 0}, {0, 0, ~0u, 0}, {0, 0, 0, ~0u}};

inline v4u splat(u32 x) {
    return v4u{x, x, x, x};
}

// The lanes (bit per band) where a and b differ.
inline u32 lanes_differ(v4u a, v4u b) {
#if defined(__SSE2__)
    return static_cast<u32>(_mm_movemask_ps(_mm_castsi128_ps(reinterpret_cast<__m128i>(a != b))));
#else
    const v4u x = a ^ b;
    return (x[0] != 0) | (x[1] != 0) << 1 | (x[2] != 0) << 2 | (x[3] != 0) << 3;
#endif
}

// Words are read one at a time but always written as whole 16-byte vectors (a digit's three
// bands, or the open cells): a vector load right after a narrower store to the same bytes
// cannot be forwarded from the store buffer and stalls.
struct alignas(64) Board {
    u32 c[48];  // c[4 * d + b]: digit d + 1 in band b; c[36 + b]: open cells of band b; 39..47 zero
    u32 open(int b) const { return c[36 + b]; }
    v4u vec(int d) const {
        v4u v;
        std::memcpy(&v, &c[4 * d], sizeof v);
        return v;
    }
    void set(int d, v4u v) { std::memcpy(&c[4 * d], &v, sizeof v); }
    // c[4 * d + b] &= keep, as a vector write.
    void keep(int d, int b, u32 keep) { set(d, vec(d) & (splat(keep) | ~kLane[b])); }
};

// Keeps digit index d only in cell p of band b's row: the band step then places it.
inline void assign(Board& B, int d, int b, int p, u64& dirty) {
    B.keep(d, b, ~(row_mask(p) ^ (1u << p)));
    dirty |= 1ull << (4 * d + b);
}

// Digit d is placed on cells s of band b, whose word becomes n: the other digits and the open
// cells lose s, digit d loses the columns of s in the other bands; the words changed become
// dirty (but not word 4 * d + b itself, just stepped). With AVX-512 the whole board is three
// vectors, each masked to one AND mask (word 4 * e + b' is bit 4 * e + b' of a mask, as of
// `dirty`); otherwise digit by digit.
#if FRONTIER_SUDOKU_AVX512
// Bitwise operations and shifts are written with vector extensions: GCC 12's intrinsics for them
// raise -Wmaybe-uninitialized.
typedef u32 v16u __attribute__((vector_size(64)));

// Words 16 k .. 16 k + 15 of the board.
inline v16u board_words(const Board& B, int k) {
    return reinterpret_cast<v16u>(_mm512_load_si512(&B.c[16 * k]));
}

inline v16u splat16(u32 x) {
    return reinterpret_cast<v16u>(_mm512_set1_epi32(static_cast<int>(x)));
}
inline __m512i as_m512(v16u x) {
    return reinterpret_cast<__m512i>(x);
}
inline v16u as_v16u(__m512i x) {
    return reinterpret_cast<v16u>(x);
}

// A word's cells folded onto its nine columns; its triads as each triad's lowest bit.
inline v16u fold_columns(v16u m) {
    return (m | m >> 9 | m >> 18) & splat16(0x1FF);
}
inline v16u triad_lows(v16u m) {
    return (m | m >> 1 | m >> 2) & splat16(kTriadLow);
}

// Shuffles are vector extensions too. Inside each digit's four lanes (bands 0, 1, 2 and a zero),
// the bands turned by one and by two: lane b gets band b + 1, or b + 2, modulo 3.
inline v16u bands_turned_once(v16u x) {
    return __builtin_shufflevector(x, x, 1, 2, 0, 3, 5, 6, 4, 7, 9, 10, 8, 11, 13, 14, 12, 15);
}
inline v16u bands_turned_twice(v16u x) {
    return __builtin_shufflevector(x, x, 2, 0, 1, 3, 6, 4, 5, 7, 10, 8, 9, 11, 14, 12, 13, 15);
}
// The 128-bit lanes in the order 1, 0, 3, 2 and 2, 3, 0, 1:
// folding with both leaves in every lane the sum (or union) of the four digits' lanes.
inline v16u swap_pairs(v16u x) {
    return __builtin_shufflevector(x, x, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
}
inline v16u swap_halves(v16u x) {
    return __builtin_shufflevector(x, x, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
}

// The permutation test without a table, on band words' triads t (each triad's lowest bit): a
// triad lies on a permutation when the triads of the two other rows, in the two other boxes,
// hold candidates, in one order (`down`: row + 1 in box + 1, row + 2 in box + 2) or the other
// (`cross`: row + 1 in box + 2, row + 2 in box + 1), rows and boxes counted modulo 3. Each of
// the six permutations has one triad in the first row, so `t & down` and `t & cross` there name
// them all once.
struct TriadPartners {
    v16u down, cross;
};
inline TriadPartners triad_partners(v16u t) {
    const v16u band = splat16(kBand);
    const v16u r1 = (t >> 9 | t << 18) & band, r2 = (t >> 18 | t << 9) & band;  // rows turned
    const v16u box01 = splat16(0x241209), box0 = splat16(kColumn);  // boxes 0, 1 / 0 of each row
    const auto c1 = [&](v16u x) { return (x >> 3 & box01) | (x << 6 & ~box01); };
    const auto c2 = [&](v16u x) { return (x >> 6 & box0) | (x << 3 & ~box0); };
    return {c1(r1) & c2(r2), c2(r1) & c1(r2)};
}

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
        const v16u old = board_words(B, k), now = old & reinterpret_cast<v16u>(keep);
        changed |= static_cast<u64>(_mm512_test_epi32_mask(reinterpret_cast<__m512i>(old ^ now),
                                                           reinterpret_cast<__m512i>(old ^ now)))
                   << (16 * k);
        _mm512_store_si512(&B.c[16 * k], reinterpret_cast<__m512i>(now));
    }
    dirty |= changed & ~own & ((1ull << 36) - 1);
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
