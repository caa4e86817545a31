// Bit-parallel Sudoku solver: one 27-bit word per digit and band.
//
// Why this file is over 400 lines (about 520): the propagation passes (singles, locked candidates)
// and the two kinds of guess all read and write the same band words in one fixed order; the order
// is the design, and it is only checkable when read in one place.
//
// Representation. The grid is cut into three bands of three rows. For each digit d and band b a
// 32-bit word holds the 27 cells of the band where d is still possible (bit 9 * row-in-band +
// column), so cell 27 * b + p of the grid is bit p of band b. A fourth word per band holds the
// cells not yet placed. The board is 40 words (160 bytes, digits in 16-byte groups of four
// words so that the nine digits of all three bands are nine 128-bit vectors); a branch copies it.
//
// Inside a band the nine "triads" (a row's three cells in one box) are bits 3t..3t+2 with
// t = 3 * row + box, so each digit's band word is nine 3-bit triads. A digit occupies exactly
// one triad per row and one per box of its band, the three forming a permutation (row r in box
// s(r)); the propagation keeps only the triads that lie on a permutation all of whose triads
// still hold a candidate. That single table lookup (512 entries) does hidden singles in rows and
// boxes, both directions of box-line elimination (pointing and claiming) inside the band, and
// detects rows and boxes left without the digit. A row left with one cell places the digit
// there: the cell loses its other digits and the column loses the digit in the other two bands.
//
// When no band word changes any more, passes over whole bands follow, each run only when the
// ones before found nothing: naked singles (one candidate left: "seen once" / "seen twice" over
// the nine digits as 128-bit vectors, all bands at once; a cell seen nowhere is a contradiction),
// hidden singles in columns (per digit, the columns folded from the three bands; a column without
// the digit is a contradiction), and box-column locked candidates (the same permutation table on
// each stack, whose (band, column) pairs behave as a band's (row, box) triads). A single is placed
// by removing the digit from the rest of its row, which the band step then completes. With
// nothing left to infer, the search guesses (see choose()) on a copy of the board, then removes
// the guessed digit from the cell on the board itself (no copy for the last alternative). Where a
// digit has only two permutations left in a band or stack, the guess can instead be one of them,
// then the other: the same permutation table decides it.
//
// Triad occupancy and expansion use pext / pdep when the build targets BMI2 (-march with BMI2),
// else two small tables; the vector passes use GCC / Clang vector extensions, which compile to
// SSE2 / NEON or to scalar code.
#include "domains/sudoku/sudoku_bands.hpp"

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

