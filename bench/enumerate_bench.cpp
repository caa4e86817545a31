// Full enumeration of the 8-puzzle and the 4x3 puzzle, swept over thread counts.
// Run: build/bench/frontier_bench --benchmark_filter=Enumerate
#include <thread>

#include <benchmark/benchmark.h>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/tables/distance_table.hpp>

namespace frontier {
namespace {

void enumerate(benchmark::State& state, int rows, int cols) {
    const SlidingTiles d(rows, cols);
    DistanceTable table(d.size());
    const TileState goal = d.goal();
    LayeredBfsOptions o;
    o.threads = static_cast<int>(state.range(0));
    for (auto _ : state) {
        const auto r =
            layered_bfs(d, std::span<const TileState>(&goal, 1), table.mutable_bytes(), o);
        benchmark::DoNotOptimize(r.reached);
    }
    state.counters["states/s"] = benchmark::Counter(static_cast<double>(d.size()),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}

void thread_sweep(benchmark::internal::Benchmark* b) {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    for (int t = 1; t <= cores; t *= 2) b->Arg(t);
    if ((cores & (cores - 1)) != 0) b->Arg(cores);
}

void BM_Enumerate8Puzzle(benchmark::State& s) {
    enumerate(s, 3, 3);
}
void BM_Enumerate4x3(benchmark::State& s) {
    enumerate(s, 4, 3);
}

BENCHMARK(BM_Enumerate8Puzzle)->Apply(thread_sweep)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Enumerate4x3)
    ->Apply(thread_sweep)
    ->UseRealTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

}  // namespace
}  // namespace frontier
