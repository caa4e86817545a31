// The installed library's Sudoku solver. That library is built for any x86-64 and carries the
// band solver three times: its own compilation, one for x86-64-v3 (AVX2, BMI2) and one for
// AVX-512, and picks the best this CPU runs (domains/sudoku/sudoku_bands.hpp). This program
// links that library, not the build tree's: the dispatch must follow the CPU, and every
// compilation must search the same trees (same boards, same counts, the same solutions).
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_bands.hpp>
#include "tests/sudoku_variants.hpp"

namespace frontier {
namespace {

// What the CPU has, read from the kernel's list (/proc/cpuinfo's "flags"), not from the
// compiler's builtins that the dispatch itself uses.
bool cpu_has(const std::string& flag) {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("flags", 0) != 0) continue;
        std::istringstream words(line.substr(line.find(':') + 1));
        for (std::string w; words >> w;)
            if (w == flag) return true;
        return false;
    }
    return false;
}

bool cpu_runs_x86_64_v3() {
    return cpu_has("avx2") && cpu_has("bmi1") && cpu_has("bmi2") && cpu_has("popcnt");
}

bool cpu_runs_avx512() {
    return cpu_runs_x86_64_v3() && cpu_has("avx512f") && cpu_has("avx512vl");
}

TEST(PortableSudoku, HoldsThreeCompilations) {
    const auto variants = detail::sudoku_bands_variants();
    ASSERT_EQ(variants.size(), 3u);
    EXPECT_STREQ(variants[0].isa(), "portable");
    EXPECT_STREQ(variants[1].isa(), "x86-64-v3");
    EXPECT_STREQ(variants[2].isa(), "avx512");
    EXPECT_TRUE(variants[0].runs());
    EXPECT_EQ(variants[1].runs(), cpu_runs_x86_64_v3());
    EXPECT_EQ(variants[2].runs(), cpu_runs_avx512());
}

TEST(PortableSudoku, DispatchFollowsTheCpu) {
    if (const char* forced = std::getenv("FRONTIER_SUDOKU_ISA"); forced != nullptr && *forced) {
        EXPECT_STREQ(detail::sudoku_bands_isa(), detail::choose_sudoku_bands(forced).isa());
        return;
    }
    const char* best = cpu_runs_avx512()      ? "avx512"
                       : cpu_runs_x86_64_v3() ? "x86-64-v3"
                                              : "portable";
    EXPECT_STREQ(detail::sudoku_bands_isa(), best);
}

TEST(PortableSudoku, EveryCompilationSearchesTheSameTrees) {
    test::expect_variants_agree();
}

TEST(PortableSudoku, ForcedCompilation) {
    test::expect_forcing_rules();
}

// The listed solutions, by the compilation chosen.
TEST(PortableSudoku, SolvesTheReferencePuzzles) {
    const auto refs = bench::reference_sudokus();
    ASSERT_GE(refs.size(), 16u);
    for (std::size_t i = 0; i < refs.size(); ++i)
        for (std::uint64_t v = 0; v < 4; ++v) {
            SudokuOptions o;
            o.max_solutions = 2;
            const SudokuResult r = solve_sudoku(sudoku_variant(refs[i].first, 1000 * i + v), o);
            EXPECT_EQ(r.status, SudokuStatus::Solved);
            EXPECT_EQ(r.solutions, 1u);
            EXPECT_EQ(r.solution.cells, sudoku_variant(refs[i].second, 1000 * i + v).cells);
        }
}

}  // namespace
}  // namespace frontier
