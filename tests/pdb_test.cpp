// Pattern databases: the abstraction's rank, agreement with a brute-force 0-1 BFS of the same
// abstraction, admissibility of additive sums against the exact distance table, thread-count
// independence, files, and optimal solutions of Korf's instances with 5-5-5 databases.
#include <deque>
#include <filesystem>
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_pdb.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/idastar.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

const std::vector<int> kKorfGoal = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

TEST(SlidingPattern, RankIsABijection) {
    const SlidingPattern p(3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0}, {1, 2, 3});
    EXPECT_EQ(p.placements(), 9u * 8 * 7);
    EXPECT_EQ(p.size(), 9u * 8 * 7 * 6);
    for (std::uint64_t r = 0; r < p.size(); ++r) ASSERT_EQ(p.rank(p.unrank(r)), r);
    const SlidingPattern q(4, 4, kKorfGoal, {8, 9, 12, 13, 14});
    std::mt19937_64 rng(3);
    for (int i = 0; i < 100000; ++i) {
        const std::uint64_t r = rng() % q.size();
        ASSERT_EQ(q.rank(q.unrank(r)), r);
    }
}

// The walker's children of a rank are those of for_each_successor on its unranked state, ranked
// (as multisets: it lists them in another order), on boards of several shapes and pattern sizes
// (with the region table and, past 16 cells, without), in the scan order the BFS uses (ascending)
// and in random order.
TEST(SlidingPattern, RankWalkerListsTheSuccessorsRanks) {
    struct Case {
        int rows, cols;
        std::vector<int> pattern;
    };
    const std::vector<Case> cases = {{3, 3, {1, 2, 3}},
                                     {3, 3, {8, 5, 2, 7}},
                                     {4, 4, {1, 2, 3, 4, 5, 6, 7}},
                                     {4, 4, {15, 9, 1}},
                                     {4, 4, {8, 9, 10, 11, 12, 13, 14, 15}},
                                     {3, 5, {14, 1, 7, 3, 12}},
                                     {2, 6, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
                                     {5, 5, {1, 2, 5, 6, 7, 12}}};  // over 16 cells: no table
    std::mt19937_64 rng(7);
    for (const Case& c : cases) {
        std::vector<int> goal(c.rows * c.cols);
        for (int i = 0; i < c.rows * c.cols; ++i) goal[i] = (i + 1) % (c.rows * c.cols);
        const SlidingPattern p(c.rows, c.cols, goal, c.pattern);
        auto walker = p.rank_walker();
        auto check = [&](std::uint64_t r) {
            std::vector<std::uint64_t> want;
            p.for_each_successor(p.unrank(r),
                                 [&](PatternState s, PatternMove) { want.push_back(p.rank(s)); });
            std::uint64_t out[SlidingPattern::RankWalker::kMaxChildren];
            std::vector<std::uint64_t> got(out, out + walker.children(r, out));
            std::sort(want.begin(), want.end());
            std::sort(got.begin(), got.end());
            ASSERT_EQ(got, want) << c.rows << "x" << c.cols << " rank " << r;
        };
        const std::uint64_t step = std::max<std::uint64_t>(1, p.size() / 200000);
        for (std::uint64_t r = 0; r < p.size(); r += step) check(r);
        for (int i = 0; i < 20000; ++i) check(rng() % p.size());
    }
}

// The same abstraction by brute force: (pattern cells, blank cell) with 0-cost blank moves onto
// free cells and 1-cost pattern-tile moves, by 0-1 BFS; minimum over the blank.
std::vector<int> brute_force_pdb(const SlidingPattern& p) {
    const int n = p.cells(), k = p.size_k(), cols = p.cols();
    std::vector<int> dist(p.placements() * n, -1);
    auto index = [&](const std::vector<int>& cells, int blank) {
        return p.rank_placement(cells.data()) * n + blank;
    };
    std::vector<int> goal_cells(k);
    int goal_blank = 0;
    for (int c = 0; c < n; ++c) {
        if (p.goal_tiles()[c] == 0) goal_blank = c;
        for (int i = 0; i < k; ++i)
            if (p.goal_tiles()[c] == p.pattern()[i]) goal_cells[i] = c;
    }
    std::deque<std::pair<std::vector<int>, int>> queue{{goal_cells, goal_blank}};
    dist[index(goal_cells, goal_blank)] = 0;
    while (!queue.empty()) {
        auto [cells, blank] = queue.front();
        queue.pop_front();
        const int d = dist[index(cells, blank)];
        const int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};
        for (int dir = 0; dir < 4; ++dir) {
            const int r = blank / cols + dr[dir], c = blank % cols + dc[dir];
            if (r < 0 || r >= p.rows() || c < 0 || c >= cols) continue;
            const int next = r * cols + c;
            auto moved = cells;
            int cost = 0;
            for (int i = 0; i < k; ++i)
                if (cells[i] == next) {
                    moved[i] = blank;
                    cost = 1;
                }
            const auto idx = index(moved, next);
            if (dist[idx] != -1 && dist[idx] <= d + cost) continue;
            dist[idx] = d + cost;
            if (cost == 0)
                queue.emplace_front(moved, next);
            else
                queue.emplace_back(moved, next);
        }
    }
    std::vector<int> pdb(p.placements(), 255);
    for (std::uint64_t i = 0; i < dist.size(); ++i)
        if (dist[i] >= 0) pdb[i / n] = std::min(pdb[i / n], dist[i]);
    return pdb;
}

