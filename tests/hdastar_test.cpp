// HDA*: the same optimal lengths as A* and the distance table at every thread count (including
// more threads than cores), legal paths, both ownership hashes, with and without the layer gate,
// and clean termination when the start is unsolvable.
#include <random>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_hash.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/hdastar.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <nlohmann/json.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

HdaOptions with_threads(int threads) {
    HdaOptions o;
    o.threads = threads;
    return o;
}

TEST(HdaStar, MatchesTheDistanceTableOnRandomEightPuzzles) {
    const SlidingTiles d(3, 3);
    DistanceTable table(d.size());
    const TileState goal = d.goal();
    layered_bfs(d, std::span<const TileState>(&goal, 1), table.mutable_bytes());
    const Manhattan h(d);
    const auto zobrist = make_hda_hasher(d, HdaHash::zobrist);
    const auto azh = make_hda_hasher(d, HdaHash::azh);
    std::mt19937_64 rng(7);
    for (int i = 0; i < 40; ++i) {
        const TileState s = random_solvable(d, rng);
        const int want = table.at(d.rank(s));
        for (int threads : {1, 2, 3, 4, 8}) {
            HdaOptions o = with_threads(threads);
            o.layer_gate = i % 4 < 2;  // the gate is a schedule only: lengths never depend on it
            const auto r = hda_star(d, s, h, i % 2 ? zobrist : azh, o);
            ASSERT_TRUE(r.solved());
            EXPECT_EQ(r.length(), want) << format_tiles(d, s) << " threads " << threads;
            EXPECT_TRUE(replays_to_goal(d, s, r.moves));
            EXPECT_EQ(r.threads, threads);
            EXPECT_EQ(r.workers.size(), static_cast<std::size_t>(threads));
        }
    }
}

