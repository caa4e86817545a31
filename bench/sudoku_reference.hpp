// The benchmarks' reference Sudokus: each puzzle of a sudoku.tsv file (a header line, then
// "puzzle<TAB>solution" rows, ../shared/data/README) with its listed solution, in file order.
// Read on every call; callers keep what they derive from it in a function-local static. Also
// used by docs/bench/sudoku_vs_tdoku.cpp, which is built outside CMake (no FRONTIER_DATA_DIR).
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "domains/sudoku/sudoku.hpp"
#include "domains/sudoku/sudoku_io.hpp"

namespace frontier::bench {

inline std::vector<std::pair<SudokuGrid, SudokuGrid>> read_sudoku_tsv(const std::string& path) {
    std::ifstream in(path);
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

#ifdef FRONTIER_DATA_DIR
// The 16 puzzles of ../shared/data/sudoku.tsv (the data directory the build was configured with).
inline std::vector<std::pair<SudokuGrid, SudokuGrid>> reference_sudokus() {
    return read_sudoku_tsv(std::string(FRONTIER_DATA_DIR) + "/sudoku.tsv");
}
#endif

}  // namespace frontier::bench
