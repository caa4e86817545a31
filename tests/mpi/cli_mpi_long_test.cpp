// The long distributed checks (labels mpi and long): the 5 x 5 Rush Hour database with at most two
// walls over 1 to 4 ranks has the bytes of the one-process run (about two minutes on 2 cores), and
// so have the 4x3 and 6x2 two-bit tables; the whole 7x2 over 2 ranks has the published layers.
#include <filesystem>
#include <vector>

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

// The 4x3 and 6x2 two-bit tables over 1 to 4 ranks (about 3 minutes on 2 cores).
TEST(LongCliMpiTwoBit, TwelveCellTablesAreTheOneFileTableWithOneToFourRanks) {
    test::expect_two_bit_shards_are_the_one_file_table(4, 3, {1, 2, 3, 4});
    test::expect_two_bit_shards_are_the_one_file_table(6, 2, {1, 2, 3, 4});
}

// The whole 7x2 puzzle over 2 ranks on one machine (about 45 minutes on 2 cores, 10.9 GB): its
// 109 layer counts are those published with the GPU solver that is the speed anchor
// (lightln2/SlidingTilesSolver, results/normal_frontier/14-7x2.log, a separate program).
TEST(LongCliMpiTwoBit, SevenByTwoOverTwoRanksHasThePublishedLayers) {
    const std::vector<std::uint64_t> published = {
        1,          2,          3,          6,          11,         20,         37,
        67,         117,        198,        329,        557,        942,        1575,
        2597,       4241,       6724,       10535,      16396,      25515,      39362,
        60532,      92089,      138969,     207274,     307725,     453000,     664240,
        964874,     1392975,    1992353,    2832063,    3988528,    5586275,    7756511,
        10698721,   14621717,   19840724,   26676629,   35605683,   47083756,   61775128,
        80280617,   103437923,  131954019,  166799476,  208715971,  258659945,  317168280,
        384949885,  462104381,  548743615,  644208445,  747728714,  857838218,  972826409,
        1090524780, 1208492639, 1324294771, 1435166611, 1538445477, 1631318167, 1711407623,
        1776313778, 1824122769, 1853119548, 1862320864, 1851238359, 1820042135, 1769350453,
        1700564453, 1615557458, 1516675570, 1406502343, 1288154452, 1164716069, 1039257451,
        914718314,  793783415,  678934877,  571912137,  474232181,  386713150,  309907682,
        243779436,  188010782,  142009132,  104838064,  75576381,   52999438,   36159280,
        23830790,   15194456,   9260117,    5426429,    3003444,    1590744,    784126,
        369889,     159376,     65645,      23761,      8357,       2499,       779,
        198,        43,         8,          1};
    const auto r = test::run_frontier_with(
        test::mpiexec(2), "enumerate sliding:7x2 --two-bit --distributed --threads 1 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["layers"].get<std::vector<std::uint64_t>>(), published);
    EXPECT_EQ(j["reached"], 43589145600u);
    EXPECT_EQ(j["ranks"], 2);
}

}  // namespace
}  // namespace frontier