namespace frontier::detail {

namespace {

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
constexpr Tables kT;

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
constexpr v4u kLane[4] = {{~0u, 0, 0, 0}, {0, ~0u, 0, 0}, {0, 0, ~0u, 0}, {0, 0, 0, ~0u}};

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
#if defined(__AVX512F__) && defined(__AVX512VL__)
// Bitwise operations and shifts are written with vector extensions: GCC 12's intrinsics for them
// raise -Wmaybe-uninitialized.
typedef u32 v16u __attribute__((vector_size(64)));

// Words 16 k .. 16 k + 15 of the board.
inline v16u board_words(const Board& B, int k) {
    return reinterpret_cast<v16u>(_mm512_load_si512(&B.c[16 * k]));
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

// Triads hold three digits. A horizontal triad (a row's three cells in one box) or a vertical
// one (a column's three cells in one box) holds exactly three distinct digits, so where only
// three digits may lie in a triad all three must, and where three must the others may not. A
// digit must lie in a triad when it is the only one left to it in its row (horizontal) or its
// column (vertical): the band and stack steps have already kept only triads on permutations, so
// that is the same as lying on every permutation left. Per digit and band, a horizontal triad is
// the lowest bit of its three cells (bit 9 * row + 3 * box), a vertical one a column bit (0..8);
// the nine digits' vectors are counted bit-sliced, all three bands at once. Each returns false on
// a contradiction (a triad where fewer than three digits may lie, or more than three must);
// `found` when a word changed.
struct TriadCounts {
    v4u may3, must3;  // exactly three digits may lie there; at least three must
};

inline bool count_triads(const v4u (&may)[9], const v4u (&must)[9], v4u all, TriadCounts& t) {
    v4u m1{}, m2{}, m3{}, m4{}, f1{}, f2{}, f3{}, f4{};
    for (int d = 0; d < 9; ++d) {
        m4 |= m3 & may[d], m3 |= m2 & may[d], m2 |= m1 & may[d], m1 |= may[d];
        f4 |= f3 & must[d], f3 |= f2 & must[d], f2 |= f1 & must[d], f1 |= must[d];
    }
    if (lanes_differ((all & ~m3) | f4, v4u{}) != 0) return false;
    t.may3 = m3 & ~m4;
    t.must3 = f3;
    return true;
}

inline void set_bands(Board& B, int d, v4u now, u64& dirty) {
    dirty |= static_cast<u64>(lanes_differ(B.vec(d), now)) << (4 * d);
    B.set(d, now);
}

bool horizontal_triads(Board& B, u64& dirty, bool& found) {
    const v4u low = {kTriadLow, kTriadLow, kTriadLow, 0}, first = splat(kColumn);
    v4u may[9], must[9];
    for (int d = 0; d < 9; ++d) {
        const v4u v = B.vec(d), t = (v | v >> 1 | v >> 2) & low;
        const v4u a = t & first, b = t >> 3 & first, c = t >> 6 & first;  // a row's three boxes
        may[d] = t;
        must[d] = (a & ~b & ~c) | (b & ~a & ~c) << 3 | (c & ~a & ~b) << 6;
    }
    TriadCounts t;
    if (!count_triads(may, must, low, t)) return false;
    for (int d = 0; d < 9; ++d) {
        const v4u open = may[d] & ~must[d], add = open & t.may3, drop = open & t.must3;
        if (lanes_differ(add | drop, v4u{}) == 0) continue;
        v4u kill = drop;
        for (int b = 0; b < 3; ++b)
            for (u32 x = add[b]; x != 0; x &= x - 1) {
                // The triad's row and box lose the digit; it keeps it.
                const int p = std::countr_zero(x);
                kill[b] |= ((0x49u << (p / 9 * 9)) | (kColumn << (p % 9))) & ~(1u << p);
            }
        set_bands(B, d, B.vec(d) & ~(kill * 7), dirty);
        found = true;
    }
    return true;
}

bool vertical_triads(Board& B, u64& dirty, bool& found) {
    const v4u nine = {0x1FF, 0x1FF, 0x1FF, 0};
    v4u may[9], must[9];
    for (int d = 0; d < 9; ++d) {
        const v4u v = B.vec(d), f = (v | v >> 9 | v >> 18) & nine;
        may[d] = f;
        must[d] = f & ~__builtin_shufflevector(f, f, 1, 2, 0, 3) &
                  ~__builtin_shufflevector(f, f, 2, 0, 1, 3);
    }
    TriadCounts t;
    if (!count_triads(may, must, nine, t)) return false;
    for (int d = 0; d < 9; ++d) {
        const v4u open = may[d] & ~must[d], add = open & t.may3, drop = open & t.must3;
        if (lanes_differ(add | drop, v4u{}) == 0) continue;
        v4u kill = drop;  // columns per band
        for (int b = 0; b < 3; ++b)
            for (u32 x = add[b]; x != 0; x &= x - 1) {
                // The other bands lose the column, the box its other columns.
                const int c = std::countr_zero(x);
                kill |= splat(1u << c) & ~kLane[b];
                kill[b] |= (7u << (c / 3 * 3)) & ~(1u << c);
            }
        set_bands(B, d, B.vec(d) & ~(kill * kColumn), dirty);
        found = true;
    }
    return true;
}

// Hidden singles in columns: per digit, the columns where it may lie in one open cell only
// (hidden[d]); false when a column has no cell left for it. With AVX-512 all nine digits at once:
// one vector per band holds the nine digits' words of that band.
#if defined(__AVX512F__) && defined(__AVX512VL__)
inline bool column_hidden(const Board& B, u32 (&hidden)[16]) {
    const __m512i lo = _mm512_load_si512(&B.c[0]), hi = _mm512_load_si512(&B.c[16]);
    const __m512i rest = reinterpret_cast<__m512i>(board_words(B, 2));
    const v16u nine = reinterpret_cast<v16u>(_mm512_set1_epi32(0x1FF));
    const __m512i digits = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 0, 0, 0, 0, 0, 0, 0, 0);
    v16u once{}, twice{}, placed{};
    for (int b = 0; b < 3; ++b) {
        const __m512i idx = _mm512_add_epi32(digits, _mm512_set1_epi32(b));
        __m512i w = _mm512_permutex2var_epi32(lo, idx, hi);
        w = _mm512_mask_permutexvar_epi32(w, 0x100, _mm512_set1_epi32(b), rest);  // the ninth digit
        const v16u m = reinterpret_cast<v16u>(w);
        const v16u x = m & nine, y = m >> 9 & nine, z = m >> 18, any = x | y | z;
        twice |= (once & any) | (x & y) | (z & (x | y));
        once |= any;
        const v16u fixed =
            m & ~reinterpret_cast<v16u>(_mm512_set1_epi32(static_cast<int>(B.open(b))));
        placed |= fixed | fixed >> 9 | fixed >> 18;
    }
    const __m512i all = reinterpret_cast<__m512i>(once), full = reinterpret_cast<__m512i>(nine);
    if (_mm512_mask_cmpneq_epi32_mask(0x1FF, all, full) != 0) return false;
    _mm512_store_si512(hidden, reinterpret_cast<__m512i>(once & ~twice & ~placed & nine));
    return true;
}
#else
inline bool column_hidden(const Board& B, u32 (&hidden)[16]) {
    for (int d = 0; d < 9; ++d) {
        u32 o = 0, t = 0, placed = 0;
        for (int b = 0; b < 3; ++b) {
            const u32 m = B.c[4 * d + b];
            const u32 x = m & 0x1FF, y = (m >> 9) & 0x1FF, z = m >> 18;
            const u32 any = x | y | z;
            t |= (o & any) | (x & y) | (z & (x | y));
            o |= any;
            placed |= fold(m & ~B.open(b));
        }
        if (o != 0x1FF) return false;
        hidden[d] = o & ~t & ~placed;
    }
    return true;
}
#endif

inline bool column_singles(Board& B, u64& dirty, bool& found) {
    alignas(64) u32 hidden[16];
    if (!column_hidden(B, hidden)) return false;
    for (int d = 0; d < 9; ++d)
        for (u32 h = hidden[d]; h != 0; h &= h - 1) {
            // An earlier single of this pass may have taken the column's last cell.
            const u32 col = kColumn << std::countr_zero(h);
            int b = 0;
            while (b < 3 && (B.c[4 * d + b] & col) == 0) ++b;
            if (b == 3) return false;
            assign(B, d, b, std::countr_zero(B.c[4 * d + b] & col), dirty);
            found = true;
        }
    return true;
}

bool propagate(Board& B, u64 dirty) {
    for (;;) {
        while (dirty != 0) {
            const int i = std::countr_zero(dirty);
            dirty &= dirty - 1;
            if (!band_step(B, i, dirty)) return false;
        }
        // Naked singles, all bands at once.
        v4u once = B.vec(0), twice = {0, 0, 0, 0};
        for (int d = 1; d < 9; ++d) {
            const v4u v = B.vec(d);
            twice |= once & v;
            once |= v;
        }
        const v4u full = {kBand, kBand, kBand, 0};
        const v4u empty = full & ~once;
        if ((empty[0] | empty[1] | empty[2]) != 0) return false;
        bool found = false;
        for (int b = 0; b < 3; ++b) {
            for (u32 n = ~twice[b] & B.open(b); n != 0; n &= n - 1) {
                // An earlier single of this pass may have taken the cell's last candidate.
                const int p = std::countr_zero(n);
                int d = 0;
                while (d < 9 && ((B.c[4 * d + b] >> p) & 1) == 0) ++d;
                if (d == 9) return false;
                assign(B, d, b, p, dirty);
                found = true;
            }
        }
        if (found) continue;
        // Hidden singles in columns.
        if (!column_singles(B, dirty, found)) return false;
        if (found) continue;
        // Stacks, last: box-column locked candidates. Per digit, the folded word holds each
        // band's columns; in each stack the (band, column) pairs form a permutation as the
        // (row, box) triads of a band do, so the same table applies.
        for (int d = 0; d < 9; ++d) {
            const u32 m0 = B.c[4 * d], m1 = B.c[4 * d + 1], m2 = B.c[4 * d + 2];
            const u32 g = fold(m0) | fold(m1) << 9 | fold(m2) << 18;
            u32 keep = 0;
            for (int s = 0; s < 3; ++s) {
                const u32 a = kT.allowed[stack_bits(g, s)];
                if (a == 0) return false;
                keep |= stack_spread(a, s);
            }
            if (keep == g) continue;
            const v4u old = B.vec(d);
            const v4u now = {m0 & (keep & 0x1FF) * kColumn, m1 & (keep >> 9 & 0x1FF) * kColumn,
                             m2 & (keep >> 18) * kColumn, 0};
            B.set(d, now);
            dirty |= static_cast<u64>(lanes_differ(old, now)) << (4 * d);
            found = true;
        }
        if (found) continue;
        if (!horizontal_triads(B, dirty, found)) return false;
        if (found) continue;
        if (!vertical_triads(B, dirty, found)) return false;
        if (!found) return true;
    }
}

class Solver {
  public:
    Solver(const SudokuOptions& o, SudokuResult& r) : options_(o), r_(r) {}

