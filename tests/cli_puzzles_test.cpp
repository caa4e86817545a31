// The puzzle commands of the frontier program: count/solve queens, solve and solve-batch
// sudoku, solve cryptarithm, solve qubic; their JSON, help, and one-line errors with exit 2.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <cctype>
#include <map>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/queens/queens.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

const std::string kNorvig1 =
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
const std::string kNorvig1Solution =
    "859612437723854169164379528986147352375268914241593786432981675617425893598736241";

TEST(CliQueens, CountsAndUniqueCounts) {
    const auto r = run_frontier("count queens 8 --unique --threads 2");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("queens 8: 92 solutions, 12 unique"), std::string::npos) << r.out;
    for (int threads : {1, 3}) {
        const auto j = nlohmann::json::parse(
            run_frontier("count queens 12 --unique --json --threads " + std::to_string(threads))
                .out);
        EXPECT_EQ(j["solutions"], 14200);
        EXPECT_EQ(j["unique"], 1787);
        EXPECT_EQ(j["threads"], threads);
        EXPECT_EQ(j["n"], 12);
        EXPECT_GT(j["nodes"].get<std::uint64_t>(), 14200u);
    }
    const auto plain = nlohmann::json::parse(run_frontier("count queens 10 --json").out);
    EXPECT_EQ(plain["solutions"], 724);
    EXPECT_FALSE(plain.contains("unique"));
}

TEST(CliQueens, SolvePrintsAValidBoard) {
    const auto r = run_frontier("solve queens 30 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    std::vector<int> columns;
    for (int c : j["columns"]) columns.push_back(c - 1);
    ASSERT_EQ(columns.size(), 30u);
    EXPECT_TRUE(is_queens_solution(columns));
    const auto text = run_frontier("solve queens 8");
    EXPECT_EQ(text.exit_code, 0);
    EXPECT_EQ(std::count(text.out.begin(), text.out.end(), 'Q'), 8) << text.out;
    const auto none = run_frontier("solve queens 3");
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.out.find("no solution"), std::string::npos);
}

TEST(CliQueens, BadSizesAreErrors) {
    expect_input_error(run_frontier("count queens 28"), "N <= 27");
    expect_input_error(run_frontier("solve queens 0"), "between 1 and 64");
    expect_input_error(run_frontier("count queens"), "N is required");
    expect_input_error(run_frontier("count queens eight"), "count queens");
    expect_input_error(run_frontier("count sudoku"), "unknown domain");
}

TEST(CliSudoku, SolvesCountsAndReports) {
    const auto r = run_frontier("solve sudoku " + kNorvig1);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find(kNorvig1Solution), std::string::npos) << r.out;
    const auto c = run_frontier("solve sudoku " + kNorvig1 + " --count");
    EXPECT_NE(c.out.find("1 solution (unique)"), std::string::npos) << c.out;
    // One node is "1 node"; a solved puzzle given in full takes exactly one.
    const auto solved = run_frontier("solve sudoku " + kNorvig1Solution + " --count");
    EXPECT_NE(solved.out.find("\n1 node, "), std::string::npos) << solved.out;
    const auto j = nlohmann::json::parse(
        run_frontier("solve sudoku " + kNorvig1 + " --count --method search --json").out);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["solution"], kNorvig1Solution);
    EXPECT_EQ(j["solutions"], 1);
    EXPECT_EQ(j["unique"], true);
    EXPECT_EQ(j["method"], "search");
    EXPECT_GT(j["nodes"].get<int>(), 1000);

    std::string clash = kNorvig1;
    clash[4] = '8';
    const auto bad = run_frontier("solve sudoku " + clash);
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.out.find("contradiction: digit 8 twice in row 1 (r1c1, r1c5)"), std::string::npos)
        << bad.out;
    const auto none = run_frontier("solve sudoku 12345678." + std::string(35, '.') + "9" +
                                   std::string(36, '.') + " --json");
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_EQ(nlohmann::json::parse(none.out)["status"], "no_solution");
}

TEST(CliSudoku, MalformedPuzzleIsOneLineNamingThePosition) {
    std::string bad = kNorvig1;
    bad[20] = 'x';
    expect_input_error(run_frontier("solve sudoku " + bad), "bad character 'x' at position 21");
    expect_input_error(run_frontier("solve sudoku 123"), "expected 81 cells, got 3");
    expect_input_error(run_frontier("solve sudoku " + kNorvig1 + " --method bfs"),
                       "unknown method");
}

