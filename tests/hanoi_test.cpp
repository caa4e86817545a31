// The Towers of Hanoi: the engine's enumeration, successors, rank and searches against an
// independent brute force written from the rules only (stacks of disk sizes, BFS over a std::map),
// and the text syntax with its errors.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/hanoi/hanoi.hpp>
#include <frontier/domains/hanoi/hanoi_heuristics.hpp>
#include <frontier/domains/hanoi/hanoi_io.hpp>
#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/bfs.hpp>
#include <frontier/engine/search/search.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

static_assert(SearchDomain<Hanoi>);
static_assert(PerfectHashDomain<Hanoi>);
static_assert(ReversibleDomain<Hanoi>);
static_assert(Heuristic<HanoiOffGoal, Hanoi>);
static_assert(IncrementalHeuristic<HanoiOffGoal, Hanoi>);
static_assert(Heuristic<HanoiRecursive, Hanoi>);

// ---- The brute force: three stacks of disk sizes 1..n (1 the smallest), bottom first. ----

using Pegs = std::vector<std::vector<int>>;

Pegs all_on(int n, int peg) {
    Pegs p(3);
    for (int size = n; size >= 1; --size) p[peg].push_back(size);
    return p;
}

// Every legal move, from 0..2 then to 0..2: the top disk onto an empty peg or a larger disk.
std::vector<std::pair<Pegs, std::pair<int, int>>> brute_moves(const Pegs& p) {
    std::vector<std::pair<Pegs, std::pair<int, int>>> out;
    for (int from = 0; from < 3; ++from)
        for (int to = 0; to < 3; ++to) {
            if (from == to || p[from].empty()) continue;
            if (!p[to].empty() && p[to].back() < p[from].back()) continue;
            Pegs child = p;
            child[to].push_back(child[from].back());
            child[from].pop_back();
            out.push_back({child, {from, to}});
        }
    return out;
}

std::map<Pegs, int> brute_bfs(const Pegs& root) {
    std::map<Pegs, int> dist{{root, 0}};
    std::deque<Pegs> queue{root};
    while (!queue.empty()) {
        const Pegs p = queue.front();
        queue.pop_front();
        const int next = dist[p] + 1;
        for (const auto& [child, move] : brute_moves(p))
            if (dist.emplace(child, next).second) queue.push_back(child);
    }
    return dist;
}

// Every assignment of n disks to pegs, as stacks (largest disks placed first).
std::vector<Pegs> all_configurations(int n) {
    std::vector<Pegs> out;
    std::uint64_t count = 1;
    for (int i = 0; i < n; ++i) count *= 3;
    for (std::uint64_t code = 0; code < count; ++code) {
        Pegs p(3);
        std::uint64_t rest = code;
        for (int size = n; size >= 1; --size, rest /= 3) p[rest % 3].push_back(size);
        out.push_back(p);
    }
    return out;
}

// The engine's state of a configuration: two bits per disk, disk size k at bits 2(k-1).
HanoiState to_state(const Pegs& p) {
    std::uint64_t pegs = 0;
    for (int peg = 0; peg < 3; ++peg)
        for (int size : p[peg]) pegs |= static_cast<std::uint64_t>(peg) << (2 * (size - 1));
    return HanoiState{pegs};
}

std::uint64_t pow3(int n) {
    std::uint64_t r = 1;
    while (n-- > 0) r *= 3;
    return r;
}

int optimal(int n) {
    return (1 << n) - 1;
}

LayeredBfsResult enumerate(const Hanoi& d, std::vector<std::uint8_t>& table, int threads) {
    table.assign(d.size(), kUnreached);
    const HanoiState goal = d.goal();
    LayeredBfsOptions o;
    o.threads = threads;
    return layered_bfs(d, std::span<const HanoiState>(&goal, 1), std::span<std::uint8_t>(table), o);
}

