// A* and IDA* on a fixed set of Korf's 15-puzzle instances, with Manhattan distance and with
// linear conflict. Counters: generated nodes per second, expanded, time per instance.
// Run: build/bench/frontier_bench --benchmark_filter='AStar|IdaStar'
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/idastar.hpp>

namespace frontier {
namespace {

// Korf's instances #79, #12, #42, #55, #97, #19, #94, #47 (the eight easiest for IDA*+Manhattan).
const std::vector<std::string> kInstances = {
    "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15",
    "4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10", "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11",
    "9 14 5 7 8 15 1 2 10 4 13 6 12 0 11 3", "7 11 8 3 14 0 6 15 1 4 13 9 5 12 2 10",
    "5 7 11 8 0 14 9 13 10 12 3 15 6 1 4 2", "6 10 1 14 15 8 3 5 13 0 2 7 4 9 11 12"};

const SlidingTiles& korf_domain() {
    static const SlidingTiles d(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    return d;
}

template <class H, class Search>
void run_set(benchmark::State& state, Search search) {
    const SlidingTiles& d = korf_domain();
    const H h(d);
    std::vector<TileState> starts;
    for (const auto& s : kInstances) starts.push_back(parse_tiles(4, 4, s));
    std::uint64_t generated = 0, expanded = 0;
    for (auto _ : state) {
        for (const TileState& s : starts) {
            const auto r = search(d, s, h);
            generated += r.stats.generated;
            expanded += r.stats.expanded;
            benchmark::DoNotOptimize(r.moves.data());
        }
    }
    state.counters["nodes/s"] =
        benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
    state.counters["expanded/instance"] =
        benchmark::Counter(static_cast<double>(expanded) / (state.iterations() * starts.size()));
    state.counters["s/instance"] = benchmark::Counter(
        static_cast<double>(starts.size()),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

auto ida = [](const SlidingTiles& d, TileState s, const auto& h) { return idastar(d, s, h); };
auto ast = [](const SlidingTiles& d, TileState s, const auto& h) { return astar(d, s, h); };

void BM_IdaStarManhattan(benchmark::State& s) {
    run_set<Manhattan<SlidingTiles>>(s, ida);
}
void BM_IdaStarLinearConflict(benchmark::State& s) {
    run_set<LinearConflict<SlidingTiles>>(s, ida);
}
void BM_AStarManhattan(benchmark::State& s) {
    run_set<Manhattan<SlidingTiles>>(s, ast);
}
void BM_AStarLinearConflict(benchmark::State& s) {
    run_set<LinearConflict<SlidingTiles>>(s, ast);
}

BENCHMARK(BM_IdaStarManhattan)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_IdaStarLinearConflict)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_AStarManhattan)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_AStarLinearConflict)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace frontier
