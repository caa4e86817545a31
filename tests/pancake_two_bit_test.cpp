// The pancake puzzle's two-bit space: the index is a bijection onto [0, N!) that keeps a flip of
// k in its parent's block of k!, the cursor's incremental children equal the flips' own, and the
// two-bit BFS's layers and walked-down distances equal a brute force written from the rules alone
// (a stack is a vector of sizes; a flip reverses a prefix; a plain BFS over a map).
#include <algorithm>
#include <map>
#include <numeric>
#include <queue>
#include <random>
#include <set>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/pancake/pancake_two_bit.hpp>
#include <frontier/engine/two_bit/bfs.hpp>
#include <frontier/engine/two_bit/lookup.hpp>
#include "tests/support/pancake_brute_force.hpp"

namespace frontier {
namespace {

using Stack = test::PancakeStack;

Stack stack_of(PancakeState s, int n) {
    Stack out(n);
    for (int i = 0; i < n; ++i) out[i] = s.at(i) + 1;
    return out;
}

// The children's indices from Pancake::flip on the state itself (no cursor).
std::vector<std::uint64_t> children_by_flips(const PancakeTwoBitSpace& space, std::uint64_t i) {
    std::vector<std::uint64_t> out;
    for (int k = 2; k <= space.puzzle().pancakes(); ++k)
        out.push_back(space.index(Pancake::flip(space.state(i), k)));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::uint64_t> children_by_cursor(const PancakeTwoBitSpace& space,
                                              PancakeTwoBitSpace::Cursor& cursor, std::uint64_t i) {
    const auto period = static_cast<std::uint64_t>(space.period());
    std::uint64_t next[PancakeTwoBitSpace::kMaxNeighbors];
    cursor.go(i / period);
    const int n = cursor.neighbors(static_cast<int>(i % period), next);
    std::vector<std::uint64_t> out(next, next + n);
    std::sort(out.begin(), out.end());
    return out;
}

TEST(PancakeTwoBit, IndexIsABijectionThatKeepsFlipsInTheirBlock) {
    for (int n = 2; n <= 8; ++n) {
        const PancakeTwoBitSpace space{Pancake(n)};
        ASSERT_EQ(space.size(), space.puzzle().size());
        EXPECT_EQ(space.size() % static_cast<std::uint64_t>(space.period()), 0u);
        EXPECT_EQ(space.period(), n < 4 ? static_cast<int>(space.size()) : 24);
        EXPECT_EQ(space.goal_index(), space.index(space.puzzle().goal()));
        EXPECT_EQ(space.state(space.goal_index()), space.puzzle().goal());
        std::set<std::uint64_t> seen;
        for (std::uint64_t i = 0; i < space.size(); ++i) {
            const PancakeState s = space.state(i);
            ASSERT_EQ(space.index(s), i) << n << " pancakes";
            seen.insert(s.cakes);
            std::uint64_t block = 1;  // k!
            for (int k = 2; k <= n; ++k) {
                block *= static_cast<std::uint64_t>(k);
                ASSERT_EQ(space.index(Pancake::flip(s, k)) / block, i / block)
                    << n << " pancakes, index " << i << ", flip " << k;
            }
        }
        EXPECT_EQ(seen.size(), space.size()) << n << " pancakes";
    }
}

TEST(PancakeTwoBit, CursorNeighboursAreTheChildrenOfTheFlips) {
    std::mt19937_64 rng(29);
    for (int n = 2; n <= 8; ++n) {  // every index, stepping up and jumping about
        const PancakeTwoBitSpace space{Pancake(n)};
        auto stepping = space.cursor();
        auto jumping = space.cursor();
        std::uniform_int_distribution<std::uint64_t> pick(0, space.size() - 1);
        for (std::uint64_t i = 0; i < space.size(); ++i) {
            const auto expected = children_by_flips(space, i);
            ASSERT_EQ(expected.size(), static_cast<std::size_t>(n - 1));
            ASSERT_EQ(children_by_cursor(space, stepping, i), expected)
                << n << " pancakes, index " << i << " (stepping)";
            const std::uint64_t j = pick(rng);
            ASSERT_EQ(children_by_cursor(space, jumping, j), children_by_flips(space, j))
                << n << " pancakes, index " << j << " (jumping)";
        }
    }
    for (int n = 9; n <= 16; ++n) {  // samples: jumps, then a run of blocks carrying upwards
        const PancakeTwoBitSpace space{Pancake(n)};
        auto jumping = space.cursor();
        std::uniform_int_distribution<std::uint64_t> pick(0, space.size() - 1);
        for (int t = 0; t < 2000; ++t) {
            const std::uint64_t i = pick(rng);
            ASSERT_EQ(children_by_cursor(space, jumping, i), children_by_flips(space, i))
                << n << " pancakes, index " << i;
        }
        // Across the block where every digit but the bottom one wraps, and the last 3000 blocks.
        const std::uint64_t wrap = space.size() / static_cast<std::uint64_t>(n) * (n / 2);
        for (std::uint64_t from : {wrap - 24 * 50, space.size() - 24 * 3000}) {
            auto stepping = space.cursor();
            const std::uint64_t to = std::min(space.size(), from + 24 * 3000);
            for (std::uint64_t i = from + 3; i < to; i += 5)
                ASSERT_EQ(children_by_cursor(space, stepping, i), children_by_flips(space, i))
                    << n << " pancakes, index " << i << " (stepping)";
        }
    }
}

TwoBitBfsResult two_bit(const PancakeTwoBitSpace& space, TwoBitTable& table, int threads) {
    const PancakeState goal = space.puzzle().goal();
    TwoBitBfsOptions o;
    o.threads = threads;
    return two_bit_bfs(space, std::span<const PancakeState>(&goal, 1), table, o);
}

TEST(PancakeTwoBit, LayersEqualTheBruteForceAtOneAndTwoThreads) {
    for (int n = 2; n <= 8; ++n) {
        const PancakeTwoBitSpace space{Pancake(n)};
        const std::vector<std::uint64_t> expected =
            test::pancake_layers(test::pancake_distances(n));
        TwoBitTable one(space.size()), two(space.size());
        const TwoBitBfsResult a = two_bit(space, one, 1);
        const TwoBitBfsResult b = two_bit(space, two, 2);
        EXPECT_EQ(a.layers, expected) << n << " pancakes";
        EXPECT_EQ(b.layers, expected) << n << " pancakes";
        EXPECT_EQ(a.reached, space.size());
        EXPECT_EQ(a.farthest, b.farthest) << n << " pancakes";
        EXPECT_TRUE(std::equal(one.bytes().begin(), one.bytes().end(), two.bytes().begin(),
                               two.bytes().end()))
            << n << " pancakes: the tables of 1 and 2 threads differ";
    }
}

TEST(PancakeTwoBit, WalkedDistancesEqualTheBruteForce) {
    const int n = 8;
    const PancakeTwoBitSpace space{Pancake(n)};
    const std::map<Stack, int> dist = test::pancake_distances(n);
    TwoBitTable table(space.size());
    const TwoBitBfsResult r = two_bit(space, table, 2);
    TwoBitWalkChecks checks;
    checks.max_depth = static_cast<int>(r.layers.size()) - 1;
    checks.all_reached = true;
    std::mt19937_64 rng(41);
    Stack s(n);
    std::iota(s.begin(), s.end(), 0);
    for (int t = 0; t < 300; ++t) {
        std::shuffle(s.begin(), s.end(), rng);
        PancakeState state;
        Stack sizes(n);
        for (int i = 0; i < n; ++i) {
            state.cakes |= static_cast<std::uint64_t>(s[i]) << (4 * i);
            sizes[i] = s[i] + 1;
        }
        ASSERT_EQ(stack_of(state, n), sizes);
        std::vector<std::uint64_t> path;
        const int d =
            two_bit_distance(space, table, space.index(state), space.goal_index(), checks, &path);
        ASSERT_EQ(d, dist.at(sizes)) << "stack " << t;
        ASSERT_EQ(path.size(), static_cast<std::size_t>(d) + 1);
        for (std::size_t j = 0; j + 1 < path.size(); ++j)  // each step one flip nearer
            ASSERT_EQ(dist.at(stack_of(space.state(path[j + 1]), n)), d - 1 - static_cast<int>(j));
    }
}

}  // namespace
}  // namespace frontier
