// The engine's bitmap BFS (with its visited bitmap, on a domain that is not graded) and hash BFS
// against the published 8-puzzle layers, at several thread counts. (The symmetry wrapper is
// checked by the peg-solitaire counts up to symmetry.)
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/enumerate/bitmap_bfs.hpp>
#include <frontier/engine/enumerate/hash_bfs.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::k8PuzzleLayers;

// The 8-puzzle seen as an IndexedDomain (its rank in 18 bits), which is not graded: moves go
// back and forth, so the bitmap BFS needs its visited bitmap.
struct IndexedEightPuzzle {
    using State = TileState;
    using Move = SlideMove;
    SlidingTiles tiles{3, 3};
    bool is_goal(State s) const { return tiles.is_goal(s); }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        tiles.for_each_successor(s, f);
    }
    int index_bits() const { return 18; }
    std::uint64_t index(State s) const { return tiles.rank(s); }
    State from_index(std::uint64_t i) const { return tiles.unrank(i); }
};
static_assert(IndexedDomain<IndexedEightPuzzle>);
static_assert(!GradedDomain<IndexedEightPuzzle>);

TEST(BitmapBfs, UngradedDomainGetsThePublishedLayersAtEveryThreadCount) {
    const IndexedEightPuzzle d;
    const TileState goal = d.tiles.goal();
    std::vector<std::uint64_t> farthest;
    for (int threads : {1, 2, 4}) {
        LayeredBfsOptions o;
        o.threads = threads;
        const LayeredBfsResult r = layered_bitmap_bfs(d, std::span<const TileState>(&goal, 1), o);
        EXPECT_EQ(r.layers, k8PuzzleLayers) << threads;
        EXPECT_EQ(r.reached, 181440u);
        EXPECT_TRUE(r.complete);
        ASSERT_EQ(r.farthest.size(), 2u);
        if (farthest.empty()) farthest = r.farthest;
        EXPECT_EQ(r.farthest, farthest);
    }
    LayeredBfsOptions o;
    o.max_depth = 5;
    const LayeredBfsResult r = layered_bitmap_bfs(d, std::span<const TileState>(&goal, 1), o);
    EXPECT_EQ(r.layers,
              std::vector<std::uint64_t>(k8PuzzleLayers.begin(), k8PuzzleLayers.begin() + 6));
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.farthest.size(), 20u);
}

TEST(HashBfs, PublishedLayersAtEveryThreadCountAndAMemoryLimit) {
    const SlidingTiles d(3, 3);
    const TileState goal = d.goal();
    std::vector<TileState> farthest;
    for (int threads : {1, 2, 3}) {
        HashBfsOptions o;
        o.threads = threads;
        const auto r = layered_hash_bfs(d, std::span<const TileState>(&goal, 1), o);
        EXPECT_EQ(r.layers, k8PuzzleLayers) << threads;
        EXPECT_EQ(r.reached, 181440u);
        EXPECT_TRUE(r.farthest.empty());  // no ranks: the states are in farthest_states
        ASSERT_EQ(r.farthest_states.size(), 2u);
        if (farthest.empty()) farthest = r.farthest_states;
        EXPECT_EQ(r.farthest_states, farthest);
    }
    HashBfsOptions tight;
    tight.memory_limit = 100000;
    EXPECT_THROW(layered_hash_bfs(d, std::span<const TileState>(&goal, 1), tight), InputError);
}

}  // namespace
}  // namespace frontier
