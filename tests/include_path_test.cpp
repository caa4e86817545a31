// The headers answer to both names from the build tree: "engine/x.hpp", as they include each
// other, and <frontier/engine/x.hpp>, with the project's name (the install test checks the same
// from an installed prefix).
#include <frontier/domains/hanoi/hanoi.hpp>
#include <frontier/engine/concepts.hpp>

#include <gtest/gtest.h>

#include <frontier/domains/hanoi/hanoi.hpp>

namespace frontier {
namespace {

static_assert(PerfectHashDomain<Hanoi>);

TEST(IncludePaths, TheProjectPrefixedHeadersAreTheSameHeaders) {
    EXPECT_EQ(Hanoi(3).size(), 27u);
}

}  // namespace
}  // namespace frontier
