// The two-bit BFS and its sliding-tile space: the index is a bijection onto the half, the
// cursor's incremental neighbours equal the children the puzzle's own moves make, and the layer
// counts and every exact distance walked down from the table equal the one-byte BFS's table; the
// horizontal moves settled by bit operations (links) give the table of the cursor alone.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <tbb/blocked_range.h>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/two_bit/frontier.hpp>
#include <frontier/engine/two_bit/lookup.hpp>
#include <frontier/engine/two_bit/zones.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

// Neighbour indices from the puzzle's moves on the state itself (no cursor).
std::vector<std::uint64_t> children_by_moves(const SlidingTwoBitSpace& space, std::uint64_t i) {
    std::vector<std::uint64_t> out;
    space.board().for_each_successor(
        space.state(i), [&](TileState c, SlideMove) { out.push_back(space.index(c)); });
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::uint64_t> children_by_cursor(const SlidingTwoBitSpace& space,
                                              SlidingTwoBitSpace::Cursor& cursor, std::uint64_t i) {
    std::uint64_t next[4];
    cursor.go(i / space.period());
    const int n = cursor.neighbors(static_cast<int>(i % space.period()), next);
    std::vector<std::uint64_t> out(next, next + n);
    std::sort(out.begin(), out.end());
    return out;
}

TEST(SlidingTwoBit, IndexIsABijectionOntoTheHalf) {
    for (auto [rows, cols] : {std::pair{2, 3}, {3, 2}, {3, 3}, {2, 4}}) {
        const SlidingTwoBitSpace space(SlidingTiles(rows, cols));
        ASSERT_EQ(space.size(), space.board().size());
        for (std::uint64_t i = 0; i < space.size(); ++i) {
            const TileState s = space.state(i);
            ASSERT_TRUE(space.board().same_half(s)) << rows << "x" << cols << " index " << i;
            ASSERT_EQ(space.index(s), i) << rows << "x" << cols;
        }
    }
}

TEST(SlidingTwoBit, CursorNeighboursAreTheChildrenOfTheMoves) {
    std::mt19937_64 rng(17);
    for (auto [rows, cols] : {std::pair{2, 2},
                              {3, 2},
                              {2, 3},
                              {3, 3},
                              {4, 3},
                              {3, 4},
                              {7, 2},
                              {2, 7},
                              {4, 4},
                              {5, 3},
                              {6, 2}}) {
        const SlidingTwoBitSpace space(SlidingTiles(rows, cols));
        auto jumping = space.cursor();
        auto stepping = space.cursor();
        std::uniform_int_distribution<std::uint64_t> pick(0, space.size() - 1);
        for (int k = 0; k < 3000; ++k) {
            const std::uint64_t i = pick(rng);
            ASSERT_EQ(children_by_cursor(space, jumping, i), children_by_moves(space, i))
                << rows << "x" << cols << " index " << i;
        }
        // Walking pair by pair from 0 must keep the same digits as decoding each pair.
        const std::uint64_t walk = std::min<std::uint64_t>(space.size(), 40000);
        for (std::uint64_t i = 0; i < walk; ++i)
            ASSERT_EQ(children_by_cursor(space, stepping, i), children_by_moves(space, i))
                << rows << "x" << cols << " index " << i << " (stepping)";
    }
}

struct OneByte {
    LayeredBfsResult result;
    DistanceTable table;
};

OneByte one_byte_bfs(const SlidingTiles& board) {
    OneByte out{{}, DistanceTable(board.size())};
    const TileState goal = board.goal();
    out.result = layered_bfs(board, std::span<const TileState>(&goal, 1), out.table.mutable_bytes(),
                             LayeredBfsOptions{});
    return out;
}

TwoBitBfsResult two_bit(const SlidingTwoBitSpace& space, TwoBitTable& table, int threads) {
    const std::uint64_t root = space.goal_index();
    TwoBitBfsOptions o;
    o.threads = threads;
    return two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, o);
}

