// The long distributed check (labels mpi and long): the 5 x 5 Rush Hour database with at most two
// walls over 1 to 4 ranks has the bytes of the one-process run (about two minutes on 2 cores).
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/mpi/cli_mpi_support.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

TEST(LongCliMpiRush, FiveByFiveDatabasesAreTheSameBytesWithOneToFourRanks) {
    const std::string dir = test::temp_dir();
    const std::string args = "rush enumerate --size 5 --walls 2 --out " + dir;
    const auto one = test::run_frontier(args + "/one.txt --threads 2");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const std::string expected = test::read_text(dir + "/one.txt");
    EXPECT_EQ(test::count_lines(expected), 7320);
    for (const int ranks : {1, 2, 3, 4}) {
        const std::string out = "/db" + std::to_string(ranks) + ".txt";
        const auto r = test::run_frontier_with(test::mpiexec(ranks),
                                               args + out + " --distributed --threads 1 --json");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(nlohmann::json::parse(r.out)["ranks"], ranks);
        EXPECT_EQ(test::read_text(dir + out), expected) << ranks << " ranks";
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
