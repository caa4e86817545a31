// The frontier program itself: enumerate, lookup, and one-line errors with exit code 2.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

TEST(CliEnumerate, PrintsTheEightPuzzleTable) {
    const auto r = run_frontier("enumerate 8puzzle --threads 2");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("181440 states, 2 threads"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("   31             2\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("   24         24047\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("max depth 31: "), std::string::npos);
    EXPECT_NE(r.out.find("8 6 7 2 5 4 3 _ 1"), std::string::npos);
    EXPECT_NE(r.out.find("6 4 7 8 5 _ 3 2 1"), std::string::npos);
}

// The first line names the start only when there is one to name, and counts threads in English.
TEST(CliEnumerate, TheFirstLineReadsWell) {
    const auto klotski = run_frontier("enumerate klotski --threads 1");
    ASSERT_EQ(klotski.exit_code, 0) << klotski.err;
    const std::string first = klotski.out.substr(0, klotski.out.find('\n'));
    EXPECT_NE(first.find(", from BAAC/BAAC/DEEF/DGHF/I..J, 1 thread"), std::string::npos) << first;
    EXPECT_EQ(first.find("threads"), std::string::npos) << first;
    const auto hanoi = run_frontier("enumerate hanoi:8 --threads 2");
    ASSERT_EQ(hanoi.exit_code, 0) << hanoi.err;
    EXPECT_EQ(hanoi.out.find("from ,"), std::string::npos) << hanoi.out;
    EXPECT_NE(hanoi.out.find("(6561 states), 2 threads\n"), std::string::npos) << hanoi.out;
}

TEST(CliEnumerate, JsonHasTheDocumentedKeys) {
    const auto r = run_frontier("enumerate 8puzzle --json --threads 1");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["domain"], "8puzzle");
    EXPECT_EQ(j["states"], 181440);
    EXPECT_EQ(j["max_depth"], 31);
    EXPECT_EQ(j["threads"], 1);
    ASSERT_EQ(j["layers"].size(), 32u);
    EXPECT_EQ(j["layers"][0], 1);
    EXPECT_EQ(j["layers"][23], 20224);
    std::vector<std::string> far = j["farthest"];
    std::sort(far.begin(), far.end());
    EXPECT_EQ(far, (std::vector<std::string>{"6 4 7 8 5 _ 3 2 1", "8 6 7 2 5 4 3 _ 1"}));
    EXPECT_GT(j["seconds"].get<double>(), 0.0);
}

TEST(CliLookup, AnswersFromTheSavedTable) {
    const std::string dir = test::temp_dir();
    const std::string table = dir + "/8.table";
    ASSERT_EQ(run_frontier("enumerate 8puzzle --out " + table).exit_code, 0);
    const auto r = run_frontier("lookup " + table +
                                " '1 2 3 4 5 6 7 8 0' '8 6 7 2 5 4 3 _ 1' '1 8 _ 3 2 4 6 5 7'"
                                " '2 3 _ / 5 4 8 / 1 6 7' '_ 2 3 1 4 6 7 5 8'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out,
              "1 2 3 4 5 6 7 8 _: 0\n"
              "8 6 7 2 5 4 3 _ 1: 31\n"
              "1 8 _ 3 2 4 6 5 7: 24\n"
              "2 3 _ 5 4 8 1 6 7: 16\n"
              "_ 2 3 1 4 6 7 5 8: 4\n");
    const auto u = run_frontier("lookup " + table + " 23456781_");
    EXPECT_EQ(u.exit_code, 0);
    EXPECT_NE(u.out.find("unsolvable"), std::string::npos) << u.out;
    const auto s = run_frontier("lookup " + table + " --json", "2 4 3 1 5 6 _ 7 8\n");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    EXPECT_EQ(nlohmann::json::parse(s.out)[0]["distance"], 8);
    expect_input_error(run_frontier("lookup " + table + " '1 2 3'"), "expected 9 tiles");
    std::filesystem::resize_file(table, 5000);
    expect_input_error(run_frontier("lookup " + table + " 123456780"), "truncated");
    std::filesystem::remove_all(dir);
}

TEST(CliErrors, BadInputIsOneLineAndExitCodeTwo) {
    expect_input_error(run_frontier("enumerate 8puzzle --goal '1 2 3 4 5 6 7 8'"),
                       "expected 9 tiles");
    expect_input_error(run_frontier("enumerate 8puzzle --goal '1 2 3 4 5 6 7 7 0'"),
                       "appears twice");
    expect_input_error(run_frontier("enumerate 8puzzle --goal 12345678Q"), "out of range");
    expect_input_error(run_frontier("enumerate 8puzzle --goal 1234567!0"), "unknown character");
    expect_input_error(run_frontier("enumerate 9puzzle"), "unknown domain");
    expect_input_error(run_frontier("enumerate sliding:6x5"), "at most 25 cells");
    expect_input_error(run_frontier("enumerate 24puzzle"), "no perfect hash");
    expect_input_error(run_frontier("enumerate 15puzzle"), "of memory but only");
    expect_input_error(run_frontier("enumerate 8puzzle --threads -3"), "threads");
    expect_input_error(run_frontier("frobnicate"), "frobnicate");
    expect_input_error(run_frontier("lookup /no/such/file 123456780"), "cannot open");
}

TEST(CliHelp, EveryCommandHasHelp) {
    for (const char* args : {"--help", "enumerate --help", "lookup --help"}) {
        const auto r = run_frontier(args);
        EXPECT_EQ(r.exit_code, 0) << args;
        EXPECT_NE(r.out.find("--"), std::string::npos) << args;
    }
    EXPECT_NE(run_frontier("enumerate --help").out.find("--threads"), std::string::npos);
}

}  // namespace
}  // namespace frontier