TEST(TwoBitBfs, EightPuzzlePublishedLayersAtEveryThreadCount) {
    const SlidingTwoBitSpace space(SlidingTiles(3, 3));
    std::vector<std::uint8_t> reference;
    for (int threads : {1, 2, 3, 8}) {
        TwoBitTable table(space.size());
        const TwoBitBfsResult r = two_bit(space, table, threads);
        EXPECT_EQ(r.layers, test::k8PuzzleLayers) << threads << " threads";
        EXPECT_EQ(r.reached, 181440u);
        ASSERT_EQ(r.farthest.size(), 2u);
        std::vector<std::string> farthest;
        for (auto i : r.farthest) farthest.push_back(format_rows(space.board(), space.state(i)));
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

// Roots given as states (the space names them) fill the same table as their indices, and the
// result has the shape of the one-byte BFS's.
TEST(TwoBitBfs, RootsAsStatesEqualRootsAsIndices) {
    const SlidingTiles board(3, 3);
    const SlidingTwoBitSpace space(board);
    TwoBitTable by_index(space.size()), by_state(space.size());
    const TwoBitBfsResult a = two_bit(space, by_index, 2);
    const TileState goal = board.goal();
    const TwoBitBfsResult b = two_bit_bfs(space, std::span<const TileState>(&goal, 1), by_state);
    const OneByte one = one_byte_bfs(board);
    EXPECT_EQ(b.layers, one.result.layers);
    EXPECT_EQ(b.reached, one.result.reached);
    EXPECT_EQ(a.layers, b.layers);
    EXPECT_TRUE(std::equal(by_index.bytes().begin(), by_index.bytes().end(),
                           by_state.bytes().begin(), by_state.bytes().end()));
}

// Every state's distance, walked down from the two-bit table, equals the one-byte table's.
TEST(TwoBitBfs, EveryDistanceEqualsTheOneByteTable) {
    for (auto [rows, cols] : {std::pair{3, 3}, {2, 4}, {4, 2}, {2, 5}}) {
        const SlidingTiles board(rows, cols);
        const SlidingTwoBitSpace space(board);
        const OneByte reference = one_byte_bfs(board);
        TwoBitTable table(space.size());
        const TwoBitBfsResult r = two_bit(space, table, 2);
        EXPECT_EQ(r.layers, reference.result.layers) << rows << "x" << cols;
        const std::uint64_t root = space.goal_index();
        const std::uint64_t stride = space.size() > 200000 ? 7 : 1;
        for (std::uint64_t rank = 0; rank < board.size(); rank += stride) {
            const TileState s = board.unrank(rank);
            ASSERT_EQ(two_bit_distance(space, table, space.index(s), root),
                      reference.table.at(rank))
                << rows << "x" << cols << " " << format_tiles(board, s);
        }
    }
}

TEST(TwoBitBfs, LayersEqualTheOneByteBfsOnLargerBoards) {
    for (auto [rows, cols] : {std::pair{5, 2}, {2, 5}}) {
        const SlidingTiles board(rows, cols);
        const SlidingTwoBitSpace space(board);
        TwoBitTable table(space.size());
        const TwoBitBfsResult r = two_bit(space, table, 2);
        EXPECT_EQ(r.layers, one_byte_bfs(board).result.layers) << rows << "x" << cols;
        EXPECT_NE(r.directions.find('u'), std::string::npos) << "the pull scan never ran";
    }
}

TEST(TwoBitBfs, ResumingFromAnyLayerGivesTheSameTable) {
    const SlidingTwoBitSpace space(SlidingTiles(3, 3));
    TwoBitTable whole(space.size());
    const TwoBitBfsResult full = two_bit(space, whole, 2);
    const std::uint64_t root = space.goal_index();
    for (int stop : {1, 12, 25}) {
        TwoBitTable table(space.size());
        TwoBitBfsOptions first;
        first.max_depth = stop;
        const TwoBitBfsResult part =
            two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, first);
        EXPECT_FALSE(part.complete);
        TwoBitBfsOptions rest;
        rest.resume_layers = part.layers;
        const TwoBitBfsResult r =
            two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, rest);
        EXPECT_EQ(r.layers, full.layers) << "stopped at " << stop;
        EXPECT_TRUE(std::equal(table.bytes().begin(), table.bytes().end(), whole.bytes().begin()));
    }
}