// Plays moves written "A>C" on `p` by the rules (the top disk of FROM onto an empty peg or a
// larger disk); the number of moves played, -1 at the first illegal one.
int replay_moves(Pegs& p, const nlohmann::json& moves) {
    int count = 0;
    for (const std::string m : moves) {
        auto& from = p[m[0] - 'A'];
        auto& to = p[m[2] - 'A'];
        if (from.empty() || (!to.empty() && to.back() < from.back())) return -1;
        to.push_back(from.back());
        from.pop_back();
        ++count;
    }
    return count;
}

TEST(HanoiEnumerate, LayersAndDistancesMatchTheBruteForce) {
    for (int n = 1; n <= 7; ++n) {
        const Hanoi d(n);
        const std::map<Pegs, int> dist = brute_bfs(all_on(n, 2));
        ASSERT_EQ(dist.size(), pow3(n)) << n;
        std::vector<std::uint64_t> brute_layers;
        for (const auto& [p, depth] : dist) {
            if (depth >= static_cast<int>(brute_layers.size())) brute_layers.resize(depth + 1);
            ++brute_layers[depth];
        }
        for (int threads : {1, 2}) {
            std::vector<std::uint8_t> table;
            const LayeredBfsResult r = enumerate(d, table, threads);
            EXPECT_EQ(r.layers, brute_layers) << n << " disks, " << threads << " threads";
            EXPECT_EQ(r.reached, pow3(n));
            EXPECT_EQ(r.max_depth(), optimal(n));
            EXPECT_EQ(table[d.rank(d.start())], optimal(n));
            EXPECT_EQ(dist.at(all_on(n, 0)), optimal(n));
            for (const auto& [p, depth] : dist)
                ASSERT_EQ(table[d.rank(to_state(p))], depth) << n << " disks";
        }
    }
}

// From 8 disks on the deepest layer (2^N - 1) passes a byte: `frontier enumerate` takes the hash
// sets, with the brute force's layers, and refuses --out with the reason.
TEST(HanoiEnumerate, PastSevenDisksTheProgramCountsWithoutAByteTable) {
    for (int n : {8, 9}) {
        const std::map<Pegs, int> dist = brute_bfs(all_on(n, 2));
        std::vector<std::uint64_t> brute_layers;
        for (const auto& [p, depth] : dist) {
            if (depth >= static_cast<int>(brute_layers.size())) brute_layers.resize(depth + 1);
            ++brute_layers[depth];
        }
        const std::string name = "hanoi:" + std::to_string(n);
        const test::CliResult r = test::run_frontier("enumerate " + name + " --json");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto json = nlohmann::json::parse(r.out);
        EXPECT_EQ(json["layers"].get<std::vector<std::uint64_t>>(), brute_layers) << name;
        EXPECT_EQ(json["max_depth"], optimal(n));
        test::expect_input_error(test::run_frontier("enumerate " + name + " --out x.table"),
                                 "deeper than a one-byte distance table holds (254)");
    }
}

// lookup --path on a one-byte table: the moves, replayed by the brute force's rules from the
// start, reach the goal in exactly the table's distance.
TEST(HanoiEnumerate, LookupPathOnAByteTableIsAnOptimalSolution) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(test::run_frontier("enumerate hanoi:5 --out " + dir + "/h5.table").exit_code, 0);
    const test::CliResult r = test::run_frontier("lookup " + dir + "/h5.table --path --json AABCA");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out)[0];
    Pegs p(3);  // AABCA: disk 5 (largest) first
    const std::string start = "AABCA";
    for (int size = 5; size >= 1; --size) p[start[5 - size] - 'A'].push_back(size);
    const int optimal_here = brute_bfs(all_on(5, 2)).at(p);
    const int count = replay_moves(p, j["moves"]);
    EXPECT_EQ(count, j["distance"].get<int>());
    EXPECT_EQ(count, optimal_here);
    EXPECT_EQ(p, all_on(5, 2));  // every disk on C
    std::filesystem::remove_all(dir);
}

