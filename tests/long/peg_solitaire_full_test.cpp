// Long checks (ctest -L long): every position reachable in the English central game, with and
// without symmetry, through the CLI (2 GiB of bitmaps), and the French board's d2-d6 problem.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

std::uint64_t sum(const nlohmann::json& layers) {
    std::uint64_t total = 0;
    for (const auto& n : layers) total += n.get<std::uint64_t>();
    return total;
}

TEST(LongPegSolitaire, EnglishBoardHas187636299ReachablePositions) {
    const auto r = test::run_frontier("enumerate peg-solitaire --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["reached"], 187636299u);
    EXPECT_EQ(sum(j["layers"]), 187636299u);
    EXPECT_EQ(j["max_depth"], 31);
    EXPECT_EQ(j["complete"], true);
}

TEST(LongPegSolitaire, EnglishBoardHas23475688PositionsUpToSymmetry) {
    const auto r = test::run_frontier("enumerate peg-solitaire --symmetry --json --threads 1");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    // OEIS A112737, positions after n jumps up to symmetry.
    EXPECT_EQ(j["layers"], nlohmann::json::parse(
                               "[1,1,2,8,39,171,719,2757,9751,31312,89927,229614,517854,1022224,"
                               "1753737,2598215,3312423,3626632,3413313,2765623,1930324,1160977,"
                               "600372,265865,100565,32250,8688,1917,348,50,7,2]"));
    EXPECT_EQ(j["reached"], 23475688u);
}

TEST(LongPegSolitaire, FrenchBoardFromD2ToD6In35Jumps) {
    const auto r = test::run_frontier("solve peg-solitaire --board french --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["length"], 35);
    EXPECT_EQ(j["start"], "xxx/xx.xx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxx/xxx");
    EXPECT_EQ(j["moves"].size(), 35u);
}

}  // namespace
}  // namespace frontier
