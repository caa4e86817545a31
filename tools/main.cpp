// frontier: the command-line program. It parses, calls the engine and prints; see --help.
#include <iostream>
#include <new>

#include "engine/error.hpp"
#include "tools/cli_common.hpp"
#include "tools/commands.hpp"
#include "tools/domain_commands.hpp"

namespace {

bool has_subcommand(const CLI::App& app, const std::string& name) {
    for (const CLI::App* sub : app.get_subcommands({}))
        if (sub->check_name(name)) return true;
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "Frontier: exact parallel exhaustive search for puzzles.\n"
        "Run 'frontier COMMAND --help' for a command's arguments, formats and defaults.",
        "frontier"};
    app.require_subcommand(1);
    app.fallthrough(false);
    frontier::cli::add_enumerate_command(app);
    frontier::cli::add_lookup_command(app);
    frontier::cli::add_pdb_command(app);
    frontier::cli::add_bench_command(app);
    frontier::cli::add_rush_command(app);
    frontier::cli::DomainCommands domain_commands;
    domain_commands.declare("solve", "Solve one state: print the moves and the search counts.");
    domain_commands.declare("solve-batch",
                            "Solve every instance of a file and summarise (in parallel).");
    domain_commands.declare("compare",
                            "Run several algorithms on a file of states and tabulate them.");
    domain_commands.declare("count", "Count the solutions of a combinatorial problem.");
    domain_commands.declare("play",
                            "Play a puzzle in the terminal with a live optimal-move coach.");
    frontier::cli::add_sliding_commands(domain_commands);
    frontier::cli::add_puzzle_commands(domain_commands);
    frontier::cli::add_rush_commands(domain_commands);
    frontier::cli::add_pocket_cube_commands(domain_commands);
    frontier::cli::add_peg_solitaire_commands(domain_commands);
    frontier::cli::add_sliding_blocks_commands(domain_commands);
    frontier::cli::add_play_commands(domain_commands);
    domain_commands.install(app);
    frontier::cli::use_decimal_numbers(app);
    try {
        if (argc > 1 && argv[1][0] != '-' && !has_subcommand(app, argv[1])) {
            std::string known;
            for (const CLI::App* sub : app.get_subcommands({}))
                known += (known.empty() ? "" : ", ") + sub->get_name();
            throw frontier::InputError("unknown command '" + std::string(argv[1]) +
                                       "' (commands: " + known + ")");
        }
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);
        std::cerr << "frontier: error: " << e.what() << " (see frontier --help)\n";
        return 2;
    } catch (const frontier::cli::ExitRequest& e) {
        return e.code;
    } catch (const frontier::InputError& e) {
        std::cerr << "frontier: error: " << e.what() << '\n';
        return e.exit_code();
    } catch (const std::bad_alloc&) {
        std::cerr << "frontier: error: out of memory\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "frontier: error: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
