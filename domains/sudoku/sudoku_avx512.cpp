// The band solver compiled once more, for AVX-512 (F, VL), BMI1, BMI2 and POPCNT, into the
// library built for any x86-64 only: domains/CMakeLists.txt adds this file there with those
// instruction sets, and sudoku_dispatch.cpp runs it on a CPU that has them. VPOPCNTDQ is not
// required: the permutation counts it would take (sudoku_lanes.hpp, small_popcount) cost as much
// without it. Its symbols live in the inline namespace sudoku_bands::avx512, apart from the
// library's own compilation (sudoku_board.hpp).
#define FRONTIER_SUDOKU_ISA avx512
#include <frontier/domains/sudoku/sudoku_bands.cpp>      // NOLINT(bugprone-suspicious-include)
#include <frontier/domains/sudoku/sudoku_propagate.cpp>  // NOLINT(bugprone-suspicious-include)
