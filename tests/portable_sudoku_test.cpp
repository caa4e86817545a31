// The installed library's Sudoku solver. That library is built for any x86-64 and carries the
// band solver twice: its own compilation, and one for AVX-512 that it picks at run time on a CPU
// that has AVX-512 F, VL, VPOPCNTDQ and BMI2 (domains/sudoku/sudoku_bands.hpp). This program
// links that library, not the build tree's: the dispatch must follow the CPU, and both
// compilations must search the same trees (same boards, same counts, the listed solutions).
#include <string>

#include <gtest/gtest.h>

#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_bands.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include "bench/sudoku_reference.hpp"

namespace frontier::detail::sudoku_bands {
inline namespace baseline {
void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);
}
namespace avx512 {
void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);
}
}  // namespace frontier::detail::sudoku_bands

namespace frontier {
namespace {

bool cpu_has_avx512() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("bmi2");
}

TEST(PortableSudoku, DispatchFollowsTheCpu) {
    EXPECT_STREQ(detail::sudoku_bands_isa(), cpu_has_avx512() ? "avx512" : "portable");
}

TEST(PortableSudoku, BothCompilationsSearchTheSameTrees) {
    if (!cpu_has_avx512()) GTEST_SKIP() << "this CPU lacks AVX-512 (F, VL, VPOPCNTDQ) or BMI2";
    const auto refs = bench::reference_sudokus();  // sudoku.tsv: puzzles, listed solutions
    ASSERT_GE(refs.size(), 16u);
    for (std::size_t i = 0; i < refs.size(); ++i)
        for (std::uint64_t v = 0; v < 16; ++v) {
            const SudokuGrid puzzle = sudoku_variant(refs[i].first, 1000 * i + v);
            const SudokuGrid solution = sudoku_variant(refs[i].second, 1000 * i + v);
            for (const std::uint64_t limit : {1, 2}) {
                SudokuOptions o;
                o.max_solutions = limit;
                SudokuResult base, wide;
                detail::sudoku_bands::baseline::solve(puzzle, o, base);
                detail::sudoku_bands::avx512::solve(puzzle, o, wide);
                const std::string where = format_sudoku(puzzle) + " limit " + std::to_string(limit);
                EXPECT_EQ(base.solution.cells, solution.cells) << where;
                EXPECT_EQ(wide.solution.cells, solution.cells) << where;
                EXPECT_EQ(base.solutions, wide.solutions) << where;
                EXPECT_EQ(base.nodes, wide.nodes) << where;
                EXPECT_EQ(base.exhausted, wide.exhausted) << where;
            }
        }
}

}  // namespace
}  // namespace frontier
