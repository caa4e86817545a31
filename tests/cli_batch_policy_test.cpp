// One batch policy for every command that reads many inputs (docs/reference/exit-status.md,
// "Batches"): the same three lines with a bad one in the middle give, in each command, the answers
// to lines 1 and 3 on stdout in input order, exactly one stderr line "frontier: error: stdin:2:
// ...", a row of status `error` where the format has a status per input, and exit status 2.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

struct BatchCase {
    std::string command;               // reads stdin
    std::string input;                 // three lines, the second bad
    std::vector<std::string> answers;  // on stdout, in this order
    std::string error_row;             // on stdout too, between them ("" when none)
};

const std::string kSliding = "1 2 3 4 5 6 7 _ 8\n1 2 3\n1 2 3 4 5 _ 7 8 6\n";
const std::string kRush =
    "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\nnot a board\nooooooooooooAABBoooooooooooooooooooo\n";
const std::string kSudoku =
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.\nabc\n"
    "...............................................................................12\n";
const std::string kCryptarithm = "SEND+MORE=MONEY\nSEND MORE\nTO+GO=OUT\n";

std::vector<BatchCase> cases(const std::string& table) {
    return {
        {"compare 8puzzle - --algorithms bfs --format csv",
         kSliding,
         {"\"1 2 3 4 5 6 7 _ 8\",bfs,solved,1", "\"1 2 3 4 5 _ 7 8 6\",bfs,solved,1"},
         ""},
        {"solve-batch 8puzzle - --format tsv",
         kSliding,
         {"1\t1 2 3 4 5 6 7 _ 8\tsolved\t1", "3\t1 2 3 4 5 _ 7 8 6\tsolved\t1"},
         "2\t\terror\t-1"},
        {"solve-batch 8puzzle - --format jsonl",
         kSliding,
         {"\"id\":\"1\"", "\"id\":\"3\""},
         "\"status\":\"error\""},
        {"lookup " + table, kSliding, {"1 2 3 4 5 6 7 _ 8: 1", "1 2 3 4 5 _ 7 8 6: 1"}, ""},
        {"lookup " + table + " --json",
         kSliding,
         {"\"distance\": 1", "\"distance\": 1"},
         "\"status\": \"error\""},
        {"rush grade -",
         kRush,
         {"IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\t60", "ooooooooooooAABBoooooooooooooooooooo\t-"},
         ""},
        {"solve-batch sudoku -", kSudoku, {"1\t859612437", "3\t"}, ""},
        {"compare sudoku - --format json", kSudoku, {"\"id\": \"1\"", "\"id\": \"3\""}, ""},
        {"solve-batch cryptarithm -",
         kCryptarithm,
         {"1\t9567+1085=10652\tsolved", "3\t21+81=102\tsolved"},
         ""},
    };
}

TEST(CliBatchPolicy, ABadMiddleLineIsReportedAndTheOthersAnswered) {
    const std::string dir = test::temp_dir();
    const std::string table = dir + "/8.table";
    ASSERT_EQ(test::run_frontier("enumerate 8puzzle --out " + table).exit_code, 0);
    for (const BatchCase& c : cases(table)) {
        SCOPED_TRACE("frontier " + c.command);
        const test::CliResult r = test::run_frontier(c.command, c.input);
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(test::count_lines(r.err), 1) << r.err;
        EXPECT_EQ(r.err.rfind("frontier: error: stdin:2: ", 0), 0u) << r.err;
        const std::size_t first = r.out.find(c.answers[0]);
        ASSERT_NE(first, std::string::npos) << r.out;
        const std::size_t last = r.out.find(c.answers[1], first + c.answers[0].size());
        ASSERT_NE(last, std::string::npos) << r.out;
        if (!c.error_row.empty()) {
            const std::size_t row = r.out.find(c.error_row, first);
            EXPECT_LT(row, last) << r.out;
        }
    }
}

}  // namespace
}  // namespace frontier
