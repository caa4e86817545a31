// frontier solve and compare on sliding tiles.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

TEST(CliSolve, PrintsAnOptimalSolution) {
    const auto r = run_frontier(
        "solve 8puzzle '1 8 _ 3 2 4 6 5 7' --algorithm astar "
        "--heuristic manhattan");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("24 moves (optimal)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("moves: "), std::string::npos);
    EXPECT_NE(r.out.find("expanded "), std::string::npos);
    const auto one = run_frontier("solve 8puzzle '1 2 3 4 5 6 7 _ 8'");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_NE(one.out.find(": 1 move (optimal)"), std::string::npos) << one.out;
}

TEST(CliSolve, JsonHasTheDocumentedKeys) {
    const auto r = run_frontier(
        "solve 15puzzle '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3' --goal "
        "'0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15' --algorithm idastar --heuristic lc --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["length"], 57);  // Korf's instance #1
    EXPECT_EQ(j["moves"].size(), 57u);
    EXPECT_EQ(j["algorithm"], "idastar");
    EXPECT_EQ(j["heuristic"], "lc");
    EXPECT_EQ(j["optimal"], true);
    for (const char* key : {"expanded", "generated", "seconds", "duplicates", "peak_open"})
        EXPECT_TRUE(j.contains(key)) << key;
}

TEST(CliSolve, GreedySaysItIsNotOptimalAndShowDrawsBoards) {
    const auto r = run_frontier("solve 8puzzle '2 4 3 1 5 6 _ 7 8' -a greedy --show --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["optimal"], false);
    const auto t = run_frontier("solve 8puzzle '2 4 3 1 5 6 _ 7 8' -a greedy --show");
    EXPECT_NE(t.out.find("not guaranteed optimal"), std::string::npos);
    EXPECT_NE(t.out.find("move 1: "), std::string::npos);
}

TEST(CliSolve, UnsolvableAndNoSolutionOutcomes) {
    // A wrong-parity start is a well-formed question without a solution: a result, exit 1.
    const auto parity = run_frontier("solve 8puzzle '_ 2 3 4 5 6 7 8 1'");
    EXPECT_EQ(parity.exit_code, 1) << parity.err;
    EXPECT_EQ(parity.err, "");
    EXPECT_NE(parity.out.find("unsolvable: its permutation parity"), std::string::npos)
        << parity.out;
    const auto r = run_frontier("solve 8puzzle '_ 2 3 4 5 6 7 8 1' --no-parity-check -a bfs");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("no solution: state space exhausted after 181440 expansions"),
              std::string::npos)
        << r.out;
    expect_input_error(run_frontier("solve 8puzzle '_ 2 3 4 5 6 7 8 1' --no-parity-check "
                                    "-a idastar"),
                       "max-expansions");
    const auto lim = run_frontier("solve 8puzzle '1 8 _ 3 2 4 6 5 7' -a bfs --max-expansions 10");
    EXPECT_EQ(lim.exit_code, 1);
    EXPECT_NE(lim.out.find("limit reached after 10 expansions"), std::string::npos) << lim.out;
}

TEST(CliSolve, BadNamesAndStates) {
    expect_input_error(run_frontier("solve 8puzzle 123456780 -a teleport"), "unknown algorithm");
    expect_input_error(run_frontier("solve 8puzzle 123456780 --heuristic psychic"),
                       "unknown heuristic");
    // A near miss gets a suggestion, for algorithms and every puzzle's heuristics alike.
    expect_input_error(run_frontier("solve 8puzzle 123456780 -a astr"),
                       "unknown algorithm \"astr\" (known: bfs, dfs, astar, idastar, pidastar, "
                       "greedy, hdastar); did you mean \"astar\"?");
    expect_input_error(run_frontier("solve 8puzzle 123456780 --heuristic manhatan"),
                       "did you mean \"manhattan\"?");
    expect_input_error(
        run_frontier("solve rush ooBoCCooBoooAABoooDDDooEoooooEoooooE --heuristic h22"),
        "for rush (known: h0, h1, h2, h3); did you mean \"h2\"?");
    expect_input_error(run_frontier("solve 8puzzle 12345678"), "expected 9 tiles");
    expect_input_error(run_frontier("solve 8puzzle '1 2 3 4 5 6 7 8 8'"), "appears twice");
    expect_input_error(run_frontier("solve 8puzzle"), "state");
    expect_input_error(run_frontier("solve"), "missing domain");
    expect_input_error(run_frontier("solve chess e4"), "unknown domain");
    expect_input_error(run_frontier("solve 8puzzle 123456780 -a bfs:manhattan"),
                       "takes no heuristic");
}

// HDA* without --hash uses abstract Zobrist ownership (issue 23: the scaling by default), and
// both hashes give the same optimal length; on 2 threads AZH sends fewer children away.
TEST(CliSolve, HdaStarDefaultsToAbstractZobristOwnership) {
    const std::string state = "'4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0'";  // Korf #5, 56 moves
    const std::string common =
        " --goal '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15' -a hdastar "
        "--heuristic lc --threads 2 --json";
    const auto plain = run_frontier("solve 15puzzle " + state + common);
    const auto zobrist = run_frontier("solve 15puzzle " + state + common + " --hash zobrist");
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    ASSERT_EQ(zobrist.exit_code, 0) << zobrist.err;
    const auto a = nlohmann::json::parse(plain.out), z = nlohmann::json::parse(zobrist.out);
    EXPECT_EQ(a["hash"], "azh");
    EXPECT_EQ(z["hash"], "zobrist");
    EXPECT_EQ(a["length"], 56);
    EXPECT_EQ(z["length"], 56);
    EXPECT_LT(a["sent_fraction"].get<double>(), z["sent_fraction"].get<double>());
}

// Started without mpirun, --distributed is a one-rank job (MPI's singleton start) where the
// build has MPI, and a one-line error naming what to install where it has not.
TEST(CliSolve, DistributedWithoutMpirunIsOneRankOrNamesWhatIsMissing) {
    const auto r =
        run_frontier("solve 8puzzle '1 8 _ 3 2 4 6 5 7' --distributed --threads 1 --json");
#if FRONTIER_WITH_MPI
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["length"], 24);
    EXPECT_EQ(j["algorithm"], "hdastar");
    EXPECT_EQ(j["ranks"], 1);
    EXPECT_EQ(j["remote_bytes"], 0);
#else
    expect_input_error(r, "--distributed needs MPI");
    EXPECT_NE(r.err.find("libopenmpi-dev"), std::string::npos) << r.err;
#endif
}

TEST(CliCompare, TabulatesTheClassicExamples) {
    const std::string input =
        "# the classic course examples\n"
        "_ 2 3 1 4 6 7 5 8\n2 4 3 1 5 6 _ 7 8\n2 3 _ 5 4 8 1 6 7\n1 8 _ 3 2 4 6 5 7\n"
        "_ 2 3 4 5 6 7 8 1\n";
    const auto r = run_frontier(
        "compare 8puzzle - --algorithms bfs,astar:misplaced,"
        "astar:manhattan --csv",
        input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(test::count_lines(r.out), 1 + 5 * 3);
    EXPECT_NE(r.out.find("\"1 8 _ 3 2 4 6 5 7\",astar:manhattan,solved,24,"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\"2 3 _ 5 4 8 1 6 7\",bfs,solved,16,"), std::string::npos);
    EXPECT_NE(r.out.find("\"_ 2 3 4 5 6 7 8 1\",bfs,unsolvable"), std::string::npos);
    // A cell that hit the limit leaves the table incomplete: status 1, in every format, and
    // the legend names the markers shown.
    const auto t =
        run_frontier("compare 8puzzle - --algorithms bfs,dfs --max-expansions 20000", input);
    EXPECT_EQ(t.exit_code, 1) << t.err;
    EXPECT_NE(t.out.find("FAILED"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("nodes expanded"), std::string::npos);
    EXPECT_NE(t.out.find("\nLegend: FAILED: --max-expansions reached; unsolvable: the start "
                         "provably cannot reach the goal.\n"),
              std::string::npos)
        << t.out;
    for (const char* format : {"--csv", "--json"})
        EXPECT_EQ(run_frontier("compare 8puzzle - --algorithms dfs --max-expansions 20000 " +
                                   std::string(format),
                               input)
                      .exit_code,
                  1)
            << format;
    // Without a marker in the tables there is no legend.
    const auto clean =
        run_frontier("compare 8puzzle - --algorithms bfs,astar", "2 3 _ 5 4 8 1 6 7\n");
    ASSERT_EQ(clean.exit_code, 0) << clean.err;
    EXPECT_EQ(clean.out.find("Legend"), std::string::npos) << clean.out;
    EXPECT_EQ(clean.out.find("FAILED"), std::string::npos) << clean.out;
    expect_input_error(run_frontier("compare 8puzzle - ", "1 2 3\n"), "stdin:1: invalid state");
}

}  // namespace
}  // namespace frontier
