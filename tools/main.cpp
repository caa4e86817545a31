// frontier: the command-line program. It parses, calls the engine and prints; see --help.
#include <iostream>
#include <new>

#include "engine/error.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/dispatch.hpp"
#include "tools/commands/bench.hpp"
#include "tools/commands/verbs.hpp"
#include "tools/puzzles/registry.hpp"

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
    using namespace frontier::cli;
    Registry registry;
    declare_verbs(registry);
    register_puzzles(registry);
    registry.install(app);
    add_lookup_command(app, registry);
    add_bench_command(app);
    use_decimal_numbers(app);
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
        std::cerr << "frontier: error: " << one_line(e.what()) << " (see frontier --help)\n";
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
