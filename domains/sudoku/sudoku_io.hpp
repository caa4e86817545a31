// Text forms of Sudoku grids, kept out of the solver.
//
// Input: 81 cells row by row, each '1'-'9' for a given or '0' / '.' for an empty cell; spaces,
// tabs and line breaks between cells are ignored, so a grid may be written as nine lines.
// Anything else is an InputError naming the character and its 1-based position in the text;
// a grid of the wrong size is an InputError giving the count.
// Output: 81 characters with '.' for empty cells (format_sudoku), or a drawn 9x9 grid with box
// separators (draw_sudoku).
#pragma once

#include <string>
#include <string_view>

#include <frontier/domains/sudoku/sudoku.hpp>

namespace frontier {

SudokuGrid parse_sudoku(std::string_view text);
std::string format_sudoku(const SudokuGrid& grid);
// The 81 characters of format_sudoku, appended to `out` (no string of their own).
void append_sudoku(std::string& out, const SudokuGrid& grid);
std::string draw_sudoku(const SudokuGrid& grid);
// "csp", "search" or "cells"; InputError otherwise.
SudokuMethod parse_sudoku_method(std::string_view name);

}  // namespace frontier
