// The two-bit BFS over every stack of 10 pancakes (3,628,800 states, a 0.9 MB table) from the
// sorted stack, through the pancake space's incremental cursor
// (domains/pancake/pancake_two_bit.hpp). Run: build/bench/frontier_bench
// --benchmark_filter=TwoBitPancake
#include <span>

#include <benchmark/benchmark.h>

#include <frontier/domains/pancake/pancake_two_bit.hpp>
#include <frontier/engine/two_bit/bfs.hpp>

namespace frontier {
namespace {

void BM_TwoBitPancake(benchmark::State& state) {
    const PancakeTwoBitSpace space{Pancake(static_cast<int>(state.range(0)))};
    TwoBitTable table(space.size());
    const std::uint64_t root = space.goal_index();
    TwoBitBfsOptions o;
    o.threads = static_cast<int>(state.range(1));
    for (auto _ : state) {
        const auto r = two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, o);
        benchmark::DoNotOptimize(r.reached);
    }
    state.counters["states/s"] = benchmark::Counter(static_cast<double>(space.size()),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK(BM_TwoBitPancake)
    ->ArgNames({"pancakes", "threads"})
    ->Args({10, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace frontier
