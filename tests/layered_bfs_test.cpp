// The parallel layered BFS: exact published layer counts, thread-count independence, and
// agreement with a plain sequential BFS.
#include <deque>
#include <vector>

#include <absl/container/flat_hash_map.h>
#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::k8PuzzleLayers;

LayeredBfsResult enumerate(const SlidingTiles& d, DistanceTable& table, int threads) {
    const TileState goal = d.goal();
    LayeredBfsOptions o;
    o.threads = threads;
    return layered_bfs(d, std::span<const TileState>(&goal, 1), table.mutable_bytes(), o);
}

TEST(LayeredBfs, EightPuzzleLayersAndFarthestStatesAtEveryThreadCount) {
    const SlidingTiles d(3, 3);
    std::vector<std::uint8_t> reference;
    for (int threads : {1, 2, 3, 4, 8}) {
        DistanceTable table(d.size());
        const LayeredBfsResult r = enumerate(d, table, threads);
        EXPECT_EQ(r.threads, threads);
        EXPECT_EQ(r.layers, k8PuzzleLayers) << threads << " threads";
        EXPECT_EQ(r.reached, 181440u);
        EXPECT_EQ(r.max_depth(), 31);
        ASSERT_EQ(r.farthest.size(), 2u);
        std::vector<std::string> farthest;
        for (auto rank : r.farthest) farthest.push_back(format_rows(d, d.unrank(rank)));
        std::sort(farthest.begin(), farthest.end());
        EXPECT_EQ(farthest[0], "6 4 7 / 8 5 _ / 3 2 1");
        EXPECT_EQ(farthest[1], "8 6 7 / 2 5 4 / 3 _ 1");
        std::vector<std::uint8_t> bytes(table.bytes().begin(), table.bytes().end());
        if (reference.empty())
            reference = bytes;
        else
            EXPECT_EQ(bytes, reference) << "table differs with " << threads << " threads";
    }
}

// A sequential BFS with a hash map, the obvious reference.
absl::flat_hash_map<TileState, int> plain_bfs(const SlidingTiles& d) {
    absl::flat_hash_map<TileState, int> dist{{d.goal(), 0}};
    std::deque<TileState> queue{d.goal()};
    while (!queue.empty()) {
        const TileState s = queue.front();
        queue.pop_front();
        const int next = dist[s] + 1;
        d.for_each_successor(s, [&](TileState c, SlideMove) {
            if (dist.try_emplace(c, next).second) queue.push_back(c);
        });
    }
    return dist;
}

TEST(LayeredBfs, AgreesWithPlainBfsOnOtherBoardsAndGoals) {
    for (const SlidingTiles& d :
         {SlidingTiles(2, 4), SlidingTiles(3, 3, parse_tiles(3, 3, "0 1 2 3 4 5 6 7 8")),
          SlidingTiles(2, 3, parse_tiles(2, 3, "5 _ 1 3 2 4"))}) {
        DistanceTable table(d.size());
        const LayeredBfsResult r = enumerate(d, table, 2);
        const auto dist = plain_bfs(d);
        ASSERT_EQ(dist.size(), d.size());
        EXPECT_EQ(r.reached, d.size());
        std::vector<std::uint64_t> layers(r.layers.size());
        for (const auto& [s, depth] : dist) {
            ASSERT_EQ(table.at(d.rank(s)), depth) << format_tiles(d, s);
            ++layers[depth];
        }
        EXPECT_EQ(layers, r.layers);
    }
}

TEST(LayeredBfs, TwoByFourIsKnown) {
    // 2x4 puzzle: 20160 states, God's number 36 (a standard result, also from plain BFS above).
    const SlidingTiles d(2, 4);
    DistanceTable table(d.size());
    const LayeredBfsResult r = enumerate(d, table, 2);
    EXPECT_EQ(r.reached, 20160u);
    EXPECT_EQ(r.max_depth(), 36);
}

// A domain whose size() is half its rank range (as if only even permutations were states, the
// mistake of treating a rotation puzzle like sliding tiles): the search refuses the first rank at
// or past size() instead of writing past the table.
struct HalfSizedRing {
    struct State {
        std::uint32_t at = 0;
        friend bool operator==(State, State) = default;
    };
    using Move = int;
    std::uint32_t n = 40;
    bool is_goal(State s) const { return s.at == 0; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        f(State{(s.at + 1) % n}, 1);
        f(State{(s.at + n - 1) % n}, -1);
    }
    std::uint64_t size() const { return n / 2; }
    std::uint64_t rank(State s) const { return s.at; }
    State unrank(std::uint64_t r) const { return State{static_cast<std::uint32_t>(r)}; }
};

TEST(LayeredBfs, ARankAtOrPastSizeIsRefused) {
    const HalfSizedRing ring;
    std::vector<std::uint8_t> bytes(ring.size());
    const HalfSizedRing::State start{0};
    try {
        layered_bfs(ring, std::span<const HalfSizedRing::State>(&start, 1), std::span(bytes));
        ADD_FAILURE() << "accepted a rank past size()";
    } catch (const InputError& e) {
        // Depth 1 reaches ranks 1 and 39: 39 is refused.
        EXPECT_NE(std::string(e.what()).find("rank 39 is not below size() 20"), std::string::npos)
            << e.what();
    }
    const HalfSizedRing::State far{30};
    EXPECT_THROW(
        layered_bfs(ring, std::span<const HalfSizedRing::State>(&far, 1), std::span(bytes)),
        InputError);
}

}  // namespace
}  // namespace frontier
