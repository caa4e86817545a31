// Long check (ctest -L long): build the 7-8 additive partition for Korf's goal and solve all of
// Korf's 100 instances with IDA* (and reflection), every length equal to the published one.
#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

TEST(LongKorfPdb, SevenEightSolvesAllHundredOptimally) {
    const std::string goal = "'0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15'";
    const std::string dir = test::temp_dir();
    const auto build = test::run_frontier("pdb build 15puzzle --partition 7-8 --goal " + goal +
                                          " --out-dir " + dir);
    ASSERT_EQ(build.exit_code, 0) << build.err;
    const auto r =
        test::run_frontier("solve-batch 15puzzle " + test::data_file("korf100.tsv") + " --goal " +
                           goal + " --heuristic pdb --pdb-dir " + dir + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["solved"], 100);
    EXPECT_EQ(j["mismatches"], 0);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
