// The planar two-bit search (engine/two_bit/planar.hpp) against the general one: the same table
// byte for byte, the same layers and farthest states, on every board it covers up to 12 cells,
// from the ordered goal and from others, whole and stopped at a depth; checkpoints written by one
// search resumed by the other; the sliding moves' shifts against successors generated from the
// puzzle's rules; the conversion between plane order and the space's order.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include <frontier/engine/two_bit/planar.hpp>
#include <frontier/engine/two_bit/planes.hpp>
#include <frontier/engine/two_bit/table_run.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

struct SearchRun {
    TwoBitBfsResult result;
    std::vector<std::uint64_t> words;
};

SearchRun search(const SlidingTwoBitSpace& space, std::uint64_t root, bool planar,
                 int max_depth = -1) {
    TwoBitTable table(space.size());
    TwoBitBfsOptions bfs;
    bfs.threads = 2;
    bfs.max_depth = max_depth;
    bfs.planar = planar;
    const TwoBitTableWriter writer(two_bit_identity(space), {});
    SearchRun run{writer.run(space, {&root, 1}, table, bfs), {}};
    run.words.assign(table.words(), table.words() + table.word_count());
    return run;
}

void expect_same(const SlidingTiles& board, std::uint64_t root, int max_depth = -1) {
    const SlidingTwoBitSpace space(board);
    ASSERT_TRUE(space.planar_moves().has_value());
    const SearchRun general = search(space, root, false, max_depth);
    const SearchRun planar = search(space, root, true, max_depth);
    const std::string name = std::to_string(board.rows()) + "x" + std::to_string(board.cols());
    EXPECT_EQ(planar.result.directions.find_first_not_of('w'), std::string::npos) << name;
    EXPECT_EQ(planar.result.directions.size(), general.result.directions.size())
        << name << ": the planar search did not run every layer";
    EXPECT_EQ(general.result.directions.find('w'), std::string::npos) << name;
    EXPECT_EQ(planar.result.layers, general.result.layers) << name;
    EXPECT_EQ(planar.result.farthest, general.result.farthest) << name;
    EXPECT_EQ(planar.result.complete, general.result.complete) << name;
    EXPECT_TRUE(planar.words == general.words) << name << ": the tables differ";
}

TEST(PlanarTwoBit, WholeTablesEqualTheGeneralSearchs) {
    for (auto [rows, cols] : {std::pair{3, 3}, {5, 2}, {2, 5}, {4, 3}}) {
        const SlidingTiles board(rows, cols);
        const SlidingTwoBitSpace space(board);
        expect_same(board, space.goal_index());
    }
}

// Goals other than the ordered one: the other half of the permutations on some, the blank
// elsewhere, a root in the middle of a plane.
TEST(PlanarTwoBit, OtherGoalsGiveTheGeneralSearchsTables) {
    for (const char* goal : {"1 2 3 4 5 6 8 7 0", "0 1 2 3 4 5 6 7 8", "8 7 6 5 4 0 3 2 1",
                             "1 2 0 3 4 5 6 7 8 9", "9 8 7 6 5 4 3 2 1 0"}) {
        const bool ten = std::string(goal).find('9') != std::string::npos;
        const SlidingTiles base(ten ? 5 : 3, ten ? 2 : 3);
        const SlidingTiles board(base.rows(), base.cols(),
                                 parse_tiles(base.rows(), base.cols(), goal));
        const SlidingTwoBitSpace space(board);
        expect_same(board, space.goal_index());
    }
}

TEST(PlanarTwoBit, StoppedAtADepthEqualsTheGeneralSearch) {
    for (auto [rows, cols, depth] :
         {std::tuple{3, 3, 0}, {3, 3, 1}, {3, 3, 17}, {2, 5, 9}, {5, 2, 40}, {4, 3, 20}}) {
        const SlidingTiles board(rows, cols);
        expect_same(board, SlidingTwoBitSpace(board).goal_index(), depth);
    }
}

TEST(PlanarTwoBit, SmallBoardsKeepTheGeneralSearch) {
    for (auto [rows, cols] : {std::pair{2, 2}, {3, 2}, {2, 3}, {4, 2}}) {
        const SlidingTwoBitSpace space((SlidingTiles(rows, cols)));
        EXPECT_FALSE(space.planar_moves().has_value()) << rows << "x" << cols;
        const SearchRun run = search(space, space.goal_index(), true);
        EXPECT_EQ(run.result.directions.find('w'), std::string::npos);
    }
}

