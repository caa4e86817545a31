// Commands whose arguments depend on the domain: `frontier solve DOMAIN ...`,
// `frontier count queens N`, `frontier solve-batch sudoku FILE`, `frontier compare rush FILE`.
//
// The first argument after the command names the domain. Each family of domains registers a
// DomainHandler per command; the handler that accepts the name builds the rest of the command
// line (its own options, help text and callback) on a fresh CLI::App, so the sliding-tile solver
// and the Sudoku solver never share an option list. `frontier solve --help` lists every domain;
// `frontier solve sudoku --help` shows that handler's options.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace frontier::cli {

struct DomainHandler {
    std::string domains;                                 // names for help: "sudoku"
    std::function<bool(std::string_view name)> accepts;  // does this handler take the name?
    // Adds options and a callback to `cmd`, whose name is "frontier COMMAND DOMAIN".
    std::function<void(CLI::App& cmd, const std::string& domain)> configure;
};

class DomainCommands {
  public:
    // Declares a command (once) with its one-line description.
    void declare(const std::string& command, const std::string& description);
    // Adds a handler to a declared command.
    void add(const std::string& command, DomainHandler handler);
    // Creates the subcommands on the app.
    void install(CLI::App& app);

  private:
    struct Command {
        std::string name, description;
        std::vector<DomainHandler> handlers;
    };
    Command& find(const std::string& command);
    std::vector<Command> commands_;
};

// Thrown to end the program early with an exit code after printing (nested --help).
struct ExitRequest {
    int code;
};

// Accepts exactly one of the given names.
std::function<bool(std::string_view)> accept_names(std::vector<std::string> names);

// The registration functions of each domain family (one per tools/*_commands.cpp).
void add_sliding_commands(DomainCommands& commands);
void add_puzzle_commands(DomainCommands& commands);  // queens, sudoku, cryptarithm, qubic
void add_rush_commands(DomainCommands& commands);
void add_pocket_cube_commands(DomainCommands& commands);
void add_peg_solitaire_commands(DomainCommands& commands);
void add_sliding_blocks_commands(DomainCommands& commands);
void add_play_commands(DomainCommands& commands);  // play: the terminal game

}  // namespace frontier::cli
