// Bit-parallel Sudoku solver: the search over the board of sudoku_board.hpp, propagated by
// sudoku_propagate.hpp.
//
// With nothing left to infer, the search guesses (see choose()) on a copy of the board, then
// removes the guessed digit from the cell on the board itself (no copy for the last
// alternative). Where a band or stack holds few permutations, the guess can instead be a split
// over the permutations left to one digit there, each kept in turn: the same permutation table
// decides it.
#include <frontier/domains/sudoku/sudoku_bands.hpp>

#include <algorithm>
#include <array>

#include <frontier/domains/sudoku/sudoku_place.hpp>
#include <frontier/domains/sudoku/sudoku_propagate.hpp>

namespace frontier::detail::sudoku_bands {
inline namespace FRONTIER_SUDOKU_ISA {

namespace {

// The cells of each digit's givens per band (given[d][b], digit d + 1) and of all givens
// (all[b]), as band words. With SSE2 one byte comparison per digit and half band: each band's 27
// cells are copied to 32 zeroed bytes, so that the comparisons read no byte outside the grid.
inline void given_words(const SudokuGrid& puzzle, u32 (&given)[9][3], u32 (&all)[3]) {
#if defined(__SSE2__)
    alignas(16) std::uint8_t bytes[96] = {};
    for (int b = 0; b < 3; ++b) std::memcpy(bytes + 32 * b, puzzle.cells.data() + 27 * b, 27);
    for (int b = 0; b < 3; ++b) {
        const __m128i lo = _mm_load_si128(reinterpret_cast<const __m128i*>(bytes + 32 * b));
        const __m128i hi = _mm_load_si128(reinterpret_cast<const __m128i*>(bytes + 32 * b + 16));
        const auto cells = [&](int v) {
            const __m128i x = _mm_set1_epi8(static_cast<char>(v));
            return static_cast<u32>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, x))) |
                   static_cast<u32>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, x))) << 16;
        };
        all[b] = kBand & ~cells(0);
        for (int d = 0; d < 9; ++d) given[d][b] = cells(d + 1);
    }
#else
    for (int b = 0; b < 3; ++b) {
        all[b] = 0;
        for (int d = 0; d < 9; ++d) given[d][b] = 0;
        for (int p = 0; p < 27; ++p)
            if (const int v = puzzle.cells[27 * b + p]; v != 0) {
                given[v - 1][b] |= 1u << p;
                all[b] |= 1u << p;
            }
    }
#endif
}

class Solver {
  public:
    Solver(const SudokuOptions& o, SudokuResult& r) : options_(o), r_(r) {}

