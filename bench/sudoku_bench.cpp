// Sudoku on generated hard sets, one thread: the bit-parallel solver (--method csp, the default)
// against the cell-by-cell solver it replaced (--method cells), puzzles per second.
//
// The sets (bench/sudoku_reference.hpp says how each is made): hard, the 16 puzzles of
// ../shared/data/sudoku.tsv (Norvig's hardest, AI Escargot, Easter Monster, Golden Nugget,
// Inkala) in 64 symmetric variants each, 1,024 puzzles, the ones docs/performance.md runs tdoku
// on; minimal, 256 generated unique puzzles of about 22-26 clues; mixed, 256 variants of the hard
// puzzles of which a quarter have no solution and a quarter several.
// Each puzzle is solved to its first solution (limit 1) or to a count up to two (limit 2); every
// answer is checked: the listed solution's variant, a valid solution, or none where none exists.
// Run: build/bench/frontier_bench --benchmark_filter='SudokuSet'
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_bands.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include "bench/sudoku_reference.hpp"

namespace frontier {
namespace {

using bench::SudokuSet;

const SudokuSet& hard_variants() {
    static const SudokuSet set = bench::hard_sudoku_set(bench::reference_sudokus());
    return set;
}
const SudokuSet& minimal_variants() {
    static const SudokuSet set = bench::minimal_sudoku_set(bench::reference_sudokus());
    return set;
}
const SudokuSet& mixed_variants() {
    static const SudokuSet set = bench::mixed_sudoku_set(bench::reference_sudokus());
    return set;
}

void solve_set(benchmark::State& state, const SudokuSet& set) {
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
            if (!checked && !bench::sudoku_answer_ok(set, i, r, o.max_solutions))
                state.SkipWithError("a puzzle did not give its expected answer");
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
void BM_SudokuSetMixed(benchmark::State& s) {
    solve_set(s, mixed_variants());
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
BENCHMARK(BM_SudokuSetMixed)
    ->ArgsProduct({{0, 1}, {1, 2}})
    ->ArgNames({"method", "limit"})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace frontier