TEST(HdaStar, MatchesAStarAndKorfOnFifteenPuzzles) {
    const auto rows = test::read_tsv(test::data_file("korf100.tsv"));
    const SlidingTiles d(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    const LinearConflict h(d);
    for (int id : {79, 12, 55, 97}) {
        const TileState s = parse_solvable(d, rows[id][1]);
        const int published = std::stoi(rows[id][2]);
        EXPECT_EQ(astar(d, s, h).length(), published);
        for (const HdaHash hash : {HdaHash::zobrist, HdaHash::azh}) {
            for (int threads : {1, 2, 4, 8}) {
                const auto r = hda_star(d, s, h, make_hda_hasher(d, hash), with_threads(threads));
                EXPECT_EQ(r.length(), published)
                    << "#" << id << " " << name_of(hash) << " " << threads;
                EXPECT_TRUE(replays_to_goal(d, s, r.moves));
                if (threads == 1) {
                    EXPECT_EQ(r.sent, 0u);
                }
                if (threads > 1) {
                    EXPECT_GT(r.sent, 0u);
                }
            }
        }
    }
}

// The library's default owner hash (StateBytesHasher, hda_star without a hasher): the same
// optimal lengths, and the same owner for a state every time.
TEST(HdaStar, DefaultByteHasherMatchesTheDistanceTable) {
    const SlidingTiles d(3, 3);
    DistanceTable table(d.size());
    const TileState goal = d.goal();
    layered_bfs(d, std::span<const TileState>(&goal, 1), table.mutable_bytes());
    const Manhattan h(d);
    std::mt19937_64 rng(11);
    for (int i = 0; i < 10; ++i) {
        const TileState s = random_solvable(d, rng);
        EXPECT_EQ(StateBytesHasher{}(s), StateBytesHasher{}(s));
        for (int threads : {1, 3}) {
            const auto r = hda_star(d, s, h, with_threads(threads));
            ASSERT_TRUE(r.solved());
            EXPECT_EQ(r.length(), static_cast<int>(table.at(d.rank(s)))) << format_tiles(d, s);
            EXPECT_TRUE(replays_to_goal(d, s, r.moves));
        }
    }
    EXPECT_NE(StateBytesHasher{}(goal), StateBytesHasher{}(d.unrank(1)));
}

TEST(HdaStar, AbstractZobristKeepsMostChildrenLocal) {
    const SlidingTiles d(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    const TileState s = parse_solvable(d, "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15");
    const LinearConflict h(d);
    const auto z = hda_star(d, s, h, make_hda_hasher(d, HdaHash::zobrist), with_threads(4));
    const auto a = hda_star(d, s, h, make_hda_hasher(d, HdaHash::azh), with_threads(4));
    EXPECT_GT(z.sent_fraction(), 0.6);  // about 3/4 with 4 owners
    EXPECT_LT(a.sent_fraction(), 0.4);  // only moves across 2x2 blocks travel
    EXPECT_EQ(z.length(), a.length());
}

TEST(HdaStar, UnsolvableStartEndsWithNoSolutionAtEveryThreadCount) {
    const SlidingTiles d(3, 3);
    const TileState s = parse_tiles(3, 3, "_ 2 3 4 5 6 7 8 1");
    const Manhattan h(d);
    for (int threads : {1, 2, 4, 8}) {
        const auto r =
            hda_star(d, s, h, make_hda_hasher(d, HdaHash::zobrist), with_threads(threads));
        EXPECT_EQ(r.status, SearchStatus::Exhausted) << threads;
        EXPECT_GE(r.stats.expanded, 181440u);
        EXPECT_EQ(r.stats.peak_closed, 181440u);  // every state of the half, each in one owner
    }
}

TEST(HdaStar, ExpansionLimitStopsEveryWorker) {
    const SlidingTiles d(3, 3);
    const TileState s = parse_tiles(3, 3, "_ 2 3 4 5 6 7 8 1");
    HdaOptions o = with_threads(3);
    o.limits.max_expansions = 5000;
    const auto r = hda_star(d, s, Manhattan(d), make_hda_hasher(d, HdaHash::azh), o);
    EXPECT_EQ(r.status, SearchStatus::LimitReached);
    EXPECT_LT(r.stats.expanded, 181440u);
}

TEST(CliHdaStar, ReportsThreadsAndOwnership) {
    const auto r = test::run_frontier(
        "solve 15puzzle '13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11' --goal "
        "'0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15' -a hdastar --threads 3 --hash azh "
        "--heuristic lc --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["length"], 41);  // Korf #55
    EXPECT_EQ(j["threads"], 3);
    EXPECT_EQ(j["workers"].size(), 3u);
    EXPECT_EQ(j["hash"], "azh");
    EXPECT_GT(j["sent_fraction"].get<double>(), 0.0);
    for (const auto& w : j["workers"]) EXPECT_GE(w["gate_waits"].get<std::int64_t>(), 0);
    const auto bad = test::run_frontier("solve 8puzzle 123456780 -a hdastar --hash md5");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("unknown hash"), std::string::npos);
}

}  // namespace
}  // namespace frontier

#include <frontier/domains/rush/rush_hash.hpp>
#include <frontier/domains/rush/rush_heuristics.hpp>
#include <frontier/domains/rush/rush_io.hpp>

namespace frontier {
namespace {

// Rush Hour through the same HDA*: every known board's optimal move count, both hashes.
TEST(HdaStar, SolvesTheKnownRushHourBoardsOptimally) {
    const auto rows = test::read_tsv(test::data_file("rush_known.tsv"));
    int checked = 0;
    for (std::size_t i = 1; i < rows.size(); i += 3) {
        const RushPuzzle p = parse_rush(rows[i][0], RushMetric::Moves);
        const RushH3 h(p.board);
        for (int threads : {1, 3}) {
            HdaOptions o;
            o.threads = threads;
            const auto r = hda_star(
                p.board, p.start, h,
                make_hda_hasher(p.board, threads == 1 ? HdaHash::zobrist : HdaHash::azh), o);
            ASSERT_TRUE(r.solved()) << rows[i][0];
            EXPECT_EQ(r.length(), std::stoi(rows[i][1])) << rows[i][0];
            EXPECT_TRUE(replays_to_goal(p.board, p.start, r.moves));
        }
        ++checked;
    }
    EXPECT_GE(checked, 20);
}

}  // namespace
}  // namespace frontier
