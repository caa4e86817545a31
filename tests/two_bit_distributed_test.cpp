// The two-bit BFS over the processes of a distributed run (engine/two_bit/distributed.hpp), with
// the processes as threads of this test (ThreadCluster): over 1 to 4 slices, with several
// exchange rounds per layer, the layers equal the one-byte BFS's, and the slices side by side
// are byte for byte the one-process two-bit table, with the same farthest states and the same
// push and pull layers. The same code
// runs under mpiexec in tests/mpi/.
#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/two_bit/distributed.hpp>
#include "tests/support/thread_cluster.hpp"

namespace frontier {
namespace {

TEST(TwoBitSliceLayout, SlicesStartOnABlockAndAPage) {
    const SliceLayout layout = two_bit_slice_layout(1814400, 10, 3);  // 2x5
    EXPECT_EQ(layout.slice % (10 * kTwoBitPageEntries), 0u);
    EXPECT_EQ(layout.slice, 655360u);
    EXPECT_EQ(layout.size(0) + layout.size(1) + layout.size(2), 1814400u);
    const SliceLayout many = two_bit_slice_layout(181440, 9, 4);  // 3x3: one slice of 147,456
    EXPECT_EQ(many.size(0), 147456u);
    EXPECT_EQ(many.size(1), 181440u - 147456u);
    EXPECT_EQ(many.size(2), 0u);
    EXPECT_EQ(many.size(3), 0u);
}

struct Distributed {
    std::vector<TwoBitBfsResult> results;  // per rank
    std::vector<std::uint8_t> joined;      // the slices' bytes side by side
};

Distributed run_ranks(const SlidingTwoBitSpace& space, int ranks, int threads) {
    Distributed out;
    out.results.resize(ranks);
    std::vector<std::vector<std::uint8_t>> bytes(ranks);
    test::ThreadCluster cluster(ranks);
    cluster.run([&](Cluster& c) {
        const SliceLayout layout = two_bit_slice_layout(space.size(), space.period(), c.size());
        TwoBitTable slice(layout.size(c.rank()));
        TwoBitDistributedOptions o;
        o.bfs.threads = threads;
        o.round_words = 700;  // several exchange rounds per layer, ending mid-slice
        const std::uint64_t root = space.goal_index();
        out.results[c.rank()] =
            two_bit_bfs_distributed(space, std::span<const std::uint64_t>(&root, 1), slice, c, o);
        bytes[c.rank()].assign(slice.bytes().begin(), slice.bytes().end());
    });
    for (const auto& b : bytes) out.joined.insert(out.joined.end(), b.begin(), b.end());
    return out;
}

TEST(TwoBitDistributed, SlicesOverOneToFourRanksAreTheOneProcessTable) {
    for (auto [rows, cols] : {std::pair{3, 3}, {2, 5}}) {
        const SlidingTwoBitSpace space(SlidingTiles(rows, cols));
        // The independent reference: the one-byte BFS's layers.
        const SlidingTiles& board = space.board();
        DistanceTable bytes(board.size());
        const TileState goal = board.goal();
        const LayeredBfsResult one_byte =
            layered_bfs(board, std::span<const TileState>(&goal, 1), bytes.mutable_bytes());
        TwoBitTable table(space.size());
        const std::uint64_t root = space.goal_index();
        const TwoBitBfsResult single =
            two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table);
        ASSERT_EQ(single.layers, one_byte.layers);
        for (int ranks : {1, 2, 3, 4}) {
            for (int threads : {1, 2}) {
                if (ranks > 2 && threads > 1) continue;  // 3 and 4 ranks once: they run slowly
                const Distributed d = run_ranks(space, ranks, threads);
                const std::string what = std::to_string(rows) + "x" + std::to_string(cols) + ", " +
                                         std::to_string(ranks) + " ranks";
                for (int r = 0; r < ranks; ++r) {
                    const TwoBitBfsResult& res = d.results[r];
                    EXPECT_EQ(res.layers, one_byte.layers) << what << ", rank " << r;
                    EXPECT_EQ(res.reached, board.size()) << what;
                    EXPECT_EQ(res.farthest, single.farthest) << what;
                    EXPECT_EQ(res.processes, ranks);
                    EXPECT_EQ(res.threads, threads);
                    EXPECT_EQ(res.directions, single.directions) << what;
                    // 32-bit offsets; a pull's questions also get a one-byte answer
                    EXPECT_GE(res.exchanged_bytes, res.exchanged * 4) << what;
                    EXPECT_LE(res.exchanged_bytes, res.exchanged * 5) << what;
                    EXPECT_EQ(res.exchanged, d.results[0].exchanged);
                    if (ranks == 1) {
                        EXPECT_EQ(res.exchanged, 0u);
                    }
                }
                const bool split =
                    two_bit_slice_layout(space.size(), space.period(), ranks).size(1) > 0;
                if (split) {
                    EXPECT_GT(d.results[0].exchanged, 0u) << what;
                }
                EXPECT_TRUE(std::equal(d.joined.begin(), d.joined.end(), table.bytes().begin(),
                                       table.bytes().end()))
                    << what << ": the slices differ from the one-process table";
            }
        }
    }
}

TEST(TwoBitDistributed, MaxDepthStopsEveryRankAtTheSameLayer) {
    const SlidingTwoBitSpace space(SlidingTiles(2, 5));
    test::ThreadCluster cluster(2);
    std::vector<TwoBitBfsResult> results(2);
    cluster.run([&](Cluster& c) {
        TwoBitTable slice(
            two_bit_slice_layout(space.size(), space.period(), c.size()).size(c.rank()));
        TwoBitDistributedOptions o;
        o.bfs.max_depth = 7;
        const std::uint64_t root = space.goal_index();
        results[c.rank()] =
            two_bit_bfs_distributed(space, std::span<const std::uint64_t>(&root, 1), slice, c, o);
    });
    for (const TwoBitBfsResult& r : results) {
        EXPECT_FALSE(r.complete);
        EXPECT_EQ(r.layers.size(), 8u);
        EXPECT_EQ(r.layers, results[0].layers);
    }
}

TEST(TwoBitDistributed, ASliceOfTheWrongSizeIsRefused) {
    const SlidingTwoBitSpace space(SlidingTiles(3, 3));
    test::ThreadCluster cluster(1);
    EXPECT_THROW(cluster.run([&](Cluster& c) {
        TwoBitTable slice(space.size() - 1);
        const std::uint64_t root = space.goal_index();
        two_bit_bfs_distributed(space, std::span<const std::uint64_t>(&root, 1), slice, c);
    }),
                 InputError);
}

}  // namespace
}  // namespace frontier