    void run(const SudokuGrid& puzzle) {
        // The givens are placed in bulk: each digit's words lose the rows, columns and boxes of
        // its givens and the cells of the other digits' givens; then every word is stepped.
        u32 given[9][3] = {}, all[3] = {};
        for (int cell = 0; cell < 81; ++cell)
            if (puzzle.cells[cell] != 0) {
                const u32 bit = 1u << (cell % 27);
                given[puzzle.cells[cell] - 1][cell / 27] |= bit;
                all[cell / 27] |= bit;
            }
        Board B;
        for (int d = 0; d < 9; ++d) {
            const u32* g = given[d];
            const u32 cols = fold(g[0] | g[1] | g[2]) * kColumn;
            for (int b = 0; b < 3; ++b) {
                u32 taken = cols | all[b];
                for (int k = 0; k < 27; k += 9)
                    if (g[b] & (0x1FFu << k)) taken |= 0x1FFu << k;  // its row
                for (int k = 0; k < 9; k += 3)
                    if (g[b] & (kBox << k)) taken |= kBox << k;  // its box
                B.c[4 * d + b] = (kBand & ~taken) | g[b];
            }
            B.c[4 * d + 3] = 0;
        }
        for (int b = 0; b < 3; ++b) B.c[36 + b] = kBand & ~all[b];
        for (int i = 39; i < 48; ++i) B.c[i] = 0;
        u64 dirty = 0;
        for (int d = 0; d < 9; ++d) dirty |= 7ull << (4 * d);
        search(B, dirty);
        r_.exhausted = !stopped_;
    }