void expect_matches_brute_force(int rows, int cols, const std::vector<int>& goal,
                                const std::vector<int>& pattern) {
    const SlidingPdb pdb = build_sliding_pdb(rows, cols, goal, pattern, {});
    const std::vector<int> expected = brute_force_pdb(pdb.pattern);
    ASSERT_EQ(pdb.table.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        ASSERT_EQ(pdb.table.at(i), expected[i]) << "entry " << i;
}

TEST(SlidingPdb, EqualsBruteForce) {
    expect_matches_brute_force(3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0}, {1, 2, 3, 4});
    expect_matches_brute_force(3, 3, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {5, 6, 7, 8});
    expect_matches_brute_force(4, 4, kKorfGoal, {1, 2, 3, 4, 5});
}

TEST(SlidingPdb, SameBytesAtEveryThreadCount) {
    std::vector<std::uint8_t> reference;
    for (int threads : {1, 2, 3}) {
        PdbBuildOptions o;
        o.threads = threads;
        const SlidingPdb pdb = build_sliding_pdb(4, 4, kKorfGoal, {1, 4, 5, 8, 9}, o);
        std::vector<std::uint8_t> bytes(pdb.table.bytes().begin(), pdb.table.bytes().end());
        if (reference.empty()) reference = bytes;
        EXPECT_EQ(bytes, reference) << threads << " threads";
    }
}

TEST(SlidingPdb, AdditiveSumsAreAdmissibleOnEveryEightPuzzleState) {
    for (const std::vector<int>& goal : {std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 0},
                                         std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}}) {
        const SlidingTiles d(3, 3, SlidingTiles::pack(goal.data(), 9));
        DistanceTable table(d.size());
        const TileState g = d.goal();
        layered_bfs(d, std::span<const TileState>(&g, 1), table.mutable_bytes());
        std::vector<SlidingPdb> pdbs;
        for (const auto& group : parse_partition("4-4", goal)) {
            pdbs.push_back(build_sliding_pdb(3, 3, goal, group, {}));
            pdbs.back().partition = "4-4";
        }
        const PdbHeuristic<SlidingTiles> h(d, group_partitions(pdbs), true);
        EXPECT_TRUE(h.reflects());  // the blank of both goals is on the diagonal
        const Manhattan<SlidingTiles> manhattan(d);
        std::uint64_t above_manhattan = 0;
        for (std::uint64_t r = 0; r < d.size(); ++r) {
            const TileState s = d.unrank(r);
            const int v = h(s);
            ASSERT_LE(v, table.at(r)) << format_tiles(d, s);
            above_manhattan += v > manhattan(s);
        }
        EXPECT_EQ(h(d.goal()), 0);
        EXPECT_GT(above_manhattan, d.size() / 4);  // the databases are much better informed
    }
}

