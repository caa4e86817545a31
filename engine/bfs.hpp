// Breadth-first graph search: optimal in moves, no heuristic.
//
// FIFO queue of states, SearchTree as the visited set (one entry per state seen, with the move
// that reached it for the path). The goal test is at generation, which is exact for BFS and
// saves the last layer's expansions. Exhausted means every state reachable from the start was
// expanded: on an unsolvable 8-puzzle that is the 181,440 states of the start's half.
#pragma once

#include <deque>

#include "engine/search.hpp"
#include "engine/search_tree.hpp"
#include "engine/timer.hpp"

namespace frontier {

template <SearchDomain D>
SearchResult<D> bfs(const D& d, const typename D::State& start, const SearchLimits& limits = {}) {
    using State = typename D::State;
    using Move = typename D::Move;
    Stopwatch clock;
    SearchResult<D> result;
    SearchStats& st = result.stats;
    st.iterations = 1;
    st.generated = 1;
    SearchTree<D> tree;
    tree.add_root(start);
    std::deque<std::pair<State, int>> queue{{start, 0}};
    bool found = d.is_goal(start);
    State goal = start;
    result.status = SearchStatus::Exhausted;
    while (!found && !queue.empty()) {
        if (limits.limited(st.expanded)) {
            result.status = SearchStatus::LimitReached;
            break;
        }
        const auto [s, g] = queue.front();
        queue.pop_front();
        ++st.expanded;
        d.for_each_successor(s, [&](const State& child, const Move& m) {
            if (found) return;
            ++st.generated;
            if (!tree.offer(child, s, m, g + 1)) {
                ++st.duplicates;
                return;
            }
            if (d.is_goal(child)) {
                found = true;
                goal = child;
                return;
            }
            queue.emplace_back(child, g + 1);
        });
        st.peak_open = std::max<std::uint64_t>(st.peak_open, queue.size());
    }
    st.peak_closed = tree.size();
    if (found) {
        result.status = SearchStatus::Solved;
        result.moves = tree.path_to(d, goal);
    }
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
