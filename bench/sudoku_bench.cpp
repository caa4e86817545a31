// Sudoku on generated hard sets, one thread: the bit-parallel solver (--method csp, the default)
// against the cell-by-cell solver it replaced (--method cells), puzzles per second.
//
// The sets are made here, deterministically (sudoku_variant: splitmix64, no std distribution):
// - hard: the 16 puzzles of ../shared/data/sudoku.tsv (Norvig's hardest, AI Escargot, Easter
//   Monster, Golden Nugget, Inkala), each in 64 symmetric variants (seed 1000 * i + v: digits
//   relabelled, rows and columns permuted inside bands and stacks, bands and stacks permuted,
//   transposed), 1,024 puzzles. The same 1,024 are what docs/performance.md runs tdoku on.
// - minimal: 256 variants of the 16 solutions, givens removed in a seeded order while the puzzle
//   stays unique (about 22-26 clues), as random puzzles from a generator look.
// Each puzzle is solved to its first solution (limit 1) or to a proof of uniqueness (limit 2);
// every answer is checked against the variant of the listed solution (hard set) or for validity.
// Run: build/bench/frontier_bench --benchmark_filter='SudokuSet'
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench/sudoku_reference.hpp"
#include "domains/sudoku/sudoku.hpp"
#include "domains/sudoku/sudoku_bands.hpp"
#include "domains/sudoku/sudoku_io.hpp"

namespace frontier {
namespace {

struct Set {
    std::vector<SudokuGrid> puzzles, solutions;  // solutions empty when not listed
};

const Set& hard_variants() {
    static const Set set = [] {
        Set s;
        const auto refs = bench::reference_sudokus();
        for (std::size_t i = 0; i < refs.size(); ++i)
            for (std::uint64_t v = 0; v < 64; ++v) {
                s.puzzles.push_back(sudoku_variant(refs[i].first, 1000 * i + v));
                s.solutions.push_back(sudoku_variant(refs[i].second, 1000 * i + v));
            }
        return s;
    }();
    return set;
}

const Set& minimal_variants() {
    static const Set set = [] {
        Set s;
        const auto refs = bench::reference_sudokus();
        SudokuOptions two;
        two.max_solutions = 2;
        for (std::uint64_t k = 0; k < 256; ++k) {
            SudokuGrid p = sudoku_variant(refs[k % refs.size()].second, 7000 + k);
            // Cells in a seeded order (xorshift64, Fisher-Yates).
            std::uint64_t x = k * 0x9E3779B97F4A7C15ull + 1;
            int cells[81];
            for (int c = 0; c < 81; ++c) cells[c] = c;
            for (int c = 80; c > 0; --c) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                std::swap(cells[c], cells[x % static_cast<std::uint64_t>(c + 1)]);
            }
            for (int c : cells) {
                const std::uint8_t d = p.cells[c];
                p.cells[c] = 0;
                if (!solve_sudoku(p, two).unique()) p.cells[c] = d;
            }
            s.puzzles.push_back(p);
        }
        return s;
    }();
    return set;
}

void solve_set(benchmark::State& state, const Set& set) {
    SudokuOptions o;
    o.method = state.range(0) == 0 ? SudokuMethod::Csp : SudokuMethod::Cells;
    o.max_solutions = static_cast<std::uint64_t>(state.range(1));
    std::uint64_t nodes = 0;
    bool checked = false;
    for (auto _ : state) {
        nodes = 0;
        for (std::size_t i = 0; i < set.puzzles.size(); ++i) {
            const SudokuResult r = solve_sudoku(set.puzzles[i], o);
            nodes += r.nodes;
            if (!checked) {
                const bool ok = set.solutions.empty()
                                    ? is_sudoku_solution(set.puzzles[i], r.solution)
                                    : r.solution == set.solutions[i];
                if (!ok || (o.max_solutions == 2 && !r.unique()))
                    state.SkipWithError("a puzzle was not solved to its unique solution");
            }
        }
        checked = true;
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.puzzles.size()));
    state.SetLabel(std::string(to_string(o.method)) +
                   (o.method == SudokuMethod::Csp
                        ? std::string(" (") + detail::sudoku_bands_isa() + ")"
                        : ""));
    state.counters["puzzles"] = static_cast<double>(set.puzzles.size());
    state.counters["nodes/puzzle"] = static_cast<double>(nodes) / set.puzzles.size();
}

void BM_SudokuSetHard(benchmark::State& s) {
    solve_set(s, hard_variants());
}
void BM_SudokuSetMinimal(benchmark::State& s) {
    solve_set(s, minimal_variants());
}
// method: 0 = csp (bit-parallel), 1 = cells; limit: 1 = first solution, 2 = proof of uniqueness.
BENCHMARK(BM_SudokuSetHard)
    ->ArgsProduct({{0, 1}, {1, 2}})
    ->ArgNames({"method", "limit"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SudokuSetMinimal)
    ->ArgsProduct({{0, 1}, {1, 2}})
    ->ArgNames({"method", "limit"})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace frontier
