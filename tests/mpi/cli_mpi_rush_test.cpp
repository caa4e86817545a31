// The Rush Hour census started by mpiexec (rush enumerate --distributed) over 1 to 4 ranks: the
// same database bytes as one process, also after runs killed at random points and resumed, and
// bad runs refused in one line.
#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/engine/units/log.hpp>
#include "tests/mpi/cli_mpi_support.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

using test::mpiexec;
using test::occurrences;
using test::read_text;
using test::run_killed_after;

// At most one wall (two: the long test of the same name).
TEST(CliMpiRush, FiveByFiveDatabasesAreTheSameBytesWithOneToFourRanks) {
    for (const std::string walls : {"1"}) {
        const std::string dir = test::temp_dir();
        const std::string args = "rush enumerate --size 5 --walls " + walls + " --out " + dir;
        const auto one = test::run_frontier(args + "/one.txt --threads 2");
        ASSERT_EQ(one.exit_code, 0) << one.err;
        const std::string expected = read_text(dir + "/one.txt");
        ASSERT_GT(expected.size(), 0u);
        for (const int ranks : {1, 2, 3, 4}) {
            const std::string out = "/db" + std::to_string(ranks) + ".txt";
            const auto r = test::run_frontier_with(
                mpiexec(ranks), args + out + " --distributed --threads 1 --json");
            ASSERT_EQ(r.exit_code, 0) << r.err;
            const auto j = json::parse(r.out);  // rank 0 alone printed
            EXPECT_EQ(j["ranks"], ranks);
            EXPECT_EQ(j["complete"], true);
            EXPECT_EQ(read_text(dir + out), expected) << walls << " walls, " << ranks << " ranks";
            EXPECT_FALSE(fs::exists(dir + out + ".checkpoint"));
        }
        fs::remove_all(dir);
    }
}

TEST(CliMpiRush, ARunKilledAtRandomPointsResumesToTheSameBytes) {
    const std::string dir = test::temp_dir();
    const std::string args = "rush enumerate --size 5 --walls 1 --out " + dir;
    ASSERT_EQ(test::run_frontier(args + "/one.txt --threads 2").exit_code, 0);
    std::mt19937 random(20261202);
    const std::string run = mpiexec(3) + " " + test::frontier_binary() + " " + args +
                            "/db.txt --distributed --threads 1 --resume";
    int kills = 0;
    for (int attempt = 0; attempt < 3; ++attempt)
        kills += run_killed_after(run, std::uniform_real_distribution<>(0.3, 2.5)(random));
    EXPECT_GT(kills, 0);
    const auto last = test::run_frontier_with(
        mpiexec(3), args + "/db.txt --distributed --threads 1 --resume --json");
    ASSERT_EQ(last.exit_code, 0) << last.err;
    EXPECT_EQ(json::parse(last.out)["complete"], true);
    EXPECT_EQ(read_text(dir + "/db.txt"), read_text(dir + "/one.txt"));
    fs::remove_all(dir);
}

// The database lines and counts a checkpoint holds, sorted (the records' timings differ).
std::vector<std::string> checkpoint_lines(const std::string& path, const std::string& identity) {
    std::vector<std::string> lines;
    for (const auto& [unit, record] : UnitLog::read_records(path, identity)) {
        const RushUnitResult r = decode_rush_unit(record);
        const RushCensusCounts& c = r.counts;
        lines.push_back("unit " + std::to_string(unit) + " " + std::to_string(c.candidates) + " " +
                        std::to_string(c.pruned) + " " + std::to_string(c.clusters) + " " +
                        std::to_string(c.kept));
        for (const RushDbEntry& e : r.entries) lines.push_back(format_rush_db_line(e));
    }
    std::sort(lines.begin(), lines.end());
    return lines;
}

// A slice of the 6 x 6 universe with at most two walls (10 of the 21,332 units of its goal
// candidates, 486,446 candidates): four ranks find the same lines as one process.
TEST(CliMpiRush, FourRanksFindTheLinesOfOneProcessInASliceOfTheTwoWallUniverse) {
    const std::string dir = test::temp_dir();
    const std::string args = "rush enumerate --size 6 --walls 2 --shard 375/2133 --out " + dir;
    const auto one = test::run_frontier(args + "/one.txt --threads 2");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const auto four =
        test::run_frontier_with(mpiexec(4), args + "/four.txt --distributed --threads 1 --json");
    ASSERT_EQ(four.exit_code, 0) << four.err;
    EXPECT_EQ(json::parse(four.out)["units_done"], 10);
    const std::string identity =
        rush_census_identity(RushUniverse(6, 2, RushCandidates::Goal), false);
    const auto lines = checkpoint_lines(dir + "/one.txt.checkpoint", identity);
    EXPECT_EQ(lines.size(), 10 + json::parse(four.out)["puzzles"].get<std::size_t>());
    EXPECT_EQ(checkpoint_lines(dir + "/four.txt.checkpoint", identity), lines);
    fs::remove_all(dir);
}

TEST(CliMpiRush, BadRunsAreOneLineErrorsPrintedOnce) {
    const std::string dir = test::temp_dir();
    // More ranks than units: the shard has 5.
    const auto many = test::run_frontier_with(
        mpiexec(6),
        "rush enumerate --size 6 --walls 2 --shard 5/4266 --distributed --threads 1 "
        "--out " +
            dir + "/x.txt");
    EXPECT_EQ(many.exit_code, 2) << many.err;
    EXPECT_EQ(occurrences(many.err, "frontier: error:"), 1) << many.err;
    EXPECT_NE(many.err.find("this shard has 5 units of work, fewer than the 6 ranks started"),
              std::string::npos)
        << many.err;
    EXPECT_FALSE(fs::exists(dir + "/x.txt.checkpoint"));
    // A checkpoint of another universe: refused, and left as it was.
    ASSERT_EQ(test::run_frontier("rush enumerate --size 4 --walls 1 --max-units 2 --out " + dir +
                                 "/db.txt")
                  .exit_code,
              0);
    const std::string before = read_text(dir + "/db.txt.checkpoint");
    const auto other = test::run_frontier_with(
        mpiexec(2), "rush enumerate --size 4 --walls 2 --distributed --threads 1 --resume --out " +
                        dir + "/db.txt");
    EXPECT_EQ(other.exit_code, 2) << other.err;
    EXPECT_EQ(occurrences(other.err, "frontier: error:"), 1) << other.err;
    EXPECT_NE(other.err.find("different computation"), std::string::npos) << other.err;
    EXPECT_EQ(read_text(dir + "/db.txt.checkpoint"), before);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace frontier
