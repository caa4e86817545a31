// The verbs of the command line that no single puzzle owns: declared here with their help, then
// filled in by the puzzles (tools/puzzles/registry.hpp).
#pragma once

#include <CLI/CLI.hpp>

#include "tools/cli/dispatch.hpp"

namespace frontier::cli {

// Declares solve, solve-batch, compare, count, play and enumerate on the registry.
void declare_verbs(Registry& registry);
// `frontier lookup FILE [STATES]` (commands/lookup.cpp): the file's header picks the reader.
void add_lookup_command(CLI::App& app, const Registry& registry);

}  // namespace frontier::cli
