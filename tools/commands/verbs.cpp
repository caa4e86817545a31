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
                     "Visit every state reachable from the goal (or, for puzzles that count from "
                     "their start, from the start) by parallel layered BFS and print the number "
                     "of states at each depth.",
                     enumerate_help());
}

}  // namespace frontier::cli
