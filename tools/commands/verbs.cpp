#include "tools/commands/verbs.hpp"

#include "tools/commands/enumerate.hpp"

namespace frontier::cli {

void declare_verbs(Registry& registry) {
    registry.declare("solve", "Solve one state: print the moves and the search counts.");
    registry.declare("solve-batch", "Solve every instance of a file and summarise (in parallel).");
    registry.declare("compare", "Run several algorithms on a file of states and tabulate them.");
    registry.declare("count", "Count the solutions of a combinatorial problem.");
    registry.declare("play", "Play a puzzle in the terminal with a live optimal-move coach.");
    registry.declare("enumerate",
                     "Count every state reachable from the goal, depth by depth (parallel BFS).",
                     "Every state reachable from the goal (or, for puzzles that count from their "
                     "start, from the\nstart) is visited once by the parallel layered BFS; "
                     "--out keeps the distance table.\n" +
                         enumerate_help());
}

}  // namespace frontier::cli
