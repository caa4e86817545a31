// Long checks of the Rush Hour universe (ctest -L long): the wall-free 6 x 6 candidate count,
// the 5 x 5 universe through the CLI, and the whole wall-free 6 x 6 enumeration (tens of minutes
// on 2 idle cores: run it alone, ctest -L long -R WallFree6x6).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "domains/rush/rush_enumerate.hpp"
#include "domains/rush/rush_io.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

// The public enumerator's MaxID for wall-free 6 x 6 is 243,502,785 (candidates numbered from 0).
TEST(LongRushUniverse, WallFree6x6HasThePublicCandidateCount) {
    const RushUniverse u(6, 0);
    std::uint64_t total = 0;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit) total += u.count_candidates(unit);
    EXPECT_EQ(total, 243'502'785u + 1);
}

// Wall-free 5 x 5 through --out and --json: the summary agrees with the file; the hardest
// puzzles need 20 moves.
TEST(LongRushUniverse, WallFree5x5ThroughTheCli) {
    const std::string dir = test::temp_dir();
    const auto r = test::run_frontier("rush enumerate --size 5 --out " + dir + "/db.txt --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["candidates"], 268'108 + 1);
    std::ifstream in(dir + "/db.txt");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(j["puzzles"], test::count_lines(text.str()));
    EXPECT_EQ(j["hardest"]["moves"], 20);
    std::filesystem::remove_all(dir);
}

// The anchor: the hardest wall-free 6 x 6 puzzle needs 51 moves, in a 4,780-state
// cluster, and is the public database's GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo up to letter naming.
TEST(LongRushUniverse, WallFree6x6HardestIs51Moves) {
    const std::string dir = test::temp_dir();
    const auto r = test::run_frontier("rush enumerate --out " + dir + "/db6.txt --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["candidates"], 243'502'785 + 1);
    EXPECT_EQ(j["hardest"]["moves"], 51);
    EXPECT_EQ(j["hardest"]["cluster_size"], 4780);
    EXPECT_EQ(reletter_rush(j["hardest"]["board"].get<std::string>()),
              reletter_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"));
    std::printf("wall-free 6x6: %s\n", r.out.c_str());
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
