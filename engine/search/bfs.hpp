// Breadth-first graph search: optimal in moves, no heuristic.
//
// FIFO queue of states, SearchTree as the visited set (one entry per state seen, with the move
// that reached it for the path). The goal test is at generation, which is exact for BFS and
// saves the last layer's expansions. Exhausted means every state reachable from the start was
// expanded: on an unsolvable 8-puzzle that is the 181,440 states of the start's half.
#pragma once

#include <deque>

#include <frontier/engine/search/graph_search.hpp>

namespace frontier {

template <SearchDomain D>
SearchResult<D> bfs(const D& d, const typename D::State& start, const SearchLimits& limits = {}) {
    using State = typename D::State;
    detail::GraphSearch<D> search(d, start);
    std::deque<std::pair<State, int>> queue{{start, 0}};
    while (!search.found() && !queue.empty() && search.expand(limits)) {
        const auto [s, g] = queue.front();
        queue.pop_front();
        d.for_each_successor(s, [&](const State& child, const typename D::Move& m) {
            if (search.generated(child, s, m, g + 1, false)) queue.emplace_back(child, g + 1);
        });
        search.note_open(queue.size());
    }
    return search.finish();
}

}  // namespace frontier
