// The pancake puzzle against a brute force written from its rules alone (a stack is a vector of
// sizes; a flip reverses a prefix; a plain BFS over a map), the published pancake numbers, and
// the program's enumerate, solve and lookup.
#include <algorithm>
#include <map>
#include <numeric>
#include <queue>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/pancake/pancake_heuristics.hpp>
#include <frontier/domains/pancake/pancake_io.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/idastar.hpp>
#include "tests/support/pancake_brute_force.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using Stack = test::PancakeStack;

std::string text_of(const Stack& s) {
    std::string out;
    for (int v : s) out += (out.empty() ? "" : " ") + std::to_string(v);
    return out;
}

TEST(Pancake, RankIsABijectionAndFlipsMatchTheRules) {
    for (int n = 2; n <= 7; ++n) {
        const Pancake d(n);
        std::set<std::uint64_t> seen;
        for (std::uint64_t r = 0; r < d.size(); ++r) {
            const PancakeState s = d.unrank(r);
            ASSERT_EQ(d.rank(s), r) << n;
            seen.insert(s.cakes);
        }
        EXPECT_EQ(seen.size(), d.size());
    }
    // A flip of a 16-pancake stack, against reversing a vector.
    const Pancake d(16);
    Stack s = {5, 16, 2, 9, 11, 1, 14, 3, 7, 12, 4, 15, 8, 10, 6, 13};
    PancakeState state = parse_pancake_state(d, text_of(s));
    for (int k : {2, 16, 7, 9, 3}) {
        std::reverse(s.begin(), s.begin() + k);
        state = d.apply(state, PancakeMove{static_cast<std::uint8_t>(k)});
        EXPECT_EQ(format_pancake_state(d, state), text_of(s)) << k;
    }
}

// Every stack's distance and the layers, N = 2..8, and the largest distance against the pancake
// numbers (OEIS A058986: 1, 3, 4, 5, 7, 8, 9 flips for 2 to 8 pancakes).
TEST(Pancake, LayersEqualTheBruteForceAndThePancakeNumbers) {
    const std::vector<int> pancake_numbers = {1, 3, 4, 5, 7, 8, 9};
    for (int n = 2; n <= 8; ++n) {
        const Pancake d(n);
        const auto dist = test::pancake_distances(n);
        std::vector<std::uint8_t> table(d.size());
        const PancakeState goal = d.goal();
        const LayeredBfsResult r =
            layered_bfs(d, std::span<const PancakeState>(&goal, 1), std::span(table));
        EXPECT_EQ(r.layers, test::pancake_layers(dist)) << n;
        EXPECT_EQ(r.max_depth(), pancake_numbers[n - 2]) << n;
        for (const auto& [stack, distance] : dist)
            ASSERT_EQ(table[d.rank(parse_pancake_state(d, text_of(stack)))], distance)
                << text_of(stack);
    }
}

// The gap heuristic never exceeds the distance, and changes by at most one per flip.
TEST(Pancake, TheGapHeuristicIsConsistent) {
    const Pancake d(8);
    const PancakeGaps h(d);
    for (const auto& [stack, distance] : test::pancake_distances(8)) {
        const PancakeState s = parse_pancake_state(d, text_of(stack));
        ASSERT_LE(h(s), distance) << text_of(stack);
        d.for_each_successor(s, [&](PancakeState t, PancakeMove) {
            ASSERT_LE(std::abs(h(s) - h(t)), 1) << text_of(stack);
        });
    }
    EXPECT_EQ(h(d.goal()), 0);
}

// A* and IDA* with the gap heuristic find optimal solutions of random 8-stacks.
TEST(Pancake, SearchesAreOptimalOnRandomStacks) {
    const Pancake d(8);
    const auto dist = test::pancake_distances(8);
    std::mt19937_64 rng(2026);
    Stack s(8);
    std::iota(s.begin(), s.end(), 1);
    for (int i = 0; i < 25; ++i) {
        std::shuffle(s.begin(), s.end(), rng);
        const PancakeState start = parse_pancake_state(d, text_of(s));
        const auto a = astar(d, start, PancakeGaps(d));
        const auto ida = idastar(d, start, PancakeGaps(d));
        EXPECT_EQ(a.length(), dist.at(s)) << text_of(s);
        EXPECT_EQ(ida.length(), dist.at(s)) << text_of(s);
        PancakeState at = start;
        for (const PancakeMove m : ida.moves) at = d.apply(at, m);
        EXPECT_TRUE(d.is_goal(at)) << text_of(s);
    }
}

