// Sudoku: the hard reference puzzles solve to their listed unique solutions by every method, and
// so do their symmetric variants (checked by a checker written here, not is_sudoku_solution); the
// bit-parallel solver (csp) and the cell solver (cells) agree on every variant and on solution
// counts; a puzzle with exactly two solutions is counted, contradictions and unsolvable puzzles
// are reported as results, and malformed text is an error naming the position.
#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include <frontier/engine/error.hpp>
#include "tests/sudoku_variants.hpp"
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

// An independent check: every row, column and box holds 1..9 exactly once (sorted, compared),
// and every given of the puzzle is kept.
bool valid_completion(const SudokuGrid& puzzle, const SudokuGrid& grid) {
    for (int c = 0; c < 81; ++c)
        if (puzzle.cells[c] != 0 && puzzle.cells[c] != grid.cells[c]) return false;
    const std::vector<int> digits = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int u = 0; u < 9; ++u) {
        std::vector<int> row, col, box;
        for (int i = 0; i < 9; ++i) {
            row.push_back(grid.cells[9 * u + i]);
            col.push_back(grid.cells[9 * i + u]);
            box.push_back(grid.cells[9 * (3 * (u / 3) + i / 3) + 3 * (u % 3) + i % 3]);
        }
        for (auto* unit : {&row, &col, &box}) {
            std::sort(unit->begin(), unit->end());
            if (*unit != digits) return false;
        }
    }
    return true;
}

TEST(Sudoku, ReferencePuzzlesHaveTheirListedUniqueSolutions) {
    const auto refs = references();
    ASSERT_EQ(refs.size(), 16u);
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Cells}) {
        for (const Reference& ref : refs) {
            const SudokuResult r = solve_sudoku(ref.puzzle, options(m, 2));
            ASSERT_EQ(r.status, SudokuStatus::Solved) << ref.source;
            EXPECT_TRUE(r.unique()) << ref.source;
            EXPECT_EQ(r.solutions, 1u) << ref.source;
            EXPECT_TRUE(r.exhausted) << ref.source;
            EXPECT_EQ(r.solution, ref.solution) << ref.source;
            EXPECT_TRUE(valid_completion(ref.puzzle, r.solution)) << ref.source;
            EXPECT_TRUE(is_sudoku_solution(ref.puzzle, r.solution));
            EXPECT_GE(r.nodes, 1u);
        }
    }
}

TEST(Sudoku, VariantsPreserveTheRules) {
    const auto refs = references();
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const Reference& ref = refs[seed % refs.size()];
        const SudokuGrid p = sudoku_variant(ref.puzzle, seed);
        const SudokuGrid s = sudoku_variant(ref.solution, seed);
        EXPECT_EQ(p, sudoku_variant(ref.puzzle, seed));  // deterministic
        EXPECT_TRUE(valid_completion(p, s)) << seed;
        int givens = 0, kept = 0;
        for (int c = 0; c < 81; ++c) givens += ref.puzzle.cells[c] != 0, kept += p.cells[c] != 0;
        EXPECT_EQ(kept, givens);
    }
    // The same grids on every platform: splitmix64 and a hand-written shuffle, no std
    // distributions. Pinned here so that a change to the generator is seen.
    EXPECT_EQ(format_sudoku(sudoku_variant(refs[0].puzzle, 1)),
              ".84........9.2...5....3.....21...........6..1....5.6.......42.82....7.1.3..1..5.7");
    EXPECT_NE(sudoku_variant(refs[0].puzzle, 1), sudoku_variant(refs[0].puzzle, 2));
}

