// frontier_census_sample: the Rush Hour census's cost on a fixed sample of a universe's units,
// and what it projects for the whole universe, per packed layout (the universe's size in the
// public enumerator's terms: every cluster's minimum, RushCandidates::Packed).
//
//   frontier_census_sample [--size S] [--walls W] [--units K] [--candidates goal|packed]
//                          [--threads N] [--lines FILE] [--layouts K/N]
//
// Runs the K evenly spaced units (unit step / 4 + k * step, step = units / K; default 200) of the
// universe with those candidates (default goal: the census of `frontier rush enumerate`), pruned
// by layout, and prints the sample's candidates, kept lines, wall and summed unit seconds, the
// microseconds per candidate, then counts every candidate of both kinds in the universe (quick:
// no cluster is explored) and projects the summed unit seconds to the whole universe by
// candidates, divided by its packed layouts. With --lines, the kept lines (sorted) go to FILE.
// Units are very uneven, so samples of units project with a wide error. --layouts K/N instead runs
// every unit but only the candidates whose layout (walls, each piece's direction, line and length:
// the same in every state of a cluster) hashes to K modulo N: a fixed set of whole clusters, the
// same for both kinds of candidates, so both give the same lines and their times compare exactly.
// A class's time is no projection of the universe: it includes enumerating (and hashing) every
// candidate of the universe, most of that time on 6 x 6 with walls.
// Not Google Benchmark: one run of the 6 x 6 sample takes minutes.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <tbb/enumerable_thread_specific.h>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>

namespace {

using namespace frontier;

struct Options {
    int size = 6, walls = 2, threads = 0;
    std::size_t units = 200;
    std::uint64_t layout_part = 0, layout_parts = 0;  // --layouts K/N (0: by units)
    RushCandidates candidates = RushCandidates::Goal;
    std::string lines;
};

std::uint64_t count_all(const RushUniverse& u) {
    std::atomic<std::uint64_t> total{0};
    parallel_for_dynamic(u.unit_count(),
                         [&](std::size_t unit) { total += u.count_candidates(unit); });
    return total;
}

// A board's layout (its walls and each piece's direction, line and length), hashed without
// regard to the pieces' order: the same for every state of a cluster, and for both kinds of
// candidates.
std::uint64_t layout_hash(const RushBoard& board) {
    auto mix = [](std::uint64_t x) {
        x += 0x9e3779b97f4a7c15ull;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    };
    std::uint64_t h = mix(board.walls());
    for (int p = 0; p < board.piece_count(); ++p) {
        const RushPiece& pc = board.piece(p);
        h += mix(std::uint64_t{1} << 40 | std::uint64_t(pc.vertical) << 16 |
                 std::uint64_t(pc.line) << 8 | pc.length);
    }
    return mix(h);
}

// With --layouts: every unit, only the candidates of the layout class.
RushUnitResult run_layout_class(const Options& o, const RushUniverse& universe, std::size_t unit,
                                RushCensus& census) {
    Stopwatch clock;
    RushUnitResult r;
    RushDbEntry entry;
    universe.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
        if (layout_hash(board) % o.layout_parts != o.layout_part) return;
        if (census.process(board, s, entry, r.counts) == RushVerdict::Kept)
            r.entries.push_back(std::move(entry));
    });
    r.seconds = clock.seconds();
    return r;
}

