// Full enumerations of the pocket cube (perfect-hash layered BFS), peg solitaire (bitmap BFS) and
// the sliding-block classics (hash-set BFS), at 1 and 2 threads.
// Run: build/bench/frontier_bench --benchmark_filter='PocketCube|Peg|Blocks'
// The full peg-solitaire counts take minutes: select them with --benchmark_filter=PegFull.
#include <benchmark/benchmark.h>

#include <frontier/domains/peg_solitaire/peg_solitaire.hpp>
#include <frontier/domains/pocket_cube/pocket_cube.hpp>
#include <frontier/domains/sliding_blocks/sliding_blocks_io.hpp>
#include <frontier/engine/enumerate/bitmap_bfs.hpp>
#include <frontier/engine/enumerate/hash_bfs.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/symmetry.hpp>

namespace frontier {
namespace {

void per_second(benchmark::State& state, std::uint64_t states) {
    state.counters["states/s"] = benchmark::Counter(static_cast<double>(states),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}

void pocket_cube(benchmark::State& state, CubeMetric metric) {
    const PocketCube cube(metric);
    std::vector<std::uint8_t> table(cube.size());
    const CubeState goal = cube.goal();
    LayeredBfsOptions o;
    o.threads = static_cast<int>(state.range(0));
    for (auto _ : state) {
        const auto r = layered_bfs(cube, std::span<const CubeState>(&goal, 1),
                                   std::span<std::uint8_t>(table), o);
        benchmark::DoNotOptimize(r.reached);
    }
    per_second(state, cube.size());
}
void BM_PocketCubeHtm(benchmark::State& s) {
    pocket_cube(s, CubeMetric::Htm);
}
void BM_PocketCubeQtm(benchmark::State& s) {
    pocket_cube(s, CubeMetric::Qtm);
}

template <class D>
void peg(benchmark::State& state, const D& d, int max_depth) {
    const std::vector<PegState> roots = d.enumeration_roots();
    LayeredBfsOptions o;
    o.threads = static_cast<int>(state.range(0));
    o.max_depth = max_depth;
    std::uint64_t reached = 0;
    for (auto _ : state) {
        const auto r = layered_bitmap_bfs(d, std::span<const PegState>(roots), o);
        reached = r.reached;
    }
    state.counters["reached"] = static_cast<double>(reached);
    per_second(state, reached);
}
// The first 16 jumps of the English game: 76.5 million boards, the dense middle still to come.
void BM_PegDepth16(benchmark::State& s) {
    peg(s, PegSolitaire(), 16);
}
void BM_PegFullSymmetry(benchmark::State& s) {
    peg(s, SymmetryReduced<PegSolitaire>(PegSolitaire()), -1);
}
void BM_PegFull(benchmark::State& s) {
    peg(s, PegSolitaire(), -1);
}

void blocks(benchmark::State& state, const char* name) {
    const SlidingBlocks d = make_sliding_blocks(name, "", "", BlockMetric::Piece);
    const std::vector<BlockState> roots = d.enumeration_roots();
    HashBfsOptions o;
    o.threads = static_cast<int>(state.range(0));
    std::uint64_t reached = 0;
    for (auto _ : state)
        reached = layered_hash_bfs(d, std::span<const BlockState>(roots), o).reached;
    per_second(state, reached);
}
void BM_BlocksKlotski(benchmark::State& s) {
    blocks(s, "klotski");
}
void BM_BlocksDads(benchmark::State& s) {
    blocks(s, "dads-puzzle");
}

BENCHMARK(BM_PocketCubeHtm)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PocketCubeQtm)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PegDepth16)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_PegFullSymmetry)
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK(BM_PegFull)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_BlocksKlotski)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BlocksDads)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace frontier
