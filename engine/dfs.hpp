// Depth-first graph search: finds a solution, usually a long one; not optimal.
//
// An explicit stack (no recursion, so paths of any length are safe) and SearchTree as the
// visited set: without a depth bound each state is visited once (linear in the space). With a
// depth bound (SearchLimits::max_depth) a state is pushed again when reached by a shorter path,
// so states first met too deep are not hidden; that can revisit states many times, which is the
// price of the bound. Children are explored in the domain's move order. The goal test is at
// generation.
#pragma once

#include <vector>

#include "engine/search.hpp"
#include "engine/search_tree.hpp"
#include "engine/timer.hpp"

namespace frontier {

template <SearchDomain D>
SearchResult<D> dfs(const D& d, const typename D::State& start, const SearchLimits& limits = {}) {
    using State = typename D::State;
    using Move = typename D::Move;
    Stopwatch clock;
    SearchResult<D> result;
    SearchStats& st = result.stats;
    st.iterations = 1;
    st.generated = 1;
    SearchTree<D> tree;
    tree.add_root(start);
    std::vector<std::pair<State, int>> stack{{start, 0}}, children;
    bool found = d.is_goal(start);
    State goal = start;
    bool bounded_out = false;
    result.status = SearchStatus::Exhausted;
    while (!found && !stack.empty()) {
        const auto [s, g] = stack.back();
        stack.pop_back();
        if (tree.find(s)->g < g) continue;  // reached more shallowly since it was pushed
        if (limits.max_depth != 0 && g >= limits.max_depth) {
            bounded_out = true;
            continue;
        }
        if (limits.limited(st.expanded)) {
            result.status = SearchStatus::LimitReached;
            break;
        }
        ++st.expanded;
        children.clear();
        d.for_each_successor(s, [&](const State& child, const Move& m) {
            if (found) return;
            ++st.generated;
            const bool fresh = limits.max_depth != 0
                                   ? tree.offer(child, s, m, g + 1)
                                   : !tree.find(child) && tree.offer(child, s, m, g + 1);
            if (!fresh) {
                ++st.duplicates;
                return;
            }
            if (d.is_goal(child)) {
                found = true;
                goal = child;
                return;
            }
            children.emplace_back(child, g + 1);
        });
        stack.insert(stack.end(), children.rbegin(), children.rend());
        st.peak_open = std::max<std::uint64_t>(st.peak_open, stack.size());
    }
    st.peak_closed = tree.size();
    if (found) {
        result.status = SearchStatus::Solved;
        result.moves = tree.path_to(d, goal);
    } else if (bounded_out && result.status == SearchStatus::Exhausted) {
        result.status = SearchStatus::LimitReached;  // the depth bound, not the space, ended it
    }
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
