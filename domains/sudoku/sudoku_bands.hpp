// The bit-parallel Sudoku solver behind SudokuMethod::Csp (see sudoku.hpp for the API and
// sudoku_bands.cpp for the design). Internal: callers use solve_sudoku.
//
// Which instructions it runs with is chosen once, at the first call (sudoku_dispatch.cpp): the
// library's own compilation (with -march=native, whatever this machine has), or, in a library
// built for any x86-64 (the installed one), a second compilation for AVX-512 when this CPU has
// AVX-512 F, VL and VPOPCNTDQ and BMI2. Never an instruction the CPU lacks.
#pragma once

#include <frontier/domains/sudoku/sudoku.hpp>

namespace frontier::detail {

// Solves `puzzle` (values 0..9) into `r`: fills solution, solutions, exhausted and nodes; the
// caller sets the status. Givens that clash are safe and give no solution (solve_sudoku then
// reports the clash).
void solve_sudoku_bands(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);

// The instructions the solver runs with on this CPU: "avx512" (AVX-512 vectors for the band
// sweep, the placements and the permutation counts, BMI2 for triads), "bmi2" (pext / pdep, no
// AVX-512) or "portable" (tables and vector extensions only).
const char* sudoku_bands_isa();

}  // namespace frontier::detail
