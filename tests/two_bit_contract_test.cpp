// The two-bit BFS's contract with a user-written space (engine/two_bit/bfs.hpp): a parity that
// cannot guide the search (0 or 1 everywhere, roots on both sides) gives the full, exact layers;
// also split across processes; a parity that is not a 2-colouring, a neighbour out of range, too
// many neighbours, one-way neighbours or a bad period or size is refused with an InputError, never
// answered.
//
// The user's space is Lights Out (pressing a cell toggles it and its orthogonal neighbours),
// indexed by the lit cells' bitmask. Its reference comes from the rules alone: presses commute
// and cancel in pairs, so a board's distance from the dark board is the fewest presses whose
// toggles light exactly it, found here by trying every set of presses.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/two_bit/bfs.hpp>
#include <frontier/engine/two_bit/distributed.hpp>
#include <frontier/engine/two_bit/lookup.hpp>
#include "tests/support/thread_cluster.hpp"

namespace frontier {
namespace {

// How the test space breaks (or keeps) the contract.
enum class Flaw { None, WrongParity, NeighbourOutOfRange, TooManyNeighbours, OneWay };

class LightsOutSpace {
  public:
    static constexpr int kMaxNeighbors = 16;

    // parity_of(r) for r in [0, period): what parity() returns.
    LightsOutSpace(int side, int period, std::vector<int> parity_of, Flaw flaw = Flaw::None)
        : cells_(side * side), period_(period), parity_of_(std::move(parity_of)), flaw_(flaw) {
        for (int r = 0; r < side; ++r)
            for (int c = 0; c < side; ++c) {
                std::uint64_t m = bit(r * side + c);
                if (r > 0) m |= bit((r - 1) * side + c);
                if (r + 1 < side) m |= bit((r + 1) * side + c);
                if (c > 0) m |= bit(r * side + c - 1);
                if (c + 1 < side) m |= bit(r * side + c + 1);
                press_[r * side + c] = m;
            }
    }

    std::uint64_t size() const { return bit(cells_); }
    int period() const { return period_; }
    int parity(int residue) const { return parity_of_[residue]; }

    class Cursor {
      public:
        explicit Cursor(const LightsOutSpace& s) : s_(s) {}
        void go(std::uint64_t block) { block_ = block; }
        int neighbors(int residue, std::uint64_t* out) const {
            const std::uint64_t self = block_ * static_cast<std::uint64_t>(s_.period_) +
                                       static_cast<std::uint64_t>(residue);
            for (int c = 0; c < s_.cells_; ++c) out[c] = self ^ s_.press_[c];
            if (s_.flaw_ == Flaw::NeighbourOutOfRange && self == 0) out[0] = s_.size();
            // One press that reaches the next board but is not undone from there: a directed graph.
            if (s_.flaw_ == Flaw::OneWay) out[0] = (self + 1) % s_.size();
            if (s_.flaw_ == Flaw::TooManyNeighbours && self == 0) return kMaxNeighbors + 1;
            return s_.cells_;
        }

      private:
        const LightsOutSpace& s_;
        std::uint64_t block_ = 0;
    };
    Cursor cursor() const { return Cursor(*this); }

    // Fewest presses lighting each board: every set of presses tried.
    std::vector<int> brute_force_distances() const {
        std::vector<int> d(size(), -1);
        for (std::uint64_t presses = 0; presses < size(); ++presses) {
            std::uint64_t board = 0;
            for (int c = 0; c < cells_; ++c)
                if (presses >> c & 1) board ^= press_[c];
            const int n = std::popcount(presses);
            if (d[board] < 0 || n < d[board]) d[board] = n;
        }
        return d;
    }

  private:
    static std::uint64_t bit(int i) { return std::uint64_t{1} << i; }

