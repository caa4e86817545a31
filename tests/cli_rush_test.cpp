// The Rush Hour commands end to end: solve, compare and rush grade.
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

// Replays the printed moves with the domain: each must be legal; returns the final state.
RushState replay(const RushBoard& board, RushState s, const nlohmann::json& moves) {
    for (const auto& text : moves) {
        const RushMove m = parse_rush_move(board, text.get<std::string>());
        EXPECT_TRUE(board.is_legal(s, m)) << text << " in " << format_rush(board, s);
        s = RushBoard::apply(s, m);
    }
    return s;
}

TEST(CliRush, PrintedSolutionsReplayAndAreOptimal) {
    const std::vector<std::string> boards = {
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",  // 60 moves
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",  // 51 moves
        "ooBoCCooBoooAABoooDDDooEoooooEoooooE",  // 9 moves
        "ooooooooooooAAoooooooooooooooooooooo",  // 1 move
        "ooooooooooooooooAAoooooooooooooooooo",  // 0 moves
    };
    RushGrader grader;
    for (const std::string& text : boards) {
        const RushPuzzle p = parse_rush(text);
        const RushGrade g = grader.grade(p.board, p.start);
        for (const std::string metric : {"moves", "steps"}) {
            const RushBoard d = p.board.with_metric(parse_metric(metric));
            // Every heuristic is checked in the library tests; here the printed output.
            std::vector<std::string> algorithms = {"bfs", "astar"};
            if (g.moves <= 9) algorithms.push_back("idastar --heuristic h3");
            for (const std::string& a : algorithms) {
                const auto r =
                    run_frontier("solve rush " + text + " --json --metric " + metric + " -a " + a);
                ASSERT_EQ(r.exit_code, 0) << a << ": " << r.err;
                const auto j = nlohmann::json::parse(r.out);
                const int expected = metric == std::string("moves") ? g.moves : g.steps;
                EXPECT_EQ(j["length"], expected) << text << " " << a;
                EXPECT_EQ(j["moves"].size(), static_cast<std::size_t>(expected));
                EXPECT_EQ(j["metric"], metric);
                EXPECT_EQ(j["start"], text);
                EXPECT_TRUE(d.is_goal(replay(d, p.start, j["moves"]))) << text << " " << a;
            }
        }
    }
}