TEST(HanoiRank, BijectionOverEveryStateUpToEightDisks) {
    for (int n = 1; n <= 8; ++n) {
        const Hanoi d(n);
        ASSERT_EQ(d.size(), pow3(n));
        std::set<std::uint64_t> seen;
        for (std::uint64_t r = 0; r < d.size(); ++r) {
            const HanoiState s = d.unrank(r);
            ASSERT_EQ(s.pegs >> (2 * n), 0u) << n << " " << r;
            std::uint64_t base3 = 0;  // peg of disk i times 3^i, the rank's definition
            for (int i = n - 1; i >= 0; --i) {
                ASSERT_LT(s.peg(i), 3);
                base3 = base3 * 3 + s.peg(i);
            }
            ASSERT_EQ(base3, r);
            ASSERT_EQ(d.rank(s), r);
            seen.insert(s.pegs);
        }
        EXPECT_EQ(seen.size(), d.size());
        EXPECT_EQ(d.rank(d.start()), 0u);
        EXPECT_EQ(d.rank(d.goal()), d.size() - 1);
        EXPECT_EQ(d.goal(), to_state(all_on(n, 2)));
        EXPECT_EQ(d.start(), to_state(all_on(n, 0)));
    }
    const Hanoi big(20);
    EXPECT_EQ(big.size(), 3486784401u);
    EXPECT_EQ(big.rank(big.goal()), big.size() - 1);
    EXPECT_EQ(big.unrank(big.size() - 1), big.goal());
    EXPECT_EQ(big.unrank(123456789), big.unrank(big.rank(big.unrank(123456789))));
}

TEST(HanoiMoves, SuccessorsMatchTheBruteForceForEveryFourDiskState) {
    const Hanoi d(4);
    for (const Pegs& p : all_configurations(4)) {
        std::vector<std::pair<std::uint64_t, std::pair<int, int>>> expected, got;
        for (const auto& [child, move] : brute_moves(p))
            expected.push_back({to_state(child).pegs, move});
        d.for_each_successor(to_state(p), [&](const HanoiState& c, const HanoiMove& m) {
            got.push_back({c.pegs, {m.from, m.to}});
        });
        ASSERT_EQ(got, expected) << format_hanoi_state(d, to_state(p));
        EXPECT_EQ(d.is_goal(to_state(p)), p == all_on(4, 2));
    }
}

TEST(HanoiMoves, ApplyAndInverseRoundTrip) {
    const Hanoi d(5);
    for (std::uint64_t r = 0; r < d.size(); ++r) {
        const HanoiState s = d.unrank(r);
        int count = 0;
        d.for_each_successor(s, [&](const HanoiState& c, const HanoiMove& m) {
            ++count;
            EXPECT_TRUE(d.legal(s, m));
            EXPECT_EQ(d.apply(s, m), c);
            EXPECT_TRUE(d.legal(c, Hanoi::inverse(m)));
            EXPECT_EQ(d.apply(c, Hanoi::inverse(m)), s);
            EXPECT_EQ(Hanoi::inverse(Hanoi::inverse(m)), m);
        });
        // The smallest disk always has two moves; a third moves the smaller of the other tops.
        const std::array<int, 3> top = d.top_disks(s);
        const int empty = static_cast<int>(std::count(top.begin(), top.end(), Hanoi::kNoDisk));
        EXPECT_EQ(count, empty == 2 ? 2 : 3) << format_hanoi_state(d, s);
    }
}

TEST(HanoiDomain, DiskCountIsChecked) {
    EXPECT_THROW(Hanoi(0), InputError);
    EXPECT_THROW(Hanoi(21), InputError);
    EXPECT_THROW(Hanoi(-3), InputError);
    EXPECT_NO_THROW(Hanoi(1));
    EXPECT_NO_THROW(Hanoi(20));
}

// ---- Text forms ----

std::string error_of(auto&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no InputError)";
}

void expect_clean_one_line(const std::string& message) {
    EXPECT_NE(message, "(no InputError)");
    for (char c : message)
        EXPECT_GE(static_cast<unsigned char>(c), 0x20) << "control byte in: " << message;
}