// The frontier maps only spare work: with them a push skips the older states that share its
// code, and the table, the counts and the farthest states stay those of the search without them.
TEST(TwoBitBfs, TheFrontierMapsChangeTheWorkNotTheTable) {
    for (auto [rows, cols] : {std::pair{3, 3}, {2, 4}, {4, 2}, {5, 2}, {2, 5}})
        for (int threads : {1, 2}) {
            const SlidingTwoBitSpace space(SlidingTiles(rows, cols));
            const std::uint64_t root = space.goal_index();
            TwoBitTable with(space.size()), without(space.size());
            TwoBitBfsOptions o;
            o.threads = threads;
            const TwoBitBfsResult a =
                two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), with, o);
            o.frontier_maps = false;
            const TwoBitBfsResult b =
                two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), without, o);
            const std::string what = std::to_string(rows) + "x" + std::to_string(cols) + ", " +
                                     std::to_string(threads) + " threads";
            EXPECT_EQ(a.layers, b.layers) << what;
            EXPECT_EQ(a.farthest, b.farthest) << what;
            EXPECT_TRUE(std::equal(with.bytes().begin(), with.bytes().end(),
                                   without.bytes().begin(), without.bytes().end()))
                << what;
            EXPECT_LT(a.visited, b.visited) << what;
            // The first and last layers push from their maps alone.
            EXPECT_EQ(a.directions.front(), 's') << what << ": " << a.directions;
            EXPECT_EQ(a.directions.back(), 's') << what << ": " << a.directions;
            EXPECT_EQ(b.directions.find('s'), std::string::npos) << what << ": " << b.directions;
        }
}

// next_marked() finds exactly the table words with an entry in a marked group, for groups of 2
// and of 8 entries, and entries() names exactly the entries of those groups (checked against the
// marked entries themselves).
TEST(TwoBitBfs, FrontierMapsFindTheMarkedWords) {
    const std::uint64_t entries = 100000;  // 3125 words: map words end mid-table
    for (int shift : {1, 3}) {
        TwoBitFrontier f(entries, shift);
        f.begin_layer();
        std::vector<bool> group(entries >> shift, false);
        std::uint64_t x = 12345;
        for (int k = 0; k < 300; ++k) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t i = (x >> 20) % entries;
            f.mark(i);
            group[i >> shift] = true;
        }
        f.mark_entries(3000, TwoBitTable::kLow & 0xF0);  // entries 2 and 3 of word 3000
        group[(3000 * 32 + 2) >> shift] = group[(3000 * 32 + 3) >> shift] = true;
        f.end_layer();
        const std::uint64_t words = (entries + 31) / 32;
        std::vector<std::uint64_t> expected, found;
        for (std::uint64_t w = 0; w < words; ++w) {
            std::uint64_t low = 0;
            for (int e = 0; e < 32; ++e)
                if (group[(w * 32 + e) >> shift]) low |= std::uint64_t{1} << 2 * e;
            EXPECT_EQ(f.entries(w), low) << "word " << w << ", shift " << shift;
            if (low != 0) expected.push_back(w);
        }
        for (std::uint64_t w = f.next_marked(0, words); w < words; w = f.next_marked(w + 1, words))
            found.push_back(w);
        EXPECT_EQ(found, expected) << "shift " << shift;
        EXPECT_EQ(f.next_marked(expected[1], expected[1]), expected[1]);  // an empty range
        EXPECT_EQ(f.next_marked(expected[0] + 1, expected[1]), expected[1]);
    }
}

