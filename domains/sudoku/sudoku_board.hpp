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
// else two small tables. The whole-board updates (a placement, the band sweep, column singles,
// the permutation counts of the guess) work on the board as 16-lane vectors of GCC / Clang vector
// extensions when the build targets AVX-512 (F and VL: three 512-bit vectors, masks in mask
// registers) or AVX2 (pairs of 256-bit vectors, masks as vectors; the sweep on the 256-bit
// vectors themselves); otherwise a placement goes digit by digit as 128-bit vectors, which
// compile to SSE2 / NEON or to scalar code. Against the 128-bit code with the same BMI2, the
// AVX2 code takes 23 % less time on hard puzzles and 6 to 8 % less on tdoku's test puzzles.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__BMI2__) || defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif
#if defined(__BMI2__)
#define FRONTIER_SUDOKU_BMI2 1
#else
#define FRONTIER_SUDOKU_BMI2 0
#endif
#if defined(__AVX512F__) && defined(__AVX512VL__)
#define FRONTIER_SUDOKU_AVX512 1
#else
#define FRONTIER_SUDOKU_AVX512 0
#endif
#if FRONTIER_SUDOKU_AVX512 || defined(__AVX2__)
#define FRONTIER_SUDOKU_WIDE 1
#else
#define FRONTIER_SUDOKU_WIDE 0
#endif

// The solver may be compiled more than once into one library (sudoku_x86_64_v3.cpp,
// sudoku_avx512.cpp): each compilation's symbols live in their own inline namespace, named by
// FRONTIER_SUDOKU_ISA.
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

#if FRONTIER_SUDOKU_WIDE
// The board as 16-lane vectors: word 16 k + i is lane i of vector k. The lane masks have a bit
// per lane, as `dirty` has per word. With AVX-512 a vector is one 512-bit register, and bitwise
// operations, shifts and shuffles are written with vector extensions (GCC 12's AVX-512
// intrinsics for them raise -Wmaybe-uninitialized).
#if FRONTIER_SUDOKU_AVX512
typedef u32 v16u __attribute__((vector_size(64)));

inline v16u splat16(u32 x) {
    return v16u{} + x;
}
inline __m512i as_m512(v16u x) {
    return reinterpret_cast<__m512i>(x);
}
inline v16u as_v16u(__m512i x) {
    return reinterpret_cast<v16u>(x);
}

// Words 16 k .. 16 k + 15 of the board.
inline v16u board_words(const Board& B, int k) {
    return as_v16u(_mm512_load_si512(&B.c[16 * k]));
}
inline void store_words(Board& B, int k, v16u v) {
    _mm512_store_si512(&B.c[16 * k], as_m512(v));
}

// The lanes where x is not zero.
inline u32 nonzero_lanes(v16u x) {
    return _mm512_test_epi32_mask(as_m512(x), as_m512(x));
}
// Whether x is zero in some lane of `lanes`.
inline bool zero_in(v16u x, u32 lanes) {
    return _mm512_mask_testn_epi32_mask(static_cast<__mmask16>(lanes), as_m512(x), as_m512(x)) != 0;
}
// x in `lanes`, zero elsewhere.
inline v16u keep_lanes(v16u x, u32 lanes) {
    return as_v16u(_mm512_maskz_mov_epi32(static_cast<__mmask16>(lanes), as_m512(x)));
}
// b in `lanes`, a elsewhere.
inline v16u blend_lanes(u32 lanes, v16u a, v16u b) {
    return as_v16u(_mm512_mask_blend_epi32(static_cast<__mmask16>(lanes), as_m512(a), as_m512(b)));
}
// value & mask in the lanes of `lanes` where test & mask is zero, zero elsewhere.
inline v16u where_zero(v16u test, v16u mask, u32 lanes, v16u value) {
    const __mmask16 z =
        _mm512_mask_testn_epi32_mask(static_cast<__mmask16>(lanes), as_m512(test), as_m512(mask));
    return as_v16u(_mm512_maskz_and_epi32(z, as_m512(value), as_m512(mask)));
}
inline bool any_lane(v16u x) {
    return nonzero_lanes(x) != 0;
}
inline v16u lanes_min(v16u a, v16u b) {
    return a < b ? a : b;
}

