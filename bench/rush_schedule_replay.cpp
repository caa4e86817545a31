// frontier_schedule_replay: how well the unit runner's schedule (engine/units/run.hpp: biggest
// first by candidate count, batches that shrink as the work runs out) would spread the Rush Hour
// census over many workers, replayed on measured unit costs.
//
//   frontier_schedule_replay --measure FILE [--threads N] [--part K/N]
//       runs the 200 evenly spaced units of the 6 x 6 universe with at most two walls (unit
//       87 + 350 k of 70,140; with --part, the k with k % N == K, for processes side by side)
//       and writes "unit candidates seconds" per line to FILE;
//   frontier_schedule_replay FILE
//       replays the policy on those costs for 8, 16 and 64 single-thread workers and prints the
//       makespan against the ideal (total work / workers, or the largest unit if longer).
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
#include <frontier/engine/units/run.hpp>

namespace {

using namespace frontier;

constexpr std::size_t kSample = 200;

int measure(const std::string& path, int threads, const UnitShard& part) {
    const RushUniverse universe(6, 2);
    const std::size_t step = universe.unit_count() / kSample;
    std::vector<std::size_t> units;
    for (std::size_t k = 0; k < kSample; ++k)
        if (part.holds(k)) units.push_back(step / 4 + k * step);
    std::vector<RushUnitResult> results(units.size());
    tbb::enumerable_thread_specific<RushCensus> censuses(false);
    std::atomic<std::size_t> done{0};
    run_with_threads(threads, [&] {
        parallel_for_dynamic(units.size(), [&](std::size_t i) {
            results[i] = run_rush_unit(universe, units[i], censuses.local());
            std::fprintf(stderr, "\r%zu/%zu units", ++done, units.size());
        });
    });
    std::fprintf(stderr, "\n");
    std::ofstream out(path);
    out << "# unit candidates seconds (6x6, at most two walls, pruned census, " << threads
        << " threads)\n";
    for (std::size_t i = 0; i < units.size(); ++i)
        out << units[i] << ' ' << results[i].counts.candidates << ' ' << results[i].seconds << '\n';
    if (!out.flush()) {
        std::fprintf(stderr, "cannot write %s\n", path.c_str());
        return 1;
    }
    return 0;
}

int replay(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return 1;
    }
    std::vector<double> estimates, costs;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::size_t unit = 0;
        double candidates = 0, seconds = 0;
        if (std::sscanf(line.c_str(), "%zu %lf %lf", &unit, &candidates, &seconds) != 3) {
            std::fprintf(stderr, "%s: bad line: %s\n", path.c_str(), line.c_str());
            return 1;
        }
        estimates.push_back(candidates);
        costs.push_back(seconds);
    }
    std::vector<std::size_t> units(costs.size());
    for (std::size_t i = 0; i < units.size(); ++i) units[i] = i;
    const std::vector<std::size_t> order = unit_schedule(units, estimates);
    double total = 0, largest = 0;
    for (const double c : costs) total += c, largest = std::max(largest, c);
    std::printf("%zu units, %.1f s of work, largest %.1f s\n", costs.size(), total, largest);
    std::printf("workers  makespan  ideal  ratio  (index order: makespan ratio)\n");
    for (const int workers : {8, 16, 64}) {
        const double ideal = std::max(total / workers, largest);
        const double span = replay_makespan(order, estimates, costs, workers);
        const double plain = replay_makespan(units, estimates, costs, workers);
        std::printf("%7d  %8.1f  %5.1f  %5.3f  (%.1f %.3f)\n", workers, span, ideal, span / ideal,
                    plain, plain / ideal);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() >= 2 && args[0] == "--measure") {
        int threads = 0;
        UnitShard part;
        for (std::size_t i = 2; i + 1 < args.size(); i += 2) {
            if (args[i] == "--threads") threads = std::atoi(args[i + 1].c_str());
            if (args[i] == "--part") part = parse_unit_shard(args[i + 1], "--part");
        }
        return measure(args[1], threads, part);
    }
    if (args.size() == 1 && args[0][0] != '-') return replay(args[0]);
    std::fprintf(stderr,
                 "usage: frontier_schedule_replay --measure FILE [--threads N] [--part K/N]\n"
                 "       frontier_schedule_replay FILE\n");
    return 2;
}
