// `frontier bench`: fixed workloads timed across thread counts (the one command that names
// puzzles: its workload list is fixed).
#pragma once

#include <CLI/CLI.hpp>

namespace frontier::cli {

void add_bench_command(CLI::App& app);

}  // namespace frontier::cli
