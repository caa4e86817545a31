// The bit-parallel Sudoku solver behind SudokuMethod::Csp (see sudoku.hpp for the API and
// sudoku_bands.cpp for the design). Internal: callers use solve_sudoku.
#pragma once

#include "domains/sudoku/sudoku.hpp"

namespace frontier::detail {

// Solves `puzzle` (values 0..9, givens already checked not to clash) into `r`: fills solution,
// solutions, exhausted and nodes; the caller sets the status.
void solve_sudoku_bands(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);

// True when this build uses the BMI2 instructions (pext/pdep) for the triad steps; false means
// the portable table fallback.
bool sudoku_bands_use_bmi2();

}  // namespace frontier::detail