    int cells_;
    int period_;
    std::vector<int> parity_of_;
    Flaw flaw_;
    std::uint64_t press_[16]{};
};
static_assert(TwoBitSpace<LightsOutSpace>);

std::vector<std::uint64_t> layers_of(const std::vector<int>& distances) {
    std::vector<std::uint64_t> layers;
    for (int d : distances)
        if (d >= 0) {
            if (layers.size() <= static_cast<std::size_t>(d)) layers.resize(d + 1);
            ++layers[d];
        }
    return layers;
}

TwoBitBfsResult search(const LightsOutSpace& space, TwoBitTable& table, int threads = 2,
                       std::uint64_t root = 0) {
    TwoBitBfsOptions o;
    o.threads = threads;
    return two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, o);
}

// Lights Out 3x3 (presses independent: C(9, k) boards at k presses) and 4x4 (4,096 boards
// reachable of 65,536, the presses of rank 12), with a parity that says nothing.
TEST(TwoBitContract, AConstantParityGivesTheFullExactLayers) {
    for (int side : {3, 4})
        for (int constant : {0, 1})
            for (int period : {1, 8, 64}) {
                const LightsOutSpace space(side, period, std::vector<int>(period, constant));
                const std::vector<int> reference = space.brute_force_distances();
                for (int threads : {1, 2}) {
                    TwoBitTable table(space.size());
                    const TwoBitBfsResult r = search(space, table, threads);
                    const std::string where = std::to_string(side) + "x" + std::to_string(side) +
                                              " parity " + std::to_string(constant) + " period " +
                                              std::to_string(period);
                    ASSERT_EQ(r.layers, layers_of(reference)) << where;
                    for (std::uint64_t i = 0; i < space.size(); ++i)
                        ASSERT_EQ(two_bit_distance(space, table, i, 0), reference[i])
                            << where << " board " << i;
                }
            }
    EXPECT_EQ(layers_of(LightsOutSpace(3, 1, {0}).brute_force_distances()),
              (std::vector<std::uint64_t>{1, 9, 36, 84, 126, 126, 84, 36, 9, 1}));
    const std::vector<int> four = LightsOutSpace(4, 1, {0}).brute_force_distances();
    EXPECT_EQ(std::count_if(four.begin(), four.end(), [](int d) { return d >= 0; }), 4096);
}

// Split across processes (threads standing in for them), the space without a parity still gives
// every exact distance: 4x4 Lights Out over 2 and 4 slices of 16,384 or 32,768 boards.
TEST(TwoBitContract, AConstantParityAcrossSlicesGivesTheExactTable) {
    const std::vector<int> reference = LightsOutSpace(4, 1, {0}).brute_force_distances();
    for (int period : {1, 2})
        for (int ranks : {2, 4}) {
            const LightsOutSpace space(4, period, std::vector<int>(period, 0));
            TwoBitTable table(space.size());
            std::vector<TwoBitBfsResult> results(ranks);
            std::vector<std::vector<std::uint8_t>> slices(ranks);
            test::ThreadCluster cluster(ranks);
            cluster.run([&](Cluster& c) {
                TwoBitTable slice(two_bit_slice_layout(space.size(), period, ranks).size(c.rank()));
                const std::uint64_t root = 0;
                results[c.rank()] = two_bit_bfs_distributed(
                    space, std::span<const std::uint64_t>(&root, 1), slice, c);
                slices[c.rank()].assign(slice.bytes().begin(), slice.bytes().end());
            });
            std::size_t at = 0;
            for (const auto& s : slices) {
                std::copy(s.begin(), s.end(), table.mutable_bytes().begin() + at);
                at += s.size();
            }
            ASSERT_EQ(at, table.bytes().size());
            const std::string where =
                "period " + std::to_string(period) + ", " + std::to_string(ranks) + " ranks";
            EXPECT_GT(results[0].exchanged, 0u) << where;
            ASSERT_EQ(results[0].layers, layers_of(reference)) << where;
            for (std::uint64_t i = 0; i < space.size(); ++i)
                ASSERT_EQ(two_bit_distance(space, table, i, 0), reference[i]) << where << " " << i;
        }
}

// Both directions run without the filter: the pull scan takes over past the widest layer.
TEST(TwoBitContract, WithoutTheFilterBothDirectionsRun) {
    const LightsOutSpace space(3, 16, std::vector<int>(16, 0));
    TwoBitTable table(space.size());
    const TwoBitBfsResult r = search(space, table);
    EXPECT_NE(r.directions.find('p'), std::string::npos) << r.directions;
    EXPECT_NE(r.directions.find('u'), std::string::npos) << r.directions;
    EXPECT_EQ(r.layers, layers_of(space.brute_force_distances()));
}

TEST(TwoBitContract, AParityThatIsNotATwoColouringIsRefused) {
    // Residue = index mod 2: pressing the corner cell 2 (bits 1, 2, 5) keeps the index even.
    const LightsOutSpace space(3, 2, {0, 1});
    TwoBitTable table(space.size());
    try {
        search(space, table);
        FAIL() << "a wrong parity was searched";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("parity() is not a 2-colouring"), std::string::npos)
            << e.what();
    }
}