// Both CSP solvers against the listed solutions on symmetric variants of the hard puzzles
// (relabelled digits, permuted rows, columns, bands and stacks, transposed): 16 x 40 puzzles,
// each solved to a proof of uniqueness and checked independently.
TEST(Sudoku, BandSolverAgreesWithTheCellSolverOnVariants) {
    const auto refs = references();
    std::uint64_t band_nodes = 0, cell_nodes = 0;
    for (std::size_t i = 0; i < refs.size(); ++i)
        for (std::uint64_t v = 0; v < 40; ++v) {
            const std::uint64_t seed = 1000 * i + v;
            const SudokuGrid p = sudoku_variant(refs[i].puzzle, seed);
            const SudokuGrid s = sudoku_variant(refs[i].solution, seed);
            const SudokuResult fast = solve_sudoku(p, options(SudokuMethod::Csp, 2));
            const SudokuResult cells = solve_sudoku(p, options(SudokuMethod::Cells, 2));
            ASSERT_TRUE(fast.unique()) << format_sudoku(p);
            ASSERT_TRUE(cells.unique()) << format_sudoku(p);
            EXPECT_EQ(fast.solution, s) << format_sudoku(p);
            EXPECT_EQ(cells.solution, s) << format_sudoku(p);
            EXPECT_TRUE(valid_completion(p, fast.solution)) << format_sudoku(p);
            const SudokuResult first = solve_sudoku(p, options(SudokuMethod::Csp, 1));
            EXPECT_EQ(first.solution, s);
            EXPECT_FALSE(first.exhausted && first.solutions > 1);
            band_nodes += fast.nodes, cell_nodes += cells.nodes;
        }
    // Box-line inference inside bands and the branching choice: fewer boards than the cell solver.
    EXPECT_LT(band_nodes, cell_nodes);
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
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search, SudokuMethod::Cells}) {
        const SudokuResult two = solve_sudoku(p, options(m, 2));
        EXPECT_EQ(two.status, SudokuStatus::Solved);
        EXPECT_EQ(two.solutions, 2u);
        EXPECT_FALSE(two.unique());
        const SudokuResult all = solve_sudoku(p, options(m, 0));
        EXPECT_EQ(all.solutions, 2u) << to_string(m);
        EXPECT_TRUE(all.exhausted);
        EXPECT_TRUE(is_sudoku_solution(p, all.solution));
        EXPECT_TRUE(valid_completion(p, all.solution));
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
        const SudokuResult cell = solve_sudoku(p, options(SudokuMethod::Cells, 0));
        ASSERT_TRUE(csp.exhausted && dfs.exhausted && cell.exhausted);
        EXPECT_EQ(csp.solutions, dfs.solutions) << format_sudoku(p);
        EXPECT_EQ(cell.solutions, dfs.solutions) << format_sudoku(p);
        EXPECT_GE(csp.solutions, 1u);
        EXPECT_TRUE(valid_completion(p, csp.solution));
    }
}

TEST(Sudoku, BandAndCellSolversCountTheSame) {
    // Sparser grids (48 to 55 cells blanked) have up to hundreds of solutions: exact counts, and
    // a count stopped at a limit, agree between the two CSP solvers.
    std::mt19937 rng(11);
    const auto refs = references();
    int above = 0, below = 0;  // counts above and below the limit of 7
    for (int trial = 0; trial < 40; ++trial) {
        SudokuGrid p = sudoku_variant(refs[trial % refs.size()].solution, trial);
        std::vector<int> cells(81);
        for (int i = 0; i < 81; ++i) cells[i] = i;
        std::shuffle(cells.begin(), cells.end(), rng);
        for (int i = 0; i < 48 + trial % 8; ++i) p.cells[cells[i]] = 0;
        const SudokuResult fast = solve_sudoku(p, options(SudokuMethod::Csp, 0));
        const SudokuResult slow = solve_sudoku(p, options(SudokuMethod::Cells, 0));
        ASSERT_TRUE(fast.exhausted && slow.exhausted);
        EXPECT_EQ(fast.solutions, slow.solutions) << format_sudoku(p);
        EXPECT_TRUE(valid_completion(p, fast.solution)) << format_sudoku(p);
        const SudokuResult some = solve_sudoku(p, options(SudokuMethod::Csp, 7));
        EXPECT_EQ(some.solutions, std::min<std::uint64_t>(7, slow.solutions));
        EXPECT_EQ(some.exhausted, slow.solutions < 7);
        above += slow.solutions > 7, below += slow.solutions < 7;
    }
    EXPECT_GT(above, 5);
    EXPECT_GT(below, 5);
}

