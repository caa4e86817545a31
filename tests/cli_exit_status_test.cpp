// The exit-status policy (docs/reference/exit-status.md), puzzle by puzzle: 0 answered; 1 a
// well-formed question without a solution, printed as a result with its reason (text on stdout,
// and `status` plus `reason` in --json), nothing on stderr; 2 bad input, exactly one stderr line
// `frontier: error: ...` and nothing on stdout. The table names every puzzle `solve --help`
// lists, so a new puzzle without a row fails here.
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"
#include "tools/cli/cpu_check.hpp"

namespace frontier {
namespace {

using test::run_frontier;

struct PuzzleRow {
    std::string name;        // as `solve --help` lists it ("sliding:" for the family)
    std::string unsolvable;  // arguments of a well-formed question without a solution, or ""
    std::string reason;      // a fragment of the reason it must give
    std::string why_none;    // when `unsolvable` is empty: why the puzzle cannot have one
    std::string bad;         // arguments of a bad input
};

const std::string kSudokuNoSolution =
    ".234567891" + std::string(71, '.');  // r1c1 needs a 1; column 1 has one

const std::vector<PuzzleRow> kTable = {
    {"8puzzle", "solve 8puzzle '_ 2 3 4 5 6 7 8 1'", "permutation parity", "",
     "solve 8puzzle '1 2 3'"},
    {"15puzzle", "solve 15puzzle '1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 _'", "permutation parity", "",
     "solve 15puzzle '1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 _'"},
    {"24puzzle",
     "solve 24puzzle '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 24 23 _'",
     "permutation parity", "", "solve 24puzzle '1 2 3'"},
    {"sliding:", "solve sliding:3x2 '2 1 3 4 5 _'", "permutation parity", "",
     "solve sliding:1x9 '1 2 3 4 5 6 7 8 _'"},
    {"queens", "solve queens 3", "search exhausted after 5 nodes", "", "solve queens 0"},
    {"sudoku", "solve sudoku " + kSudokuNoSolution, "no solution (search exhausted)", "",
     "solve sudoku 123"},
    {"cryptarithm", "solve cryptarithm A+B=CDE", "search exhausted", "", "solve cryptarithm 'A+'"},
    {"qubic", "solve qubic", "no forced win for X by threats (every forcing line searched)", "",
     "solve qubic --x 0 --o 0"},
    {"rush", "solve rush ooooooooooooAAooxooooooooooooooooooo",
     "a wall at column 4 stands between the primary car and the exit", "",
     "solve rush ooooooooooooAAoooBooooooooooooooooooo"},
    {"pocket-cube", "", "", "every position that stickers can describe is reachable",
     "solve pocket-cube UUURRRRUFFFFDDDDLLLLBBBB"},
    {"peg-solitaire", "solve peg-solitaire 'xxx/xxx/xxxxxxx/xxxxxxx/xxxxxxx/xxx/xxx'",
     "another position class", "", "solve peg-solitaire 'xxx/xx'"},
    {"sliding-blocks", "solve sliding-blocks --layout 'A#.' --goal 'A at c1'",
     "state space exhausted after 1 expansions", "",
     "solve sliding-blocks --layout 'AB/BA' --goal 'A at a1'"},
    // No position of the built-in layouts has the horizontal 2x1 E in Klotski's top-left corner
    // or a vertical 1x2 in Dad's Puzzle's right column: BFS exhausts the whole space.
    {"klotski", "solve klotski --goal 'E at a1'", "state space exhausted after 25955 expansions",
     "", "solve klotski --goal 'A at e9'"},
    {"dads-puzzle", "solve dads-puzzle --goal 'F at d1'",
     "state space exhausted after 2796 expansions", "", "solve dads-puzzle --goal 'Z at a1'"},
    {"hanoi:", "", "", "every state of the Towers of Hanoi is solvable", "solve hanoi:0"},
    {"pancake:", "", "", "flips reach every order of the stack", "solve pancake:1"},
};

// The names `solve --help` lists under "Domains" ("sliding:RxC" gives "sliding:").
std::set<std::string> solve_help_names() {
    const auto r = run_frontier("solve --help");
    EXPECT_EQ(r.exit_code, 0);
    std::set<std::string> names;
    std::istringstream lines(r.out.substr(r.out.find("Domains")));
    std::string line;
    std::getline(lines, line);  // the heading
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        for (std::string w; words >> w;) {
            if (w.front() == '(' || w.front() == '"' || w.front() == '-') break;
            while (!w.empty() && w.back() == ',') w.pop_back();
            if (const auto colon = w.find(':'); colon != std::string::npos) w.resize(colon + 1);
            if (w == "N" || w == "PUZZLE") continue;
            names.insert(w);
        }
    }
    return names;
}

TEST(CliExitStatus, TheTableCoversEveryPuzzle) {
    std::set<std::string> rows;
    for (const PuzzleRow& p : kTable) rows.insert(p.name);
    EXPECT_EQ(rows, solve_help_names());
}

TEST(CliExitStatus, AnUnsolvableQuestionIsAResultWithItsReason) {
    for (const PuzzleRow& p : kTable) {
        if (p.unsolvable.empty()) {
            EXPECT_FALSE(p.why_none.empty()) << p.name;
            continue;
        }
        SCOPED_TRACE(p.unsolvable);
        const auto text = run_frontier(p.unsolvable);
        EXPECT_EQ(text.exit_code, 1) << text.err;
        EXPECT_EQ(text.err, "");
        EXPECT_NE(text.out.find(p.reason), std::string::npos) << text.out;
        const auto json = run_frontier(p.unsolvable + " --json");
        EXPECT_EQ(json.exit_code, 1) << json.err;
        EXPECT_EQ(json.err, "");
        const auto j = nlohmann::json::parse(json.out);
        const std::set<std::string> no_answer = {"unsolvable", "no_solution", "exhausted"};
        EXPECT_TRUE(no_answer.count(j.value("status", ""))) << json.out;
        ASSERT_TRUE(j.contains("reason") && j["reason"].is_string()) << json.out;
        EXPECT_NE(j["reason"].get<std::string>().find(p.reason), std::string::npos) << json.out;
    }
}

TEST(CliExitStatus, ABadInputIsOneErrorLineAndStatus2) {
    for (const PuzzleRow& p : kTable) {
        SCOPED_TRACE(p.bad);
        const auto r = run_frontier(p.bad);
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_EQ(test::count_lines(r.err), 1) << r.err;
        EXPECT_EQ(r.err.rfind("frontier: error: ", 0), 0u) << r.err;
        EXPECT_EQ(r.out, "");
    }
}

TEST(CliExitStatus, TheSearchVerbsAgreeOnAnUnsolvableStart) {
    // compare and solve-batch tabulate the same verdict solve gives (a row, not an error).
    const auto batch = run_frontier("solve-batch 8puzzle - --json", "_ 2 3 4 5 6 7 8 1\n");
    EXPECT_NE(batch.exit_code, 2) << batch.err;
    EXPECT_NE(batch.out.find("unsolvable"), std::string::npos) << batch.out;
    const auto compare =
        run_frontier("compare 8puzzle - --algorithms bfs --csv", "_ 2 3 4 5 6 7 8 1\n");
    EXPECT_EQ(compare.exit_code, 0) << compare.err;
    EXPECT_NE(compare.out.find(",bfs,unsolvable"), std::string::npos) << compare.out;
}

// A program built for another CPU: the instruction sets it was compiled for and this CPU lacks
// are named in one line (exit status 3), instead of a crash on the first such instruction.
TEST(CliExitStatus, AProgramBuiltForAnotherCpuNamesWhatIsMissing) {
    const std::uint32_t avx2_bmi2 = 1u << 3 | 1u << 5;  // kCpuFeatureNames[3], [5]
    const auto old_cpu = [](const char* name) { return std::string(name) != "avx2"; };
    EXPECT_EQ(cli::missing_cpu_features(avx2_bmi2, old_cpu), std::vector<std::string>{"avx2"});
    EXPECT_TRUE(cli::missing_cpu_features(0, old_cpu).empty());  // built for any x86-64
    const auto none = [](const char*) { return false; };
    EXPECT_EQ(cli::missing_cpu_features(avx2_bmi2, none),
              (std::vector<std::string>{"avx2", "bmi2"}));
    const std::string line = cli::cpu_error_message({"avx2", "bmi2"});
    EXPECT_EQ(line.rfind("frontier: error: ", 0), 0u) << line;
    EXPECT_NE(line.find("lacks avx2, bmi2"), std::string::npos) << line;
    EXPECT_NE(line.find("-DFRONTIER_NATIVE=OFF"), std::string::npos) << line;
    EXPECT_EQ(cli::cpu_error_message({}), "");
    // This machine has what this build was compiled for (the program runs at all).
    EXPECT_EQ(test::run_frontier("--version").exit_code, 0);
}

}  // namespace
}  // namespace frontier
