// Puzzles: N-Queens counting by size and threads, Sudoku puzzles per second (hard reference
// set, generated easy and minimal sets, both methods, and a parallel batch), Qubic threat-space
// search nodes per second.
// Run: build/bench/frontier_bench --benchmark_filter='Queens|Sudoku|Qubic'
#include <algorithm>
#include <bit>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <frontier/domains/qubic/qubic.hpp>
#include <frontier/domains/qubic/qubic_io.hpp>
#include <frontier/domains/queens/queens.hpp>
#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include <frontier/engine/parallel.hpp>
#include "bench/sudoku_reference.hpp"

namespace frontier {
namespace {

// ---- N-Queens --------------------------------------------------------------------------------

void BM_QueensCount(benchmark::State& state) {
    const NQueens q(static_cast<int>(state.range(0)));
    const int threads = static_cast<int>(state.range(1));
    QueensCount c;
    for (auto _ : state) c = q.count(threads, false);
    state.counters["solutions"] = static_cast<double>(c.total);
    state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(c.nodes),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_QueensCount)
    ->ArgsProduct({{12, 13, 14, 15, 16}, {1, 2}})
    ->ArgNames({"N", "threads"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_QueensCountUnique(benchmark::State& state) {
    const NQueens q(static_cast<int>(state.range(0)));
    QueensCount c;
    for (auto _ : state) c = q.count(static_cast<int>(state.range(1)), true);
    state.counters["unique"] = static_cast<double>(c.unique);
}
BENCHMARK(BM_QueensCountUnique)
    ->ArgsProduct({{16}, {2}})
    ->ArgNames({"N", "threads"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// ---- Sudoku ----------------------------------------------------------------------------------

const std::vector<SudokuGrid>& hard_set() {
    static const std::vector<SudokuGrid> set = [] {
        std::vector<SudokuGrid> v;
        for (const auto& [p, s] : bench::reference_sudokus()) v.push_back(p);
        return v;
    }();
    return set;
}

bool unique(const SudokuGrid& p) {
    SudokuOptions o;
    o.max_solutions = 2;
    return solve_sudoku(p, o).unique();
}

// Easy: 36 random givens of a reference solution, kept when the puzzle is unique.
const std::vector<SudokuGrid>& easy_set() {
    static const std::vector<SudokuGrid> set = [] {
        std::mt19937 rng(1);
        const auto refs = bench::reference_sudokus();
        std::vector<SudokuGrid> v;
        while (v.size() < 1000) {
            SudokuGrid p = refs[rng() % refs.size()].second;
            std::vector<int> cells(81);
            for (int i = 0; i < 81; ++i) cells[i] = i;
            std::shuffle(cells.begin(), cells.end(), rng);
            for (int i = 0; i < 45; ++i) p.cells[cells[i]] = 0;
            if (unique(p)) v.push_back(p);
        }
        return v;
    }();
    return set;
}

// Minimal: givens removed in random order while the puzzle stays unique (typically 22-26
// clues, like most published random puzzles).
const std::vector<SudokuGrid>& minimal_set() {
    static const std::vector<SudokuGrid> set = [] {
        std::mt19937 rng(2);
        const auto refs = bench::reference_sudokus();
        std::vector<SudokuGrid> v;
        while (v.size() < 300) {
            SudokuGrid p = refs[rng() % refs.size()].second;
            std::vector<int> cells(81);
            for (int i = 0; i < 81; ++i) cells[i] = i;
            std::shuffle(cells.begin(), cells.end(), rng);
            for (int c : cells) {
                const std::uint8_t d = p.cells[c];
                p.cells[c] = 0;
                if (!unique(p)) p.cells[c] = d;
            }
            v.push_back(p);
        }
        return v;
    }();
    return set;
}

void solve_all(benchmark::State& state, const std::vector<SudokuGrid>& set, SudokuMethod method,
               std::uint64_t max_solutions) {
    SudokuOptions o;
    o.method = method;
    o.max_solutions = max_solutions;
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = 0;
        for (const SudokuGrid& p : set) {
            const SudokuResult r = solve_sudoku(p, o);
            if (r.status != SudokuStatus::Solved) state.SkipWithError("a puzzle was not solved");
            nodes += r.nodes;
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(set.size()));
    state.counters["nodes/puzzle"] = static_cast<double>(nodes) / set.size();
}

void BM_SudokuHardCsp(benchmark::State& s) {
    solve_all(s, hard_set(), SudokuMethod::Csp, 1);
}
void BM_SudokuHardCspUnique(benchmark::State& s) {
    solve_all(s, hard_set(), SudokuMethod::Csp, 2);
}
void BM_SudokuHardSearch(benchmark::State& s) {
    solve_all(s, hard_set(), SudokuMethod::Search, 1);
}
void BM_SudokuEasyCsp(benchmark::State& s) {
    solve_all(s, easy_set(), SudokuMethod::Csp, 1);
}
void BM_SudokuEasySearch(benchmark::State& s) {
    solve_all(s, easy_set(), SudokuMethod::Search, 1);
}
void BM_SudokuMinimalCsp(benchmark::State& s) {
    solve_all(s, minimal_set(), SudokuMethod::Csp, 1);
}
BENCHMARK(BM_SudokuHardCsp)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SudokuHardCspUnique)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SudokuHardSearch)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SudokuEasyCsp)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SudokuEasySearch)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SudokuMinimalCsp)->Unit(benchmark::kMicrosecond);

// What solve-batch does: one puzzle per task; the hard set repeated 200 times.
void BM_SudokuBatchHard(benchmark::State& state) {
    std::vector<SudokuGrid> batch;
    for (int i = 0; i < 200; ++i) batch.insert(batch.end(), hard_set().begin(), hard_set().end());
    std::vector<SudokuResult> results(batch.size());
    const int threads = static_cast<int>(state.range(0));
    for (auto _ : state) {
        run_with_threads(threads, [&] {
            tbb::parallel_for(tbb::blocked_range<std::size_t>(0, batch.size(), 16),
                              [&](const tbb::blocked_range<std::size_t>& r) {
                                  for (std::size_t i = r.begin(); i != r.end(); ++i)
                                      results[i] = solve_sudoku(batch[i]);
                              });
        });
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(batch.size()));
}
BENCHMARK(BM_SudokuBatchHard)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("threads")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// ---- Qubic -----------------------------------------------------------------------------------

// The test suite's sample of random positions (6 to 13 stones each), each searched to depth 20.
void BM_QubicRandomPositions(benchmark::State& state) {
    const auto positions = random_qubic_positions(2024, 400);
    std::uint64_t nodes = 0, wins = 0;
    for (auto _ : state) {
        nodes = wins = 0;
        for (const QubicPosition& p : positions) {
            const QubicResult r = find_forced_win(p);
            nodes += r.nodes;
            wins += r.found;
        }
    }
    state.counters["positions"] = static_cast<double>(positions.size());
    state.counters["wins"] = static_cast<double>(wins);
    state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_QubicRandomPositions)->Unit(benchmark::kMillisecond);

// The three positions with the most nodes among some 10,000 random ones with 6 or 7 stones a side.
void BM_QubicHeavyPositions(benchmark::State& state) {
    const std::vector<QubicPosition> positions = {
        {parse_qubic_cells("6 19 20 22 32 37 53", "x"),
         parse_qubic_cells("5 13 18 34 38 47 48", "o"), true},
        {parse_qubic_cells("0 3 11 40 50 54 57", "x"), parse_qubic_cells("1 10 22 47 51 56", "o"),
         true},
        {parse_qubic_cells("4 11 34 46 49 50", "x"), parse_qubic_cells("12 23 25 33 51 54", "o"),
         true},
    };
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = 0;
        for (const QubicPosition& p : positions) nodes += find_forced_win(p).nodes;
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_QubicHeavyPositions)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace frontier
