// The distributed engine over real MPI ranks (ctest runs this binary with 1 to 4 ranks,
// oversubscribed on small machines): the 8-puzzle layer counts are exact and the slices join
// into the one-process table; distributed HDA* finds A*'s lengths on random 8-puzzle states and
// Korf's on 15-puzzle instances, with legal paths, the same answer on every rank; the unit
// runner hands every unit out once and rank 0 records them all.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_hash.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/distributed/distributed_bfs.hpp>
#include <frontier/engine/distributed/hda_cluster.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/units/run.hpp>
#include "tests/mpi/mpi_world.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

// OEIS A089473: 8-puzzle states by distance from the goal.
const std::vector<std::uint64_t> k8PuzzleLayers = {
    1,     2,     4,     8,     16,    20,   39,   62,   116,   152,   286,
    396,   748,   1024,  1893,  2512,  4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760,  221,   2};

// True on every rank when it is true on all of them (so a failure stops no rank early).
bool everywhere(bool ok) {
    return all_max(test::world(), ok ? 0 : 1) == 0;
}

TEST(MpiBfs, EightPuzzleLayersAreExactAndSlicesJoinIntoTheTable) {
    Cluster& world = test::world();
    const SlidingTiles d(3, 3);
    const TileState goal = d.goal();
    DistanceTable reference(d.size());
    const auto single =
        layered_bfs(d, std::span<const TileState>(&goal, 1), reference.mutable_bytes());
    const SliceLayout layout(d.size(), world.size());
    std::vector<std::uint8_t> slice(layout.size(world.rank()));
    DistributedBfsOptions o;
    o.bfs.threads = 1;
    o.round_states = 4000;
    const auto r =
        layered_bfs_distributed(d, std::span<const TileState>(&goal, 1), slice, world, o);
    EXPECT_EQ(r.layers, k8PuzzleLayers);
    EXPECT_EQ(r.reached, 181440u);
    EXPECT_EQ(r.farthest, single.farthest);
    EXPECT_EQ(r.processes, world.size());
    if (world.size() > 1) {
        EXPECT_GT(r.exchanged, 0u);
    }
    const auto joined = all_gather_vector<std::uint8_t>(world, slice);
    EXPECT_TRUE(std::equal(joined.begin(), joined.end(), reference.bytes().begin(),
                           reference.bytes().end()));
}

TEST(MpiHdaStar, LengthsEqualAStarOnRandomEightPuzzles) {
    Cluster& world = test::world();
    const SlidingTiles d(3, 3);
    const Manhattan h(d);
    std::mt19937_64 rng(2024);  // the same states on every rank
    for (int i = 0; i < 6; ++i) {
        const TileState s = random_solvable(d, rng);
        const int want = astar(d, s, h).length();
        for (const HdaHash hash : {HdaHash::zobrist, HdaHash::azh}) {
            HdaOptions o;
            o.threads = 1 + i % 2;
            const auto r = hda_star_distributed(d, s, h, make_hda_hasher(d, hash), world, o);
            EXPECT_TRUE(everywhere(r.length() == want))
                << format_tiles(d, s) << " " << name_of(hash) << ": " << r.length() << " vs "
                << want;
            EXPECT_TRUE(replays_to_goal(d, s, r.moves));
            EXPECT_EQ(r.processes, world.size());
            EXPECT_EQ(r.threads, world.size() * o.threads);
        }
    }
}

TEST(MpiHdaStar, LengthsEqualKorfsOnFifteenPuzzles) {
    Cluster& world = test::world();
    const auto rows = test::read_tsv(test::data_file("korf100.tsv"));
    const SlidingTiles d(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    const LinearConflict h(d);
    for (int id : {79, 12, 55, 97}) {
        const TileState s = parse_solvable(d, rows[id][1]);
        HdaOptions o;
        o.threads = 1;
        const auto r =
            hda_star_distributed(d, s, h, make_hda_hasher(d, HdaHash::zobrist), world, o);
        EXPECT_TRUE(everywhere(r.length() == std::stoi(rows[id][2])))
            << "#" << id << ": " << r.length();
        EXPECT_TRUE(replays_to_goal(d, s, r.moves));
        if (world.size() > 1) {
            EXPECT_GT(r.remote_batches, 0u);
        }
    }
}

TEST(MpiHdaStar, UnsolvableStartIsExhaustedEverywhere) {
    Cluster& world = test::world();
    const SlidingTiles d(3, 3);
    const TileState s = parse_tiles(3, 3, "_ 2 3 4 5 6 7 8 1");
    HdaOptions o;
    o.threads = 1;
    const auto r =
        hda_star_distributed(d, s, Manhattan(d), make_hda_hasher(d, HdaHash::zobrist), world, o);
    EXPECT_EQ(r.status, SearchStatus::Exhausted);
    EXPECT_EQ(r.stats.peak_closed, 181440u);
}

// A job of 200 units of uneven cost (a few milliseconds of sleep each): every rank runs some when
// there are several, rank 0 accepts each unit's record exactly once, and the checkpoint is gone
// once the job is complete.
TEST(MpiUnitRun, EveryUnitIsRunOnceAndRecordedOnRankZero) {
    Cluster& world = test::world();
    std::string path = world.rank() == 0 ? test::temp_dir() + "/job.checkpoint" : "";
    broadcast_string(world, 0, path);
    std::atomic<std::size_t> runs{0};
    std::map<std::size_t, std::string> accepted;
    bool twice = false;
    UnitJob job;
    job.identity = "mpi test units=200";
    job.unit_count = 200;
    job.run = [&](std::size_t u) {
        std::this_thread::sleep_for(std::chrono::milliseconds(u % 13));
        ++runs;
        return "record of " + std::to_string(u);
    };
    job.cost = [](std::size_t u) { return static_cast<double>(u % 13); };
    job.accept = [&](std::size_t u, std::string_view r, UnitOrigin) {
        twice = twice || !accepted.emplace(u, std::string(r)).second;
    };
    UnitRunOptions o;
    o.threads = 2;
    o.checkpoint = path;
    const UnitRunSummary s = UnitRun(world, job, o).run();
    const std::int64_t total_runs = all_sum(world, static_cast<std::int64_t>(runs));
    EXPECT_EQ(total_runs, 200);
    if (world.size() > 1) {
        EXPECT_TRUE(everywhere(runs > 0)) << "rank " << world.rank() << " ran no unit";
    }
    if (world.rank() == 0) {
        EXPECT_FALSE(twice);
        ASSERT_EQ(accepted.size(), 200u);
        for (const auto& [u, r] : accepted) EXPECT_EQ(r, "record of " + std::to_string(u));
        EXPECT_TRUE(s.complete);
        EXPECT_EQ(s.ranks, world.size());
        EXPECT_FALSE(std::filesystem::exists(path));
    } else {
        EXPECT_TRUE(accepted.empty());
    }
}

}  // namespace
}  // namespace frontier