// Random consistent givens (17 to 40 of them): mostly grids without a solution, whose
// contradictions show up deep in propagation (two singles of one pass taking each other's last
// candidate), some with many solutions. Both CSP solvers must report the same status and count.
TEST(Sudoku, BandAndCellSolversAgreeOnRandomGivens) {
    std::mt19937 rng(5);
    int solved = 0, unsolvable = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        SudokuGrid p;
        const int givens = 17 + trial % 24;
        for (int placed = 0; placed < givens;) {
            const int cell = static_cast<int>(rng() % 81);
            if (p.cells[cell] != 0) continue;
            p.cells[cell] = static_cast<std::uint8_t>(1 + rng() % 9);
            if (sudoku_conflict(p).empty())
                ++placed;
            else
                p.cells[cell] = 0;
        }
        const SudokuResult fast = solve_sudoku(p, options(SudokuMethod::Csp, 3));
        const SudokuResult slow = solve_sudoku(p, options(SudokuMethod::Cells, 3));
        ASSERT_EQ(fast.status, slow.status) << format_sudoku(p);
        ASSERT_EQ(fast.solutions, slow.solutions) << format_sudoku(p);
        ASSERT_EQ(fast.exhausted, slow.exhausted) << format_sudoku(p);
        if (fast.solutions > 0) {
            EXPECT_TRUE(valid_completion(p, fast.solution)) << format_sudoku(p);
        }
        solved += fast.solutions > 0, unsolvable += fast.status == SudokuStatus::NoSolution;
    }
    EXPECT_GT(solved, 50);
    EXPECT_GT(unsolvable, 1000);
}

TEST(Sudoku, ContradictionIsReportedWithTheClashingCells) {
    SudokuGrid p = references()[0].puzzle;  // 85...24.. : r1c1 = 8
    p.cells[4] = 8;                         // a second 8 in row 1
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search, SudokuMethod::Cells}) {
        const SudokuResult r = solve_sudoku(p, options(m, 1));
        EXPECT_EQ(r.status, SudokuStatus::Contradiction);
        EXPECT_EQ(r.contradiction, "digit 8 twice in row 1 (r1c1, r1c5)");
        EXPECT_EQ(r.solutions, 0u);
    }
    EXPECT_EQ(sudoku_conflict(parse_sudoku(std::string(80, '.') + "1")), "");
}

// The band solver looks for a clash among the givens only once it has found no solution (a
// solution proves there is none): random givens, clashing or not, must be reported as every
// method reports them, a clash as the contradiction sudoku_conflict names, with no nodes, at any
// limit.
TEST(Sudoku, ClashingGivensAreAContradictionWhateverTheLimits) {
    std::mt19937 rng(11);
    int clashes = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        SudokuGrid p;
        const int givens = 2 + trial % 30;
        for (int k = 0; k < givens; ++k)
            p.cells[rng() % 81] = static_cast<std::uint8_t>(1 + rng() % 9);
        const std::string conflict = sudoku_conflict(p);
        clashes += !conflict.empty();
        for (const std::uint64_t limit : {1, 2})
            for (const std::uint64_t max_nodes : {0, 1, 3}) {
                const SudokuResult band =
                    solve_sudoku(p, options(SudokuMethod::Csp, limit, max_nodes));
                const SudokuResult cells =
                    solve_sudoku(p, options(SudokuMethod::Cells, limit, max_nodes));
                if (conflict.empty()) {
                    ASSERT_NE(band.status, SudokuStatus::Contradiction) << format_sudoku(p);
                    continue;
                }
                ASSERT_EQ(band.status, SudokuStatus::Contradiction) << format_sudoku(p);
                EXPECT_EQ(band.contradiction, conflict);
                EXPECT_EQ(band.contradiction, cells.contradiction);
                EXPECT_EQ(band.nodes, 0u);
                EXPECT_EQ(band.solutions, 0u);
                EXPECT_TRUE(band.exhausted);
            }
    }
    EXPECT_GT(clashes, 500);
}

// The band solver's hardest clash to see: a full grid whose rows and boxes are right but two of
// whose columns repeat a digit (two cells of one row and box swapped), also with a few cells left
// for the singles to fill. No rule of a band sees the columns; the last check of a full board
// does.
TEST(Sudoku, AFullGridWithAColumnClashIsAContradiction) {
    const Reference ref = references()[0];
    SudokuGrid full = ref.solution;
    std::swap(full.cells[0], full.cells[1]);  // r1c1 and r1c2: the same row and box
    ASSERT_NE(sudoku_conflict(full), "");
    SudokuGrid holes = full;
    for (const int c : {40, 41, 50, 70, 80}) holes.cells[c] = 0;
    for (const SudokuGrid& p : {full, holes})
        for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search, SudokuMethod::Cells}) {
            const SudokuResult r = solve_sudoku(p, options(m, 2));
            EXPECT_EQ(r.status, SudokuStatus::Contradiction) << to_string(m);
            EXPECT_EQ(r.contradiction, sudoku_conflict(p)) << to_string(m);
        }
}