    void run(const SudokuGrid& puzzle) {
        // The givens are placed in bulk: each digit's words lose the rows, columns and boxes of
        // its givens and the cells of the other digits' givens; then every word is stepped.
        // Without a branch per cell or per row and box: an easy puzzle takes about 2
        // microseconds in all, and a cell-by-cell loop here took a tenth of that.
        u32 given[9][3], all[3];
        given_words(puzzle, given, all);
        Board B;
        for (int d = 0; d < 9; ++d) {
            const u32* g = given[d];
            const u32 cols = fold(g[0] | g[1] | g[2]) * kColumn;
            for (int b = 0; b < 3; ++b) {
                // The triads of its givens (row r, box s at bit 3r + s), spread to whole rows
                // and whole boxes, then to their cells.
                const u32 t = triads(g[b]);
                const u32 rows = ((t | t >> 1 | t >> 2) & 0111) * 7;
                const u32 boxes = ((t | t >> 3 | t >> 6) & 7) * 0111;
                const u32 taken = cols | all[b] | expand(rows | boxes);
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
        return sparse ? choose_permutation<true>(B, g) : choose_permutation<false>(B, g);
    }

    // Per band or stack (0..2, then 3 + s) the smallest key of a digit that qualifies, kNone
    // where none does: (permutations << 16 | order << 12), order being the digit for a split on
    // exactly two, 8 - digit (ties to the highest) for a sparse one; and the permutations
    // summed over the nine digits. Branch-free.
    static constexpr u32 kNone = 15u << 16;
    template <bool sparse>
    static void permutation_keys(const Board& B, int (&total)[6], u32 (&key)[6]) {
#if FRONTIER_SUDOKU_WIDE
        // All 27 words at once: lane (digit, band) of the board's vectors gets the band's count
        // and, turned as the stacks' (band, column) pairs, stack `band`'s.
        v16u band_total{}, stack_total{}, band_key = splat16(kNone), stack_key = splat16(kNone);
        const v16u shift = {0, 3, 6, 0, 0, 3, 6, 0, 0, 3, 6, 0, 0, 3, 6, 0};
        const v16u stack_lanes = {~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0,
                                  ~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0};
        const v16u first_row = splat16(0x49);
        for (int k = 0; k < 3; ++k) {
            const v16u m = keep_lanes(board_words(B, k), k < 2 ? 0x7777 : 0x0007);
            const v16u t = triad_lows(m);
            const auto p = triad_partners(t);
            const v16u in_band =
                small_popcount(((t & p.down) | (t & p.cross) << 1) & (first_row | first_row << 1));
            // Stacks: bands are the rows (lanes turned inside each digit), columns the boxes.
            const v16u f = fold_columns(m), f1 = bands_turned_once(f), f2 = bands_turned_twice(f);
            const auto c1 = [](v16u x) { return (x >> 1 & 0xDB) | (x << 2 & 0x124); };
            const auto c2 = [](v16u x) { return (x >> 2 & 0x49) | (x << 1 & 0x1B6); };
            const v16u down = f & c1(f1) & c2(f2), cross = f & c2(f1) & c1(f2);
            // Band 0's lane of each digit names each permutation once; stack s's to lane s.
            const v16u in_stack = small_popcount(
                ((band_zero(down) >> shift & 7) | (band_zero(cross) >> shift & 7) << 3) &
                stack_lanes);
            const v16u digit = v16u{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3} + 4 * k;
            const v16u order = (sparse ? 8 - digit : digit) << 12;
            band_total += in_band, stack_total += in_stack;
            band_key = min(band_key, qualify<sparse>(in_band, order));
            stack_key = min(stack_key, qualify<sparse>(in_stack, order));
        }
        band_total += swap_pairs(band_total), band_total += swap_halves(band_total);
        stack_total += swap_pairs(stack_total), stack_total += swap_halves(stack_total);
        band_key = min(band_key, swap_pairs(band_key)),
        band_key = min(band_key, swap_halves(band_key));
        stack_key = min(stack_key, swap_pairs(stack_key)),
        stack_key = min(stack_key, swap_halves(stack_key));
        for (int b = 0; b < 3; ++b) {
            total[b] = static_cast<int>(band_total[b]),
            total[3 + b] = static_cast<int>(stack_total[b]);
            key[b] = band_key[b], key[3 + b] = stack_key[b];
        }
#else
        for (int b = 0; b < 6; ++b) total[b] = 0, key[b] = kNone;
        for (int d = 8; d >= 0; --d) {
            const u32 order = static_cast<u32>(sparse ? 8 - d : d) << 12;
            const std::array<u32, 6> occ = occupancies(B, d);
            for (int b = 0; b < 6; ++b) {
                const u32 n = kT.perms[occ[b]];
                total[b] += static_cast<int>(n);
                const bool qualifies = sparse ? n >= 2 : n == 2;
                key[b] = std::min(key[b], qualifies ? n << 16 | order : kNone);
            }
        }
#endif
    }

#if FRONTIER_SUDOKU_WIDE
    static v16u min(v16u a, v16u b) {
        return lanes_min(a, b);
    }
    // A key where the count qualifies, else kNone.
    template <bool sparse>
    static v16u qualify(v16u n, v16u order) {
        const v16u yes = sparse ? n >= 2 : n == 2;
        return (yes & (n << 16 | order)) | (~yes & kNone);
    }
#endif

    // Digit d's triads in bands 0..2, then its (band, column) pairs in stacks 0..2.
    static std::array<u32, 6> occupancies(const Board& B, int d) {
        const u32 m0 = B.c[4 * d], m1 = B.c[4 * d + 1], m2 = B.c[4 * d + 2];
        const u32 folded = fold(m0) | fold(m1) << 9 | fold(m2) << 18;
        return {triads(m0),
                triads(m1),
                triads(m2),
                stack_bits(folded, 0),
                stack_bits(folded, 1),
                stack_bits(folded, 2)};
    }

    template <bool sparse>
    static bool choose_permutation(const Board& B, Guess& g) {
        int total[6];
        u32 key[6];
        permutation_keys<sparse>(B, total, key);
        const int bound = sparse ? 9 * 6 : kMaxPermutations;
        int best = bound + 1;
        for (int b = 0; b < 6; ++b)
            if (key[b] != kNone && total[b] < best)
                best = total[b], g.band = b,
                g.digit = sparse ? 8 - static_cast<int>(key[b] >> 12 & 15)
                                 : static_cast<int>(key[b] >> 12 & 15);
        g.permutation = best <= bound;
        if (g.permutation) g.occupancy = occupancies(B, g.digit)[g.band];
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

void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r) {
    Solver(options, r).run(puzzle);
}

const char* isa() {
#if FRONTIER_SUDOKU_AVX512
    return "avx512";
#elif defined(__AVX2__) && FRONTIER_SUDOKU_BMI2
    return "x86-64-v3";
#elif defined(__AVX2__)
    return "avx2";
#elif FRONTIER_SUDOKU_BMI2
    return "bmi2";
#else
    return "portable";
#endif
}

}  // namespace FRONTIER_SUDOKU_ISA
}  // namespace frontier::detail::sudoku_bands
