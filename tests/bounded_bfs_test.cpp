// BoundedBfs (engine/enumerate/bounded_bfs.hpp) on the 8-puzzle: goal distances within a bound
// against the distances of a full BFS of the component, and states from which no goal can be
// reached.
#include <algorithm>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/distributed/cluster_graph.hpp>
#include <frontier/engine/enumerate/bounded_bfs.hpp>

namespace frontier {
namespace {

struct NoLabel {
    std::uint8_t operator()(SlideMove) const { return 0; }
};

TEST(BoundedBfs, FindsTheGoalDistanceOnlyWithinTheBound) {
    const SlidingTiles d(3, 3);
    ClusterGraph<SlidingTiles> g;
    ASSERT_TRUE(g.explore(d, d.goal(), NoLabel{}, [](TileState, std::uint32_t) { return true; }));
    const std::uint32_t goal = 0;
    std::vector<std::uint16_t> dist;
    EXPECT_EQ(g.distances({&goal, 1}, dist, ClusterGraph<SlidingTiles>::Cost::Edges), 31);
    BoundedBfs<SlidingTiles> bfs;
    int checked = 0;
    for (std::uint32_t i = 0; i < g.size(); i += 4999, ++checked) {
        const int k = dist[i];
        ASSERT_EQ(bfs.goal_distance(d, g.state(i), k), k) << "state " << i;
        ASSERT_EQ(bfs.goal_distance(d, g.state(i), 31), k) << "state " << i;
        if (k > 0) {
            ASSERT_EQ(bfs.goal_distance(d, g.state(i), k - 1), -1) << "state " << i;
        }
    }
    EXPECT_EQ(checked, 37);
    // The farthest states need the whole bound of 31, the last layer included.
    const auto far = std::find(dist.begin(), dist.end(), 31) - dist.begin();
    EXPECT_EQ(bfs.goal_distance(d, g.state(static_cast<std::uint32_t>(far)), 31), 31);
    EXPECT_EQ(bfs.goal_distance(d, g.state(static_cast<std::uint32_t>(far)), 30), -1);
    EXPECT_EQ(bfs.goal_distance(d, d.goal(), 0), 0);
}

TEST(BoundedBfs, ExhaustsAComponentWithoutAGoal) {
    const SlidingTiles d(3, 3);
    // Two tiles swapped: the other half of the 8-puzzle's states, which never reaches the goal.
    const std::uint64_t c = d.goal().cells;
    const TileState other{(c & ~std::uint64_t{0xFF}) | (c & 0xF) << 4 | (c >> 4 & 0xF)};
    BoundedBfs<SlidingTiles> bfs;
    EXPECT_EQ(bfs.goal_distance(d, other, 1000), -1);
    EXPECT_EQ(bfs.visited(), 181440u);
}

}  // namespace
}  // namespace frontier
