// Sudoku: the hard reference puzzles solve to their listed unique solutions by both methods, a
// puzzle with exactly two solutions is counted, contradictions and unsolvable puzzles are
// reported as results, and malformed text is an error naming the position.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "domains/sudoku/sudoku.hpp"
#include "domains/sudoku/sudoku_io.hpp"
#include "engine/error.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

struct Reference {
    SudokuGrid puzzle, solution;
    std::string source;
};

std::vector<Reference> references() {
    const auto rows = test::read_tsv(test::data_file("sudoku.tsv"));
    std::vector<Reference> out;
    for (std::size_t i = 1; i < rows.size(); ++i)
        out.push_back({parse_sudoku(rows[i][0]), parse_sudoku(rows[i][1]), rows[i][2]});
    return out;
}

SudokuOptions options(SudokuMethod m, std::uint64_t max_solutions, std::uint64_t max_nodes = 0) {
    SudokuOptions o;
    o.method = m;
    o.max_solutions = max_solutions;
    o.max_nodes = max_nodes;
    return o;
}

TEST(Sudoku, ReferencePuzzlesHaveTheirListedUniqueSolutions) {
    const auto refs = references();
    ASSERT_EQ(refs.size(), 16u);
    for (const Reference& ref : refs) {
        const SudokuResult r = solve_sudoku(ref.puzzle, options(SudokuMethod::Csp, 2));
        ASSERT_EQ(r.status, SudokuStatus::Solved) << ref.source;
        EXPECT_TRUE(r.unique()) << ref.source;
        EXPECT_EQ(r.solutions, 1u) << ref.source;
        EXPECT_TRUE(r.exhausted) << ref.source;
        EXPECT_EQ(r.solution, ref.solution) << ref.source;
        EXPECT_TRUE(is_sudoku_solution(ref.puzzle, r.solution));
        EXPECT_GE(r.nodes, 1u);
    }
}

TEST(Sudoku, PlainSearchFindsTheSameSolutions) {
    for (const Reference& ref : references()) {
        const SudokuResult r = solve_sudoku(ref.puzzle, options(SudokuMethod::Search, 1));
        ASSERT_EQ(r.status, SudokuStatus::Solved) << ref.source;
        EXPECT_EQ(r.solution, ref.solution) << ref.source;
        EXPECT_FALSE(r.exhausted);  // stopped at the first solution
        // Filling in order needs at least one node per empty cell.
        int empty = 0;
        for (auto d : ref.puzzle.cells) empty += d == 0;
        EXPECT_GE(r.nodes, static_cast<std::uint64_t>(empty)) << ref.source;
    }
}

// Blanks the four cells of a rectangle whose digits are a b / b a and which lies in two boxes:
// swapping a and b gives a second solution, and nothing else can change.
SudokuGrid two_solution_puzzle(const SudokuGrid& solution) {
    for (int r1 = 0; r1 < 9; ++r1)
        for (int r2 = r1 + 1; r2 < 9; ++r2) {
            if (r1 / 3 != r2 / 3) continue;  // same band, so the columns pick the two boxes
            for (int c1 = 0; c1 < 9; ++c1)
                for (int c2 = c1 + 1; c2 < 9; ++c2) {
                    if (c1 / 3 == c2 / 3) continue;
                    const auto& g = solution.cells;
                    if (g[9 * r1 + c1] == g[9 * r2 + c2] && g[9 * r1 + c2] == g[9 * r2 + c1]) {
                        SudokuGrid p = solution;
                        for (int cell : {9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2})
                            p.cells[cell] = 0;
                        return p;
                    }
                }
        }
    ADD_FAILURE() << "no deadly rectangle in the grid";
    return solution;
}

TEST(Sudoku, TwoSolutionsAreDetectedAndCounted) {
    const Reference ref = references()[0];
    const SudokuGrid p = two_solution_puzzle(ref.solution);
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search}) {
        const SudokuResult two = solve_sudoku(p, options(m, 2));
        EXPECT_EQ(two.status, SudokuStatus::Solved);
        EXPECT_EQ(two.solutions, 2u);
        EXPECT_FALSE(two.unique());
        const SudokuResult all = solve_sudoku(p, options(m, 0));
        EXPECT_EQ(all.solutions, 2u) << to_string(m);
        EXPECT_TRUE(all.exhausted);
        EXPECT_TRUE(is_sudoku_solution(p, all.solution));
    }
}

