// `frontier completions bash|zsh|fish` and `frontier man`: the shell completions and the manual
// page, generated from the command tree and the puzzle table the parser itself uses, so they
// offer exactly what the program accepts (commands at every depth, each verb's puzzles and the
// options its puzzles take). Both commands are hidden from --help; the build runs them and
// `cmake --install` installs their output (docs/reference/cli.md).
#pragma once

#include <CLI/CLI.hpp>

#include "tools/cli/dispatch.hpp"

namespace frontier::cli {

// Adds the two hidden commands; call after every other command is on `app`.
void add_documentation_commands(CLI::App& app, const Registry& registry);

}  // namespace frontier::cli
