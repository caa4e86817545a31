// What a search may call optimal: an optimal algorithm with a heuristic its table calls
// admissible (tools/commands/search_entry.hpp); never greedy or DFS, whatever the heuristic.
#include <gtest/gtest.h>

#include <frontier/domains/hanoi/hanoi.hpp>
#include "tools/cli/search.hpp"

namespace frontier::cli {
namespace {

TEST(AlgorithmChoice, OptimalNeedsAnOptimalAlgorithmAndAnAdmissibleHeuristic) {
    AlgorithmChoice c;
    c.algorithm = Algorithm::astar;
    c.heuristic = "recursive";
    EXPECT_TRUE(optimal_for<Hanoi>(c));
    c.admissible = false;
    EXPECT_FALSE(optimal_for<Hanoi>(c));
    c.algorithm = Algorithm::idastar;
    EXPECT_FALSE(optimal_for<Hanoi>(c));
    c.admissible = true;
    EXPECT_TRUE(optimal_for<Hanoi>(c));
    c.algorithm = Algorithm::greedy;
    EXPECT_FALSE(optimal_for<Hanoi>(c));
}

}  // namespace
}  // namespace frontier::cli
