// `frontier rush grade | generate | enumerate`: Rush Hour's own verbs, in bulk. Each adds its
// subcommand to the `rush` group (tools/puzzles/rush.cpp creates the group).
#pragma once

#include <CLI/CLI.hpp>

namespace frontier::cli {

void install_rush_grade(CLI::App& rush);
void install_rush_generate(CLI::App& rush);
void install_rush_enumerate(CLI::App& rush);

}  // namespace frontier::cli
