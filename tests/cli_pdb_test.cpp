// frontier pdb build / info, --heuristic pdb, and solve-batch through the program.
#include <filesystem>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::run_frontier;

const std::string kKorfGoal = "'0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15'";

class CliPdb : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        dir_ = new std::string(test::temp_dir());
        const auto r = run_frontier("pdb build 15puzzle --partition 5-5-5 --goal " + kKorfGoal +
                                    " --out-dir " + *dir_ + "/555 --json");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        build_ = new nlohmann::json(nlohmann::json::parse(r.out));
    }
    static void TearDownTestSuite() {
        std::filesystem::remove_all(*dir_);
        delete dir_;
        delete build_;
    }
    static inline std::string* dir_ = nullptr;
    static inline nlohmann::json* build_ = nullptr;
};

TEST_F(CliPdb, BuildReportsEachDatabase) {
    ASSERT_EQ(build_->size(), 3u);
    for (const auto& j : *build_) {
        EXPECT_EQ(j["entries"], 524160);  // 16!/11!
        EXPECT_GT(j["mean"].get<double>(), 5.0);
        EXPECT_TRUE(std::filesystem::exists(j["file"].get<std::string>()));
    }
    EXPECT_EQ((*build_)[0]["pattern"], "1,2,3,4,5");
    const auto info = run_frontier("pdb info " + *dir_ + "/555/pattern-1-2-3-4-5.pdb");
    ASSERT_EQ(info.exit_code, 0) << info.err;
    EXPECT_NE(info.out.find("partition 1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"), std::string::npos)
        << info.out;
    EXPECT_NE(info.out.find("mean "), std::string::npos);
}

TEST(CliPdbBuild, ReportsTheStoredMaximumAndTheAbstractDepthApart) {
    // The 8-puzzle's 4-4 partition: for 5,6,7,8 the abstract BFS goes one layer deeper (16) than
    // any stored entry (15), because an entry keeps the minimum over the blank's regions. "max"
    // must be what the file stores, the number `pdb info` reads back.
    const std::string dir = test::temp_dir();
    const auto r = run_frontier("pdb build 8puzzle --partition 4-4 --out-dir " + dir + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j.size(), 2u);
    EXPECT_EQ(j[0]["pattern"], "1,2,3,4");
    EXPECT_EQ(j[0]["max"], 15);
    EXPECT_EQ(j[0]["abstract_depth"], 15);
    EXPECT_EQ(j[1]["pattern"], "5,6,7,8");
    EXPECT_EQ(j[1]["max"], 15);
    EXPECT_EQ(j[1]["abstract_depth"], 16);
    for (const auto& db : j) {
        const auto info = run_frontier("pdb info " + db["file"].get<std::string>());
        ASSERT_EQ(info.exit_code, 0) << info.err;
        const std::string max = "max " + std::to_string(db["max"].get<int>()) + "\n";
        EXPECT_NE(info.out.find("3024 entries, " + max), std::string::npos) << info.out;
        // The histogram's last row (the line before the mean) is the largest stored value.
        const std::size_t mean = info.out.find("\n  mean ");
        ASSERT_NE(mean, std::string::npos) << info.out;
        const std::size_t row = info.out.rfind('\n', mean - 1);
        EXPECT_EQ(std::stoi(info.out.substr(row + 1, mean - row - 1)), db["max"]) << info.out;
    }
    const auto text = run_frontier("pdb build 8puzzle --partition 4-4 --out-dir " + dir);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("pattern 5,6,7,8: 3024 entries (5520 abstract states, abstract depth "
                            "16), max 15, "),
              std::string::npos)
        << text.out;
    std::filesystem::remove_all(dir);
}