// Every state of 3x3, 5x2 and 2x5: the neighbours the planar moves name are exactly the
// successors the puzzle's rules give (SlidingTiles::for_each_successor), as space indices.
TEST(PlanarTwoBit, ShiftsAreTheRulesMoves) {
    for (auto [rows, cols] : {std::pair{3, 3}, {5, 2}, {2, 5}}) {
        const SlidingTiles board(rows, cols);
        const SlidingTwoBitSpace space(board);
        const PlanarMoves moves = *space.planar_moves();
        const auto planes = static_cast<std::uint64_t>(moves.planes);
        for (std::uint64_t i = 0; i < space.size(); ++i) {
            const std::uint64_t m = i / planes;
            const auto c = static_cast<std::size_t>(i % planes);
            const int sel =
                static_cast<int>(moves.selector[m / 64] >> (m % 64) & 1) ^ moves.flip[c];
            std::vector<std::uint64_t> named, rules;
            for (const PlanarMove& mv : moves.parents[c])
                named.push_back(
                    static_cast<std::uint64_t>(static_cast<std::int64_t>(m) + mv.shift(m, sel)) *
                        planes +
                    static_cast<std::uint64_t>(mv.parent));
            board.for_each_successor(space.state(i), [&](TileState child, SlideMove) {
                rules.push_back(space.index(child));
            });
            std::sort(named.begin(), named.end());
            std::sort(rules.begin(), rules.end());
            ASSERT_EQ(named, rules) << rows << "x" << cols << " index " << i;
        }
    }
}

// A checkpoint holds the table in the space's order whichever search wrote it, so one search
// resumes the other's and the finished files are the same bytes.
TEST(PlanarTwoBit, CheckpointsResumeAcrossSearches) {
    const std::string dir = test::temp_dir();
    const SlidingTiles board(3, 3);
    const SlidingTwoBitSpace space(board);
    const std::uint64_t root = space.goal_index();
    auto run = [&](const std::string& out, bool resume, bool planar, int max_depth) {
        const TwoBitTableWriter writer(
            two_bit_identity(space),
            {.out = out, .resume = resume, .checkpoint_seconds = 0, .on_checkpoint = {}});
        TwoBitTable table(space.size());
        TwoBitBfsOptions bfs;
        bfs.planar = planar;
        bfs.max_depth = max_depth;
        return writer.run(space, {&root, 1}, table, bfs);
    };
    auto bytes = [](const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string whole = dir + "/whole.2bit";
    run(whole, false, false, -1);
    for (bool first_planar : {false, true}) {
        const std::string out = dir + (first_planar ? "/a.2bit" : "/b.2bit");
        EXPECT_FALSE(run(out, false, first_planar, 12).complete);
        const TwoBitBfsResult r = run(out, true, !first_planar, -1);
        EXPECT_TRUE(r.complete);
        EXPECT_EQ(bytes(out), bytes(whole)) << "first search planar: " << first_planar;
        EXPECT_FALSE(std::filesystem::exists(out + ".checkpoint"));
    }
    std::filesystem::remove_all(dir);
}

// Plane order and the space's order hold the same entries: plane c's block m is entry
// m * planes + c; converting there and back restores every word.
TEST(PlanarTwoBit, PlaneOrderConvertsBothWays) {
    std::mt19937_64 random(7);
    // Words per plane: one group, a prime past a group's 512 words, and many groups.
    for (auto [planes, words] : {std::pair{1, 3}, {3, 37}, {9, 1031}, {14, 630}, {12, 2 * 945}}) {
        const auto p = static_cast<std::uint64_t>(planes), w = static_cast<std::uint64_t>(words);
        TwoBitTable table(p * w * 32);
        for (std::uint64_t i = 0; i < table.word_count(); ++i) table.words()[i] = random();
        const std::vector<std::uint64_t> before(table.words(), table.words() + table.word_count());
        auto entry = [](const std::vector<std::uint64_t>& v, std::uint64_t i) {
            return v[i / 32] >> (2 * (i % 32)) & 3;
        };
        planes_to_space_order(table, planes, 2);
        const std::vector<std::uint64_t> after(table.words(), table.words() + table.word_count());
        for (std::uint64_t c = 0; c < p; ++c)
            for (std::uint64_t m = 0; m < w * 32; ++m)
                ASSERT_EQ(entry(after, m * p + c), entry(before, c * w * 32 + m))
                    << planes << " planes, plane " << c << ", block " << m;
        space_order_to_planes(table, planes, 1);
        EXPECT_TRUE(std::equal(before.begin(), before.end(), table.words())) << planes << " planes";
    }
    TwoBitTable odd(3 * 32 * 5 + 1);
    EXPECT_THROW(planes_to_space_order(odd, 3, 1), InputError);
}

}  // namespace
}  // namespace frontier
