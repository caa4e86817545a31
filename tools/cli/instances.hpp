// The instances of a batch file (solve-batch, compare): one state per line, or a TSV file whose
// header names the state column and, optionally, the id and expected-answer columns.
#pragma once

#include <string>
#include <vector>

namespace frontier::cli {

// One instance of a batch file.
struct Instance {
    int line = 0;          // 1-based line number in the file
    std::string id;        // the id column, or the line number
    std::string state;     // the state text
    std::string expected;  // the expected solution length column, when the file has one
    std::string solution;  // the expected solution column (solution, solution81), if any
};
// Reads instances from a file ('-' = stdin): either one state per line ('#' starts a comment
// line), or a TSV file with a header row naming a state column (tiles, state, board, board36,
// puzzle, puzzle81) and optionally id, optimal_length / optimal_moves and solution / solution81.
std::vector<Instance> read_instances(const std::string& path);

}  // namespace frontier::cli