  private:
    void search(Board& B, u64 dirty) {
        for (;;) {
            ++r_.nodes;
            if (!propagate(B, dirty)) return;
            if ((B.open(0) | B.open(1) | B.open(2)) == 0) {
                record(B);
                return;
            }
            if (out_of_nodes()) return;
            const Guess g = choose(B);
            if (g.permutation) {
                // Digit g.digit in the band or stack: each permutation left to it in turn, the
                // one with the most candidate cells first, the last on the board itself (exact:
                // no other permutation remains).
                u32 order[6];
                const int count = permutations_by_cells(B, g, order);
                for (int k = 0; k < count; ++k) {
                    const u32 perm = order[k];
                    if (k + 1 == count) {
                        keep_permutation(B, g.band, g.digit, perm);
                        break;
                    }
                    Board child = B;
                    keep_permutation(child, g.band, g.digit, perm);
                    search(child, 7ull << (4 * g.digit));
                    if (stopped_ || out_of_nodes()) return;
                }
                dirty = 7ull << (4 * g.digit);
                continue;
            }
            {
                Board child = B;
                u64 child_dirty = 0;
                assign(child, g.digit, g.band, g.pos, child_dirty);
                search(child, child_dirty);
            }
            if (stopped_ || out_of_nodes()) return;
            B.keep(g.digit, g.band, ~(1u << g.pos));
            dirty = 1ull << (4 * g.digit + g.band);
        }
    }

    // A guess: digit in cell pos of band, or (permutation) one of the two permutations left to
    // digit in band (0..2) or stack (band - 3).
    struct Guess {
        bool permutation = false;
        int band = 0, pos = 0, digit = 0;
        u32 occupancy = 0;  // of digit in the band or stack, for a permutation guess
    };

