#include "tools/commands/verbs.hpp"

#include "tools/cli/help_format.hpp"
#include "tools/commands/enumerate.hpp"

namespace frontier::cli {

void declare_verbs(Registry& registry) {
    registry.declare(
        "solve", "PUZZLE STATE [OPTIONS]",
        "Solve one state: print the moves and the search counts.",
        examples_block({"frontier solve 8puzzle '8 6 7 2 5 4 3 _ 1'", "frontier solve queens 8",
                        "frontier solve rush IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM --json"}));
    registry.declare("solve-batch", "PUZZLE FILE [OPTIONS]",
                     "Solve every instance of a file and summarise (in parallel).",
                     examples_block({"frontier solve-batch sudoku ../shared/data/sudoku.tsv",
                                     "printf '1 2 3 4 5 6 _ 7 8\\n8 6 7 2 5 4 3 _ 1\\n' | frontier "
                                     "solve-batch 8puzzle - --format tsv"}));
    registry.declare("compare", "PUZZLE FILE [OPTIONS]",
                     "Run several algorithms on a file of states and tabulate them.",
                     examples_block({"echo '1 2 3 4 5 6 _ 7 8' | frontier compare 8puzzle -",
                                     "frontier compare sudoku ../shared/data/sudoku.tsv"}));
    registry.declare("count", "PUZZLE ARGUMENTS [OPTIONS]",
                     "Count the solutions of a combinatorial problem.",
                     examples_block({"frontier count queens 10"}));
    registry.declare("play", "PUZZLE [OPTIONS]",
                     "Play a puzzle in the terminal with a live optimal-move coach.",
                     examples_block({"frontier play 8puzzle --start '1 2 3 4 5 6 _ 7 8' "
                                     "--script 'R R'"}));
    registry.declare("enumerate", "PUZZLE [OPTIONS]",
                     "Count every state reachable from the goal, depth by depth (parallel BFS).",
                     "Every state reachable from the goal (or, for puzzles that count from their "
                     "start, from the\nstart) is visited once by the parallel layered BFS; "
                     "--out keeps the distance table.\n" +
                         enumerate_help() +
                         examples_block({"frontier enumerate 8puzzle",
                                         "frontier enumerate sliding:2x4 --two-bit --out 2x4.2bit",
                                         "frontier enumerate hanoi:6 --out hanoi6.table"}));
}

}  // namespace frontier::cli