// A cycle of `length` states (i and i +- 1 mod length) among `size` indices, the others isolated:
// every layer holds at most 2 states, far fewer than one per 16 table words, so every push reads
// only its marked groups and no layer scans the whole table.
class RingSpace {
  public:
    static constexpr int kMaxNeighbors = 2;
    RingSpace(std::uint64_t size, std::uint64_t length, std::vector<int> parity_of)
        : size_(size), length_(length), parity_of_(std::move(parity_of)) {}
    std::uint64_t size() const { return size_; }
    int period() const { return static_cast<int>(parity_of_.size()); }
    int parity(int residue) const { return parity_of_[residue]; }
    class Cursor {
      public:
        explicit Cursor(const RingSpace& s) : s_(s) {}
        void go(std::uint64_t block) { block_ = block; }
        int neighbors(int residue, std::uint64_t* out) const {
            const std::uint64_t i = block_ * static_cast<std::uint64_t>(s_.period()) +
                                    static_cast<std::uint64_t>(residue);
            if (i >= s_.length_) return 0;
            out[0] = (i + 1) % s_.length_;
            out[1] = (i + s_.length_ - 1) % s_.length_;
            return 2;
        }

      private:
        const RingSpace& s_;
        std::uint64_t block_ = 0;
    };
    Cursor cursor() const { return Cursor(*this); }

  private:
    std::uint64_t size_, length_;
    std::vector<int> parity_of_;
};

// With the right parity (i mod 2 on an even cycle) the sparse pushes give the exact layers; with
// a wrong one (period 4: 0 1 1 0) a push skips the states of the wrong class, and the check of
// the whole table after the search refuses the result.
TEST(TwoBitContract, AWrongParityIsRefusedWhenNoLayerScansTheTable) {
    const std::uint64_t size = std::uint64_t{1} << 20, length = 64;
    TwoBitBfsOptions o;
    o.threads = 2;
    const std::uint64_t root = 0;
    {
        const RingSpace ring(size, length, {0, 1});
        TwoBitTable table(size);
        const TwoBitBfsResult r =
            two_bit_bfs(ring, std::span<const std::uint64_t>(&root, 1), table, o);
        std::vector<std::uint64_t> expected(length / 2 + 1, 2);
        expected.front() = expected.back() = 1;
        EXPECT_EQ(r.layers, expected);
        EXPECT_EQ(r.directions, std::string(length / 2 + 1, 's'));
    }
    const RingSpace ring(size, length, {0, 1, 1, 0});
    TwoBitTable table(size);
    try {
        two_bit_bfs(ring, std::span<const std::uint64_t>(&root, 1), table, o);
        FAIL() << "a wrong parity was searched";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("parity() is not a 2-colouring"), std::string::npos)
            << e.what();
        // The same way out as the refusal during the search names.
        EXPECT_NE(std::string(e.what()).find("return 0 for every residue when the parity is "
                                             "unknown"),
                  std::string::npos)
            << e.what();
    }
}

