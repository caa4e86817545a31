// BoundedBfs: "is a goal within k moves of this state, and how far?", asked many times.
//
// A layered BFS from the start over the domain's own moves, goal test at generation, that gives
// up after `limit` layers. It answers the question without exploring the whole component, which
// is what a caller that only needs a yes or no against a bound wants: the Rush Hour enumerator
// asks, for every piece of a candidate puzzle, whether the puzzle without it is solved in fewer
// moves, and the puzzle without a piece often has a far larger cluster than the puzzle itself.
//
// Cost: one hash-set insertion per generated state within the bound, 8 + sizeof(State) bytes
// per visited state for the layers and about twice sizeof(State) in the set. The set's arrays
// come from a BlockCache and every buffer is kept between calls, so a worker asking again and
// again allocates nothing once it has seen its largest search. Not thread-safe; one per worker.
#pragma once

#include <functional>
#include <vector>

#include <absl/container/flat_hash_set.h>

#include "engine/block_cache.hpp"
#include "engine/concepts.hpp"
#include "engine/table_growth.hpp"

namespace frontier {

template <SearchDomain D>
class BoundedBfs {
  public:
    using State = typename D::State;

    BoundedBfs() : seen_(0, Hash(), Eq(), Alloc(&cache_)) {}
    BoundedBfs(const BoundedBfs&) = delete;
    BoundedBfs& operator=(const BoundedBfs&) = delete;

    // The number of moves from start to the nearest goal state when it is at most `limit`,
    // otherwise -1 (also when no goal is reachable at all).
    int goal_distance(const D& d, const State& start, int limit) {
        if (d.is_goal(start)) return 0;
        seen_.clear();
        layer_.assign(1, start);
        insert(start);
        for (int depth = 1; depth <= limit && !layer_.empty(); ++depth) {
            next_.clear();
            bool found = false;
            for (const State& s : layer_) {
                d.for_each_successor(s, [&](const State& child, const typename D::Move&) {
                    if (found || !insert(child)) return;
                    found = d.is_goal(child);
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
        return grow_or_abandon(seen_, [&] { return seen_.insert(s).second; });
    }

    using Hash = absl::Hash<State>;
    using Eq = std::equal_to<State>;
    using Alloc = CachingAllocator<State>;

    BlockCache cache_;  // declared before seen_, which allocates from it
    absl::flat_hash_set<State, Hash, Eq, Alloc> seen_;
    std::vector<State> layer_, next_;
};

}  // namespace frontier