    // Where to guess, and what. While some cell has two candidates: if a band or stack holds few
    // permutations over all digits (at most kMaxPermutations; nine means every digit placed) and
    // some digit has exactly two there, split on those two, in the band or stack with the fewest;
    // else a cell with two candidates in the band with the most of them, among those the cell
    // whose two digits have the fewest candidates in the band (their placements are the most
    // constrained, so either guess propagates far), the digit with fewer candidates in the whole
    // grid first. Without a two-candidate cell: the open cell with the fewest candidates, its
    // lowest digit first. Boards per puzzle, hard variants, first solution / proof of uniqueness
    // (docs/performance.md): first two-candidate cell 57.4 / -, in the band with the most 46.1 /
    // -, scarcest digits 37.6 / -, with box-column locked candidates 32.9 / 67.9, with the
    // permutation split 29.3 / 59.0.
    static Guess choose(const Board& B) {
        Guess g;
        const int open =
            std::popcount(B.open(0)) + std::popcount(B.open(1)) + std::popcount(B.open(2));
        if (open > kSparseOpenCells && choose_permutation(B, g, /*sparse=*/true)) return g;
        v4u once = B.vec(0), twice = {0, 0, 0, 0}, thrice = {0, 0, 0, 0};
        for (int d = 1; d < 9; ++d) {
            const v4u v = B.vec(d);
            thrice |= twice & v;
            twice |= once & v;
            once |= v;
        }
        int most = 0;
        for (int b = 0; b < 3; ++b) {
            const int k = std::popcount(twice[b] & ~thrice[b] & B.open(b));
            if (k > most) most = k, g.band = b;
        }
        if (most == 0) {
            int best = 10;
            for (int b = 0; b < 3; ++b)
                for (u32 open = B.open(b); open != 0; open &= open - 1) {
                    const int p = std::countr_zero(open);
                    int k = 0;
                    for (int d = 0; d < 9; ++d) k += (B.c[4 * d + b] >> p) & 1;
                    if (k < best) best = k, g.band = b, g.pos = p;
                }
            while (((B.c[4 * g.digit + g.band] >> g.pos) & 1) == 0) ++g.digit;
            return g;
        }
        if (choose_permutation(B, g, /*sparse=*/false)) return g;
        const int b = g.band;
        const u32 two = twice[b] & ~thrice[b] & B.open(b);
        std::uint8_t score[27];
        for (u32 t = two; t != 0; t &= t - 1) score[std::countr_zero(t)] = 0;
        for (int d = 0; d < 9; ++d) {
            const u32 w = B.c[4 * d + b];
            const int count = std::popcount(w);
            for (u32 t = w & two; t != 0; t &= t - 1)
                score[std::countr_zero(t)] =
                    static_cast<std::uint8_t>(score[std::countr_zero(t)] + count);
        }
        int best = 1 << 30;
        for (u32 t = two; t != 0; t &= t - 1) {
            const int p = std::countr_zero(t);
            if (score[p] < best) best = score[p], g.pos = p;
        }
        int first = 0;
        while (((B.c[4 * first + b] >> g.pos) & 1) == 0) ++first;
        int second = first + 1;
        while (((B.c[4 * second + b] >> g.pos) & 1) == 0) ++second;
        auto total = [&B](int d) {
            return std::popcount(B.c[4 * d]) + std::popcount(B.c[4 * d + 1]) +
                   std::popcount(B.c[4 * d + 2]);
        };
        g.digit = total(second) < total(first) ? second : first;
        return g;
    }

