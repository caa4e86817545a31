// HDA* on a fixed set of Korf's 15-puzzle instances with linear conflict: thread sweep (1, 2, 4
// ... up to the core count), Zobrist vs abstract Zobrist ownership, and sequential A* on the same
// set as the baseline. Real time. Counters: expansions per second, time per instance, fraction
// of generated nodes sent to another owner, load balance (max/mean expansions per worker).
// Run: build/bench/frontier_bench --benchmark_filter='HdaStar|SequentialAStar'
#include <array>
#include <string>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>

#include <frontier/domains/sliding/korf_sample.hpp>
#include <frontier/domains/sliding/sliding_hash.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/hdastar.hpp>

namespace frontier {
namespace {

struct Set {
    SlidingTiles d{4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")};
    LinearConflict<SlidingTiles> h{d};
    std::vector<TileState> starts;
    template <class Texts>
    explicit Set(const Texts& texts) {
        for (const char* s : texts) starts.push_back(parse_solvable(d, s));
    }
};

const Set& set() {
    static const Set s(kKorfHdaSample);
    return s;
}
const Set& mid_set() {
    static const Set s(kKorfHdaMidSample);
    return s;
}

// Args: threads, azh (else Zobrist), layer gate, mid-sized set (else the quick one).
void BM_HdaStar(benchmark::State& state) {
    const Set& s = state.range(3) ? mid_set() : set();
    const auto z = make_hda_hasher(s.d, state.range(1) ? HdaHash::azh : HdaHash::zobrist);
    HdaOptions o;
    o.threads = static_cast<int>(state.range(0));
    o.layer_gate = state.range(2) != 0;
    std::uint64_t expanded = 0, generated = 0, sent = 0;
    double balance = 0;
    for (auto _ : state) {
        for (const TileState& start : s.starts) {
            const auto r = hda_star(s.d, start, s.h, z, o);
            if (!r.solved()) state.SkipWithError("not solved");
            expanded += r.stats.expanded;
            generated += r.stats.generated;
            sent += r.sent;
            balance += r.load_balance();
        }
    }
    const double runs = static_cast<double>(state.iterations() * s.starts.size());
    state.SetLabel(std::string(state.range(1) ? "azh" : "zobrist") +
                   (state.range(2) ? "" : ", no layer gate") +
                   (state.range(3) ? ", mid-sized" : ""));
    state.counters["expanded/s"] =
        benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
    state.counters["s/instance"] = benchmark::Counter(
        runs / state.iterations(),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["sent"] = static_cast<double>(sent) / static_cast<double>(generated);
    state.counters["balance"] = balance / runs;
}

void BM_SequentialAStar(benchmark::State& state) {
    const Set& s = set();
    std::uint64_t expanded = 0;
    for (auto _ : state)
        for (const TileState& start : s.starts) expanded += astar(s.d, start, s.h).stats.expanded;
    state.counters["expanded/s"] =
        benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
    state.counters["s/instance"] = benchmark::Counter(
        static_cast<double>(s.starts.size()),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The quick set with both hashes, then the mid-sized set with AZH, with and without the gate.
void thread_and_hash_sweep(benchmark::internal::Benchmark* b) {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    // {azh, gate, mid} per sweep.
    for (const auto& [hash, gate, mid] : {std::array{0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {1, 0, 1}}) {
        for (int t = 1; t < cores; t *= 2) b->Args({t, hash, gate, mid});
        b->Args({cores, hash, gate, mid});
    }
}

BENCHMARK(BM_SequentialAStar)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
BENCHMARK(BM_HdaStar)
    ->Apply(thread_and_hash_sweep)
    ->ArgNames({"threads", "azh", "gate", "mid"})
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
}  // namespace frontier