// A pattern whose table has entries no abstract state reaches (stored as 255): the mean that
// `pdb build` reports is over the reached entries, as `pdb info`'s is, so never above the max.
TEST(CliPdbBuild, TheMeanLeavesOutUnreachedEntries) {
    const std::string dir = test::temp_dir();
    const std::string file = dir + "/p7.pdb";
    const auto r =
        run_frontier("pdb build 8puzzle --pattern 1,2,3,4,5,6,7 --out " + file + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const auto info = run_frontier("pdb info " + file);
    ASSERT_EQ(info.exit_code, 0) << info.err;
    ASSERT_NE(info.out.find("\n    255  "), std::string::npos) << "no unreached entry" << info.out;
    // The mean from the histogram's rows, 255 left out.
    std::istringstream rows(info.out.substr(info.out.find("value  entries\n") + 15));
    double sum = 0, count = 0;
    for (int value; rows >> value;) {
        double entries = 0;
        rows >> entries;
        if (value != 255) sum += value * entries, count += entries;
    }
    const double mean = j.at(0).at("mean").get<double>();
    EXPECT_NEAR(mean, sum / count, 1e-9);
    EXPECT_LE(mean, j.at(0).at("max").get<int>());
    std::filesystem::remove_all(dir);
}

// lookup reads distance tables; a pattern database is named as what it is.
TEST(CliPdbLookup, APatternDatabaseIsNamedAsWhatItIs) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(run_frontier("pdb build 8puzzle --partition 4-4 --out-dir " + dir).exit_code, 0);
    test::expect_input_error(
        run_frontier("lookup " + dir + "/pattern-1-2-3-4.pdb '1 2 3 4 5 6 7 8 _'"),
        "a pattern database, not a distance table");
    std::filesystem::remove_all(dir);
}

TEST_F(CliPdb, SolveBatchFindsKorfsOptimalLengths) {
    // The first twelve of Korf's 100, with the TSV's optimal_length column checked.
    std::string head;
    for (const auto& row : test::read_tsv(test::data_file("korf100.tsv"))) {
        std::string line;
        for (const auto& f : row) line += (line.empty() ? "" : "\t") + f;
        head += line + "\n";
        if (test::count_lines(head) == 13) break;
    }
    const auto r =
        run_frontier("solve-batch 15puzzle - --goal " + kKorfGoal + " --heuristic pdb --pdb-dir " +
                         *dir_ + "/555 --threads 2 --json",
                     head);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["solved"], 12);
    EXPECT_EQ(j["mismatches"], 0);
    EXPECT_EQ(j["instances"][0]["length"], 57);
    EXPECT_EQ(j["instances"][0]["id"], "1");
    const auto text = run_frontier("solve-batch 15puzzle - --goal " + kKorfGoal +
                                       " --heuristic pdb --pdb-dir " + *dir_ + "/555",
                                   head);
    EXPECT_NE(text.out.find("all 12 lengths equal the file's"), std::string::npos) << text.out;
}

TEST_F(CliPdb, SolveWithDatabasesAndErrors) {
    const auto r =
        run_frontier("solve 15puzzle '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3' --goal " + kKorfGoal +
                     " --heuristic pdb --pdb-dir " + *dir_ + "/555 -a hdastar --threads 2 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["length"], 57);
    // Databases built for another goal are refused, as is a missing directory.
    const auto other =
        run_frontier("solve 15puzzle 123456789ABCDEF0 --heuristic pdb --pdb-dir " + *dir_ + "/555");
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_NE(other.err.find("built for goal"), std::string::npos) << other.err;
    EXPECT_EQ(run_frontier("solve 15puzzle 123456789ABCDEF0 --heuristic pdb").exit_code, 2);
    EXPECT_EQ(
        run_frontier("solve 15puzzle 123456789ABCDEF0 --heuristic pdb --pdb-dir /no/dir").exit_code,
        2);
    EXPECT_EQ(run_frontier("pdb build 15puzzle --pattern 1,2,99 --out x.pdb").exit_code, 2);
    EXPECT_EQ(run_frontier("pdb build 15puzzle --partition 9-9 --out-dir " + *dir_).exit_code, 2);
    EXPECT_EQ(run_frontier("pdb build 15puzzle --pattern 1,2").exit_code, 2);
    EXPECT_EQ(run_frontier("pdb info /no/such.pdb").exit_code, 2);
}

}  // namespace
}  // namespace frontier