TEST(Pancake, BadNamesAndStacksAreRefused) {
    EXPECT_THROW(parse_pancake_name("pancake"), InputError);
    EXPECT_THROW(parse_pancake_name("pancake:1"), InputError);
    EXPECT_THROW(parse_pancake_name("pancake:17"), InputError);
    EXPECT_THROW(parse_pancake_name("pancake:99999999999999999999"), InputError);
    EXPECT_EQ(parse_pancake_name("pancake:16").pancakes(), 16);
    const Pancake d(4);
    EXPECT_THROW(parse_pancake_state(d, "1 2 3"), InputError);
    EXPECT_THROW(parse_pancake_state(d, "1 2 3 3"), InputError);
    EXPECT_THROW(parse_pancake_state(d, "1 2 3 5"), InputError);
    EXPECT_THROW(parse_pancake_state(d, "1 2 3 4 1"), InputError);
    EXPECT_THROW(parse_pancake_state(d, "1 2 x 4"), InputError);
    EXPECT_EQ(format_pancake_state(d, parse_pancake_state(d, "4,3 2\t1")), "4 3 2 1");
}

// Through the program: enumerate's layers are the brute force's, solve is optimal, lookup reads
// the table enumerate wrote.
TEST(CliPancake, EnumerateSolveAndLookup) {
    const auto dist = test::pancake_distances(8);
    const std::vector<std::uint64_t> layers = test::pancake_layers(dist);
    const std::string dir = test::temp_dir();
    const auto e = test::run_frontier("enumerate pancake:8 --json --out " + dir + "/p8.table");
    ASSERT_EQ(e.exit_code, 0) << e.err;
    const auto j = nlohmann::json::parse(e.out);
    EXPECT_EQ(j["layers"].get<std::vector<std::uint64_t>>(), layers) << e.out;

    const Stack s = {3, 6, 1, 8, 5, 2, 7, 4};
    const auto solved = test::run_frontier("solve pancake:8 '" + text_of(s) + "' --json");
    ASSERT_EQ(solved.exit_code, 0) << solved.err;
    EXPECT_EQ(nlohmann::json::parse(solved.out)["length"], dist.at(s)) << solved.out;

    const auto looked = test::run_frontier("lookup " + dir + "/p8.table '" + text_of(s) + "'");
    ASSERT_EQ(looked.exit_code, 0) << looked.err;
    EXPECT_EQ(looked.out, text_of(s) + ": " + std::to_string(dist.at(s)) + "\n");
    std::filesystem::remove_all(dir);
}

// Two-bit tables of pancakes through the program: the brute force's layers, a lookup whose
// path, flipped out by hand, sorts the stack in the brute force's number of flips, and 11
// pancakes reaching the published pancake number, 13 (OEIS A058986).
TEST(CliPancake, TwoBitTablesGiveTheBruteForcesDistancesAndPaths) {
    const auto dist = test::pancake_distances(8);
    const std::string dir = test::temp_dir(), table = dir + "/p8.2bit";
    const auto e = test::run_frontier("enumerate pancake:8 --two-bit --json --out " + table);
    ASSERT_EQ(e.exit_code, 0) << e.err;
    EXPECT_EQ(nlohmann::json::parse(e.out)["layers"].get<std::vector<std::uint64_t>>(),
              test::pancake_layers(dist));
    std::mt19937 rng(8);
    for (int i = 0; i < 20; ++i) {
        Stack s(8);
        std::iota(s.begin(), s.end(), 1);
        std::shuffle(s.begin(), s.end(), rng);
        const auto looked =
            test::run_frontier("lookup " + table + " '" + text_of(s) + "' --path --json");
        ASSERT_EQ(looked.exit_code, 0) << looked.err;
        const auto answer = nlohmann::json::parse(looked.out)[0];
        EXPECT_EQ(answer["distance"], dist.at(s)) << text_of(s);
        Stack t = s;
        for (const auto& move : answer["moves"])
            std::reverse(t.begin(), t.begin() + std::stoi(move.get<std::string>()));
        EXPECT_TRUE(std::is_sorted(t.begin(), t.end())) << text_of(s);
        EXPECT_EQ(answer["moves"].size(), static_cast<std::size_t>(dist.at(s)));
    }
    const auto eleven = test::run_frontier("enumerate pancake:11 --two-bit --json");
    ASSERT_EQ(eleven.exit_code, 0) << eleven.err;
    const auto j = nlohmann::json::parse(eleven.out);
    EXPECT_EQ(j["max_depth"], 13);
    EXPECT_EQ(j["reached"], 39916800u);
    EXPECT_EQ(j["farthest_count"], 6);  // OEIS A067607
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
