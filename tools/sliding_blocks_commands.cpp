// solve and compare for sliding-block puzzles (Klotski, Dad's Puzzle, any layout).
#include <variant>

#include "domains/sliding_blocks/sliding_blocks_heuristics.hpp"
#include "tools/domain_registry.hpp"
#include "tools/search_commands.hpp"

namespace frontier::cli {

void add_sliding_blocks_commands(DomainCommands& commands) {
    using BlockHeuristic = std::variant<ZeroHeuristic, BlockGoalDistance>;
    SearchFamily<SlidingBlocks, BlockHeuristic> family;
    family.domains = "klotski, dads-puzzle, sliding-blocks";
    family.accepts = is_sliding_blocks_name;
    family.make_domain = [](const std::string& name, const DomainOptions& options) {
        return std::get<SlidingBlocks>(make_domain(name, options));
    };
    family.make_heuristic = [](const SlidingBlocks& d, const std::string& name,
                               const SearchSwitches&) -> BlockHeuristic {
        if (name == "zero" || name == "none") return ZeroHeuristic{};
        if (name == "goal") return BlockGoalDistance(d);
        throw InputError("unknown heuristic \"" + name +
                         "\" for sliding blocks (known: zero, goal)");
    };
    family.heuristic_names = "zero, goal (the goal piece's distance in the metric, alone)";
    family.default_heuristic = "goal";
    family.default_algorithm = [](const SlidingBlocks&) { return std::string("astar"); };
    family.default_algorithm_help = "astar";
    family.compare_algorithms = "bfs,astar:zero,astar:goal";
    family.add_domain_options = [](CLI::App& cmd, DomainOptions& options) {
        cmd.add_option("--metric", options.metric,
                       "piece: a piece moving anywhere is one move (default, the classic "
                       "count); straight: one slide in one direction; steps: one cell");
        cmd.add_option("--layout", options.layout,
                       "sliding-blocks: the tray and pieces, a grid \"BAAC/BAAC/DEEF/DGHF/I..J\" "
                       "or a list \"4x5: A 2x2 b1, B 1x2 a1, ...\"");
    };
    family.default_start = [](const SlidingBlocks& d) { return d.start(); };
    family.solvability_known = false;  // no cheap test tells a blocked goal
    family.state_help =
        "Layouts: a grid, one character per cell, rows separated by '/': letters and digits are\n"
        "pieces (each a filled rectangle), . empty, # a wall; or a list \"WxH: A 2x2 b1, ...\"\n"
        "(label, size, top-left cell). Cells are like b4: column a.., row 1.. from the top.\n"
        "Goal: \"A at b4\" (the goal piece's top-left cell). Built in: klotski (goal A at b4,\n"
        "81 moves), dads-puzzle (goal A at a4, 59 moves). The state argument is another start\n"
        "grid with the same pieces; pieces of one size are interchangeable.";
    add_search_commands(commands, std::move(family));
}

}  // namespace frontier::cli
