// Long checks (ctest -L long): two-bit tables of the 12-cell boards equal the one-byte BFS.
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

void expect_same_layers(const std::string& board) {
    const auto two = test::run_frontier("enumerate " + board + " --two-bit --json");
    const auto one = test::run_frontier("enumerate " + board + " --json");
    ASSERT_EQ(two.exit_code, 0) << two.err;
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const auto a = nlohmann::json::parse(two.out), b = nlohmann::json::parse(one.out);
    EXPECT_EQ(a["reached"], 239500800u) << board;
    EXPECT_EQ(a["layers"], b["layers"]) << board;
    using Set = std::set<std::string>;
    EXPECT_EQ(a["farthest"].get<Set>(), b["farthest"].get<Set>()) << board;
}

TEST(LongTwoBit, FourByThreeEqualsTheOneByteTable) {
    expect_same_layers("sliding:4x3");
}
TEST(LongTwoBit, TwoBySixEqualsTheOneByteTable) {
    expect_same_layers("sliding:2x6");
}

}  // namespace
}  // namespace frontier