int run(const Options& o) {
    const RushUniverse universe(o.size, o.walls, o.candidates);
    const std::size_t step = std::max<std::size_t>(universe.unit_count() / o.units, 1);
    std::vector<std::size_t> units;
    if (o.layout_parts > 0)
        for (std::size_t u = 0; u < universe.unit_count(); ++u) units.push_back(u);
    else
        for (std::size_t k = 0; k < o.units && step / 4 + k * step < universe.unit_count(); ++k)
            units.push_back(step / 4 + k * step);
    tbb::enumerable_thread_specific<RushCensus> censuses(false, o.candidates);
    RushTally tally;
    std::vector<RushUnitResult> results(units.size());
    std::atomic<std::size_t> done{0};
    Stopwatch clock;
    run_with_threads(o.threads, [&] {
        parallel_for_dynamic(units.size(), [&](std::size_t i) {
            results[i] = o.layout_parts > 0
                             ? run_layout_class(o, universe, units[i], censuses.local())
                             : run_rush_unit(universe, units[i], censuses.local());
            std::fprintf(stderr, "\r%zu/%zu units", ++done, units.size());
        });
    });
    const double wall = clock.seconds();
    for (RushUnitResult& r : results) tally.add(std::move(r));
    const RushCensusCounts& c = tally.counts;
    std::printf("\n%dx%d, at most %d walls, %s candidates: %zu of %zu units, threads %d\n", o.size,
                o.size, o.walls, o.candidates == RushCandidates::Goal ? "goal" : "packed",
                units.size(), universe.unit_count(), o.threads);
    std::printf("candidates %llu, pruned %llu, clusters explored %llu, states %llu, kept %llu\n",
                static_cast<unsigned long long>(c.candidates),
                static_cast<unsigned long long>(c.pruned),
                static_cast<unsigned long long>(c.clusters),
                static_cast<unsigned long long>(c.states), static_cast<unsigned long long>(c.kept));
    std::printf("wall %.1f s, unit seconds %.1f, %.3f us per candidate\n", wall, tally.unit_seconds,
                tally.unit_seconds * 1e6 / static_cast<double>(c.candidates));
    if (o.layout_parts > 0) {  // no projection: the class is the measure
        std::printf("layouts %llu/%llu: unit seconds (enumeration included) %.1f\n",
                    static_cast<unsigned long long>(o.layout_part),
                    static_cast<unsigned long long>(o.layout_parts), tally.unit_seconds);
    }
    if (!o.lines.empty()) {
        std::ofstream out(o.lines);
        out << tally.database();
        if (!out.flush()) {
            std::fprintf(stderr, "cannot write %s\n", o.lines.c_str());
            return 1;
        }
    }
    if (o.layout_parts > 0) return 0;
    run_with_threads(o.threads, [&] {
        const std::uint64_t all = count_all(universe);
        const std::uint64_t packed =
            o.candidates == RushCandidates::Packed
                ? all
                : count_all(RushUniverse(o.size, o.walls, RushCandidates::Packed));
        const double projected =
            tally.unit_seconds * static_cast<double>(all) / static_cast<double>(c.candidates);
        std::printf("universe: %llu candidates of this kind, %llu packed layouts\n",
                    static_cast<unsigned long long>(all), static_cast<unsigned long long>(packed));
        std::printf("projection: %.0f CPU seconds, %.3f us per packed layout\n", projected,
                    projected * 1e6 / static_cast<double>(packed));
    });
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    const std::vector<std::string> args(argv + 1, argv + argc);
    for (std::size_t i = 0; i < args.size(); i += 2) {
        const char* value = i + 1 < args.size() ? args[i + 1].c_str() : nullptr;
        const std::string key = value ? args[i] : "";  // an option without its value: usage
        if (key == "--size")
            o.size = std::atoi(value);
        else if (key == "--walls")
            o.walls = std::atoi(value);
        else if (key == "--units")
            o.units = std::strtoull(value, nullptr, 10);
        else if (key == "--threads")
            o.threads = std::atoi(value);
        else if (key == "--layouts" &&
                 std::sscanf(value, "%llu/%llu",
                             reinterpret_cast<unsigned long long*>(&o.layout_part),
                             reinterpret_cast<unsigned long long*>(&o.layout_parts)) == 2 &&
                 o.layout_part < o.layout_parts)
            continue;
        else if (key == "--lines")
            o.lines = value;
        else if (key == "--candidates" && (args[i + 1] == "goal" || args[i + 1] == "packed"))
            o.candidates = args[i + 1] == "goal" ? RushCandidates::Goal : RushCandidates::Packed;
        else {
            std::fprintf(stderr,
                         "usage: frontier_census_sample [--size S] [--walls W] [--units K] "
                         "[--candidates goal|packed] [--threads N] [--lines FILE] "
                         "[--layouts K/N]\n");
            return 2;
        }
    }
    if (o.units == 0) o.units = 1;
    try {
        return run(o);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "frontier_census_sample: %s\n", e.what());
        return 2;
    }
}