TEST(CliRush, SolveTextShowsTheInputLettersAndTheBoards) {
    const auto r = run_frontier("solve rush ooBoCCooBoooAABoooDDDooEoooooEoooooE --show");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("rush, astar:h3: 9 moves (optimal)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("move 9: AR"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("|..B.CC|"), std::string::npos) << r.out;          // the start, drawn
    EXPECT_NE(r.out.find("|..B.AA  <- exit"), std::string::npos) << r.out;  // the end
    const auto steps =
        run_frontier("solve rush ooooooooooooAAoooooooooooooooooooooo --metric steps");
    EXPECT_NE(steps.out.find("4 steps (optimal)"), std::string::npos) << steps.out;
}

TEST(CliRush, AnUnsolvableBoardIsAResultWithItsClusterSize) {
    for (const std::string a : {"astar", "bfs", "idastar"}) {
        const auto r = run_frontier("solve rush ooooooooooooAABBoooooooooooooooooooo -a " + a);
        EXPECT_EQ(r.exit_code, 1) << r.err;
        EXPECT_TRUE(r.err.empty()) << r.err;
        EXPECT_NE(r.out.find("unsolvable"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("horizontal piece B"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("6 states"), std::string::npos) << r.out;
    }
    const auto j = run_frontier("solve rush ooooooooooooAABBoooooooooooooooooooo --json");
    EXPECT_EQ(j.exit_code, 1);
    EXPECT_EQ(nlohmann::json::parse(j.out)["status"], "unsolvable");
}

TEST(CliRush, BadBoardsAreOneLineErrorsWithExitCodeTwo) {
    expect_input_error(run_frontier("solve rush IBBxooIooLDDJAALooJoKEEMFFKooMGGHHH"),
                       "35 characters");
    expect_input_error(run_frontier("solve rush ooooooooAoooooAooooooooooooooooooooo"),
                       "primary car A is vertical");
    expect_input_error(run_frontier("solve rush ooooooooBoooAAooooooBooooooooooooooo"),
                       "piece B is not contiguous");
    expect_input_error(run_frontier("solve rush oooooooooooooooooooooooooooooooAAooo"),
                       "primary car A is in row index 5");
    expect_input_error(run_frontier("solve rush IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM --metric km"),
                       "unknown metric");
    expect_input_error(
        run_frontier("solve rush IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM --heuristic h9"),
        "unknown heuristic");
    expect_input_error(run_frontier("solve rush IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM --goal x"),
                       "--goal does not apply");
    expect_input_error(run_frontier("rush grade /nonexistent/file"), "cannot open");
    expect_input_error(run_frontier("rush grade - --format xml", ""), "unknown --format");
}

TEST(CliRush, GradeChecksTheWholeKnownTable) {
    const std::string file = test::data_file("rush_known.tsv");
    const auto r = run_frontier("rush grade " + file + " --check --threads 2");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("checked 71 of 71 graded puzzles against their database columns: "
                         "all match"),
              std::string::npos)
        << r.err;
    const auto rows = test::read_tsv(file);
    std::stringstream out(r.out);
    std::size_t i = 1;
    for (std::string line; std::getline(out, line); ++i) {
        ASSERT_LT(i, rows.size());
        std::stringstream fields(line);
        std::string board, moves, steps, cluster;
        fields >> board >> moves >> steps >> cluster;
        EXPECT_EQ(board, rows[i][0]);
        EXPECT_EQ(moves, rows[i][1]);
        EXPECT_EQ(cluster, rows[i][2]);
    }
    EXPECT_EQ(i, rows.size());
}

TEST(CliRush, GradeReportsBadLinesAndMismatchesAndGoesOn) {
    const std::string input =
        "# a comment\n"
        "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\n"
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHH\n"
        "\n"
        "ooooooooooooAABBoooooooooooooooooooo\n"
        "59 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\n"
        "1 2 3 4\n";
    const auto r = run_frontier("rush grade - --check", input);
    EXPECT_EQ(r.exit_code, 2);  // bad lines (the batch policy), over the mismatch's 1
    EXPECT_EQ(r.out,
              "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\t60\t103\t2332\t110\t0\t60\tgrandmaster\n"
              "ooooooooooooAABBoooooooooooooooooooo\t-\t-\t6\t0\t-\t-\tunsolvable\n"
              "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\t60\t103\t2332\t110\t0\t60\tgrandmaster\n");
    EXPECT_NE(r.err.find("frontier: error: stdin:3: invalid board"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("stdin:7: expected a board or a database line"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("stdin:6: check failed for IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM: moves "
                         "60 (database 59)"),
              std::string::npos)
        << r.err;
    const auto j = run_frontier("rush grade - --format jsonl", input);
    std::stringstream lines(j.out);
    std::string first;
    std::getline(lines, first);
    const auto o = nlohmann::json::parse(first);
    EXPECT_EQ(o["line"], 2);
    EXPECT_EQ(o["moves"], 60);
    EXPECT_EQ(o["steps"], 103);
    EXPECT_EQ(o["cluster_size"], 2332);
    EXPECT_EQ(o["solved_states"], 110);
    EXPECT_EQ(o["from_hardest"], 0);
    EXPECT_EQ(o["hardest_moves"], 60);
    EXPECT_EQ(o["level"], "grandmaster");
    std::string second;
    std::getline(lines, second);
    EXPECT_TRUE(nlohmann::json::parse(second)["moves"].is_null());
}

TEST(CliRush, GradeHeaderNamesTheColumns) {
    const auto r = run_frontier("rush grade - --header", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(
        r.out,
        "board\tmoves\tsteps\tcluster_size\tsolved_states\tfrom_hardest\thardest_moves\t"
        "level\nIBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\t60\t103\t2332\t110\t0\t60\tgrandmaster\n");
}

// --format json: one document holding the jsonl objects, with the totals; the bad line is named
// on stderr and counted, the others graded.
TEST(CliRush, GradeJsonIsOneDocumentWithTheTotals) {
    const auto r = run_frontier("rush grade - --format json --check",
                                "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\nnot a board\n"
                                "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("stdin:2: "), std::string::npos) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["file"], "-");
    ASSERT_EQ(j["puzzles"].size(), 2u);
    EXPECT_EQ(j["puzzles"][0]["line"], 1);
    EXPECT_EQ(j["puzzles"][0]["moves"], 60);
    EXPECT_EQ(j["puzzles"][0]["cluster_size"], 2332);
    EXPECT_EQ(j["puzzles"][1]["line"], 3);
    EXPECT_EQ(j["graded"], 2);
    EXPECT_EQ(j["errors"], 1);
    EXPECT_EQ(j["checked"], 1);
    EXPECT_EQ(j["mismatches"], 0);
}

TEST(CliRush, GradeOutputDoesNotDependOnTheThreadCount) {
    // Random boards with many pieces (small clusters, so that the test stays fast).
    std::mt19937_64 rng(2024);
    std::string input;
    for (int i = 0; i < 400; ++i) {
        input += random_rush_text(rng, 6, 14 + i % 4, i % 3) + "\n";
        if (i == 123) input += "not a board\n";
    }
    for (const auto& row : test::read_tsv(test::data_file("rush_known.tsv")))
        if (row[0] != "board36") input += row[1] + " " + row[0] + " " + row[2] + "\n";
    const auto one = run_frontier("rush grade - --threads 1", input);
    EXPECT_EQ(one.exit_code, 2);  // the bad line
    EXPECT_EQ(test::count_lines(one.out), 400 + 71);
    for (int threads : {2, 3}) {
        const auto many = run_frontier("rush grade - --threads " + std::to_string(threads), input);
        EXPECT_EQ(many.out, one.out) << threads << " threads";
        EXPECT_EQ(many.err, one.err) << threads << " threads";
        EXPECT_EQ(many.exit_code, 2);
    }
}

TEST(CliRush, CompareTabulatesTheHeuristics) {
    const std::string dir = test::temp_dir();
    const std::string file = dir + "/boards.txt";
    std::ofstream(file) << "ooBoCCooBoooAABoooDDDooEoooooEoooooE\n"
                           "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n"
                           "ooooooooooooAABBoooooooooooooooooooo\n";
    const auto r = run_frontier("compare rush " + file + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto cells = nlohmann::json::parse(r.out);
    ASSERT_EQ(cells.size(), 15u);  // 3 boards x bfs, astar:h0..h3
    std::map<std::string, std::uint64_t> expanded;
    for (const auto& c : cells) {
        const std::string board = c["instance"];
        if (board.starts_with("oooooooooooo")) {
            EXPECT_EQ(c["status"], "unsolvable");
            continue;
        }
        EXPECT_EQ(c["length"], board.starts_with("GBB") ? 51 : 9) << c;
        if (board.starts_with("GBB")) expanded[c["algorithm"]] = c["expanded"];
    }
    EXPECT_LE(expanded["astar:h3"], expanded["astar:h2"]);
    EXPECT_LE(expanded["astar:h2"], expanded["astar:h1"]);
    EXPECT_LT(expanded["astar:h3"], expanded["astar:h0"]);
    const auto text = run_frontier("compare rush " + file + " --metric steps");
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("nodes expanded"), std::string::npos);
    EXPECT_NE(text.out.find("astar:h3"), std::string::npos);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
