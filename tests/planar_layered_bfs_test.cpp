// The one-byte table's planar search (planar_layered_bfs, engine/enumerate/layered_bfs.hpp)
// against the general layered BFS: the same table byte for byte, layers and farthest ranks, on
// the boards it covers up to 12 cells, whole, stopped at a depth and from several roots; roots
// of both colours fall back to the general search; the moves of boards as named (2x5, with
// windows of five tiles) against successors generated from the puzzle's rules.
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/tables/distance_table.hpp>

namespace frontier {
namespace {

struct ByteRun {
    LayeredBfsResult result;
    std::vector<std::uint8_t> bytes;
};

ByteRun run(const SlidingTiles& board, const std::vector<TileState>& roots, bool planar,
            int max_depth = -1) {
    DistanceTable table(board.size());
    LayeredBfsOptions o;
    o.threads = 2;
    o.planar = planar;
    o.max_depth = max_depth;
    ByteRun r{layered_bfs(board, std::span<const TileState>(roots), table.mutable_bytes(), o), {}};
    r.bytes.assign(table.mutable_bytes().begin(), table.mutable_bytes().end());
    return r;
}

void expect_same(const SlidingTiles& board, const std::vector<TileState>& roots,
                 int max_depth = -1) {
    const ByteRun general = run(board, roots, false, max_depth);
    const ByteRun planar = run(board, roots, true, max_depth);
    const std::string name = std::to_string(board.rows()) + "x" + std::to_string(board.cols());
    EXPECT_EQ(planar.result.layers, general.result.layers) << name;
    EXPECT_EQ(planar.result.farthest, general.result.farthest) << name;
    EXPECT_EQ(planar.result.reached, general.result.reached) << name;
    EXPECT_EQ(planar.result.complete, general.result.complete) << name;
    EXPECT_TRUE(planar.bytes == general.bytes) << name << ": the tables differ";
}

TEST(PlanarLayeredBfs, WholeTablesEqualTheGeneralSearchs) {
    for (auto [rows, cols] : {std::pair{3, 3}, {5, 2}, {2, 5}, {4, 3}}) {
        const SlidingTiles board(rows, cols);
        EXPECT_TRUE(planar_moves(board).has_value());
        expect_same(board, {board.goal()});
    }
}

TEST(PlanarLayeredBfs, StoppedAtADepthAndFromSeveralRootsEqualTheGeneralSearch) {
    const SlidingTiles board(3, 3);
    for (int depth : {0, 1, 12}) expect_same(board, {board.goal()}, depth);
    // Two roots with the blank on cells of one colour (the planar search), then of both (it
    // falls back to the general search): the same tables either way.
    const TileState a = parse_tiles(3, 3, "1 2 3 4 5 6 7 _ 8"),
                    b = parse_tiles(3, 3, "1 2 3 4 5 6 _ 7 8");
    const TileState c = parse_tiles(3, 3, "1 2 3 4 _ 6 7 5 8");
    expect_same(board, {b, c});
    expect_same(board, {a, b});
    const SlidingTiles ten(2, 5);
    expect_same(ten, {ten.goal()}, 20);
}

// Every rank of 3x3 and 2x5 (as named: windows of three and five tiles): the neighbours the
// planar moves name are exactly the successors the puzzle's rules give, as ranks.
TEST(PlanarLayeredBfs, ShiftsAreTheRulesMoves) {
    for (auto [rows, cols] : {std::pair{3, 3}, {2, 5}}) {
        const SlidingTiles board(rows, cols);
        const PlanarMoves moves = *planar_moves(board);
        const std::uint64_t blocks = moves.blocks;
        for (std::uint64_t r = 0; r < board.size(); ++r) {
            const auto c = static_cast<std::size_t>(r / blocks);
            const std::uint64_t m = r % blocks;
            const int sel =
                static_cast<int>(moves.selector[m / 64] >> (m % 64) & 1) ^ moves.flip[c];
            std::vector<std::uint64_t> named, rules;
            for (const PlanarMove& mv : moves.parents[c])
                named.push_back(
                    static_cast<std::uint64_t>(mv.parent) * blocks +
                    static_cast<std::uint64_t>(static_cast<std::int64_t>(m) + mv.shift(m, sel)));
            board.for_each_successor(board.unrank(r), [&](TileState child, SlideMove) {
                rules.push_back(board.rank(child));
            });
            std::sort(named.begin(), named.end());
            std::sort(rules.begin(), rules.end());
            ASSERT_EQ(named, rules) << rows << "x" << cols << " rank " << r;
        }
    }
}

TEST(PlanarLayeredBfs, PlanesAreTwoColoured) {
    const SlidingTiles board(4, 3);
    const PlanarMoves moves = *planar_moves(board);
    const auto colour = plane_colours(moves);
    ASSERT_TRUE(colour.has_value());
    for (int c = 0; c < 12; ++c)  // the blank's cell's chessboard colour, against cell 0's
        EXPECT_EQ((*colour)[static_cast<std::size_t>(c)], (c / 3 + c % 3) & 1) << c;
    EXPECT_FALSE(planar_moves(SlidingTiles(4, 2)).has_value());  // 8 cells: the general search
}

}  // namespace
}  // namespace frontier
