// Checks shared by the build tree's Sudoku tests and the installed library's
// (portable_sudoku_test.cpp): every compilation of the band solver that this library holds and
// this CPU runs searches the same trees as the library's own, and FRONTIER_SUDOKU_ISA chooses
// among them or is refused (domains/sudoku/sudoku_bands.hpp).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_bands.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include <frontier/engine/error.hpp>
#include "bench/sudoku_reference.hpp"

namespace frontier::test {

// Hard puzzles (16 symmetric variants of each puzzle of sudoku.tsv) and the mixed set (the same
// puzzles, a quarter with no solution, a quarter with several), 512 in all.
inline const std::vector<SudokuGrid>& variant_check_puzzles() {
    static const std::vector<SudokuGrid> puzzles = [] {
        const auto refs = bench::reference_sudokus();
        std::vector<SudokuGrid> out;
        for (std::size_t i = 0; i < refs.size(); ++i)
            for (std::uint64_t v = 0; v < 16; ++v)
                out.push_back(sudoku_variant(refs[i].first, 1000 * i + v));
        const bench::SudokuSet mixed = bench::mixed_sudoku_set(refs);
        out.insert(out.end(), mixed.puzzles.begin(), mixed.puzzles.end());
        return out;
    }();
    return puzzles;
}

// Solutions, counts to 1 and 2, boards searched and the stop all equal the library's own
// compilation's; skipped when this CPU runs no other.
inline void expect_variants_agree() {
    const auto variants = detail::sudoku_bands_variants();
    const auto& puzzles = variant_check_puzzles();
    ASSERT_GE(puzzles.size(), 500u);
    int compared = 0;
    for (std::size_t k = 1; k < variants.size(); ++k) {
        if (!variants[k].runs()) continue;
        ++compared;
        for (const SudokuGrid& puzzle : puzzles)
            for (const std::uint64_t limit : {1, 2}) {
                SudokuOptions o;
                o.max_solutions = limit;
                SudokuResult base, other;
                variants[0].solve(puzzle, o, base);
                variants[k].solve(puzzle, o, other);
                const std::string where = std::string(variants[k].isa()) + " " +
                                          format_sudoku(puzzle) + " limit " + std::to_string(limit);
                EXPECT_EQ(base.solutions, other.solutions) << where;
                EXPECT_EQ(base.solution.cells, other.solution.cells) << where;
                EXPECT_EQ(base.nodes, other.nodes) << where;
                EXPECT_EQ(base.exhausted, other.exhausted) << where;
            }
    }
    if (compared == 0)
        GTEST_SKIP() << "this library holds no other compilation that this CPU runs ("
                     << variants.size() << " in all)";
}

// FRONTIER_SUDOKU_ISA: unset, the best this CPU runs; "baseline", the library's own; a
// compilation's name, that one where the CPU runs it, else refused; any other name refused.
inline void expect_forcing_rules() {
    const auto variants = detail::sudoku_bands_variants();
    ASSERT_GE(variants.size(), 1u);
    const detail::SudokuBandsVariant* best = &variants[0];
    for (const auto& v : variants)
        if (v.runs()) best = &v;
    EXPECT_EQ(&detail::choose_sudoku_bands(nullptr), best);
    EXPECT_EQ(&detail::choose_sudoku_bands(""), best);
    EXPECT_EQ(&detail::choose_sudoku_bands("baseline"), &variants[0]);
    for (const auto& v : variants) {
        if (v.runs()) {
            EXPECT_EQ(&detail::choose_sudoku_bands(v.isa()), &v) << v.isa();
        } else {
            EXPECT_THROW(detail::choose_sudoku_bands(v.isa()), InputError) << v.isa();
        }
    }
    for (const char* name : {"x86-64-v3", "avx512", "portable"}) {
        bool held = false;
        for (const auto& v : variants) held = held || std::string(v.isa()) == name;
        if (!held) {
            EXPECT_THROW(detail::choose_sudoku_bands(name), InputError) << name;
        }
    }
    try {
        detail::choose_sudoku_bands("avx1024");
        ADD_FAILURE() << "avx1024 was not refused";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("FRONTIER_SUDOKU_ISA=avx1024"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find(variants[0].isa()), std::string::npos) << e.what();
    }
}

}  // namespace frontier::test