    // The permutation split of choose(), when a band or stack qualifies. Permutations per
    // band or stack summed over the digits: 9 when all are placed. Sparse: the band or stack with
    // the fewest, its digit with the fewest (at least two); else only where a digit has exactly
    // two and the sum is at most kMaxPermutations. Both bounds were chosen on the boards per
    // puzzle and the time of two sets of symmetric variants (the hard puzzles, tdoku's test
    // puzzles; docs/notes/measurements.md): a permutation split wherever the grid is sparse
    // halves the search of the sparsest puzzles (17 givens) but costs the hard ones time.
    static constexpr int kMaxPermutations = 19;
    static constexpr int kSparseOpenCells = 50;
    static bool choose_permutation(const Board& B, Guess& g, bool sparse) {
        int total[6] = {}, fewest[6] = {}, digit[6] = {-1, -1, -1, -1, -1, -1};
        u32 occupancy[6] = {};
        for (int d = 8; d >= 0; --d) {
            const u32 m0 = B.c[4 * d], m1 = B.c[4 * d + 1], m2 = B.c[4 * d + 2];
            const u32 folded = fold(m0) | fold(m1) << 9 | fold(m2) << 18;
            const u32 occ[6] = {triads(m0),
                                triads(m1),
                                triads(m2),
                                stack_bits(folded, 0),
                                stack_bits(folded, 1),
                                stack_bits(folded, 2)};
            for (int b = 0; b < 6; ++b) {
                const int n = kT.perms[occ[b]];
                total[b] += n;
                if (sparse ? n >= 2 && (digit[b] < 0 || n < fewest[b]) : n == 2)
                    fewest[b] = n, digit[b] = d, occupancy[b] = occ[b];
            }
        }
        const int bound = sparse ? 9 * 6 : kMaxPermutations;
        int best = bound + 1;
        for (int b = 0; b < 6; ++b)
            if (digit[b] >= 0 && total[b] < best)
                best = total[b], g.band = b, g.digit = digit[b], g.occupancy = occupancy[b];
        g.permutation = best <= bound;
        return g.permutation;
    }

    // The permutations left to g.digit in g.band (a band, or stack g.band - 3) into `order`, the
    // one with the most candidate cells of the digit first (ties in the table's order); returns
    // how many. Boards per puzzle, hard variants to a first solution (docs/notes): 24.9 in the
    // table's order, 18.3 most cells first, 32.4 fewest first; the proofs do not change.
    static int permutations_by_cells(const Board& B, const Guess& g, u32 (&order)[6]) {
        int cells[6], count = 0;
        for (const u32 perm : kT.perm_mask) {
            if ((g.occupancy & perm) != perm) continue;
            const v4u kept = B.vec(g.digit) & permutation_cells(g.band, perm);
            int c = std::popcount(kept[0]) + std::popcount(kept[1]) + std::popcount(kept[2]);
            int k = count++;
            for (; k > 0 && cells[k - 1] < c; --k) cells[k] = cells[k - 1], order[k] = order[k - 1];
            cells[k] = c, order[k] = perm;
        }
        return count;
    }

    // The cells of the three bands where a digit may stay under permutation `perm` of band b (its
    // triads), or of stack b - 3 (its band columns; the other stacks' cells all stay).
    static v4u permutation_cells(int b, u32 perm) {
        if (b < 3) return ~kLane[b] | (splat(expand(perm)) & kLane[b]);
        const int s = b - 3;
        const u32 keep = stack_spread(perm, s) | ~stack_spread(0x1FF, s);
        return v4u{(keep & 0x1FF) * kColumn, (keep >> 9 & 0x1FF) * kColumn,
                   (keep >> 18 & 0x1FF) * kColumn, 0};
    }

    // Keeps digit d only on the triads (band) or band columns (stack) of one permutation.
    static void keep_permutation(Board& B, int b, int d, u32 perm) {
        B.set(d, B.vec(d) & permutation_cells(b, perm));
    }

    bool out_of_nodes() {
        if (options_.max_nodes != 0 && r_.nodes >= options_.max_nodes) stopped_ = true;
        return stopped_;
    }

    void record(const Board& B) {
        if (r_.solutions++ == 0)
            for (int d = 0; d < 9; ++d)
                for (int b = 0; b < 3; ++b)
                    for (u32 m = B.c[4 * d + b]; m != 0; m &= m - 1)
                        r_.solution.cells[27 * b + std::countr_zero(m)] =
                            static_cast<std::uint8_t>(d + 1);
        if (options_.max_solutions != 0 && r_.solutions >= options_.max_solutions) stopped_ = true;
    }

    const SudokuOptions& options_;
    SudokuResult& r_;
    bool stopped_ = false;
};

}  // namespace

void solve_sudoku_bands(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r) {
    Solver(options, r).run(puzzle);
}

bool sudoku_bands_use_bmi2() {
    return FRONTIER_SUDOKU_BMI2 != 0;
}

}  // namespace frontier::detail