TEST(HanoiIO, NamesAndTheirErrors) {
    EXPECT_EQ(parse_hanoi_name("hanoi:5").disks(), 5);
    EXPECT_EQ(parse_hanoi_name("hanoi:1").disks(), 1);
    EXPECT_EQ(parse_hanoi_name("hanoi:20").disks(), 20);
    for (const char* bad : {"hanoi", "hanoi:", "hanoi:0", "hanoi:x", "hanoi:21", "hanoi:-1",
                            "hanoi:5x", "hanoi:99999999999999999999", "hanoi:\x1b[2J", "towers"}) {
        const std::string message = error_of([&] { parse_hanoi_name(bad); });
        expect_clean_one_line(message);
        EXPECT_THROW(parse_hanoi_name(bad), InputError) << bad;
    }
    EXPECT_NE(error_of([] { parse_hanoi_name("hanoi:21"); }).find("1 to 20"), std::string::npos);
    EXPECT_NE(error_of([] { parse_hanoi_name("hanoi"); }).find("hanoi:N"), std::string::npos);
    EXPECT_TRUE(is_hanoi_name("hanoi"));
    EXPECT_TRUE(is_hanoi_name("hanoi:7"));
    EXPECT_TRUE(is_hanoi_name("hanoi:x"));
    EXPECT_FALSE(is_hanoi_name("hanoi7"));
    EXPECT_FALSE(is_hanoi_name("8puzzle"));

    const Hanoi d(5);
    using IO = DomainIO<Hanoi>;
    EXPECT_EQ(IO::name(d), "hanoi:5");
    EXPECT_EQ(IO::spec(d), "hanoi:5");
    EXPECT_EQ(parse_hanoi_name(IO::spec(d)).disks(), 5);
    EXPECT_EQ(IO::describe(d), "Towers of Hanoi, 5 disks, 3 pegs (243 states)");
    EXPECT_EQ(IO::describe(Hanoi(1)), "Towers of Hanoi, 1 disk, 3 pegs (3 states)");
    EXPECT_EQ(IO::goal_text(d), "CCCCC");
}

TEST(HanoiIO, StatesRoundTripAndErrors) {
    using IO = DomainIO<Hanoi>;
    for (int n : {1, 4, 7}) {
        const Hanoi d(n);
        for (std::uint64_t r = 0; r < d.size(); ++r) {
            const HanoiState s = d.unrank(r);
            const std::string text = IO::format(d, s);
            ASSERT_EQ(text.size(), static_cast<std::size_t>(n));
            ASSERT_EQ(IO::parse(d, text), s) << text;
            EXPECT_EQ(IO::unsolvable_reason(d, s), "");
        }
    }
    const Hanoi d(5);
    EXPECT_EQ(IO::parse(d, "AAAAA"), d.start());
    EXPECT_EQ(IO::parse(d, "CCCCC"), d.goal());
    EXPECT_EQ(IO::parse(d, " c c C c C\n"), d.goal());
    // Largest first: disks 5, 4 and 1 on A, 2 on B, 3 on C.
    Pegs p(3);
    p[0] = {5, 4, 1};
    p[1] = {2};
    p[2] = {3};
    EXPECT_EQ(IO::parse(d, "AACBA"), to_state(p));
    EXPECT_EQ(IO::format(d, to_state(p)), "AACBA");
    EXPECT_EQ(IO::draw(d, to_state(p)),
              " 1 | |\n"
              " 4 | |\n"
              " 5 2 3\n"
              "------\n"
              " A B C\n");
    for (const char* bad : {"", "AAAA", "AAAAAA", "AADAA", "AA-AA",
                            "AA\x01"
                            "AA",
                            "AAAA\x7f"}) {
        const std::string message = error_of([&] { IO::parse(d, bad); });
        expect_clean_one_line(message);
        EXPECT_THROW(IO::parse(d, bad), InputError) << bad;
    }
    EXPECT_NE(error_of([] { IO::parse(Hanoi(5), "AAAA"); }).find("expected 5"), std::string::npos);
    EXPECT_NE(error_of([] { IO::parse(Hanoi(5), "AADAA"); }).find("'D' at position 3"),
              std::string::npos);
    EXPECT_NE(error_of([] {
                  IO::parse(Hanoi(5),
                            "AA\x01"
                            "AA");
              }).find("0x01"),
              std::string::npos);
}