// Shuffles. Inside each digit's four lanes (bands 0, 1, 2 and a zero), the bands turned by one
// and by two: lane b gets band b + 1, or b + 2, modulo 3; and band 0 in all four.
inline v16u bands_turned_once(v16u x) {
    return __builtin_shufflevector(x, x, 1, 2, 0, 3, 5, 6, 4, 7, 9, 10, 8, 11, 13, 14, 12, 15);
}
inline v16u bands_turned_twice(v16u x) {
    return __builtin_shufflevector(x, x, 2, 0, 1, 3, 6, 4, 5, 7, 10, 8, 9, 11, 14, 12, 13, 15);
}
inline v16u band_zero(v16u x) {
    return __builtin_shufflevector(x, x, 0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
}
// The 128-bit lanes in the order 1, 0, 3, 2 and 2, 3, 0, 1:
// folding with both leaves in every lane the sum (or union) of the four digits' lanes.
inline v16u swap_pairs(v16u x) {
    return __builtin_shufflevector(x, x, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
}
inline v16u swap_halves(v16u x) {
    return __builtin_shufflevector(x, x, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
}
// Of the board's last vector: the open cells of the three bands (and a zero) in every 128-bit lane.
inline v16u open_cells(v16u w2) {
    return __builtin_shufflevector(w2, w2, 4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7);
}

// The band sweep (sudoku_propagate.cpp) works on the board in chunks of four digits: the
// 16-lane vectors themselves.
using Chunk = v16u;
inline Chunk load_chunk(const Board& B, int k) {
    return board_words(B, k);
}
inline void store_chunk(Board& B, int k, Chunk v) {
    store_words(B, k, v);
}
// Cells seen once and twice per lane, over the digits of the chunk's 128-bit lanes: every lane
// gets its band's.
inline void fold_digits(Chunk& once, Chunk& twice) {
    twice |= swap_pairs(twice) | (once & swap_pairs(once)), once |= swap_pairs(once);
    twice |= swap_halves(twice) | (once & swap_halves(once)), once |= swap_halves(once);
}
#else
// With AVX2 a vector is two 256-bit halves, each operation written out for both: GCC lowers
// 64-byte vector extensions without AVX-512 to scalar code wherever they shuffle or compare.
typedef u32 v8u __attribute__((vector_size(32)));
typedef int v8i __attribute__((vector_size(32)));

// Comparisons: all ones where true.
inline v8u as_mask(v8i m) {
    return reinterpret_cast<v8u>(m);
}
// One all-ones lane per bit of `lanes`: a constant when `lanes` is.
inline v8u lane_vector8(u32 lanes) {
    const v8u bit = {1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6, 1u << 7};
    return as_mask((bit & lanes) != 0);
}
inline u32 nonzero_lanes(v8u x) {
    return ~static_cast<u32>(_mm256_movemask_ps(reinterpret_cast<__m256>(x == 0))) & 0xFF;
}
inline bool any_lane(v8u x) {
    const __m256i m = reinterpret_cast<__m256i>(x);
    return !_mm256_testz_si256(m, m);
}
inline bool zero_in(v8u x, u32 lanes) {
    return any_lane(as_mask(x == 0) & lane_vector8(lanes));
}
inline v8u keep_lanes(v8u x, u32 lanes) {
    return x & lane_vector8(lanes);
}
inline v8u blend_lanes(u32 lanes, v8u a, v8u b) {
    const v8u m = lane_vector8(lanes);
    return (a & ~m) | (b & m);
}
inline v8u where_zero(v8u test, v8u mask, u32 lanes, v8u value) {
    return value & mask & lane_vector8(lanes) & as_mask((test & mask) == 0);
}
inline v8u lanes_min(v8u a, v8u b) {
    return a < b ? a : b;
}
inline v8u bands_turned_once(v8u h) {
    return __builtin_shufflevector(h, h, 1, 2, 0, 3, 5, 6, 4, 7);
}
inline v8u bands_turned_twice(v8u h) {
    return __builtin_shufflevector(h, h, 2, 0, 1, 3, 6, 4, 5, 7);
}
inline v8u band_zero(v8u h) {
    return __builtin_shufflevector(h, h, 0, 0, 0, 0, 4, 4, 4, 4);
}
inline v8u swap_pairs(v8u h) {
    return __builtin_shufflevector(h, h, 4, 5, 6, 7, 0, 1, 2, 3);
}

// The band sweep (sudoku_propagate.cpp) works on the board in chunks of two digits, so that it
// can skip those that need no step: chunk k holds words 8 k .. 8 k + 7, the last one the ninth
// digit and the open cells.
using Chunk = v8u;
inline Chunk load_chunk(const Board& B, int k) {
    Chunk v;
    std::memcpy(&v, &B.c[8 * k], sizeof v);
    return v;
}
inline void store_chunk(Board& B, int k, Chunk v) {
    std::memcpy(&B.c[8 * k], &v, sizeof v);
}
inline void fold_digits(Chunk& once, Chunk& twice) {
    twice |= swap_pairs(twice) | (once & swap_pairs(once)), once |= swap_pairs(once);
}
inline v8u open_cells(v8u last) {
    return __builtin_shufflevector(last, last, 4, 5, 6, 7, 4, 5, 6, 7);
}

// The other whole-board code (placements, column singles, permutation counts) keeps 16-lane
// vectors, as two halves: GCC lowers 64-byte vector extensions without AVX-512 to scalar code
// wherever they shuffle or compare.
struct v16u {
    v8u lo, hi;
    constexpr v16u() : lo{}, hi{} {}
    constexpr v16u(v8u l, v8u h) : lo(l), hi(h) {}
    constexpr v16u(u32 a, u32 b, u32 c, u32 d, u32 e, u32 f, u32 g, u32 h, u32 i, u32 j, u32 k,
                   u32 l, u32 m, u32 n, u32 o, u32 p)
        : lo{a, b, c, d, e, f, g, h}, hi{i, j, k, l, m, n, o, p} {}
    u32 operator[](int i) const { return i < 8 ? lo[i] : hi[i - 8]; }
};

// Each operation on both halves; a scalar operand applies to every lane.
template <class F>
inline v16u both(v16u a, v16u b, F f) {
    return {f(a.lo, b.lo), f(a.hi, b.hi)};
}
template <class F>
inline v16u both(v16u a, F f) {
    return {f(a.lo), f(a.hi)};
}
inline v16u splat16(u32 x) {
    return {v8u{} + x, v8u{} + x};
}

#define FRONTIER_SUDOKU_V16U_OP(op)                             \
    inline v16u operator op(v16u a, v16u b) {                   \
        return both(a, b, [](v8u x, v8u y) { return x op y; }); \
    }                                                           \
    inline v16u operator op(v16u a, u32 b) {                    \
        return a op splat16(b);                                 \
    }                                                           \
    inline v16u operator op(u32 a, v16u b) {                    \
        return splat16(a) op b;                                 \
    }                                                           \
    inline v16u& operator op##=(v16u& a, v16u b) {              \
        return a = a op b;                                      \
    }
FRONTIER_SUDOKU_V16U_OP(&)
FRONTIER_SUDOKU_V16U_OP(|)
FRONTIER_SUDOKU_V16U_OP(^)
FRONTIER_SUDOKU_V16U_OP(+)
FRONTIER_SUDOKU_V16U_OP(-)
FRONTIER_SUDOKU_V16U_OP(>>)
FRONTIER_SUDOKU_V16U_OP(<<)
#undef FRONTIER_SUDOKU_V16U_OP
#define FRONTIER_SUDOKU_V16U_CMP(op)                                     \
    inline v16u operator op(v16u a, v16u b) {                            \
        return both(a, b, [](v8u x, v8u y) { return as_mask(x op y); }); \
    }                                                                    \
    inline v16u operator op(v16u a, u32 b) {                             \
        return a op splat16(b);                                          \
    }
FRONTIER_SUDOKU_V16U_CMP(==)
FRONTIER_SUDOKU_V16U_CMP(!=)
FRONTIER_SUDOKU_V16U_CMP(>=)
#undef FRONTIER_SUDOKU_V16U_CMP
inline v16u operator>>(v16u a, int n) {
    return both(a, [n](v8u x) { return x >> n; });
}
inline v16u operator<<(v16u a, int n) {
    return both(a, [n](v8u x) { return x << n; });
}
inline v16u operator~(v16u a) {
    return both(a, [](v8u x) { return ~x; });
}

// Words 16 k .. 16 k + 15 of the board. Words 40..47 are always zero: the last vector's high
// half is not read, so that the compiler drops the work on it.
inline v16u board_words(const Board& B, int k) {
    v16u v;
    std::memcpy(&v.lo, &B.c[16 * k], sizeof v.lo);
    if (k < 2) std::memcpy(&v.hi, &B.c[16 * k + 8], sizeof v.hi);
    return v;
}
inline void store_words(Board& B, int k, v16u v) {
    std::memcpy(&B.c[16 * k], &v.lo, sizeof v.lo);
    if (k < 2) std::memcpy(&B.c[16 * k + 8], &v.hi, sizeof v.hi);
}

inline u32 nonzero_lanes(v16u x) {
    return nonzero_lanes(x.lo) | nonzero_lanes(x.hi) << 8;
}
inline bool any_lane(v16u x) {
    return any_lane(x.lo | x.hi);
}
inline v16u keep_lanes(v16u x, u32 lanes) {
    return {keep_lanes(x.lo, lanes), keep_lanes(x.hi, lanes >> 8)};
}
inline v16u lanes_min(v16u a, v16u b) {
    return both(a, b, [](v8u x, v8u y) { return lanes_min(x, y); });
}
inline v16u bands_turned_once(v16u x) {
    return both(x, [](v8u h) { return bands_turned_once(h); });
}
inline v16u bands_turned_twice(v16u x) {
    return both(x, [](v8u h) { return bands_turned_twice(h); });
}
inline v16u band_zero(v16u x) {
    return both(x, [](v8u h) { return band_zero(h); });
}
inline v16u swap_pairs(v16u x) {
    return both(x, [](v8u h) { return swap_pairs(h); });
}
inline v16u swap_halves(v16u x) {
    return {x.hi, x.lo};
}
inline v16u open_cells(v16u w2) {
    const v8u o = open_cells(w2.lo);
    return {o, o};
}
#endif

// A word's cells folded onto its nine columns; its triads as each triad's lowest bit.
template <class V>
inline V fold_columns(V m) {
    return (m | m >> 9 | m >> 18) & 0x1FFu;
}
template <class V>
inline V triad_lows(V m) {
    return (m | m >> 1 | m >> 2) & kTriadLow;
}

// The number of bits of each lane, for lanes below 256 (the permutation counts): one instruction
// with AVX-512 VPOPCNTDQ, else a few shifts and adds.
inline v16u small_popcount(v16u x) {
#if defined(__AVX512VPOPCNTDQ__)
    return as_v16u(_mm512_popcnt_epi32(as_m512(x)));
#else
    x = x - (x >> 1 & 0x55);
    x = (x & 0x33) + (x >> 2 & 0x33);
    return (x + (x >> 4)) & 0x0F;
#endif
}

// The permutation test without a table, on band words' triads t (each triad's lowest bit): a
// triad lies on a permutation when the triads of the two other rows, in the two other boxes,
// hold candidates, in one order (`down`: row + 1 in box + 1, row + 2 in box + 2) or the other
// (`cross`: row + 1 in box + 2, row + 2 in box + 1), rows and boxes counted modulo 3. Each of
// the six permutations has one triad in the first row, so `t & down` and `t & cross` there name
// them all once.
template <class V>
struct TriadPartners {
    V down, cross;
};
template <class V>
inline TriadPartners<V> triad_partners(V t) {
    const V r1 = (t >> 9 | t << 18) & kBand, r2 = (t >> 18 | t << 9) & kBand;  // rows turned
    constexpr u32 box01 = 0x241209, box0 = kColumn;  // boxes 0, 1 / 0 of each row
    const auto c1 = [](V x) { return (x >> 3 & box01) | (x << 6 & ~box01); };
    const auto c2 = [](V x) { return (x >> 6 & box0) | (x << 3 & ~box0); };
    return {c1(r1) & c2(r2), c2(r1) & c1(r2)};
}
#endif

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
