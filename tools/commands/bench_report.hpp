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

// All runs of one workload at one thread count, and what they reduce to.
struct BenchPoint {
    std::string workload;
    std::string unit;  // "states/s", "expanded/s", ...
    int threads = 0;
    bool oversubscribed = false;
    std::vector<BenchRun> runs;
    nlohmann::ordered_json extra;  // workload-specific numbers (sent fraction, ...)

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
// One small panel per workload and measure (speedup and efficiency against threads, with the
// ideal line dashed); the caption names the machine (cpu, cores) and the date.
std::string speedup_svg(const std::vector<BenchPoint>& points,
                        const nlohmann::ordered_json& machine);

}  // namespace frontier::cli
