// BoundedBfs: "is a goal within k moves of this state, and how far?", asked many times.
//
// A layered BFS from the start over the domain's own moves, goal test at generation, that gives
// up after `limit` layers. It answers the question without exploring the whole component, which
// is what a caller that only needs a yes or no against a bound wants: the Rush Hour enumerator
// asks, for every piece of a candidate puzzle, whether the puzzle without it is solved in fewer
// moves, and the puzzle without a piece often has a far larger cluster than the puzzle itself.
//
// Cost: one lookup in a StateIndex (engine/state_index.hpp) per generated state within the
// bound; per visited state, an entry of the layers (the state, the group of the move that reached
// it and its bound: sizeof(State) + 8 bytes for 8-byte states) and 4 to 16 slots of
// sizeof(State) + 8 bytes in the index. Every buffer is kept between calls and the index is
// cleared by epoch, so a worker asking again and again allocates nothing once it has seen its
// largest search. Not thread-safe; one per worker.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/state_index.hpp>

namespace frontier {

template <SearchDomain D>
class BoundedBfs {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    static constexpr std::uint8_t kNoGroup = 0xFF;

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
    // last layers, which are the largest. A bound that can also be called as
    // bound(child, move, parent's bound) gets the parent's value that way, for bounds cheaper to
    // update than to compute (RushExitBound: most pieces never change it). A bound that also has
    // tighter(state, value) -> int, a stronger admissible bound computed from its value, is asked
    // it once per state the plain value keeps, just before the state would be expanded: a state
    // it prunes stays among the visited ones (met again, it is not looked at again) but is not
    // expanded. The last layer is never expanded, so it is never asked there; children are still
    // updated from the plain value.
    template <class Bound>
    int goal_distance(const D& d, const State& start, int limit, const Bound& bound) {
        return goal_distance(d, start, limit, bound, [](const Move&) { return kNoGroup; });
    }

    // The same, skipping the children that are one move from their grandparent: group(move) ->
    // std::uint8_t names a set of moves (kNoGroup: none) such that two moves of one group in a
    // row are one move of it or none, as two slides of one Rush Hour piece are. Such a child is
    // the grandparent or one of its children, so it was met at its depth or earlier already (and
    // kept, or pruned by the bound, which prunes it again now): not generating it changes no
    // answer and saves its lookup.
    template <class Bound, class Group>
    int goal_distance(const D& d, const State& start, int limit, const Bound& bound,
                      const Group& group) {
        if (d.is_goal(start)) return 0;
        // Room for as many states as the last call visited.
        seen_.clear(std::clamp<std::size_t>(seen_.size(), kMinReserve, kMaxReserve));
        layer_.assign(1, Entry{start, kNoGroup, bound(start)});
        expanded_ = 0;
        insert(start);
        for (int depth = 1; depth <= limit && !layer_.empty(); ++depth) {
            next_.clear();
            bool found = false;
            for (const Entry& e : layer_) {
                if constexpr (requires { bound.tighter(e.state, e.bound); })
                    if (depth - 1 + bound.tighter(e.state, e.bound) > limit) continue;
                ++expanded_;
                d.for_each_successor(e.state, [&](const State& child, const Move& m) {
                    if (found) return;
                    const std::uint8_t g = group(m);
                    if (g == e.group && g != kNoGroup) return;
                    if (d.is_goal(child)) {
                        found = true;
                        return;
                    }
                    int h;
                    if constexpr (requires { bound(child, m, e.bound); })
                        h = bound(child, m, e.bound);
                    else
                        h = bound(child);
                    if (depth + h > limit || !insert(child)) return;
                    next_.push_back(Entry{child, g, h});
                });
                if (found) return depth;
            }
            layer_.swap(next_);
        }
        return -1;
    }

    // States inserted by the last call, and those whose successors it generated (for statistics
    // and tests).
    std::size_t visited() const { return seen_.size(); }
    std::size_t expanded() const { return expanded_; }

  private:
    bool insert(const State& s) {
        const auto next = static_cast<std::uint32_t>(seen_.size());  // the index goes unused
        return seen_.find_or_insert(s, StateIndex<State>::hash(s), next).second;
    }

    static constexpr std::size_t kMinReserve = 1024, kMaxReserve = std::size_t{1} << 20;
    struct Entry {
        State state;
        std::uint8_t group;  // of the move that reached it
        int bound;           // its bound
    };
    StateIndex<State> seen_;
    std::vector<Entry> layer_, next_;
    std::size_t expanded_ = 0;
};

}  // namespace frontier