TEST(SlidingPdb, FilesRoundTripAndMismatchesAreRejected) {
    const std::string dir = test::temp_dir();
    SlidingPdb pdb = build_sliding_pdb(3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0}, {1, 2, 3}, {});
    pdb.partition = "1,2,3/4,5,6,7,8";
    const std::string path = dir + "/" + pdb_file_name({1, 2, 3});
    save_sliding_pdb(path, pdb);
    const SlidingPdb back = load_sliding_pdb(path, 3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0});
    EXPECT_EQ(back.pattern.pattern(), (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(back.partition, "1,2,3/4,5,6,7,8");
    EXPECT_TRUE(std::equal(back.table.bytes().begin(), back.table.bytes().end(),
                           pdb.table.bytes().begin()));
    auto error = [&](auto&& f) {
        try {
            f();
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(error([&] {
                  load_sliding_pdb(path, 3, 3, {0, 1, 2, 3, 4, 5, 6, 7, 8});
              }).find("built for goal"),
              std::string::npos);
    EXPECT_NE(error([&] { load_sliding_pdb(path, 4, 4, kKorfGoal); }).find("built for sliding:3x3"),
              std::string::npos);
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(-10, std::ios::end);
        f.put('\x7f');
    }
    EXPECT_NE(error([&] {
                  load_sliding_pdb(path, 3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0});
              }).find("checksum"),
              std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(SlidingPdb, PartitionsParse) {
    EXPECT_EQ(
        parse_partition("7-8", kKorfGoal),
        (std::vector<std::vector<int>>{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}));
    EXPECT_EQ(parse_partition("1,2/3", kKorfGoal), (std::vector<std::vector<int>>{{1, 2}, {3}}));
    EXPECT_THROW(parse_partition("8-9", kKorfGoal), InputError);
    EXPECT_THROW(parse_partition("1,2/2,3", kKorfGoal), InputError);
    EXPECT_THROW(parse_partition("a-b", kKorfGoal), InputError);
    EXPECT_THROW(parse_pattern("1,16", 16), InputError);
}

// The 5-5-5 additive partition of Korf's 15-puzzle goal, labelled as one partition.
std::vector<SlidingPdb> five_five_five() {
    std::vector<SlidingPdb> pdbs;
    for (const auto& group : parse_partition("5-5-5", kKorfGoal)) {
        pdbs.push_back(build_sliding_pdb(4, 4, kKorfGoal, group, {}));
        pdbs.back().partition = "5-5-5";
    }
    return pdbs;
}

// IDA* and A* with a 5-5-5 additive partition (plus reflection) on Korf's instances: exact
// published lengths.
TEST(KorfPdb, FiveFiveFiveSolvesInstancesOptimally) {
    const SlidingTiles d(4, 4, SlidingTiles::pack(kKorfGoal.data(), 16));
    std::vector<SlidingPdb> pdbs = five_five_five();
    const PdbHeuristic<SlidingTiles> h(d, group_partitions(pdbs), true);
    ASSERT_TRUE(h.reflects());
    const auto rows = test::read_tsv(test::data_file("korf100.tsv"));
    int checked = 0;
    for (int id : {1, 2, 3, 5, 8, 12, 20, 29, 36, 39, 42, 50, 55, 79, 97}) {
        const TileState s = parse_solvable(d, rows[id][1]);
        const int published = std::stoi(rows[id][2]);
        const auto r = idastar(d, s, h);
        EXPECT_EQ(r.length(), published) << "#" << id;
        EXPECT_TRUE(replays_to_goal(d, s, r.moves));
        if (id % 3 == 0) {
            EXPECT_EQ(astar(d, s, h).length(), published) << "#" << id;
        }
        ++checked;
    }
    EXPECT_EQ(checked, 15);
}

// The same heuristic without its Memo: IDA* then evaluates every child from scratch.
template <class Board>
struct WithoutMemo {
    const PdbHeuristic<Board>& h;
    int operator()(typename Board::State s) const { return h(s); }
    int bounded(typename Board::State s, int limit) const { return h.bounded(s, limit); }
};

// The incremental evaluation (only the databases holding the moved tile, in each orientation)
// against the full one: equal values along random walks at every limit, and IDA* with either
// expands and generates the same nodes, so the published lengths and counts stay as they were.
TEST(KorfPdb, IncrementalLookupsEqualFullOnes) {
    const SlidingTiles d(4, 4, SlidingTiles::pack(kKorfGoal.data(), 16));
    std::vector<SlidingPdb> pdbs = five_five_five();
    pdbs.push_back(build_sliding_pdb(4, 4, kKorfGoal, {1, 2, 3, 4, 5, 6}, {}));  // a 2nd partition
    pdbs.back().partition = "6";
    const PdbHeuristic<SlidingTiles> h(d, group_partitions(pdbs), true);
    static_assert(MemoHeuristic<PdbHeuristic<SlidingTiles>, SlidingTiles>);
    std::mt19937_64 rng(7);
    int compared = 0;
    for (int walk = 0; walk < 20; ++walk) {
        TileState s = d.goal();
        auto m = h.memo(s);
        for (int step = 0; step < 200; ++step) {
            std::vector<std::pair<TileState, SlideMove>> next;
            d.for_each_successor(s, [&](TileState c, SlideMove mv) { next.emplace_back(c, mv); });
            const auto [child, mv] = next[rng() % next.size()];
            const int limit = static_cast<int>(rng() % 60);
            const auto cm = h.child_memo(m, s, mv, child, limit);
            const int full = h.bounded(child, limit);
            if (full <= limit)
                ASSERT_EQ(decltype(h)::value(cm), full) << walk << " " << step;
            else
                ASSERT_GT(decltype(h)::value(cm), limit) << walk << " " << step;
            // Walk on with the exact memo half the time, the bounded one otherwise.
            m = rng() % 2 ? h.memo(child) : cm;
            s = child;
            ++compared;
        }
    }
    EXPECT_EQ(compared, 4000);
    const auto rows = test::read_tsv(test::data_file("korf100.tsv"));
    for (int id : {1, 12, 42}) {
        const TileState s = parse_solvable(d, rows[id][1]);
        const auto fast = idastar(d, s, h);
        const auto full = idastar(d, s, WithoutMemo<SlidingTiles>{h});
        EXPECT_EQ(fast.length(), std::stoi(rows[id][2])) << "#" << id;
        EXPECT_EQ(fast.stats.expanded, full.stats.expanded) << "#" << id;
        EXPECT_EQ(fast.stats.generated, full.stats.generated) << "#" << id;
        EXPECT_EQ(fast.moves, full.moves) << "#" << id;
    }
}

}  // namespace
}  // namespace frontier
