// Sudoku 9x9, solved two ways: as a constraint satisfaction problem (two implementations) and as
// plain search.
//
// A grid is 81 bytes, row-major, 0 for an empty cell and 1..9 for a digit.
//
// CSP method (SudokuMethod::Csp, the default): the bit-parallel solver of sudoku_bands.cpp. Each
// digit keeps its candidate cells as three 27-bit band words; a table step per digit and band
// keeps the row/box "triads" that lie on a valid placement of the digit in the band (hidden
// singles in rows and boxes, box-line elimination inside the band), then whole-board passes find
// naked singles, hidden singles in columns, box-column locked candidates and the three digits
// of every triad, and the search splits over the placements left to one digit in a band or
// stack, or guesses on a cell with two candidates, copying a 192-byte board per branch. A node
// is one board the search propagates: the root, and one per guess and per alternative after it.
//
// Cells method (SudokuMethod::Cells, "cells"): the earlier CSP, one cell at a time: every cell
// keeps a 9-bit mask of its candidate digits. Placing a digit removes it from the cell's 20
// peers (row, column, box); a peer left with one candidate is placed in turn (naked singles),
// one with none is a contradiction. When that settles, each unit whose candidates changed is
// scanned with two masks, "seen once" and "seen twice": a digit seen nowhere is a contradiction,
// a digit seen once in an unsolved cell is placed (hidden singles). When neither rule applies,
// the search branches on the unsolved cell with the fewest candidates (minimum remaining
// values), copying the 184-byte board per branch.
// A node is one board the search propagates: the root, and one per digit tried on a branch.
//
// Search method (SudokuMethod::Search): the state-space formulation. A state is a partial grid;
// its successors fill the first empty cell (row-major) with each digit that does not repeat in
// its row, column or box; depth-first. A node is one digit placed. No propagation, no ordering.
//
// All count solutions up to a limit (max_solutions: 1 finds one, 2 proves uniqueness, 0 counts
// all) and can stop after max_nodes. A grid whose givens repeat a digit in a unit is reported as
// a contradiction (no nodes, whatever the limits); a grid that is consistent but cannot be
// completed is reported as having no solution. The search is sequential; batches run in parallel,
// one puzzle per task (solve_sudoku is reentrant: all its state is on the stack).
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace frontier {

struct SudokuGrid {
    std::array<std::uint8_t, 81> cells{};  // row-major; 0 empty, 1..9 a digit
    friend bool operator==(const SudokuGrid&, const SudokuGrid&) = default;
};

enum class SudokuMethod { Csp, Search, Cells };

enum class SudokuStatus {
    Solved,         // at least one solution (see SudokuResult::solutions and ::exhausted)
    NoSolution,     // the givens are consistent but no grid completes them
    Contradiction,  // the givens repeat a digit in a row, column or box
    LimitReached,   // max_nodes reached before any solution
};

const char* to_string(SudokuStatus s);
const char* to_string(SudokuMethod m);

struct SudokuOptions {
    SudokuMethod method = SudokuMethod::Csp;
    std::uint64_t max_solutions = 1;  // stop after this many solutions; 0: find them all
    std::uint64_t max_nodes = 0;      // stop after this many nodes; 0: no limit
};

struct SudokuResult {
    SudokuStatus status = SudokuStatus::NoSolution;
    SudokuGrid solution;          // the first solution found, when Solved
    std::uint64_t solutions = 0;  // solutions found (exact when exhausted)
    bool exhausted = false;       // the whole search tree was visited
    std::uint64_t nodes = 0;      // see the header comment for what a node is per method
    std::string contradiction;    // which givens clash, when Contradiction
    bool unique() const { return status == SudokuStatus::Solved && exhausted && solutions == 1; }
};

SudokuResult solve_sudoku(const SudokuGrid& puzzle, const SudokuOptions& options = {});

// True iff `grid` is full, obeys the rules and keeps every given of `puzzle`.
bool is_sudoku_solution(const SudokuGrid& puzzle, const SudokuGrid& grid);

// A grid equivalent to `g` under the symmetries of Sudoku, picked by `seed` (the same grid for the
// same seed on every platform): digits relabelled, rows permuted inside bands and bands permuted,
// columns inside stacks and stacks permuted, and transposed for odd seeds' draws. A puzzle's
// variant has as many solutions as the puzzle, and the variant of its solution (same seed) solves
// it.
SudokuGrid sudoku_variant(const SudokuGrid& g, std::uint64_t seed);

// "" if no row, column or box repeats a digit; else a description such as
// "digit 5 twice in row 1 (r1c2, r1c7)".
std::string sudoku_conflict(const SudokuGrid& grid);

}  // namespace frontier
