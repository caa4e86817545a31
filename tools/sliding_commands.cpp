// solve and compare for sliding-tile puzzles.
#include <variant>

#include "domains/sliding/sliding_heuristics.hpp"
#include "domains/sliding/sliding_io.hpp"
#include "tools/search_commands.hpp"

namespace frontier::cli {

namespace {

using SlidingHeuristic = std::variant<ZeroHeuristic, MisplacedTiles, Manhattan, LinearConflict>;

SlidingHeuristic make_sliding_heuristic(const SlidingTiles& d, const std::string& name) {
    if (name == "zero" || name == "none") return ZeroHeuristic{};
    if (name == "misplaced") return MisplacedTiles(d);
    if (name == "manhattan") return Manhattan(d);
    if (name == "linear-conflict" || name == "lc") return LinearConflict(d);
    throw InputError("unknown heuristic \"" + name +
                     "\" for sliding tiles (known: zero, misplaced, manhattan, linear-conflict)");
}

}  // namespace

void add_sliding_commands(DomainCommands& commands) {
    SearchFamily<SlidingTiles, SlidingHeuristic> family;
    family.domains = "8puzzle, 15puzzle, sliding:RxC";
    family.accepts = [](std::string_view n) {
        return n == "8puzzle" || n == "15puzzle" || n.starts_with("sliding:");
    };
    family.make_domain = [](const std::string& name, const DomainOptions& options) {
        return make_sliding(parse_sliding_name(name), options.goal);
    };
    family.make_heuristic = make_sliding_heuristic;
    family.heuristic_names = "zero, misplaced, manhattan, linear-conflict (lc)";
    family.default_heuristic = "manhattan";
    family.default_algorithm = [](const SlidingTiles& d) {
        return d.cells() <= 12 ? std::string("astar") : std::string("idastar");
    };
    family.default_algorithm_help = "astar for small boards, idastar for large";
    family.compare_algorithms =
        "bfs,dfs,astar:misplaced,astar:manhattan,idastar:manhattan,greedy:manhattan";
    family.state_help =
        "States: tiles row by row, numbers separated by spaces or commas (rows may be separated\n"
        "by '/'), or one hex digit per cell (\"123456780\"); 0, _ or . is the blank. The default\n"
        "goal has the tiles in order and the blank last.";
    add_search_commands(commands, std::move(family));
}

}  // namespace frontier::cli
