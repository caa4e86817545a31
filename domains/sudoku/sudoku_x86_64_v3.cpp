// The band solver compiled once more, for AVX2, BMI1, BMI2 and POPCNT (the integer part of
// x86-64-v3), into the library built for any x86-64 only: domains/CMakeLists.txt adds this file
// there with those instruction sets, and sudoku_dispatch.cpp runs it on a CPU that has them and
// not AVX-512. Its symbols live in the inline namespace sudoku_bands::x86_64_v3, apart from the
// library's own compilation (sudoku_board.hpp).
#define FRONTIER_SUDOKU_ISA x86_64_v3
#include <frontier/domains/sudoku/sudoku_bands.cpp>      // NOLINT(bugprone-suspicious-include)
#include <frontier/domains/sudoku/sudoku_propagate.cpp>  // NOLINT(bugprone-suspicious-include)
