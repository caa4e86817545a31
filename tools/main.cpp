// frontier: the command-line program. It parses, calls the engine and prints; see --help.
#include <algorithm>
#include <iostream>
#include <new>

#include <frontier/engine/error.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/cpu_check.hpp"
#include "tools/cli/dispatch.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/cli/stream.hpp"
#include "tools/commands/bench.hpp"
#include "tools/commands/completions.hpp"
#include "tools/commands/verbs.hpp"
#include "tools/puzzles/registry.hpp"

namespace {

int run(int argc, char** argv) {
    CLI::App app{
        "Frontier: exact parallel exhaustive search for puzzles.\n"
        "Run 'frontier COMMAND --help' (or 'frontier help COMMAND') for a command's arguments,\n"
        "formats and defaults. Exit status: 0 done, 1 no solution (or a check failed), 2 bad\n"
        "input, 3 out of memory or an internal error.",
        "frontier"};
    frontier::cli::use_help_formatter(app);
    app.require_subcommand(1);
    app.fallthrough(false);
    using namespace frontier::cli;
    Registry registry;
    declare_verbs(registry);
    register_puzzles(registry);
    registry.install(app);
    add_lookup_command(app, registry);
    add_bench_command(app);
    add_documentation_commands(app, registry);
    use_decimal_numbers(app);
    app.set_version_flag("--version,-V", std::string("frontier ") + FRONTIER_VERSION + " (commit " +
                                             FRONTIER_COMMIT + ", " + FRONTIER_BUILD_TYPE +
                                             " build)");
    // `frontier help [COMMAND [PUZZLE]]` is `frontier [COMMAND [PUZZLE]] --help`.
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args.front() == "help") {
        args.erase(args.begin());
        args.push_back("--help");
    }
    if (args.empty()) {  // bare `frontier`: the usage, as --help prints it
        std::cout << app.help();
        return 0;
    }
    try {
        check_command_words(app, args);
        std::reverse(args.begin(), args.end());  // CLI11 consumes the vector from the back
        app.parse(args);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);
        std::cerr << "frontier: error: " << one_line(e.what()) << " (see "
                  << parsed_command_path(app) << " --help)\n";
        return 2;
    } catch (const ExitRequest& e) {
        return e.code;
    } catch (const frontier::InputError& e) {
        std::cerr << "frontier: error: " << one_line(e.what()) << '\n';
        return e.exit_code();
    } catch (const std::bad_alloc&) {
        std::cerr << "frontier: error: out of memory (the search or table outgrew the memory "
                     "this process may use)\n";
        return kExitResource;
    } catch (const std::exception& e) {
        std::cerr << "frontier: error: internal error: " << one_line(e.what()) << '\n';
        return kExitResource;
    }
    return 0;
}

}  // namespace

// Every way out of run() passes through close_stdout(), so output that could not be written
// (a full disk, /dev/full) turns any status into an error, never into a success.
int main(int argc, char** argv) {
    frontier::cli::check_cpu_or_exit(frontier::cli::compiled_cpu_features());
    return frontier::cli::close_stdout(run(argc, argv));
}
