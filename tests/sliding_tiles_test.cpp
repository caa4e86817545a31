// The sliding-tile domain: rank/unrank, solvability parity, moves, the state syntax, and random
// positions at an exact distance (their distances checked by A* and IDA*, independent of the
// table or walk that drew them).
#include <algorithm>
#include <deque>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include <absl/container/flat_hash_set.h>
#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_random.hpp>
#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/idastar.hpp>
#include <frontier/engine/tables/distance_table.hpp>

namespace frontier {
namespace {

static_assert(PerfectHashDomain<SlidingTiles>);
static_assert(ReversibleDomain<SlidingTiles>);

TileState pack(const std::vector<int>& tiles) {
    TileState s;
    for (std::size_t c = 0; c < tiles.size(); ++c)
        s.cells |= static_cast<std::uint64_t>(tiles[c]) << (4 * c);
    return s;
}

// Every rank of the board maps to a distinct valid state of the goal's half and back.
void expect_dense_round_trip(const SlidingTiles& d) {
    std::vector<bool> hit(d.size());
    std::vector<int> tiles(d.cells());
    std::iota(tiles.begin(), tiles.end(), 0);
    std::uint64_t solvable = 0;
    do {
        const TileState s = pack(tiles);
        if (!d.same_half(s)) continue;
        ++solvable;
        const std::uint64_t r = d.rank(s);
        ASSERT_LT(r, d.size());
        ASSERT_FALSE(hit[r]) << "rank " << r << " hit twice";
        hit[r] = true;
        ASSERT_EQ(d.unrank(r), s);
    } while (std::next_permutation(tiles.begin(), tiles.end()));
    EXPECT_EQ(solvable, d.size());
    EXPECT_TRUE(std::all_of(hit.begin(), hit.end(), [](bool b) { return b; }));
}

TEST(SlidingRank, DenseOverEvery8PuzzleState) {
    expect_dense_round_trip(SlidingTiles(3, 3));
}

TEST(SlidingRank, DenseOnSmallBoardsAndOtherGoals) {
    expect_dense_round_trip(SlidingTiles(2, 2));
    expect_dense_round_trip(SlidingTiles(2, 3));
    expect_dense_round_trip(SlidingTiles(3, 2));
    expect_dense_round_trip(SlidingTiles(2, 4));
    // Blank first (Korf's convention) and an arbitrary goal.
    expect_dense_round_trip(SlidingTiles(3, 3, parse_tiles(3, 3, "0 1 2 3 4 5 6 7 8")));
    expect_dense_round_trip(SlidingTiles(2, 4, parse_tiles(2, 4, "7 3 0 1 6 5 2 4")));
}

TEST(SlidingRank, RoundTripOnRandomLargeBoards) {
    std::mt19937_64 rng(42);
    for (auto [rows, cols] : {std::pair{4, 4}, {4, 3}, {3, 4}, {3, 5}, {2, 8}}) {
        const SlidingTiles d(rows, cols);
        EXPECT_EQ(d.size() * 2, [&] {
            std::uint64_t f = 1;
            for (int i = 2; i <= rows * cols; ++i) f *= i;
            return f;
        }());
        for (int i = 0; i < 20000; ++i) {
            const TileState s = random_solvable(d, rng);
            ASSERT_TRUE(d.same_half(s));
            const std::uint64_t r = d.rank(s);
            ASSERT_LT(r, d.size());
            ASSERT_EQ(d.unrank(r), s) << rows << "x" << cols << " " << format_tiles(d, s);
            const std::uint64_t q = rng() % d.size();
            ASSERT_EQ(d.rank(d.unrank(q)), q);
        }
    }
}

// The RankWalker's children of rank r, sorted, against the plain definition: unrank r, make each
// move, rank the child.
void expect_walker_child_ranks(const SlidingTiles& d, SlidingTiles::RankWalker& walker,
                               std::uint64_t r) {
    std::uint64_t out[SlidingTiles::RankWalker::kMaxChildren];
    const int n = walker.children(r, out);
    std::vector<std::uint64_t> got(out, out + n), want;
    d.for_each_successor(d.unrank(r), [&](TileState c, SlideMove) { want.push_back(d.rank(c)); });
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    ASSERT_EQ(got, want) << d.rows() << "x" << d.cols() << " rank " << r;
}

TEST(SlidingRankWalker, ChildrenOfEveryRankOnSmallBoards) {
    for (const SlidingTiles& d :
         {SlidingTiles(2, 2), SlidingTiles(2, 3), SlidingTiles(3, 2), SlidingTiles(3, 3),
          SlidingTiles(2, 4), SlidingTiles(4, 2), SlidingTiles(2, 5),  // 5 columns: the fallback
          SlidingTiles(3, 3, parse_tiles(3, 3, "0 1 2 3 4 5 6 7 8")),
          SlidingTiles(2, 4, parse_tiles(2, 4, "7 3 0 1 6 5 2 4"))}) {
        auto walker = d.rank_walker();
        for (std::uint64_t r = 0; r < d.size(); ++r) expect_walker_child_ranks(d, walker, r);
    }
}

// Ascending walks with gaps from 1 to past the cursor's advance limit, and jumps back, as the
// layered BFS's scan makes them, on boards too large to walk whole.
TEST(SlidingRankWalker, ChildrenAlongGappedAndBackwardWalks) {
    std::mt19937_64 rng(7);
    for (const SlidingTiles& d :
         {SlidingTiles(4, 3), SlidingTiles(3, 4), SlidingTiles(4, 4),
          SlidingTiles(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"))}) {
        auto walker = d.rank_walker();
        std::uint64_t r = 0;
        for (int i = 0; i < 30000; ++i) {
            const int kind = static_cast<int>(rng() % 8);
            const std::uint64_t gap = kind < 4   ? 1 + rng() % 40
                                      : kind < 6 ? 1 + rng() % 70000
                                                 : rng() % d.size();
            r = kind == 7 ? gap : (r + gap) % d.size();  // kind 7: anywhere, often backwards
            expect_walker_child_ranks(d, walker, r);
        }
    }
}

// Brute force: the states a BFS reaches from the goal are exactly the goal's half.
void expect_parity_matches_reachability(const SlidingTiles& d) {
    absl::flat_hash_set<TileState> seen{d.goal()};
    std::deque<TileState> queue{d.goal()};
    while (!queue.empty()) {
        const TileState s = queue.front();
        queue.pop_front();
        d.for_each_successor(s, [&](TileState c, SlideMove) {
            if (seen.insert(c).second) queue.push_back(c);
        });
    }
    EXPECT_EQ(seen.size(), d.size());
    std::vector<int> tiles(d.cells());
    std::iota(tiles.begin(), tiles.end(), 0);
    do {
        const TileState s = pack(tiles);
        ASSERT_EQ(seen.contains(s), d.same_half(s)) << format_tiles(d, s);
    } while (std::next_permutation(tiles.begin(), tiles.end()));
}

TEST(SlidingParity, MatchesBruteForceOnOddAndEvenWidths) {
    expect_parity_matches_reachability(SlidingTiles(2, 2));
    expect_parity_matches_reachability(SlidingTiles(2, 3));  // odd width
    expect_parity_matches_reachability(SlidingTiles(3, 2));  // even width
    expect_parity_matches_reachability(SlidingTiles(3, 3));
    expect_parity_matches_reachability(SlidingTiles(2, 4));
    expect_parity_matches_reachability(SlidingTiles(3, 3, parse_tiles(3, 3, "_12345678")));
    expect_parity_matches_reachability(SlidingTiles(3, 2, parse_tiles(3, 2, "5 4 3 2 1 0")));
}

TEST(SlidingMoves, KorfOrderAndInverses) {
    const SlidingTiles d(3, 3);
    const TileState s = parse_tiles(3, 3, "1 2 3 4 _ 5 6 7 8");
    std::vector<SlideMove> moves;
    d.for_each_successor(s, [&](TileState c, SlideMove m) {
        moves.push_back(m);
        EXPECT_EQ(d.apply(s, m), c);
        EXPECT_EQ(d.apply(c, SlidingTiles::inverse(m)), s);
        EXPECT_EQ(c.tile(m.from), 0);
        EXPECT_EQ(c.tile(m.to), m.tile);
    });
    ASSERT_EQ(moves.size(), 4u);
    EXPECT_EQ(moves[0].dir, 0);  // up: tile 2 comes down
    EXPECT_EQ(moves[0].tile, 2);
    EXPECT_EQ(moves[1].tile, 4);  // left
    EXPECT_EQ(moves[2].tile, 5);  // right
    EXPECT_EQ(moves[3].tile, 7);  // down
    int corner = 0;
    d.for_each_successor(d.goal(), [&](TileState, SlideMove) { ++corner; });
    EXPECT_EQ(corner, 2);
}

TEST(SlidingParse, AcceptsEverySyntax) {
    const TileState expected = SlidingTiles::ordered_goal(3, 3);
    for (const char* text : {"1 2 3 4 5 6 7 8 0", "1,2,3,4,5,6,7,8,0", "1 2 3 / 4 5 6 / 7 8 _",
                             "123456780", "12345678_", "12345678.", " 1 2 3 4 5 6 7 8 . "}) {
        EXPECT_EQ(parse_tiles(3, 3, text), expected) << text;
    }
    EXPECT_EQ(parse_tiles(4, 4, "123456789ABCDEF0"), SlidingTiles::ordered_goal(4, 4));
    EXPECT_EQ(parse_tiles(4, 4, "123456789abcdef_"), SlidingTiles::ordered_goal(4, 4));
    const SlidingTiles d(3, 3);
    EXPECT_EQ(format_tiles(d, expected), "1 2 3 4 5 6 7 8 _");
    EXPECT_EQ(format_rows(d, expected), "1 2 3 / 4 5 6 / 7 8 _");
}

std::string parse_error(int rows, int cols, const std::string& text) {
    try {
        parse_tiles(rows, cols, text);
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
        EXPECT_EQ(e.exit_code(), 2);
        return e.what();
    }
    return "";
}

TEST(SlidingParse, RejectsBadStatesWithReasons) {
    EXPECT_NE(parse_error(3, 3, "1 2 3 4 5 6 7 8").find("expected 9 tiles"), std::string::npos);
    EXPECT_NE(parse_error(3, 3, "1 2 3 4 5 6 7 8 8").find("tile 8 appears twice"),
              std::string::npos);
    EXPECT_NE(parse_error(3, 3, "1 2 3 4 5 6 7 9 0").find("tile 9 is out of range"),
              std::string::npos);
    EXPECT_NE(parse_error(3, 3, "12345678z").find("tile 35 is out of range"), std::string::npos);
    EXPECT_NE(parse_error(3, 3, "1234567#0").find("unknown character '#' at position 8"),
              std::string::npos);
    EXPECT_NE(parse_error(3, 3, "1 2 x 4 5 6 7 8 0").find("unknown token 'x'"), std::string::npos);
    EXPECT_NE(parse_error(3, 3, "1 2 / 3 4 5 6 / 7 8 0").find("row 1 has 2 tiles"),
              std::string::npos);
    EXPECT_NE(parse_error(3, 3, "").find("empty"), std::string::npos);
    EXPECT_NE(parse_error(3, 3, "_ _ 3 4 5 6 7 8 1").find("the blank appears twice"),
              std::string::npos);
    const SlidingTiles d(3, 3);
    EXPECT_THROW(parse_solvable(d, "_ 2 3 4 5 6 7 8 1"), InputError);
    EXPECT_NO_THROW(parse_solvable(d, "1 8 _ 3 2 4 6 5 7"));
}

TEST(SlidingNames, ParsesDomainNames) {
    EXPECT_EQ(parse_sliding_name("8puzzle").rows, 3);
    EXPECT_EQ(parse_sliding_name("15puzzle").cols, 4);
    const SlidingShape s = parse_sliding_name("sliding:4x3");
    EXPECT_EQ(s.rows, 4);
    EXPECT_EQ(s.cols, 3);
    EXPECT_EQ(parse_sliding_name("24puzzle").cells(), 25);
    EXPECT_THROW(parse_sliding_name("sliding:5x6"), InputError);
    EXPECT_THROW(parse_sliding_name("sliding:1x9"), InputError);
    EXPECT_THROW(parse_sliding_name("sliding:3by3"), InputError);
    EXPECT_THROW(parse_sliding_name("9puzzle"), InputError);
    EXPECT_EQ(sliding_name(4, 3), "sliding:4x3");
}

}  // namespace
}  // namespace frontier

namespace frontier {
namespace {

// The 128-bit board (5 bits per cell) behaves like the 64-bit one on the same puzzle, and
// carries the 24-puzzle.
TEST(WideSliding, BlankMovesAndParsingOnFiveByFive) {
    const WideSlidingTiles d(5, 5);
    std::vector<int> tiles(25);
    std::iota(tiles.begin(), tiles.end(), 0);
    for (int blank = 0; blank < 25; ++blank) {
        std::vector<int> t(tiles);
        std::swap(t[0], t[blank]);
        const WideTileState s = WideSlidingTiles::pack(t.data(), 25);
        ASSERT_EQ(d.blank(s), blank);
        d.for_each_successor(s, [&](WideTileState c, SlideMove m) {
            EXPECT_EQ(d.blank(c), m.from);
            EXPECT_EQ(d.apply(c, WideSlidingTiles::inverse(m)), s);
        });
    }
    const std::string text = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 _";
    EXPECT_EQ(parse_tiles_as<uint128>(5, 5, text), d.goal());
    EXPECT_EQ(format_tiles(d, d.goal()), text);
    EXPECT_TRUE(d.same_half(d.goal()));
}

TEST(WideSliding, AgreesWithTheNarrowBoardOnFifteenPuzzles) {
    const SlidingTiles narrow(4, 4);
    const WideSlidingTiles wide(4, 4);
    std::mt19937_64 rng(11);
    for (int i = 0; i < 2000; ++i) {
        const TileState s = random_solvable(narrow, rng);
        const auto w = parse_tiles_as<uint128>(4, 4, format_tiles(narrow, s));
        ASSERT_EQ(format_tiles(wide, w), format_tiles(narrow, s));
        ASSERT_EQ(wide.same_half(w), narrow.same_half(s));
        ASSERT_EQ(wide.blank(w), narrow.blank(s));
    }
}

// The 8-puzzle's distance table, by layered BFS from the goal.
std::unique_ptr<DistanceTable> distance_table_of(const SlidingTiles& d) {
    auto table = std::make_unique<DistanceTable>(d.size());
    LayeredBfsOptions options;
    options.threads = 2;
    const TileState goal = d.goal();
    layered_bfs(d, std::span<const TileState>(&goal, 1), table->mutable_bytes(), options);
    return table;
}

int astar_length(const SlidingTiles& d, TileState s) {
    return astar(d, s, Manhattan<SlidingTiles>(d)).length();
}

TEST(SlidingRandom, AtDistanceFromTheTableIsExactlyK) {
    const SlidingTiles d(3, 3);
    const auto table = distance_table_of(d);
    std::mt19937_64 rng(11);
    for (int k : {0, 1, 7, 20, 30}) {
        const TileState s = random_at_distance(d, *table, k, rng);
        EXPECT_EQ(table->at(d.rank(s)), k);
        EXPECT_EQ(astar_length(d, s), k);
    }
    // The 8-puzzle's two farthest positions are 31 moves away.
    const std::string text = format_tiles(d, random_at_distance(d, *table, 31, rng));
    EXPECT_TRUE(text == "8 6 7 2 5 4 3 _ 1" || text == "6 4 7 8 5 _ 3 2 1") << text;
    EXPECT_THROW(random_at_distance(d, *table, 32, rng), InputError);
    // The same generator state, the same position.
    std::mt19937_64 a(4), b(4);
    EXPECT_EQ(random_at_distance(d, *table, 20, a), random_at_distance(d, *table, 20, b));
}

TEST(SlidingRandom, SolvableWithinIsOneBoundedIdaIteration) {
    const SlidingTiles d(3, 3);
    const Manhattan<SlidingTiles> manhattan(d);
    const TileHeuristic h = [&](TileState x) { return manhattan(x); };
    const TileState s = parse_solvable(d, "1 8 _ 3 2 4 6 5 7");  // 24 moves from the goal
    std::uint64_t budget = 1'000'000;
    EXPECT_EQ(solvable_within(d, h, s, 24, budget), true);
    EXPECT_LT(budget, 1'000'000u);
    EXPECT_EQ(solvable_within(d, h, s, 23, budget), false);
    std::uint64_t tiny = 1;  // a 24-move search needs more than one expansion
    EXPECT_FALSE(solvable_within(d, h, s, 24, tiny).has_value());
    EXPECT_EQ(tiny, 0u);
}

TEST(SlidingRandom, TheCheckedWalkReachesExactlyK) {
    const SlidingTiles d15(4, 4);
    const LinearConflict<SlidingTiles> lc(d15);
    const TileHeuristic h = [&](TileState x) { return lc(x); };
    std::mt19937_64 rng(5);
    for (int k : {0, 3, 14, 22}) {
        const TileState s = walk_to_distance(d15, h, k, rng);
        EXPECT_EQ(idastar(d15, s, Manhattan<SlidingTiles>(d15)).length(), k);
    }
    const SlidingTiles k8(3, 3);
    const LinearConflict<SlidingTiles> lc8(k8);
    EXPECT_EQ(astar_length(k8, walk_to_distance(
                                   k8, [&](TileState x) { return lc8(x); }, 25, rng)),
              25);
    // The stated range: 48 on the 15-puzzle (reached, and exact), refused just past it.
    EXPECT_EQ(walk_reach(d15), 48);
    EXPECT_EQ(walk_reach(SlidingTiles(2, 6)), 33);
    const TileState far = walk_to_distance(d15, h, 48, rng);
    EXPECT_EQ(idastar(d15, far, lc).length(), 48);
    EXPECT_THROW(walk_to_distance(d15, h, 49, rng), InputError);
}

}  // namespace
}  // namespace frontier
