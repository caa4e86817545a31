// Sliding-block puzzles: the classic optimal solutions (Dad's Puzzle 59, Klotski 81), the
// canonical packing of identical pieces, moves and their inverses in every metric, the hash BFS,
// and clear errors for bad layouts.
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding_blocks/sliding_blocks_heuristics.hpp>
#include <frontier/domains/sliding_blocks/sliding_blocks_io.hpp>
#include <frontier/engine/enumerate/hash_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/bfs.hpp>

namespace frontier {
namespace {

static_assert(ReversibleDomain<SlidingBlocks>);
static_assert(HasEnumerationRoots<SlidingBlocks>);
static_assert(!PerfectHashDomain<SlidingBlocks>);

constexpr BlockMetric kMetrics[] = {BlockMetric::Steps, BlockMetric::Straight, BlockMetric::Piece};

TEST(SlidingBlocksClassics, DadsPuzzleIn59AndKlotskiIn81Moves) {
    // The published minimum counts, a piece moving anywhere being one move (Gardner's counts).
    for (auto [name, moves] : {std::pair{"dads-puzzle", 59}, std::pair{"klotski", 81}}) {
        const SlidingBlocks d = make_sliding_blocks(name, "", "", BlockMetric::Piece);
        const auto r = bfs(d, d.start());
        ASSERT_TRUE(r.solved()) << name;
        EXPECT_EQ(r.length(), moves) << name;
        EXPECT_TRUE(replays_to_goal(d, d.start(), r.moves));
        const auto a = astar(d, d.start(), BlockGoalDistance(d));
        EXPECT_EQ(a.length(), moves) << name;
    }
}

TEST(SlidingBlocksClassics, MetricsOrderTheSolutionLengths) {
    for (const char* name : {"dads-puzzle", "klotski"}) {
        int previous = 1 << 20;
        for (BlockMetric metric : kMetrics) {
            const SlidingBlocks d = make_sliding_blocks(name, "", "", metric);
            const auto r = astar(d, d.start(), BlockGoalDistance(d));
            ASSERT_TRUE(r.solved());
            EXPECT_EQ(r.length(), bfs(d, d.start()).length());  // the heuristic keeps it optimal
            EXPECT_LE(r.length(), previous) << name << " " << block_metric_name(metric);
            previous = r.length();
        }
    }
}

TEST(SlidingBlocksEnumerate, KlotskiReaches25955PositionsInEveryMetric) {
    // 25,955 positions are reachable from Klotski's start when identical pieces are
    // interchangeable (the count other solvers report); moving differently joins the same set.
    for (BlockMetric metric : kMetrics) {
        const SlidingBlocks d = make_sliding_blocks("klotski", "", "", metric);
        const std::vector<BlockState> roots = d.enumeration_roots();
        std::vector<std::uint64_t> layers;
        for (int threads : {1, 2, 3}) {
            HashBfsOptions o;
            o.threads = threads;
            const auto r = layered_hash_bfs(d, std::span<const BlockState>(roots), o);
            EXPECT_EQ(r.reached, 25955u);
            if (layers.empty())
                layers = r.layers;
            else
                EXPECT_EQ(r.layers, layers) << threads << " threads";
        }
    }
}

TEST(SlidingBlocksMoves, EveryMoveIsUndoneByItsInverse) {
    std::mt19937_64 rng(4);
    for (const char* name : {"dads-puzzle", "klotski"})
        for (BlockMetric metric : kMetrics) {
            const SlidingBlocks d = make_sliding_blocks(name, "", "", metric);
            BlockState s = d.start();
            for (int step = 0; step < 300; ++step) {
                std::vector<std::pair<BlockState, BlockMove>> children;
                d.for_each_successor(s, [&](const BlockState& c, BlockMove m) {
                    children.emplace_back(c, m);
                    EXPECT_EQ(d.apply(s, m), c);
                    EXPECT_EQ(d.apply(c, SlidingBlocks::inverse(m)), s);
                    bool back = false;
                    d.for_each_successor(c, [&](const BlockState& g, BlockMove gm) {
                        back |= g == s && gm == SlidingBlocks::inverse(m);
                    });
                    EXPECT_TRUE(back) << block_metric_name(metric);
                    EXPECT_EQ(std::popcount(d.occupancy(c)), std::popcount(d.occupancy(s)));
                });
                ASSERT_FALSE(children.empty());
                s = children[rng() % children.size()].first;
            }
        }
}

TEST(SlidingBlocksState, IdenticalPiecesAreInterchangeable) {
    const SlidingBlocks d = make_sliding_blocks("klotski", "", "", BlockMetric::Piece);
    EXPECT_EQ(parse_blocks(d, "BAAC/BAAC/DEEF/DGHF/I..J"), d.start());
    // Other labels for the same arrangement: the four 1x2 pieces and the four 1x1 pieces swapped.
    EXPECT_EQ(parse_blocks(d, "FAAD/FAAD/CEEB/CJIB/H..G"), d.start());
    EXPECT_EQ(format_blocks(d, d.start()), "BAAC/BAAC/DEEF/DGHF/I..J");
    EXPECT_EQ(block_goal_text(d), "A at b4");
    EXPECT_EQ(draw_blocks(d, d.start()), "BAAC\nBAAC\nDEEF\nDGHF\nI..J\n");
    // The piece list describes the same puzzle.
    BlockLayout list = parse_block_layout(
        "4x5: A 2x2 b1, B 1x2 a1, C 1x2 d1, D 1x2 a3, E 2x1 b3, F 1x2 d3, G 1x1 b4, H 1x1 c4, "
        "I 1x1 a5, J 1x1 d5");
    parse_block_goal(list, "A at b4 c4 b5 c5");
    const SlidingBlocks from_list("sliding-blocks", list, BlockMetric::Piece);
    EXPECT_EQ(format_blocks(from_list, from_list.start()), "BAAC/BAAC/DEEF/DGHF/I..J");
    EXPECT_EQ(bfs(from_list, from_list.start()).length(), 81);
    // Walls and a piece-list wall.
    const SlidingBlocks walled =
        make_sliding_blocks("sliding-blocks", "A.#/..B", "A at b2", BlockMetric::Steps);
    EXPECT_EQ(format_blocks(walled, walled.start()), "A.#/..B");
    EXPECT_EQ(bfs(walled, walled.start()).length(), 2);
}

std::string layout_error(const char* layout, const char* goal) {
    try {
        make_sliding_blocks("sliding-blocks", layout, goal, BlockMetric::Piece);
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
        EXPECT_EQ(e.exit_code(), 2);
        return e.what();
    }
    return "";
}

TEST(SlidingBlocksLayout, BadLayoutsAreNamed) {
    EXPECT_NE(layout_error("3x3: A 2x2 a1, B 2x1 b2", "A at a1").find("overlaps piece A at b2"),
              std::string::npos);
    EXPECT_NE(layout_error("3x3: A 2x2 a1, B 2x1 c3", "A at a1").find("outside the 3x3 tray"),
              std::string::npos);
    EXPECT_NE(layout_error("3x3: A 2x2 a1, # 1x1 b2", "A at a1").find("overlaps a wall"),
              std::string::npos);
    EXPECT_NE(layout_error("AA./A../...", "A at a1").find("piece A is not a rectangle"),
              std::string::npos);
    EXPECT_NE(layout_error("AB./.../...", "Z at a1").find("goal names piece Z"), std::string::npos);
    EXPECT_NE(layout_error("AB./.../...", "A at c4").find("outside the tray"), std::string::npos);
    EXPECT_NE(layout_error("AA./.../...", "A at c1").find("outside the 3x3 tray"),
              std::string::npos);
    EXPECT_NE(layout_error("AA./.../...", "A at a1 b2").find("not a 2x1 rectangle"),
              std::string::npos);
    EXPECT_NE(layout_error("AB./..../...", "A at a1").find("row 2 has 4 cells"), std::string::npos);
    EXPECT_NE(layout_error("A!./.../...", "A at a1").find("unknown character '!'"),
              std::string::npos);
    EXPECT_NE(layout_error("3x3: A 2x2", "A at a1").find("expected LABEL WxH CELL"),
              std::string::npos);
    EXPECT_NE(layout_error("3x3: A 1x1 a1, A 1x1 b1", "A at a1").find("two pieces are labelled A"),
              std::string::npos);
    EXPECT_NE(layout_error("A.#", "A at c1").find("over a wall"), std::string::npos);
    EXPECT_NE(layout_error("", "A at a1").find("needs --layout"), std::string::npos);
    EXPECT_NE(layout_error("A..", "").find("needs --goal"), std::string::npos);
    EXPECT_NE(layout_error("A..", "A b1 c1").find("not a 1x1"), std::string::npos);
    EXPECT_THROW(make_sliding_blocks("klotski", "AB", "", BlockMetric::Piece), InputError);
    EXPECT_THROW(parse_block_metric("moves"), InputError);
    const SlidingBlocks d = make_sliding_blocks("klotski", "", "", BlockMetric::Piece);
    EXPECT_NO_THROW(parse_blocks(d, "BAAC/BAAC/DEEF/DGHF/IJ.."));
    EXPECT_THROW(parse_blocks(d, "BAAC/BAAC/DEEF/DGHF/I..."), InputError);  // a 1x1 missing
    EXPECT_THROW(parse_blocks(d, "BAAC/BAAC/DEEF/DGHF"), InputError);       // another tray
}

}  // namespace
}  // namespace frontier
