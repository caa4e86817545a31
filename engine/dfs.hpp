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

#include "engine/graph_search.hpp"

namespace frontier {

template <SearchDomain D>
SearchResult<D> dfs(const D& d, const typename D::State& start, const SearchLimits& limits = {}) {
    using State = typename D::State;
    detail::GraphSearch<D> search(d, start);
    const bool bounded = limits.max_depth != 0;
    std::vector<std::pair<State, int>> stack{{start, 0}}, children;
    bool cut = false;
    while (!search.found() && !stack.empty()) {
        const auto [s, g] = stack.back();
        stack.pop_back();
        if (search.tree().find(s)->g < g) continue;  // reached more shallowly since it was pushed
        if (bounded && g >= limits.max_depth) {
            cut = true;
            continue;
        }
        if (!search.expand(limits)) break;
        children.clear();
        d.for_each_successor(s, [&](const State& child, const typename D::Move& m) {
            if (search.generated(child, s, m, g + 1, bounded)) children.emplace_back(child, g + 1);
        });
        stack.insert(stack.end(), children.rbegin(), children.rend());
        search.note_open(stack.size());
    }
    return search.finish(cut);  // the depth bound, not the space, may have ended it
}

}  // namespace frontier
