// solve and compare for peg solitaire.
#include <variant>

#include "tools/domain_registry.hpp"
#include "tools/search_commands.hpp"

namespace frontier::cli {

void add_peg_solitaire_commands(DomainCommands& commands) {
    using PegHeuristic = std::variant<ZeroHeuristic>;
    SearchFamily<PegSolitaire, PegHeuristic> family;
    family.domains = "peg-solitaire";
    family.accepts = accept_names({"peg-solitaire"});
    family.make_domain = [](const std::string& name, const DomainOptions& options) {
        return std::get<PegSolitaire>(make_domain(name, options));
    };
    family.make_heuristic = [](const PegSolitaire&, const std::string& name,
                               const SearchSwitches&) -> PegHeuristic {
        if (name == "zero" || name == "none") return ZeroHeuristic{};
        throw InputError("unknown heuristic \"" + name + "\" for peg-solitaire (known: zero)");
    };
    family.heuristic_names = "zero (every solution has the same number of jumps)";
    family.default_heuristic = "zero";
    // Depth-first search with the visited set as the memo of dead positions: every path to a
    // board has the same length, so the first solution found is as short as any.
    family.default_algorithm = [](const PegSolitaire&) { return std::string("dfs"); };
    family.default_algorithm_help = "dfs";
    family.compare_algorithms = "dfs";
    family.add_domain_options = [](CLI::App& cmd, DomainOptions& options) {
        cmd.add_option("--board", options.board,
                       "english (33 holes, default) or french (37 holes)");
    };
    family.default_start = [](const PegSolitaire& d) { return d.start(); };
    family.state_help =
        "Boards: one character per hole in reading order, x a peg and . an empty hole, rows\n"
        "optionally separated by '/' (English rows 3 3 7 7 7 3 3, French 3 5 7 7 7 5 3).\n"
        "Default problems: English, every hole filled but the centre, one peg left in the centre\n"
        "(31 jumps); French, d2 empty, one peg left on d6 (35 jumps). Jumps print as FROM-TO,\n"
        "columns a-g from the left, rows 1-7 from the top.";
    add_search_commands(commands, std::move(family));
}

}  // namespace frontier::cli
