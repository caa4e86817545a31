// BoundedBfs: "is a goal within k moves of this state, and how far?", asked many times.
//
// A layered BFS from the start over the domain's own moves, goal test at generation, that gives
// up after `limit` layers. It answers the question without exploring the whole component, which
// is what a caller that only needs a yes or no against a bound wants: the Rush Hour enumerator
// asks, for every piece of a candidate puzzle, whether the puzzle without it is solved in fewer
// moves, and the puzzle without a piece often has a far larger cluster than the puzzle itself.
//
// Cost: one lookup in a StateIndex (engine/state_index.hpp) per generated state within the
// bound, 8 + sizeof(State) bytes per visited state for the layers and 4 to 16 slots of
// sizeof(State) + 8 bytes in the index. Every buffer is kept between calls and the index is
// cleared by epoch, so a worker asking again and again allocates nothing once it has seen its
// largest search. Not thread-safe; one per worker.
#pragma once

#include <algorithm>
#include <vector>

#include "engine/concepts.hpp"
#include "engine/state_index.hpp"

namespace frontier {

template <SearchDomain D>
class BoundedBfs {
  public:
    using State = typename D::State;

    BoundedBfs() = default;
    BoundedBfs(const BoundedBfs&) = delete;
    BoundedBfs& operator=(const BoundedBfs&) = delete;

    // The number of moves from start to the nearest goal state when it is at most `limit`,
    // otherwise -1 (also when no goal is reachable at all).
    int goal_distance(const D& d, const State& start, int limit) {
        return goal_distance(d, start, limit, [](const State&) { return 0; });
    }

    // The same, pruned by a lower bound: bound(s) -> int never exceeds the moves from s to the
    // nearest goal (an admissible heuristic). A state first met at depth k with k + bound > limit
    // leads to no goal within the limit, and is neither kept nor expanded; it is met at depth k or
    // later again, so it is pruned again. The answer is the same; a tight bound saves most of the
    // last layers, which are the largest.
    template <class Bound>
    int goal_distance(const D& d, const State& start, int limit, const Bound& bound) {
        if (d.is_goal(start)) return 0;
        // Room for as many states as the last call visited.
        seen_.clear(std::clamp<std::size_t>(seen_.size(), kMinReserve, kMaxReserve));
        layer_.assign(1, start);
        insert(start);
        for (int depth = 1; depth <= limit && !layer_.empty(); ++depth) {
            next_.clear();
            bool found = false;
            for (const State& s : layer_) {
                d.for_each_successor(s, [&](const State& child, const typename D::Move&) {
                    if (found) return;
                    if (d.is_goal(child)) {
                        found = true;
                        return;
                    }
                    if (depth + bound(child) > limit || !insert(child)) return;
                    next_.push_back(child);
                });
                if (found) return depth;
            }
            layer_.swap(next_);
        }
        return -1;
    }

    // States inserted by the last call (for statistics and tests).
    std::size_t visited() const { return seen_.size(); }

  private:
    bool insert(const State& s) {
        const auto next = static_cast<std::uint32_t>(seen_.size());  // the index goes unused
        return seen_.find_or_insert(s, StateIndex<State>::hash(s), next).second;
    }

    static constexpr std::size_t kMinReserve = 1024, kMaxReserve = std::size_t{1} << 20;
    StateIndex<State> seen_;
    std::vector<State> layer_, next_;
};

}  // namespace frontier
