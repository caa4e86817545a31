#include <frontier/domains/sudoku/sudoku_propagate.hpp>

namespace frontier::detail::sudoku_bands {
inline namespace FRONTIER_SUDOKU_ISA {

namespace {

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
// (hidden[kHidden * d]); false when a column has no cell left for it. With AVX-512 all nine
// digits at once: one vector per band holds the nine digits' words of that band. With AVX2 the
// board's own vectors, each digit's three bands combined inside its four lanes (the lane
// shuffles that cross 128 bits would cost more there).
#if FRONTIER_SUDOKU_AVX512
constexpr int kHidden = 1;
inline bool column_hidden(const Board& B, u32 (&hidden)[48]) {
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
#elif FRONTIER_SUDOKU_WIDE
constexpr int kHidden = 4;
inline bool column_hidden(const Board& B, u32 (&hidden)[48]) {
    const v16u w2 = board_words(B, 2), nine = splat16(0x1FF);
    const v16u open = open_cells(w2);
    for (int k = 0; k < 3; ++k) {
        const v16u m = board_words(B, k);
        const v16u x = m & nine, y = m >> 9 & nine, z = m >> 18, any = x | y | z;
        const v16u two = (x & y) | (z & (x | y)), fixed = fold_columns(m & ~open);
        const v16u a1 = bands_turned_once(any), a2 = bands_turned_twice(any);
        const v16u once = any | a1 | a2;
        const v16u twice =
            two | bands_turned_once(two) | bands_turned_twice(two) | (any & (a1 | a2)) | (a1 & a2);
        const v16u placed = fixed | bands_turned_once(fixed) | bands_turned_twice(fixed);
        if (any_lane(keep_lanes(nine & ~once, k < 2 ? 0x7777 : 0x0007))) return false;
        const v16u h = once & ~twice & ~placed & nine;
        std::memcpy(&hidden[16 * k], &h, k < 2 ? sizeof h : sizeof h / 2);
    }
    return true;
}
#else
constexpr int kHidden = 1;
inline bool column_hidden(const Board& B, u32 (&hidden)[48]) {
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
    alignas(64) u32 hidden[48];
    if (!column_hidden(B, hidden)) return false;
    for (int d = 0; d < 9; ++d)
        for (u32 h = hidden[kHidden * d]; h != 0; h &= h - 1) {
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

// Whether every digit lies in every column (in some band).
inline bool every_column(const Board& B) {
    u32 missing = 0;
    for (int d = 0; d < 9; ++d)
        missing |= 0x1FF & ~fold(B.c[4 * d] | B.c[4 * d + 1] | B.c[4 * d + 2]);
    return missing == 0;
}

#if FRONTIER_SUDOKU_WIDE
// The band step of every word at once, for when many words changed (kSweepWords): the board's
// words are stepped together, a chunk of vector lanes at a time, then every row single found is
// placed together, and again until no word changes; each round first hands the naked singles to
// the step (a cell left to one digit keeps the digit alone in its row). The result is the same
// fixed point as one word at a time (every rule only removes candidates), so the search visits
// the same boards; what changes is the cost: one round is a few hundred vector instructions with
// few data-dependent branches, where the word-at-a-time loop is a chain of dependent loads and a
// hard-to-predict branch per word. A round steps only the chunks holding a word that changed
// since its last step (the others are at their fixed point, their row singles placed): about
// half of them on tdoku's test puzzles, which then take 4 to 6 % less time (chunks of two digits
// with AVX2, four with AVX-512; the hard puzzles do not change). A few changed words are still
// cheaper one at a time:
// of the thresholds 2, 4, 5, 6 and 9, 4 was the fastest on the hard and the test-puzzle variants
// (docs/notes/measurements.md) while the sweep left the naked singles to propagate(). With them
// in the sweep, easy puzzles (50,000 minimal ones) take a fifth less time and the hard ones a
// tenth, and of the thresholds 0 to 4, 6 and 9, 2 is the fastest (the hard puzzles: 0.311 s
// against 0.327 s with 4; tdoku's test puzzles: 1.65 s against 1.75 s).
constexpr int kSweepWords = 2;

// The sweep's chunks (sudoku_lanes.hpp): kLanes words each, the last one holding the ninth digit
// in its first four lanes and the open cells in the next four. The digits' lanes of a chunk (the
// fourth lane of each digit is zero).
constexpr int kLanes = sizeof(Chunk) / sizeof(u32);
constexpr int kChunks = (40 + kLanes - 1) / kLanes;
constexpr u32 kDigitLanes = kLanes == 16 ? 0x7777 : 0x77;
constexpr u32 digit_lanes(int k) {
    return k + 1 < kChunks ? kDigitLanes : 0x7;
}

// The band step of the words in lanes `digits` of m (triad_partners instead of the table). Sets
// n to the word's kept cells and s to its rows' single cells that are open; false when a word
// has no permutation left.
inline bool step_words(Chunk m, u32 digits, Chunk open, Chunk& n, Chunk& s) {
    const Chunk t = triad_lows(m);
    const auto p = triad_partners(t);
    const Chunk a = t & (p.down | p.cross);
    if (zero_in(a, digits)) return false;
    n = m & (a | a << 1 | a << 2);
    // Every row of n holds a cell, so n - kColumn borrows only inside each row: a row of y is
    // empty where that of n holds one cell.
    const Chunk y = n & (n - kColumn);
    Chunk single{};
    for (int r = 0; r < 27; r += 9) single |= where_zero(y, Chunk{} + (0x1FFu << r), digits, n);
    s = single & open;
    return true;
}

// A word after the placements: the cells placed by other digits go, its own singles stay, and
// the columns of its digit's singles in the other bands go.
inline Chunk after_placements(Chunk n, Chunk s, Chunk placed) {
    const Chunk f = fold_columns(s);
    const Chunk g = bands_turned_once(f) | bands_turned_twice(f);  // the other bands' columns
    return ((n & ~placed) | s) & ~(g | g << 9 | g << 18);
}

// Naked singles inside the sweep: an open cell left to one digit keeps that digit alone in its
// row, so that the step places it with the row singles, in the same round, instead of after
// the sweep (propagate's pass still takes those the last round leaves). The chunks changed join
// `todo`. False when a cell has no candidate left.
inline bool naked_singles(Chunk (&w)[kChunks], Chunk open, u32& todo) {
    Chunk once{}, twice{};
    for (int k = 0; k < kChunks; ++k) {
        const Chunk d = k + 1 < kChunks ? w[k] : keep_lanes(w[k], 0xF);
        twice |= once & d, once |= d;
    }
    fold_digits(once, twice);
    if (any_lane(keep_lanes(kBand & ~once, 0x7))) return false;
    const Chunk naked = once & ~twice & open;
    if (!any_lane(naked)) return true;
    for (int k = 0; k < kChunks; ++k) {
        const Chunk s = w[k] & naked, t = triad_lows(s);
        const Chunk r = (t | t >> 3 | t >> 6) & kColumn;
        Chunk kept = w[k] & (~((r << 9) - r) | s);
        if (k + 1 == kChunks) kept = blend_lanes(0x7, w[k], kept);  // not the open cells
        if (any_lane(kept ^ w[k])) todo |= 1u << k;
        w[k] = kept;
    }
    return true;
}

// The chunks holding words of `dirty`.
inline u32 chunks_of(u64 dirty) {
    u32 todo = 0;
    for (int k = 0; k < kChunks; ++k)
        todo |= static_cast<u32>((dirty >> (kLanes * k) & ((1ull << kLanes) - 1)) != 0) << k;
    return todo;
}

// One round of the sweep on the chunks in `todo` (the others are stepped already and their row
// singles placed): steps them, places every row single found, and sets `todo` to the chunks
// whose words the placements changed. False on a contradiction.
inline bool sweep_round(Chunk (&w)[kChunks], u32& todo, bool& placed_any) {
    const Chunk open = open_cells(w[kChunks - 1]);
    if (!naked_singles(w, open, todo)) return false;
    Chunk n[kChunks], s[kChunks], once{}, twice{};
    for (int k = 0; k < kChunks; ++k) {
        n[k] = w[k], s[k] = Chunk{};
        if ((todo >> k & 1) == 0) continue;
        if (!step_words(w[k], digit_lanes(k), open, n[k], s[k])) return false;
        twice |= once & s[k], once |= s[k];
    }
    // Cells placed by two digits are a contradiction.
    fold_digits(once, twice);
    if (any_lane(twice)) return false;
    const Chunk placed = once;
    placed_any = any_lane(placed);
    const u32 stepped = todo;
    todo = 0;
    for (int k = 0; k < kChunks; ++k) {
        Chunk u = stepped >> k & 1 ? after_placements(n[k], s[k], placed) : n[k] & ~placed;
        if (k + 1 == kChunks) u = blend_lanes(0x7, w[k] & ~placed, u);
        if (any_lane(keep_lanes(u ^ n[k], digit_lanes(k)))) todo |= 1u << k;
        w[k] = u;
    }
    return true;
}

// The band step of the words in `dirty` and of those they change, all at once: rounds of
// sweep_round until one places nothing or changes nothing.
bool band_sweep(Board& B, u64 dirty) {
    Chunk w[kChunks];
    for (int k = 0; k < kChunks; ++k) w[k] = load_chunk(B, k);
    u32 todo = chunks_of(dirty);
    for (bool placed = true; placed && todo != 0;)
        if (!sweep_round(w, todo, placed)) return false;
    for (int k = 0; k < kChunks; ++k) store_chunk(B, k, w[k]);
    return true;
}
#endif

// The band steps of the words in `dirty` and of the words they change, word by word; with
// AVX-512 or AVX2, once more than kSweepWords words wait, all at once instead.
bool band_steps(Board& B, u64 dirty) {
    while (dirty != 0) {
#if FRONTIER_SUDOKU_WIDE
        if (std::popcount(dirty) > kSweepWords) return band_sweep(B, dirty);
#endif
        const int i = std::countr_zero(dirty);
        dirty &= dirty - 1;
        if (!band_step(B, i, dirty)) return false;
    }
    return true;
}

}  // namespace

bool propagate(Board& B, u64 dirty) {
    for (;;) {
        if (!band_steps(B, dirty)) return false;
        dirty = 0;
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
        // A full board: every cell holds one digit and every word one cell per row and box (its
        // band step keeps a permutation), so the passes below would find nothing but a digit
        // missing from a column, which only givens that clash in a column leave. Most easy
        // puzzles end here, once per solution, and that one check costs less than the passes.
        if ((B.open(0) | B.open(1) | B.open(2)) == 0) return every_column(B);
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

}  // namespace FRONTIER_SUDOKU_ISA
}  // namespace frontier::detail::sudoku_bands
