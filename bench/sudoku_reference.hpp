// The benchmarks' reference Sudokus: the 16 puzzles of ../shared/data/sudoku.tsv (the
// FRONTIER_DATA_DIR the build was configured with) with their listed solutions, in file order.
// Read on every call; callers keep what they derive from it in a function-local static.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "domains/sudoku/sudoku.hpp"
#include "domains/sudoku/sudoku_io.hpp"

namespace frontier::bench {

inline std::vector<std::pair<SudokuGrid, SudokuGrid>> reference_sudokus() {
    std::ifstream in(std::string(FRONTIER_DATA_DIR) + "/sudoku.tsv");
    std::vector<std::pair<SudokuGrid, SudokuGrid>> out;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::stringstream ss(line);
        std::string puzzle, solution;
        std::getline(ss, puzzle, '\t');
        std::getline(ss, solution, '\t');
        out.emplace_back(parse_sudoku(puzzle), parse_sudoku(solution));
    }
    return out;
}

}  // namespace frontier::bench
