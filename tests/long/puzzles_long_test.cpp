// Long puzzle checks (ctest -L long): N-Queens up to N = 18 against OEIS A000170 / A002562, and
// the plain-search Sudoku formulation proving every reference puzzle unique (exhaustive DFS).
#include <gtest/gtest.h>

#include <frontier/domains/queens/queens.hpp>
#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

TEST(QueensLong, CountsUpToEighteen) {
    struct Known {
        int n;
        std::uint64_t total, unique;
    };
    for (const Known& k : {Known{15, 2279184, 285053}, Known{16, 14772512, 1846955},
                           Known{17, 95815104, 11977939}, Known{18, 666090624, 83263591}}) {
        const QueensCount c = NQueens(k.n).count(0, true);
        EXPECT_EQ(c.total, k.total) << k.n;
        EXPECT_EQ(c.unique, k.unique) << k.n;
    }
    // The thread count changes nothing.
    const QueensCount one = NQueens(15).count(1, true), three = NQueens(15).count(3, true);
    EXPECT_EQ(one.total, three.total);
    EXPECT_EQ(one.nodes, three.nodes);
}

TEST(SudokuLong, PlainSearchProvesEveryReferencePuzzleUnique) {
    const auto rows = test::read_tsv(test::data_file("sudoku.tsv"));
    for (std::size_t i = 1; i < rows.size(); ++i) {
        SudokuOptions o;
        o.method = SudokuMethod::Search;
        o.max_solutions = 2;
        const SudokuResult r = solve_sudoku(parse_sudoku(rows[i][0]), o);
        EXPECT_TRUE(r.unique()) << rows[i][2];
        EXPECT_EQ(format_sudoku(r.solution), rows[i][1]) << rows[i][2];
    }
}

}  // namespace
}  // namespace frontier
