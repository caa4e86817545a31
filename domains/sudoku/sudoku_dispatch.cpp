// The choice of the band solver's compilation (sudoku_bands.hpp says which ones exist).
#include <frontier/domains/sudoku/sudoku_bands.hpp>

namespace frontier::detail {

namespace sudoku_bands {
inline namespace baseline {  // this library's own compilation
void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);
const char* isa();
}  // namespace baseline
#if FRONTIER_SUDOKU_AVX512_VARIANT
namespace avx512 {  // sudoku_avx512.cpp, in a library built for any x86-64
void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);
const char* isa();
}  // namespace avx512
#endif
}  // namespace sudoku_bands

#if FRONTIER_SUDOKU_AVX512_VARIANT
namespace {

// Decided once; a static local's initialisation is thread-safe.
bool use_avx512() {
    static const bool yes = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("bmi2");
    }();
    return yes;
}

}  // namespace
#endif

void solve_sudoku_bands(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r) {
#if FRONTIER_SUDOKU_AVX512_VARIANT
    if (use_avx512()) return sudoku_bands::avx512::solve(puzzle, options, r);
#endif
    sudoku_bands::baseline::solve(puzzle, options, r);
}

const char* sudoku_bands_isa() {
#if FRONTIER_SUDOKU_AVX512_VARIANT
    if (use_avx512()) return sudoku_bands::avx512::isa();
#endif
    return sudoku_bands::baseline::isa();
}

}  // namespace frontier::detail
