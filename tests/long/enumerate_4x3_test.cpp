// Long check (ctest -L long): the full 4x3 puzzle graph through the CLI.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

TEST(LongEnumerate, FourByThreeHas239500800StatesAndDepth53) {
    const auto r = test::run_frontier("enumerate sliding:4x3 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["states"], 239500800u);
    EXPECT_EQ(j["reached"], 239500800u);
    EXPECT_EQ(j["max_depth"], 53);
    std::uint64_t total = 0;
    for (const auto& n : j["layers"]) total += n.get<std::uint64_t>();
    EXPECT_EQ(total, 239500800u);
}

}  // namespace
}  // namespace frontier
