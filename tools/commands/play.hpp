// `frontier play PUZZLE`: a puzzle in the terminal with a live optimal-move coach, or a scripted
// game when stdin is not a terminal (or --script is given). What every puzzle's play shares is
// here; each puzzle configures its own game (tools/puzzles/) on a play::Session.
//
// The game itself (moves, score, coach, keys) is in tools/play/, apart from the drawing
// (tools/play/terminal.cpp), so that tests drive it without a terminal.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "tools/cli/common.hpp"
#include "tools/play/session.hpp"

namespace frontier::cli {

struct PlayOptions {
    std::string script;
    bool json = false;
    std::uint64_t seed = 0;
    bool no_reflection = false;
};

// True when the game is scripted (no terminal interface).
bool scripted(const CLI::App& cmd);
// The final facts of a game as one JSON object.
Json facts_json(const std::string& domain, const play::Session& s);
// Plays the session in the terminal, or replays the script (--script, else stdin), then prints
// the final status line (or the JSON facts).
void play_session(play::Session& s, const std::string& domain, const CLI::App& cmd,
                  const PlayOptions& o);
// --script, --seed and --json.
void add_play_options(CLI::App& cmd, PlayOptions& o);
// --seed's value, or a random seed when none was given.
std::uint64_t resolve_seed(const CLI::App& cmd, const PlayOptions& o);

}  // namespace frontier::cli