// The zones claim every child handed over by any thread once, where its entry was free, mark its
// group and keep the smallest; older entries keep their code. Every third hand-over is a word's
// mask of two entries (add_word), in zones that change from one to the next. Full buffers are
// applied under their zone's lock during the loop, the rest by finish(); checked against a serial
// model.
TEST(TwoBitBfs, ZonesClaimEachFreeChildOnceWhateverTheThreads) {
    const std::uint64_t entries = 1000003;  // 31,251 words: 62 zones of 512 words, the last short
    for (int threads : {1, 2, 4}) {
        TwoBitTable table(entries);
        table.clear(1);
        std::vector<int> model(entries, 0);
        for (std::uint64_t i = 0; i < entries; i += 7)  // reached earlier, code 2
            model[i] = table.claim(i, 2) ? 2 : -1;
        TwoBitFrontier frontier(entries);
        run_with_threads(threads, [&] { frontier.begin_layer(); });
        const std::size_t keep = threads == 2 ? 0 : 5;  // 0: no farthest states kept
        detail::TwoBitZones zones(table, &frontier, keep);
        zones.begin_layer(3);
        const std::uint64_t children = 400000;  // many repeated or already reached
        auto child = [&](std::uint64_t k) { return (k * 2654435761u + 12345) % (entries / 3) * 3; };
        // With add_word, the entry after child(k) too, when it is in the same word.
        auto pair = [&](std::uint64_t k) { return k % 3 == 0 && child(k) % 32 != 31; };
        std::vector<std::uint64_t> smallest;
        std::uint64_t claimed = 0;
        run_with_threads(threads, [&] {
            parallel_for_each(tbb::blocked_range<std::uint64_t>(0, children, 1000),
                              [&](const tbb::blocked_range<std::uint64_t>& r) {
                                  auto& local = zones.local();
                                  for (std::uint64_t k = r.begin(); k < r.end(); ++k) {
                                      const std::uint64_t c = child(k);
                                      if (pair(k))
                                          zones.add_word(local, c / 32, 5ull << 2 * (c % 32));
                                      else
                                          zones.inbox(local).add(c);
                                  }
                              });
            claimed = zones.finish(smallest);
        });
        frontier.end_layer();
        std::vector<std::uint64_t> fresh;
        for (std::uint64_t k = 0; k < children; ++k)
            for (std::uint64_t c = child(k); c <= child(k) + pair(k); ++c)
                if (model[c] == 0) model[c] = 3, fresh.push_back(c);
        std::sort(fresh.begin(), fresh.end());
        EXPECT_EQ(claimed, fresh.size()) << threads << " threads";
        std::sort(smallest.begin(), smallest.end());
        smallest.resize(std::min<std::size_t>(smallest.size(), keep));
        EXPECT_EQ(smallest, std::vector<std::uint64_t>(fresh.begin(), fresh.begin() + keep));
        std::uint64_t wrong = 0, marked_wrong = 0;
        for (std::uint64_t i = 0; i < entries; ++i) {
            wrong += table.get(i) != model[i];
            const bool group_fresh =
                std::binary_search(fresh.begin(), fresh.end(), i & ~std::uint64_t{1}) ||
                std::binary_search(fresh.begin(), fresh.end(), i | 1);
            marked_wrong += ((frontier.entries(i / 32) >> 2 * (i % 32) & 1) != 0) != group_fresh;
        }
        EXPECT_EQ(wrong, 0u) << threads << " threads";
        EXPECT_EQ(marked_wrong, 0u) << threads << " threads";
    }
}

