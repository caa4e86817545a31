// The numbers behind `frontier bench`: repeated timings of a workload at several thread counts,
// reduced to medians and spreads, and written as a terminal table, CSV, JSON, markdown and an SVG
// plot (tools/cli/svg.hpp). Kept apart from the workloads themselves so it can be tested on made-up
// runs.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace frontier::cli {

// One timed run of a workload.
struct BenchRun {
    double seconds = 0;
    double work = 0;  // units done (states, nodes, puzzles, solutions counted ...)
};

// What else the machine did while a point was measured. The load average (1 minute) is what
// `uptime` shows, but it lags and counts the benchmark's own threads; the CPU time of other
// processes (all CPUs' busy time in /proc/stat minus this process's own) is what tells whether a
// speedup was measured on a shared machine.
struct CpuSample {
    double wall = 0, busy = 0, self = 0;  // seconds: since some epoch, all CPUs busy, this process
    double load_average = 0;
};
CpuSample sample_cpu();

struct BenchLoad {
    double load_before = 0, load_after = 0;
    double other_cores = -1;  // other processes' mean CPU use, in cores; -1: too short to tell
};
BenchLoad load_between(const CpuSample& before, const CpuSample& after);

// Other processes using more than this many cores on average make a point "busy": its speedup
// is then marked and the report warns. A quarter core is well above an idle machine's noise
// (daemons, the terminal) and well below what a compile or a second benchmark takes.
constexpr double kBusyCores = 0.25;

// All runs of one workload at one thread count, and what they reduce to.
struct BenchPoint {
    std::string workload;
    std::string unit;  // "states/s", "expanded/s", ...
    int threads = 0;
    bool oversubscribed = false;
    std::vector<BenchRun> runs;
    nlohmann::ordered_json extra;  // workload-specific numbers (sent fraction, ...)
    BenchLoad load;

    bool busy() const { return load.other_cores > kBusyCores; }

    double median_seconds() const;
    double min_seconds() const;
    double max_seconds() const;
    double rate() const;  // work of the median run / its seconds
};

// Speedup of a point over the same workload's 1-thread point (0 if there is none).
double speedup(const std::vector<BenchPoint>& points, const BenchPoint& p);

// What the report says about the machine it ran on.
nlohmann::ordered_json machine_description(const std::string& build_type);

void print_bench_table(const std::vector<BenchPoint>& points);
std::string bench_csv(const std::vector<BenchPoint>& points);
nlohmann::ordered_json bench_json(const std::vector<BenchPoint>& points,
                                  const nlohmann::ordered_json& machine);
std::string bench_markdown(const std::vector<BenchPoint>& points,
                           const nlohmann::ordered_json& machine, const std::string& command);
// "" on a quiet machine; else a one-line warning naming the busy points' count and the worst.
std::string busy_warning(const std::vector<BenchPoint>& points);
// One small panel per workload: speedup against threads, the median run's as points, the fastest
// to slowest run's as bars, the ideal line dashed (efficiency is in the tables). The caption names
// the machine (cpu, cores) and the date, and carries busy_warning.
std::string speedup_svg(const std::vector<BenchPoint>& points,
                        const nlohmann::ordered_json& machine);

}  // namespace frontier::cli