TEST(HanoiIO, MoveTextAndSuccessorOrder) {
    const Hanoi d(3);
    std::vector<std::string> names;
    d.for_each_successor(d.unrank(0 + 1 * 3 + 0 * 9), [&](const HanoiState&, const HanoiMove& m) {
        names.push_back(DomainIO<Hanoi>::format_move(d, d.start(), m));
    });
    // Disk 1 on A, disk 2 on B, disk 3 on A: tops A=1, B=2, C empty.
    EXPECT_EQ(names, (std::vector<std::string>{"A>B", "A>C", "B>C"}));
    EXPECT_EQ(std::string(DomainIO<Hanoi>::kMoveNotation).find('\n'), std::string::npos);
}

// ---- Searches ----

TEST(HanoiSearch, AstarAndBfsSolveTheStartInTwoToTheNMinusOneMoves) {
    for (int n = 1; n <= 8; ++n) {
        const Hanoi d(n);
        const HanoiOffGoal h(d);
        EXPECT_EQ(h(d.start()), n);
        EXPECT_EQ(h(d.goal()), 0);
        const SearchResult<Hanoi> a = astar(d, d.start(), h);
        ASSERT_TRUE(a.solved()) << n;
        EXPECT_EQ(a.length(), optimal(n)) << n;
        EXPECT_TRUE(replays_to_goal(d, d.start(), a.moves));
        const SearchResult<Hanoi> b = bfs(d, d.start());
        ASSERT_TRUE(b.solved()) << n;
        EXPECT_EQ(b.length(), optimal(n)) << n;
        EXPECT_TRUE(replays_to_goal(d, d.start(), b.moves));
    }
}

TEST(HanoiSearch, OffGoalIsAdmissibleAndItsUpdateMatches) {
    const Hanoi d(6);
    const HanoiOffGoal h(d);
    std::vector<std::uint8_t> table;
    enumerate(d, table, 1);
    for (std::uint64_t r = 0; r < d.size(); ++r) {
        const HanoiState s = d.unrank(r);
        int off = 0;
        for (int i = 0; i < 6; ++i) off += s.peg(i) != Hanoi::kGoalPeg;
        ASSERT_EQ(h(s), off);
        ASSERT_LE(h(s), table[r]);
        d.for_each_successor(s, [&](const HanoiState& c, const HanoiMove& m) {
            EXPECT_EQ(h.update(h(s), s, m, c), h(c));
        });
    }
}

// The recursion is the exact distance: equal, state by state, to the brute force's breadth-first
// distances from the goal (its moves are their own inverses, so distance to = distance from).
TEST(HanoiSearch, RecursiveIsTheExactDistanceEverywhere) {
    for (int n = 1; n <= 7; ++n) {
        const Hanoi d(n);
        const HanoiRecursive h(d);
        for (const auto& [p, depth] : brute_bfs(all_on(n, 2)))
            ASSERT_EQ(h(to_state(p)), depth)
                << n << " disks, " << format_hanoi_state(d, to_state(p));
    }
}

// With the exact distance A* walks straight down: one expansion per move, so the help's whole
// range is solvable (2^N - 1 moves, replayed by the rules to the goal).
TEST(HanoiSearch, SolveWithTheDefaultHeuristicExpandsOneStatePerMove) {
    const test::CliResult r = test::run_frontier("solve hanoi:16 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["heuristic"], "recursive");
    EXPECT_EQ(j["length"], optimal(16));
    EXPECT_EQ(j["expanded"], optimal(16));
    Pegs p = all_on(16, 0);
    EXPECT_EQ(replay_moves(p, j["moves"]), optimal(16));
    EXPECT_EQ(p, all_on(16, 2));
}

}  // namespace
}  // namespace frontier
