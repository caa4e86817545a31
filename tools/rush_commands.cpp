// Rush Hour commands: solve and compare (through add_search_commands), and the `frontier rush`
// command group, whose subcommands live in their own cmd_rush_*.cpp files.
#include <variant>

#include "domains/rush/rush_hash.hpp"
#include "domains/rush/rush_heuristics.hpp"
#include "domains/rush/rush_io.hpp"
#include "tools/commands.hpp"
#include "tools/search_commands.hpp"

namespace frontier::cli {

namespace {

using RushHeuristicChoice = std::variant<ZeroHeuristic, RushH1, RushH2, RushH3>;

RushHeuristicChoice make_rush_heuristic(const RushBoard& board, const std::string& name,
                                        const SearchSwitches&) {
    if (name == "h0" || name == "zero") return ZeroHeuristic{};
    if (name == "h1") return RushH1(board);
    if (name == "h2") return RushH2(board);
    if (name == "h3") return RushH3(board);
    throw InputError("unknown heuristic \"" + name + "\" for rush (known: h0, h1, h2, h3)");
}

}  // namespace

void add_rush_commands(DomainCommands& commands) {
    SearchFamily<RushBoard, RushHeuristicChoice> family;
    family.domains = "rush";
    family.accepts = accept_names({"rush"});
    family.make_domain = [](const std::string&, const DomainOptions&) -> RushBoard {
        throw std::logic_error("rush builds its domain from each board (make_instance)");
    };
    family.make_instance = [](const std::string& text, const DomainOptions& options) {
        const RushPuzzle p = parse_rush(text, parse_metric(options.metric));
        return std::pair<RushBoard, RushState>{p.board, p.start};
    };
    family.add_domain_options = [](CLI::App& cmd, DomainOptions& options) {
        options.metric = "moves";
        cmd.add_option("--metric", options.metric,
                       "moves (a slide of any length counts 1) or steps (every cell slid counts "
                       "1) (default: moves)");
    };
    family.unsolvable_is_result = true;
    family.make_heuristic = make_rush_heuristic;
    family.heuristic_names =
        "h0 (zero), h1 (primary's distance), h2 (h1 + blockers), h3 (h2 + blockers' blockers)";
    family.default_heuristic = "h3";
    family.default_algorithm = [](const RushBoard&) { return std::string("astar"); };
    family.compare_algorithms = "bfs,astar:h0,astar:h1,astar:h2,astar:h3";
    family.state_help =
        "Boards: the cells row by row in one string, 36 characters for 6x6 (9 to 64 for 3x3 to\n"
        "8x8): o or . empty, x a wall, A the primary car (horizontal, 2 cells, in the exit row,\n"
        "index 2 on 6x6), other capital letters pieces of 2 or 3 cells; e.g.\n"
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM. Database lines \"MOVES BOARD CLUSTER_SIZE\" are\n"
        "accepted too. Moves print as letter, direction (L R U D), cells: AR2. An unsolvable\n"
        "board is reported with its cluster size (exit 1).";
    add_search_commands(commands, std::move(family));
}

void add_rush_command(CLI::App& app) {
    CLI::App* rush = app.add_subcommand("rush",
                                        "Rush Hour in bulk: grade, generate and enumerate puzzles "
                                        "(see 'frontier rush COMMAND --help'); solve and compare "
                                        "take 'rush' as domain.");
    rush->require_subcommand(1);
    add_rush_grade_command(*rush);
    add_rush_generate_command(*rush);
    add_rush_enumerate_command(*rush);
}

}  // namespace frontier::cli