TEST(Sudoku, UnsolvablePuzzlesAreReportedAsNoSolution) {
    // Row 1 forces 9 into r1c9, but column 9 already has a 9: no clash among the givens.
    std::string text = "12345678." + std::string(72, '.');
    text[9 * 4 + 8] = '9';
    const SudokuGrid p = parse_sudoku(text);
    EXPECT_EQ(sudoku_conflict(p), "");
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search, SudokuMethod::Cells}) {
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
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Search, SudokuMethod::Cells}) {
        const SudokuResult r = solve_sudoku(q, options(m, 1));
        EXPECT_EQ(r.status, SudokuStatus::NoSolution) << to_string(m);
        EXPECT_TRUE(r.exhausted);
    }
}

// Golden Nugget (line 15 of the file): hundreds of nodes for both CSP solvers.
SudokuGrid refs_hardest() {
    return references()[13].puzzle;
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
    // The band solver stops at the node limit too, on the puzzle it finds hardest.
    for (SudokuMethod m : {SudokuMethod::Csp, SudokuMethod::Cells}) {
        const SudokuResult cut = solve_sudoku(refs_hardest(), options(m, 1, 3));
        EXPECT_EQ(cut.status, SudokuStatus::LimitReached) << to_string(m);
        EXPECT_EQ(cut.nodes, 3u) << to_string(m);
        EXPECT_FALSE(cut.exhausted);
    }
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
    std::string digits(81, '0');
    for (int c = 0; c < 81; ++c) digits[c] = static_cast<char>('0' + c % 10);
    const SudokuGrid g = parse_sudoku(digits);
    for (int c = 0; c < 81; ++c) EXPECT_EQ(g.cells[c], c % 10) << c;
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
    // One line of 81 characters takes a faster path; what it refuses, the general one names.
    for (int i = 0; i < 81; ++i)
        for (const char ch : {'/', ':', ' '}) {
            std::string line(81, '5');
            line[i] = ch;
            expect_parse_error(line, ch == ' ' ? std::string("expected 81 cells, got 80")
                                               : "bad character '" + std::string(1, ch) +
                                                     "' at position " + std::to_string(i + 1));
        }
    expect_parse_error(std::string(79, '.') + "\xC3\xA9",
                       "bad character '\xC3\xA9' at position 80");
    EXPECT_THROW(parse_sudoku_method("bfs"), InputError);
    EXPECT_EQ(parse_sudoku_method("cells"), SudokuMethod::Cells);
    EXPECT_EQ(parse_sudoku_method("csp"), SudokuMethod::Csp);
    EXPECT_STREQ(to_string(SudokuMethod::Cells), "cells");
}

// The build tree's library: its compilations of the band solver (one with FRONTIER_NATIVE, three
// in a library built for any x86-64) agree, and FRONTIER_SUDOKU_ISA chooses or is refused.
TEST(SudokuVariants, EveryCompilationSearchesTheSameTrees) {
    test::expect_variants_agree();
}

TEST(SudokuVariants, ForcedCompilation) {
    test::expect_forcing_rules();
}

TEST(SudokuVariants, CommandLineHonoursTheForcedCompilation) {
    const std::string solve =
        "solve sudoku "
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    const test::CliResult bad = test::run_frontier_with("FRONTIER_SUDOKU_ISA=avx1024", solve);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.err.rfind("frontier: error: FRONTIER_SUDOKU_ISA=avx1024", 0), 0u) << bad.err;
    EXPECT_EQ(bad.out, "");
    const test::CliResult good = test::run_frontier_with("FRONTIER_SUDOKU_ISA=baseline", solve);
    EXPECT_EQ(good.exit_code, 0) << good.err;
    EXPECT_NE(
        good.out.find(
            "859612437723854169164379528986147352375268914241593786432981675617425893598736241"),
        std::string::npos)
        << good.out;
}

}  // namespace
}  // namespace frontier
