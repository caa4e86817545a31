/* tdoku's example program (example/solve.c) less its second solve: each puzzle's solution count
 * up to the limit and the solution found, in one pass, as `frontier solve-batch sudoku --count`
 * reports them. The example solves a puzzle with one solution a second time to print it, which
 * adds about half to tdoku's time when it counts to 2. Built against tdoku by
 * docs/bench/sudoku_vs_tdoku.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdoku.h"

int main(int argc, const char **argv) {
    size_t limit = argc > 1 ? (size_t)atoll(argv[1]) : 2;
    char *puzzle = NULL;
    char solution[81];
    size_t size = 0, guesses = 0;
    while (getline(&puzzle, &size, stdin) != -1) {
        if (strlen(puzzle) < 81 || puzzle[0] == '#') continue;
        solution[0] = '\0';
        size_t count = SolveSudoku(puzzle, limit, 0, solution, &guesses);
        printf("%.81s:%zu:%.81s\n", puzzle, count, count > 0 ? solution : "");
    }
    free(puzzle);
    return 0;
}