// Groups of 2 entries while the two maps fit in 64 MiB (every board of up to 12 cells), else of
// 8 (an eighth of the table: the 7x2 board's 43,589,145,600 states).
TEST(TwoBitBfs, FrontierMapsTakeTheDocumentedMemory) {
    EXPECT_EQ(TwoBitFrontier::group_shift(181440), 1);
    EXPECT_EQ(TwoBitFrontier::group_shift(239500800), 1);
    EXPECT_EQ(TwoBitFrontier::group_shift(43589145600), 3);
    EXPECT_EQ(TwoBitFrontier::bytes(43589145600), two_bit_table_bytes(43589145600) / 8);
    EXPECT_EQ(two_bit_bfs_bytes(239500800), 59875200u + 29937600u);
}

// The sliding space without its links: the same cursor, every neighbour walked one by one.
class UnlinkedSliding {
  public:
    static constexpr int kMaxNeighbors = SlidingTwoBitSpace::kMaxNeighbors;
    explicit UnlinkedSliding(const SlidingTwoBitSpace& s) : s_(s) {}
    std::uint64_t size() const { return s_.size(); }
    int period() const { return s_.period(); }
    int parity(int r) const { return s_.parity(r); }
    class Cursor {
      public:
        explicit Cursor(SlidingTwoBitSpace::Cursor c) : c_(c) {}
        void go(std::uint64_t m) { c_.go(m); }
        int neighbors(int r, std::uint64_t* out) { return c_.neighbors(r, out); }

      private:
        SlidingTwoBitSpace::Cursor c_;
    };
    Cursor cursor() const { return Cursor(s_.cursor()); }

  private:
    const SlidingTwoBitSpace& s_;
};
static_assert(LinkedTwoBitSpace<SlidingTwoBitSpace>);
static_assert(TwoBitSpace<UnlinkedSliding> && !LinkedTwoBitSpace<UnlinkedSliding>);

// Settling a row's horizontal moves by bit operations (links) fills the same table, with the same
// push and pull layers, as walking every neighbour with the cursor: boards whose rows fit a word
// several times (2 and 3 columns) or straddle its edge (period 9 and 10 against 32 entries).
TEST(TwoBitBfs, LinkedMovesFillTheTableOfTheCursorAlone) {
    for (auto [rows, cols] : {std::pair{3, 3}, {4, 2}, {2, 5}, {3, 2}}) {
        const SlidingTwoBitSpace space(SlidingTiles(rows, cols));
        const UnlinkedSliding unlinked(space);
        const std::uint64_t root = space.goal_index();
        TwoBitTable plain(space.size());
        const TwoBitBfsResult a =
            two_bit_bfs(unlinked, std::span<const std::uint64_t>(&root, 1), plain);
        for (int threads : {1, 2}) {
            TwoBitTable linked(space.size());
            const TwoBitBfsResult b = two_bit(space, linked, threads);
            const std::string board = std::to_string(rows) + "x" + std::to_string(cols);
            EXPECT_EQ(b.layers, a.layers) << board;
            EXPECT_EQ(b.directions, a.directions) << board;
            EXPECT_EQ(b.farthest, a.farthest) << board;
            EXPECT_TRUE(std::equal(plain.bytes().begin(), plain.bytes().end(),
                                   linked.bytes().begin(), linked.bytes().end()))
                << board << ", " << threads << " threads";
        }
    }
}

// links() naming a pair that is no move (cells 2 and 3 of the 8-puzzle lie in different rows),
// or a residue past the block, is refused before the search.
TEST(TwoBitBfs, LinksThatAreNoMovesAreRefused) {
    struct WrongLinks : SlidingTwoBitSpace {
        using SlidingTwoBitSpace::SlidingTwoBitSpace;
        std::uint64_t extra = 0;
        std::uint64_t links() const { return SlidingTwoBitSpace::links() | extra; }
    };
    for (std::uint64_t extra : {std::uint64_t{1} << 2, std::uint64_t{1} << 8}) {
        WrongLinks space(SlidingTiles(3, 3));
        space.extra = extra;
        TwoBitTable table(space.size());
        const std::uint64_t root = space.goal_index();
        try {
            two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table);
            ADD_FAILURE() << "links " << extra << " accepted";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("links()"), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace frontier
