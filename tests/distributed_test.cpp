// The distributed algorithms with their ranks as threads of this process (ThreadCluster): the
// layered BFS over 1, 2 and 3 slices gives the published 8-puzzle layer counts and exactly the
// one-process table; HDA* over ranks x threads (even uneven thread counts per rank) gives the
// optimal lengths of the distance table and of Korf's instances, legal paths, the same result on
// every rank, clean exhaustion and a shared expansion limit. The same code runs over MPI in
// tests/mpi/.
#include <random>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_hash.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/distributed/distributed_bfs.hpp>
#include <frontier/engine/distributed/hda_cluster.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include "tests/support/test_support.hpp"
#include "tests/support/thread_cluster.hpp"

namespace frontier {
namespace {

using test::k8PuzzleLayers;  // OEIS A089473

TEST(SliceLayout, SlicesAreAlignedAndTileTheSpace) {
    const SliceLayout three(181440, 3);
    EXPECT_EQ(three.slice, 65536u);
    EXPECT_EQ(three.size(0) + three.size(1) + three.size(2), 181440u);
    EXPECT_EQ(three.first(2), 131072u);
    EXPECT_EQ(three.owner(131071), 1);
    const SliceLayout many(181440, 8);  // more ranks than 64 Ki slices: trailing ones are empty
    EXPECT_EQ(many.size(2), 181440u - 131072u);
    EXPECT_EQ(many.size(3), 0u);
    EXPECT_EQ(many.size(7), 0u);
}

TEST(DistributedBfs, EightPuzzleOverOneTwoAndThreeRanksEqualsOneProcess) {
    const SlidingTiles d(3, 3);
    const TileState goal = d.goal();
    DistanceTable reference(d.size());
    const LayeredBfsResult single =
        layered_bfs(d, std::span<const TileState>(&goal, 1), reference.mutable_bytes());
    for (int ranks : {1, 2, 3}) {
        for (int threads : {1, 2}) {
            test::ThreadCluster cluster(ranks);
            std::vector<std::vector<std::uint8_t>> slices(ranks);
            std::vector<LayeredBfsResult> results(ranks);
            cluster.run([&](Cluster& c) {
                const SliceLayout layout(d.size(), c.size());
                auto& slice = slices[c.rank()];
                slice.resize(layout.size(c.rank()));
                DistributedBfsOptions o;
                o.bfs.threads = threads;
                o.round_states = 3000;  // several exchange rounds per wide layer
                results[c.rank()] =
                    layered_bfs_distributed(d, std::span<const TileState>(&goal, 1), slice, c, o);
            });
            std::vector<std::uint8_t> joined;
            for (int r = 0; r < ranks; ++r) {
                const LayeredBfsResult& res = results[r];
                EXPECT_EQ(res.layers, k8PuzzleLayers) << ranks << " ranks, rank " << r;
                EXPECT_EQ(res.reached, 181440u);
                EXPECT_EQ(res.farthest, single.farthest);
                EXPECT_EQ(res.processes, ranks);
                EXPECT_EQ(res.threads, threads);
                if (ranks > 1) {
                    EXPECT_GT(res.exchanged, 0u);
                }
                EXPECT_EQ(res.exchanged_bytes, res.exchanged * 4);  // 32-bit offsets
                joined.insert(joined.end(), slices[r].begin(), slices[r].end());
            }
            EXPECT_TRUE(std::equal(joined.begin(), joined.end(), reference.bytes().begin(),
                                   reference.bytes().end()))
                << ranks << " ranks: tables differ";
        }
    }
}

HdaOptions per_rank(int threads) {
    HdaOptions o;
    o.threads = threads;
    return o;
}

// Runs HDA* on every rank for each start; returns results[rank][start].
template <class H, class Z>
std::vector<std::vector<HdaResult<SlidingTiles>>> run_ranks(
    int ranks, const SlidingTiles& d, const std::vector<TileState>& starts, const H& h, const Z& z,
    const std::function<HdaOptions(int rank)>& options) {
    std::vector<std::vector<HdaResult<SlidingTiles>>> results(ranks);
    test::ThreadCluster cluster(ranks);
    cluster.run([&](Cluster& c) {
        for (const TileState& s : starts)
            results[c.rank()].push_back(hda_star_distributed(d, s, h, z, c, options(c.rank())));
    });
    return results;
}

TEST(DistributedHdaStar, MatchesTheDistanceTableOnRandomEightPuzzles) {
    const SlidingTiles d(3, 3);
    DistanceTable table(d.size());
    const TileState goal = d.goal();
    layered_bfs(d, std::span<const TileState>(&goal, 1), table.mutable_bytes());
    const Manhattan h(d);
    std::mt19937_64 rng(12);
    std::vector<TileState> starts;
    for (int i = 0; i < 12; ++i) starts.push_back(random_solvable(d, rng));
    for (int ranks : {1, 2, 3}) {
        for (const HdaHash hash : {HdaHash::zobrist, HdaHash::azh}) {
            // Uneven workers per rank: rank r runs r + 1 of them.
            const auto results = run_ranks(ranks, d, starts, h, make_hda_hasher(d, hash),
                                           [](int rank) { return per_rank(rank + 1); });
            const int workers = ranks * (ranks + 1) / 2;
            std::uint64_t remote = 0;
            for (std::size_t i = 0; i < starts.size(); ++i) {
                const auto& r0 = results[0][i];
                ASSERT_TRUE(r0.solved());
                EXPECT_EQ(r0.length(), table.at(d.rank(starts[i])))
                    << format_tiles(d, starts[i]) << ", " << ranks << " ranks, " << name_of(hash);
                EXPECT_TRUE(replays_to_goal(d, starts[i], r0.moves));
                EXPECT_EQ(r0.processes, ranks);
                EXPECT_EQ(r0.threads, workers);
                EXPECT_EQ(r0.workers.size(), static_cast<std::size_t>(workers));
                remote += r0.remote_batches;
                for (int r = 1; r < ranks; ++r) {  // every rank holds the same answer
                    EXPECT_EQ(results[r][i].moves, r0.moves);
                    EXPECT_EQ(results[r][i].stats.expanded, r0.stats.expanded);
                }
            }
            if (ranks == 1) {
                EXPECT_EQ(remote, 0u);
            }
            if (ranks > 1) {
                EXPECT_GT(remote, 0u);
            }
        }
    }
}

TEST(DistributedHdaStar, MatchesKorfOnFifteenPuzzles) {
    const auto rows = test::read_tsv(test::data_file("korf100.tsv"));
    const SlidingTiles d(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    const LinearConflict h(d);
    std::vector<TileState> starts;
    std::vector<int> published;
    for (int id : {79, 12, 55, 97}) {
        starts.push_back(parse_solvable(d, rows[id][1]));
        published.push_back(std::stoi(rows[id][2]));
    }
    for (auto [ranks, threads] : {std::pair{2, 2}, std::pair{3, 1}}) {
        const auto results = run_ranks(ranks, d, starts, h, make_hda_hasher(d, HdaHash::zobrist),
                                       [threads](int) { return per_rank(threads); });
        for (std::size_t i = 0; i < starts.size(); ++i) {
            EXPECT_EQ(results[0][i].length(), published[i]) << ranks << " ranks";
            EXPECT_TRUE(replays_to_goal(d, starts[i], results[0][i].moves));
            EXPECT_GT(results[0][i].remote_bytes, 0u);
        }
    }
}

TEST(DistributedHdaStar, UnsolvableStartIsExhaustedOnEveryRank) {
    const SlidingTiles d(3, 3);
    const TileState s = parse_tiles(3, 3, "_ 2 3 4 5 6 7 8 1");
    const Manhattan h(d);
    const auto results = run_ranks(3, d, {s}, h, make_hda_hasher(d, HdaHash::zobrist),
                                   [](int) { return per_rank(2); });
    for (const auto& per_rank_results : results) {
        EXPECT_EQ(per_rank_results[0].status, SearchStatus::Exhausted);
        EXPECT_EQ(per_rank_results[0].stats.peak_closed, 181440u);  // each state in one owner
    }
}

TEST(DistributedHdaStar, ExpansionLimitStopsEveryRank) {
    const SlidingTiles d(3, 3);
    const TileState s = parse_tiles(3, 3, "_ 2 3 4 5 6 7 8 1");
    const auto results =
        run_ranks(3, d, {s}, Manhattan(d), make_hda_hasher(d, HdaHash::azh), [](int) {
            HdaOptions o = per_rank(1);
            o.limits.max_expansions = 5000;
            return o;
        });
    for (const auto& per_rank_results : results) {
        EXPECT_EQ(per_rank_results[0].status, SearchStatus::LimitReached);
        EXPECT_LT(per_rank_results[0].stats.expanded, 181440u);
    }
}

}  // namespace
}  // namespace frontier
