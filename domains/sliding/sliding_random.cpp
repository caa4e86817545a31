#include <frontier/domains/sliding/sliding_random.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/error.hpp>

namespace frontier {

TileState random_at_distance(const SlidingTiles& d, const DistanceTable& table, int k,
                             std::mt19937_64& rng) {
    std::uint64_t count = 0;
    int farthest = 0;
    for (std::uint8_t v : table.bytes()) {
        if (v == kUnreached) continue;
        count += v == k;
        farthest = std::max<int>(farthest, v);
    }
    if (k < 0 || count == 0)
        throw InputError("no position of " + sliding_name(d.rows(), d.cols()) +
                         " is that far from the goal (0 to " + std::to_string(farthest) + ")");
    // One draw, then the pick-th such rank: uniform, and no list of the candidates to hold.
    std::uint64_t pick = std::uniform_int_distribution<std::uint64_t>(0, count - 1)(rng);
    const auto bytes = table.bytes();
    for (std::uint64_t r = 0; r < bytes.size(); ++r)
        if (bytes[r] == k && pick-- == 0) return d.unrank(r);
    throw InputError("random_at_distance: table changed while reading");  // unreachable
}

std::optional<bool> solvable_within(const SlidingTiles& d, const TileHeuristic& h, TileState s,
                                    int limit, std::uint64_t& budget) {
    bool over = false;
    auto dfs = [&](auto& self, TileState at, int g, int back_dir) -> bool {
        if (d.is_goal(at)) return true;
        if (g + h(at) > limit) return false;
        if (budget == 0) {
            over = true;
            return false;
        }
        --budget;
        bool found = false;
        d.for_each_successor(at, [&](const TileState& c, const SlideMove& m) {
            if (found || over || m.dir == back_dir) return;
            found = self(self, c, g + 1, m.dir ^ 3);
        });
        return found;
    };
    const bool found = dfs(dfs, s, 0, -1);
    if (over) return std::nullopt;
    return found;
}

int walk_reach(const SlidingTiles& d) {
    // Measured with linear conflict (the weakest heuristic a coach uses) on a loaded machine:
    // the largest K (rounded down a little) that the walk reached for each of 30 seeds within
    // its budget, at most about a second each; past it, failures and multi-second walks begin.
    // The farthest positions are much farther (80 on the 15-puzzle, 53 on 3x4).
    const int narrow = std::min(d.rows(), d.cols());
    switch (d.cells()) {
        case 12:
            return narrow == 2 ? 33 : 38;
        case 14:
            return 38;
        case 15:
            return 42;
        case 16:
            return narrow == 2 ? 40 : 48;
        default:
            return 30;  // boards of up to 10 cells use a table; not measured
    }
}

namespace {

// The walk's budget, in heuristic evaluations and expansions of solvable_within (a few million
// per second): enough for every K up to walk_reach() (a second at most, most walks far less),
// and a bound on the time of the rare walk that fails. One check gets at most kCheckBudget of it,
// so that a neighbour the heuristic misses badly costs little before the next is tried.
constexpr std::uint64_t kCheckBudget = 20'000;
constexpr std::uint64_t kWalkBudget = 3'000'000;
// A neighbour whose bound falls short of the distance by more than this is not checked at all:
// proving it would need a deep search, and the walk should not go where the heuristic is weak.
constexpr int kGap = 4;

struct WalkStep {
    TileState to;
    int dir;  // the blank's direction
};

// The neighbours of s except the one the walk came from, in random order.
std::vector<WalkStep> shuffled_neighbours(const SlidingTiles& d, TileState s, int back_dir,
                                          std::mt19937_64& rng) {
    std::vector<WalkStep> next;
    d.for_each_successor(s, [&](const TileState& c, const SlideMove& m) {
        if (m.dir != back_dir) next.push_back({c, m.dir});
    });
    std::shuffle(next.begin(), next.end(), rng);
    return next;
}

// A neighbour of s (`dist` moves from the goal) proven to be dist + 1 away, or nullopt. Every
// move changes the distance by exactly one, so a neighbour is dist + 1 away unless it is
// dist - 1: proven when the heuristic says it is at least dist away, or when solvable_within
// finds no path of dist - 1 moves from it. The neighbours the heuristic proves are taken first
// (the cheapest proof), then those it misses by at most kGap are searched, in the shuffled order.
std::optional<WalkStep> step_away(const SlidingTiles& d, const TileHeuristic& h, TileState s,
                                  int dist, int back_dir, std::mt19937_64& rng,
                                  std::uint64_t& budget) {
    const std::vector<WalkStep> next = shuffled_neighbours(d, s, back_dir, rng);
    std::vector<int> bound;
    for (const WalkStep& n : next) bound.push_back(h(n.to));
    budget -= std::min<std::uint64_t>(budget, next.size());
    for (std::size_t i = 0; i < next.size(); ++i)
        if (bound[i] >= dist) return next[i];
    for (std::size_t i = 0; i < next.size() && budget > 0; ++i) {
        if (bound[i] < dist - kGap) continue;
        std::uint64_t check = std::min(budget, kCheckBudget);
        const std::uint64_t given = check;
        const auto closer = solvable_within(d, h, next[i].to, dist - 1, check);
        budget -= given - check;
        if (closer && !*closer) return next[i];
    }
    return std::nullopt;
}

// One walk from the goal: the position it reached k moves away, or nullopt where it found no
// step away or the budget ran out first.
std::optional<TileState> walk_once(const SlidingTiles& d, const TileHeuristic& h, int k,
                                   std::mt19937_64& rng, std::uint64_t& budget) {
    TileState s = d.goal();
    int dist = 0;
    int back_dir = -1;
    while (dist < k && budget > 0) {
        const std::optional<WalkStep> step = step_away(d, h, s, dist, back_dir, rng, budget);
        if (!step) break;
        s = step->to;
        back_dir = step->dir ^ 3;
        ++dist;
    }
    if (dist == k) return s;
    return std::nullopt;
}

}  // namespace

TileState walk_to_distance(const SlidingTiles& d, const TileHeuristic& h, int k,
                           std::mt19937_64& rng) {
    const std::string name = sliding_name(d.rows(), d.cols());
    const int reach = walk_reach(d);
    if (k < 0 || k > reach)
        throw InputError(name + " starts are drawn 0 to " + std::to_string(reach) +
                         " moves from the goal (a random walk whose every step is proven to go "
                         "away from it; farther positions exist, but proving their distance "
                         "takes too long)");
    // A walk that gets stuck starts again from the goal until the budget is spent (backtracking
    // instead measured slower: it keeps digging where the heuristic is weak).
    std::uint64_t budget = kWalkBudget;
    while (budget > 0)
        if (const std::optional<TileState> s = walk_once(d, h, k, rng, budget)) return *s;
    throw InputError("the random walk found no " + name +
                     " position that far from the goal within its budget (try fewer moves)");
}

}  // namespace frontier
