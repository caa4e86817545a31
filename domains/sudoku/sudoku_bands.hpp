// The bit-parallel Sudoku solver behind SudokuMethod::Csp (see sudoku.hpp for the API and
// sudoku_bands.cpp for the design). Internal: callers use solve_sudoku.
//
// Which instructions it runs with is chosen once, at the first call (sudoku_dispatch.cpp). The
// library's own compilation ("baseline": with -march=native, whatever this machine has) is
// always there. A library built for any x86-64 (the installed one) holds two more, and takes the
// best this CPU runs: "avx512" (AVX-512 F and VL, BMI1, BMI2, POPCNT) before "x86-64-v3" (AVX2,
// BMI1, BMI2, POPCNT: the integer part of x86-64-v3) before its own, "portable". Never an
// instruction the CPU lacks.
//
// The environment variable FRONTIER_SUDOKU_ISA forces one, for tests and measurements:
// "baseline" (the library's own compilation) or a name sudoku_bands_isa() reports ("portable",
// "x86-64-v3", "avx512", ...). A name that no compilation in this library has, or one this CPU
// cannot run, is refused: the first solve throws InputError (engine/error.hpp), saying which exist.
#pragma once

#include <span>

#include <frontier/domains/sudoku/sudoku.hpp>

namespace frontier::detail {

// Solves `puzzle` (values 0..9) into `r`: fills solution, solutions, exhausted and nodes; the
// caller sets the status. Givens that clash are safe and give no solution (solve_sudoku then
// reports the clash).
void solve_sudoku_bands(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);

// The instructions the chosen compilation runs with: "avx512" (AVX-512 vectors for the band
// sweep, the placements and the permutation counts, BMI2 for triads), "x86-64-v3" (the same
// vector code as pairs of AVX2 vectors, BMI2), "avx2" (AVX2 without BMI2), "bmi2" (pext / pdep,
// no wide vectors) or "portable" (tables and 128-bit vectors only).
const char* sudoku_bands_isa();

// One compilation of the solver in this library.
struct SudokuBandsVariant {
    const char* (*isa)();  // what sudoku_bands_isa() reports when it is the one chosen
    bool (*runs)();        // whether this CPU has its instructions
    void (*solve)(const SudokuGrid&, const SudokuOptions&, SudokuResult&);
};

// Every compilation this library holds, the library's own first, then in the order of
// preference (the best last).
std::span<const SudokuBandsVariant> sudoku_bands_variants();

// The compilation sudoku_bands_isa() names when FRONTIER_SUDOKU_ISA is `forced` (nullptr or
// empty: unset, the best this CPU runs); throws InputError as described above.
const SudokuBandsVariant& choose_sudoku_bands(const char* forced);

}  // namespace frontier::detail
