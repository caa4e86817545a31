// Sudoku's command-line entry: what solve (tools/puzzles/sudoku.cpp) and the batch verbs,
// solve-batch and compare (tools/puzzles/sudoku_batch.cpp), share.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "domains/sudoku/sudoku.hpp"
#include "tools/cli/common.hpp"

namespace frontier::cli::sudoku {

constexpr const char* kGridHelp =
    "Puzzle: 81 cells row by row, 1-9 for a given, 0 or . for an empty cell (spaces and line\n"
    "breaks are ignored). Methods: csp = bit-parallel bands (each digit's candidates as three\n"
    "27-bit band words; singles, locked candidates, branching on a two-candidate cell); cells =\n"
    "the earlier solver, candidate masks cell by cell, naked and hidden singles, branching on\n"
    "the cell with the fewest candidates; search = fill the empty cells in order with the\n"
    "digits the rules allow, depth-first, no propagation.\n";

struct SudokuCommandOptions {
    std::string puzzle;  // or the file, for solve-batch
    std::string method = "csp";
    bool count = false, json = false, show = false, quiet = false;
    std::uint64_t limit = 2;
    std::uint64_t max_nodes = 0;
    int threads = 0;

    SudokuOptions solver() const {
        SudokuOptions s;
        s.method = parse_sudoku_method(method);
        s.max_solutions = count ? limit : 1;
        s.max_nodes = max_nodes;
        return s;
    }
};

void add_solver_options(CLI::App& cmd, SudokuCommandOptions& o);
// "solved", "1 solution (unique)", "no solution (search exhausted)", ...
std::string verdict(const SudokuResult& r, bool counting);
Json result_json(const SudokuGrid& puzzle, const SudokuResult& r, const SudokuOptions& s,
                 bool counting, double seconds);

struct CompareOptions {
    std::string file, methods = "csp,search";
    bool count = false, json = false;
    std::uint64_t max_nodes = 0;
};

int solve_batch(const SudokuCommandOptions& o);
void compare(const CompareOptions& o);

}  // namespace frontier::cli::sudoku