TEST(CliSudoku, BatchSolvesTheReferenceFileInParallel) {
    const std::string file = test::data_file("sudoku.tsv");
    const auto r = run_frontier("solve-batch sudoku " + file + " --threads 2 --count --quiet");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("16 puzzles: 16 solved (16 unique)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("16 match, 0 differ"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("puzzles/s"), std::string::npos);
    const auto j = nlohmann::json::parse(
        run_frontier("solve-batch sudoku " + file + " --threads 3 --json").out);
    EXPECT_EQ(j["puzzles"], 16);
    EXPECT_EQ(j["solved"], 16);
    EXPECT_EQ(j["matched"], 16);
    EXPECT_EQ(j["threads"], 3);
    EXPECT_GT(j["puzzles_per_second"].get<double>(), 0.0);
    ASSERT_EQ(j["results"].size(), 16u);
    EXPECT_EQ(j["results"][0]["solution"], kNorvig1Solution);
    EXPECT_EQ(j["results"][0]["matches"], true);

    // Plain lines from stdin, one with a clash; a malformed line is named with its number.
    std::string clash = kNorvig1;
    clash[4] = '8';
    const auto mixed =
        run_frontier("solve-batch sudoku - --threads 2", kNorvig1 + "\n" + clash + "\n");
    EXPECT_EQ(mixed.exit_code, 0) << mixed.err;
    EXPECT_NE(mixed.out.find("2 puzzles: 1 solved, 0 no solution, 1 contradiction"),
              std::string::npos)
        << mixed.out;
    expect_input_error(run_frontier("solve-batch sudoku -", "# header\n" + kNorvig1 + "\nabc\n"),
                       "stdin:3: sudoku: bad character 'a' at position 1");
}

TEST(CliSudoku, CompareTabulatesBothMethods) {
    const std::string file = test::data_file("sudoku.tsv");
    const auto r = run_frontier("compare sudoku " + file + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j.size(), 32u);
    for (std::size_t i = 0; i < j.size(); i += 2) {
        EXPECT_EQ(j[i]["method"], "csp");
        EXPECT_EQ(j[i + 1]["method"], "search");
        EXPECT_EQ(j[i]["status"], "solved");
        EXPECT_EQ(j[i + 1]["status"], "solved");
        EXPECT_EQ(j[i]["puzzle"], j[i + 1]["puzzle"]);
        // Propagation needs far fewer nodes than filling cells in order, on every puzzle.
        EXPECT_LT(j[i]["nodes"].get<std::uint64_t>(), j[i + 1]["nodes"].get<std::uint64_t>());
    }
    const auto text = run_frontier("compare sudoku " + file + " --count --methods csp");
    EXPECT_NE(text.out.find("proved unique"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("total"), std::string::npos);
    EXPECT_EQ(text.out.find("Legend"), std::string::npos) << text.out;
    // A puzzle given up at the limit leaves the comparison incomplete: status 1.
    const auto limited = run_frontier("compare sudoku " + file + " --methods search --max-nodes 2");
    EXPECT_EQ(limited.exit_code, 1) << limited.err;
    EXPECT_NE(limited.out.find("Legend: FAILED: --max-expansions reached."), std::string::npos)
        << limited.out;
    EXPECT_EQ(run_frontier("compare sudoku " + file + " --max-nodes 2 --json").exit_code, 1);
}

// Whether an equation of digits ("9567+1085=10652") holds, by plain arithmetic: the check the
// batch's answers must pass, written from the rules alone.
bool digits_hold(const std::string& equation) {
    long long sides[2] = {0, 0}, term = 0;
    int side = 0, sign = 1;
    for (char c : equation + "+") {
        if (c >= '0' && c <= '9') {
            term = term * 10 + (c - '0');
            continue;
        }
        sides[side] += sign * term;
        term = 0;
        sign = c == '-' ? -1 : 1;
        if (c == '=') side = 1;
    }
    return sides[0] == sides[1];
}

// The shared backtracking batch, on cryptarithms: every answer holds, letter for digit it is the
// puzzle's own pattern, the unique solutions are the published ones (SEND+MORE=MONEY's
// 9567+1085=10652, Dudeney 1924), and a puzzle with none says so.
TEST(CliCryptarithm, BatchAnswersEveryLineInOrder) {
    const std::vector<std::string> puzzles = {"SEND+MORE=MONEY", "TO+GO=OUT", "ABC+ABC=ABC",
                                              "EAT+THAT=APPLE", "CROSS+ROADS=DANGER"};
    std::string input;
    for (const std::string& p : puzzles) input += p + "\n";
    const auto r = run_frontier("solve-batch cryptarithm - --threads 2 --count --json", input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["results"].size(), puzzles.size());
    EXPECT_EQ(j["puzzles"], 5);
    EXPECT_EQ(j["solved"], 4);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const auto& row = j["results"][i];
        EXPECT_EQ(row["puzzle"], puzzles[i]);
        EXPECT_EQ(row["line"], static_cast<int>(i) + 1);
        if (row["status"] != "solved") continue;
        const std::string digits = row["solution"];
        ASSERT_EQ(digits.size(), puzzles[i].size());
        EXPECT_TRUE(digits_hold(digits)) << digits;
        std::map<char, char> digit_of;
        for (std::size_t k = 0; k < digits.size(); ++k)
            if (std::isalpha(static_cast<unsigned char>(puzzles[i][k]))) {
                const auto [it, fresh] = digit_of.emplace(puzzles[i][k], digits[k]);
                EXPECT_EQ(it->second, digits[k]) << puzzles[i];
            }
    }
    EXPECT_EQ(j["results"][0]["solution"], "9567+1085=10652");
    EXPECT_EQ(j["results"][0]["solutions"], 1);
    EXPECT_EQ(j["results"][2]["status"], "no_solution");
    const auto text = run_frontier("solve-batch cryptarithm -", input);
    EXPECT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("1\t9567+1085=10652\tsolved\t"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("5 puzzles: 4 solved, 1 no solution"), std::string::npos) << text.out;
}

TEST(CliCryptarithm, SendMoreMoney) {
    const auto r = run_frontier("solve cryptarithm 'SEND+MORE=MONEY'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("9567+1085=10652   D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2"), std::string::npos)
        << r.out;
    const auto j = nlohmann::json::parse(
        run_frontier("solve cryptarithm 'SEND+MORE=MONEY' --count --json").out);
    EXPECT_EQ(j["solutions"], 1);
    EXPECT_EQ(j["exhausted"], true);
    EXPECT_EQ(j["found"][0]["equation"], "9567+1085=10652");
    EXPECT_EQ(j["found"][0]["digits"]["M"], 1);
    const auto z = nlohmann::json::parse(
        run_frontier("solve cryptarithm 'SEND+MORE=MONEY' --count --allow-leading-zero --json")
            .out);
    EXPECT_GT(z["solutions"].get<int>(), 1);
    const auto none = run_frontier("solve cryptarithm 'AB+AB=A'");
    EXPECT_EQ(none.exit_code, 1);
    expect_input_error(run_frontier("solve cryptarithm 'SEND*MORE=MONEY'"), "position 5");
    expect_input_error(run_frontier("solve cryptarithm 'SEND+MORE'"), "missing '='");
}

TEST(CliQubic, ClassicExample) {
    const auto r = run_frontier("solve qubic --x 0 1 11 15");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("forced win for X in 2 moves"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("X 3 "), std::string::npos) << r.out;
    const auto j = nlohmann::json::parse(run_frontier("solve qubic --x 0,1,11,15 --json").out);
    EXPECT_EQ(j["found"], true);
    EXPECT_EQ(j["moves"], nlohmann::json::parse("[3, 2, 7]"));
    EXPECT_EQ(j["winning_line"], nlohmann::json::parse("[3, 7, 11, 15]"));
    // O to move with the same stones for O: the sides swap.
    const auto o = nlohmann::json::parse(
        run_frontier("solve qubic --o '0 1 11 15' --x 40 --to-move o --json").out);
    EXPECT_EQ(o["moves"], nlohmann::json::parse("[3, 2, 7]"));
    const auto none = run_frontier("solve qubic --x 0 21");
    EXPECT_EQ(none.exit_code, 1);
    EXPECT_NE(none.out.find("no forced win for X by threats (every forcing line searched)"),
              std::string::npos)
        << none.out;
    const auto bounded = run_frontier("solve qubic --x 0 21 --max-depth 2 --json");
    EXPECT_EQ(bounded.exit_code, 1);
    const auto b = nlohmann::json::parse(bounded.out);
    EXPECT_EQ(b["found"], false);
    EXPECT_EQ(b["exhausted"], false);
    EXPECT_EQ(b["depth_searched"], 2);
    expect_input_error(run_frontier("solve qubic --x 0 64"), "out of range");
    expect_input_error(run_frontier("solve qubic --x 1 2 --o 2"), "both X and O");
    expect_input_error(run_frontier("solve qubic --x 1 --to-move z"), "--to-move must be x or o");
}

TEST(CliPuzzles, EveryCommandHasHelp) {
    for (const char* args : {"count queens --help", "solve queens --help", "solve sudoku --help",
                             "solve-batch sudoku --help", "solve cryptarithm --help",
                             "solve qubic --help", "compare sudoku --help"}) {
        const auto r = run_frontier(args);
        EXPECT_EQ(r.exit_code, 0) << args;
        EXPECT_NE(r.out.find("--json"), std::string::npos) << args;
    }
    EXPECT_NE(run_frontier("count queens --help").out.find("--threads"), std::string::npos);
    EXPECT_NE(run_frontier("solve-batch sudoku --help").out.find("--threads"), std::string::npos);
    const auto list = run_frontier("solve --help");
    for (const char* domain : {"queens N", "sudoku PUZZLE", "cryptarithm", "qubic"})
        EXPECT_NE(list.out.find(domain), std::string::npos) << domain;
}

}  // namespace
}  // namespace frontier
