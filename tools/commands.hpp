// One function per subcommand; each adds its options and its callback to the app.
#pragma once

#include <CLI/CLI.hpp>

namespace frontier::cli {

void add_enumerate_command(CLI::App& app);
void add_lookup_command(CLI::App& app);
void add_pdb_command(CLI::App& app);
void add_bench_command(CLI::App& app);
// `frontier rush ...`: the Rush Hour group; its subcommands register on the group.
void add_rush_command(CLI::App& app);
void add_rush_grade_command(CLI::App& rush);
void add_rush_generate_command(CLI::App& rush);
void add_rush_enumerate_command(CLI::App& rush);

}  // namespace frontier::cli
