// The bit-parallel Sudoku board (sudoku_board.hpp) as 16-lane vectors, for builds that target
// AVX-512 (F and VL: three 512-bit vectors) or AVX2 (pairs of 256-bit vectors): loads and stores
// of the board's words, lane masks, the shuffles between a digit's bands, and the permutation
// test and counts without a table. Empty in other builds. Internal to the solver.
#pragma once

#include <frontier/domains/sudoku/sudoku_board.hpp>

namespace frontier::detail::sudoku_bands {
inline namespace FRONTIER_SUDOKU_ISA {
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

}  // namespace FRONTIER_SUDOKU_ISA
}  // namespace frontier::detail::sudoku_bands
