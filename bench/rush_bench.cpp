// Rush Hour: one cluster graded (the anchor: a ~4,000-state cluster in under 100 us on
// one core), the exploration alone, and mass grading of random legal boards on 1 and 2 threads.
// The universe enumerator's candidate rate on 1 and 2 threads.
// Run: build/bench/frontier_bench --benchmark_filter=Rush
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <tbb/enumerable_thread_specific.h>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/domains/rush/rush_sample.hpp>
#include <frontier/engine/enumerate/ordered_batches.hpp>
#include <frontier/engine/parallel.hpp>

namespace frontier {
namespace {

// Three boards of the public database (domains/rush/rush_sample.hpp): 2,332, 4,780 and 9,192
// states.
const char* const kBoards[] = {kRushSample[3].board, kRushSample[7].board, kRushSample[11].board};

void BM_RushGradeCluster(benchmark::State& state) {
    const RushPuzzle p = parse_rush(kBoards[state.range(0)]);
    RushGrader grader;
    RushGrade g;
    for (auto _ : state) {
        g = grader.grade(p.board, p.start);
        benchmark::DoNotOptimize(g);
    }
    state.SetLabel(std::to_string(g.moves) + " moves, " + std::to_string(g.cluster_size) +
                   " states");
    state.counters["states/s"] = benchmark::Counter(static_cast<double>(g.cluster_size),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_RushGradeCluster)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

// The grader's exploration alone: hash lookups, successor generation and the stored step graph.
void BM_RushExploreCluster(benchmark::State& state) {
    const RushPuzzle p = parse_rush(kBoards[state.range(0)]);
    const RushBoard steps = p.board.with_metric(RushMetric::Steps);
    RushCluster cluster;
    for (auto _ : state) {
        cluster.explore_labelled(steps, p.start, RushStepLabels{},
                                 [](RushState, std::uint32_t) { return true; });
        benchmark::DoNotOptimize(cluster.size());
    }
    state.counters["states/s"] = benchmark::Counter(static_cast<double>(cluster.size()),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_RushExploreCluster)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

// A fixed set of random legal boards: 12 to 16 pieces tried, 0 to 2 walls (clusters from a few
// states to tens of thousands, a few hundred to a few thousand on average).
const std::vector<std::string>& random_set() {
    static const std::vector<std::string> boards = [] {
        std::mt19937_64 rng(6);
        std::vector<std::string> out;
        for (int i = 0; i < 4000; ++i) out.push_back(random_rush_text(rng, 6, 12 + i % 5, i % 3));
        return out;
    }();
    return boards;
}

// The same path as `frontier rush grade`: parse, grade, in input order, per-worker graders.
void BM_RushGradeBatch(benchmark::State& state) {
    const auto& boards = random_set();
    const int threads = static_cast<int>(state.range(0));
    tbb::enumerable_thread_specific<RushGrader> graders;
    std::uint64_t states = 0;
    for (auto _ : state) {
        states = 0;
        std::size_t next = 0;
        run_with_threads(threads, [&] {
            ordered_batches<std::string, RushLineGrade>(
                4 * static_cast<std::size_t>(threads),
                [&](std::vector<std::string>& batch) {
                    while (batch.size() < 32 && next < boards.size())
                        batch.push_back(boards[next++]);
                    return next < boards.size();
                },
                [&](const std::string& in, RushLineGrade& out) {
                    out = grade_rush_line(graders.local(), in);
                },
                [&](const std::vector<std::string>&, const std::vector<RushLineGrade>& out) {
                    for (const auto& g : out) states += g.grade.cluster_size;
                });
        });
    }
    state.counters["puzzles/s"] = benchmark::Counter(static_cast<double>(boards.size()),
                                                     benchmark::Counter::kIsIterationInvariantRate);
    state.counters["states/s"] = benchmark::Counter(static_cast<double>(states),
                                                    benchmark::Counter::kIsIterationInvariantRate);
    state.counters["states/puzzle"] = static_cast<double>(states) / boards.size();
}
BENCHMARK(BM_RushGradeBatch)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// The enumerator's candidate rate: a fixed sample of units of the wall-free 6 x 6 universe (53
// evenly spaced units), each candidate's cluster
// explored until a smaller state appears and the canonical ones judged, as `frontier rush
// enumerate` does it (per-worker census, units taken dynamically).
constexpr std::size_t kSampledUnits = 53;

void BM_RushEnumerateUnits(benchmark::State& state) {
    static const RushUniverse universe(6, 0);
    std::vector<std::size_t> units;
    const std::size_t step = universe.unit_count() / kSampledUnits;
    for (std::size_t k = 0; k < kSampledUnits; ++k) units.push_back(step / 4 + k * step);
    const int threads = static_cast<int>(state.range(0));
    tbb::enumerable_thread_specific<RushCensus> censuses;
    std::vector<RushUnitResult> results(units.size());
    std::uint64_t candidates = 0, clusters = 0;
    for (auto _ : state) {
        run_with_threads(threads, [&] {
            parallel_for_dynamic(units.size(), [&](std::size_t i) {
                results[i] = run_rush_unit(universe, units[i], censuses.local());
            });
        });
        candidates = clusters = 0;
        for (const RushUnitResult& r : results) {
            candidates += r.counts.candidates;
            clusters += r.counts.clusters;
        }
    }
    state.counters["candidates/s"] = benchmark::Counter(
        static_cast<double>(candidates), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["candidates"] = static_cast<double>(candidates);
    state.counters["clusters"] = static_cast<double>(clusters);
    // The whole universe at this rate: the sample's time scaled by units in all / sampled.
    state.counters["universe_s"] = benchmark::Counter(
        static_cast<double>(kSampledUnits) / universe.unit_count(),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_RushEnumerateUnits)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kSecond);

}  // namespace
}  // namespace frontier