TEST(Sudoku, MethodsAgreeOnSolutionCounts) {
    // Random subsets of the reference solutions' cells: the two methods must count the same.
    std::mt19937 rng(7);
    const auto refs = references();
    for (int trial = 0; trial < 12; ++trial) {
        SudokuGrid p = refs[trial % refs.size()].solution;
        std::vector<int> cells(81);
        for (int i = 0; i < 81; ++i) cells[i] = i;
        std::shuffle(cells.begin(), cells.end(), rng);
        for (int i = 0; i < 50; ++i) p.cells[cells[i]] = 0;
        const SudokuResult csp = solve_sudoku(p, options(SudokuMethod::Csp, 0));
        const SudokuResult dfs = solve_sudoku(p, options(SudokuMethod::Search, 0));
        ASSERT_TRUE(csp.exhausted && dfs.exhausted);
        EXPECT_EQ(csp.solutions, dfs.solutions) << format_sudoku(p);
        EXPECT_GE(csp.solutions, 1u);
    }
}

TEST(Sudoku, ContradictionIsReportedWithTheClashingCells) {
    SudokuGrid p = references()[0].puzzle;  // 85...24.. : r1c1 = 8
    p.cells[4] = 8;                         // a second 8 in row 1
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search}) {
        const SudokuResult r = solve_sudoku(p, options(m, 1));
        EXPECT_EQ(r.status, SudokuStatus::Contradiction);
        EXPECT_EQ(r.contradiction, "digit 8 twice in row 1 (r1c1, r1c5)");
        EXPECT_EQ(r.solutions, 0u);
    }
    EXPECT_EQ(sudoku_conflict(parse_sudoku(std::string(80, '.') + "1")), "");
}

TEST(Sudoku, UnsolvablePuzzlesAreReportedAsNoSolution) {
    // Row 1 forces 9 into r1c9, but column 9 already has a 9: no clash among the givens.
    std::string text = "12345678." + std::string(72, '.');
    text[9 * 4 + 8] = '9';
    const SudokuGrid p = parse_sudoku(text);
    EXPECT_EQ(sudoku_conflict(p), "");
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search}) {
        const SudokuResult r = solve_sudoku(p, options(m, 2));
        EXPECT_EQ(r.status, SudokuStatus::NoSolution) << to_string(m);
        EXPECT_TRUE(r.exhausted);
    }
    // A wrong digit added to a unique puzzle (not clashing with a given) leaves no solution.
    const Reference ref = references()[0];
    SudokuGrid q = ref.puzzle;
    for (int c = 0; c < 81; ++c) {
        if (q.cells[c] != 0) continue;
        for (int d = 1; d <= 9; ++d) {
            if (d == ref.solution.cells[c]) continue;
            q.cells[c] = static_cast<std::uint8_t>(d);
            if (sudoku_conflict(q).empty()) break;
            q.cells[c] = 0;
        }
        if (q.cells[c] != 0) break;
    }
    ASSERT_NE(q, ref.puzzle);
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search}) {
        const SudokuResult r = solve_sudoku(q, options(m, 1));
        EXPECT_EQ(r.status, SudokuStatus::NoSolution) << to_string(m);
        EXPECT_TRUE(r.exhausted);
    }
}

TEST(Sudoku, NodeLimitIsReported) {
    const Reference ref = references().back();
    const SudokuResult r = solve_sudoku(ref.puzzle, options(SudokuMethod::Search, 1, 1000));
    EXPECT_EQ(r.status, SudokuStatus::LimitReached);
    EXPECT_EQ(r.nodes, 1000u);
    EXPECT_FALSE(r.exhausted);
    // The empty grid has many solutions: a count stops at the limit.
    const SudokuResult many = solve_sudoku(SudokuGrid{}, options(SudokuMethod::Csp, 500));
    EXPECT_EQ(many.solutions, 500u);
    EXPECT_FALSE(many.exhausted);
    EXPECT_TRUE(is_sudoku_solution(SudokuGrid{}, many.solution));
}

TEST(Sudoku, ParsingAcceptsDotsZerosAndLineBreaks) {
    const std::string flat =
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    std::string zeros = flat;
    for (char& ch : zeros)
        if (ch == '.') ch = '0';
    std::string lines;
    for (int r = 0; r < 9; ++r) lines += flat.substr(9 * r, 9) + "\n";
    EXPECT_EQ(parse_sudoku(zeros), parse_sudoku(flat));
    EXPECT_EQ(parse_sudoku(lines), parse_sudoku(flat));
    EXPECT_EQ(format_sudoku(parse_sudoku(zeros)), flat);
}

void expect_parse_error(const std::string& text, const std::string& fragment) {
    try {
        parse_sudoku(text);
        ADD_FAILURE() << "no error for " << text;
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

TEST(Sudoku, MalformedInputNamesThePosition) {
    std::string bad(81, '.');
    bad[16] = 'x';
    expect_parse_error(bad, "bad character 'x' at position 17");
    expect_parse_error(std::string(80, '.'), "expected 81 cells, got 80");
    expect_parse_error(std::string(82, '1'), "more than 81 cells (the 82nd is at position 82)");
    expect_parse_error("12 34-" + std::string(75, '.'), "bad character '-' at position 6");
    EXPECT_THROW(parse_sudoku_method("bfs"), InputError);
}

}  // namespace
}  // namespace frontier