TEST(TwoBitContract, SpacesBreakingTheContractAreRefusedAtOnce) {
    struct Case {
        LightsOutSpace space;
        std::uint64_t root;
        std::string says;
    };
    const std::vector<Case> cases = {
        {LightsOutSpace(3, 65, std::vector<int>(65, 0)), 0, "period() is 65, not 1 to 64"},
        {LightsOutSpace(3, 0, {}), 0, "period() is 0"},
        {LightsOutSpace(3, 3, {0, 0, 0}), 0, "is not a positive multiple of its period() 3"},
        {LightsOutSpace(3, 2, {0, 2}), 0, "parity(1) is 2, not 0 or 1"},
        {LightsOutSpace(3, 1, {0}), 512, "root 512 is not below the space's size() 512"},
        {LightsOutSpace(3, 1, {0}, Flaw::NeighbourOutOfRange), 0,
         "gave neighbour 512 of index 0, not below size() 512"},
        {LightsOutSpace(3, 1, {0}, Flaw::TooManyNeighbours), 0,
         "gave 17 neighbours of index 0, not 0 to kMaxNeighbors (16)"},
        {LightsOutSpace(3, 8, std::vector<int>(8, 0), Flaw::OneWay), 0,
         "the space's neighbours are not mutual: 1 is a neighbour of 0 but does not list it back"},
    };
    for (const Case& c : cases) {
        TwoBitTable table(512);
        try {
            search(c.space, table, 2, c.root);
            ADD_FAILURE() << "accepted; expected: " << c.says;
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
        }
    }
}

// The sliding space's parity is relative: a root in the odd class flips it, and roots in both
// classes turn the filter off. Each gives the one-byte BFS's layers from the same roots.
TEST(TwoBitContract, RootsOfEitherParityGiveTheOneByteLayers) {
    const SlidingTiles board(3, 3);
    const SlidingTwoBitSpace space(board);
    const TileState goal = board.goal();
    std::vector<TileState> near;
    board.for_each_successor(goal, [&](TileState c, SlideMove) { near.push_back(c); });
    ASSERT_FALSE(near.empty());
    const std::vector<std::vector<TileState>> root_sets = {{near[0]}, {goal, near[0]}};
    for (const auto& roots : root_sets) {
        DistanceTable reference(board.size());
        const LayeredBfsResult one_byte =
            layered_bfs(board, std::span<const TileState>(roots), reference.mutable_bytes(), {});
        std::vector<std::uint64_t> indices;
        for (TileState s : roots) indices.push_back(space.index(s));
        TwoBitTable table(space.size());
        TwoBitBfsOptions o;
        o.threads = 2;
        const TwoBitBfsResult r = two_bit_bfs(space, indices, table, o);
        EXPECT_EQ(r.layers, one_byte.layers) << roots.size() << " roots";
    }
}

// A table to resume whose entries disagree with its layer counts is refused at the first layer.
TEST(TwoBitContract, AResumeTableThatDisagreesWithItsCountsIsRefused) {
    const SlidingTwoBitSpace space(SlidingTiles(3, 3));
    const std::uint64_t root = space.goal_index();
    TwoBitTable table(space.size());
    TwoBitBfsOptions first;
    first.max_depth = 10;
    const TwoBitBfsResult part =
        two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, first);
    std::uint64_t unreached = 0;
    while (table.get(unreached) != 0 ||
           space.parity(static_cast<int>(unreached % space.period())) != 0)
        ++unreached;                           // an unreached state of depth 10's parity class
    table.claim(unreached, two_bit_code(10));  // one state too many at depth 10 mod 3
    TwoBitBfsOptions rest;
    rest.resume_layers = part.layers;
    try {
        two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, rest);
        FAIL() << "a table that disagrees with its counts was resumed";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("where the layer counts say"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace frontier
