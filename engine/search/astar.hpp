// A*: optimal best-first search with unit move costs and an admissible heuristic.
//
// Open list: BucketQueue by f, ties to the larger g. Closed list: SearchTree (state -> g and the
// move that reached it), which also serves as the "seen" set, so a state is generated into the
// open list only when it is new or reached more cheaply. A popped entry whose g is worse than the
// tree's is stale and skipped. The goal test is at expansion, which keeps the answer optimal for
// any admissible heuristic (and each state is expanded once when the heuristic is consistent).
// Memory grows with the states seen: the tree's entries plus one open-list entry per push.
#pragma once

#include <frontier/engine/search/bucket_queue.hpp>
#include <frontier/engine/search/search.hpp>
#include <frontier/engine/search/search_tree.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

// Input: a domain, a start state, a heuristic h (engine/search/search.hpp; admissible for an
// optimal answer) and limits (max_expansions, a stop flag). Output: Solved with the moves from
// start to a goal, Exhausted when no goal is reachable from start, or LimitReached. Runs on the
// calling thread only; concurrent calls are independent (each has its own open and closed lists).
template <SearchDomain D, class H>
requires Heuristic<H, D> SearchResult<D> astar(const D& d, const typename D::State& start,
                                               const H& h, const SearchLimits& limits = {}) {
    using State = typename D::State;
    using Move = typename D::Move;
    Stopwatch clock;
    SearchResult<D> result;
    SearchStats& st = result.stats;
    st.iterations = 1;
    SearchTree<D> tree;
    struct Item {
        State s;
        int h;
    };
    BucketQueue<Item> open;
    tree.add_root(start);
    const int h0 = h(start);
    open.push(h0, 0, Item{start, h0});
    st.generated = 1;
    result.status = SearchStatus::Exhausted;
    while (!open.empty()) {
        const auto [f, g, item] = open.pop();
        if (tree.find(item.s)->g < g) continue;  // stale: reached more cheaply since
        if (d.is_goal(item.s)) {
            result.status = SearchStatus::Solved;
            result.moves = tree.path_to(d, item.s);
            break;
        }
        if (limits.limited(st.expanded)) {
            result.status = SearchStatus::LimitReached;
            break;
        }
        ++st.expanded;
        d.for_each_successor(item.s, [&](const State& child, const Move& m) {
            ++st.generated;
            if (!tree.offer(child, item.s, m, g + 1)) {
                ++st.duplicates;
                return;
            }
            const int hc = child_h<D>(h, item.h, item.s, m, child);
            open.push(g + 1 + hc, g + 1, Item{child, hc});
        });
        st.peak_open = std::max<std::uint64_t>(st.peak_open, open.size());
        st.peak_closed = std::max<std::uint64_t>(st.peak_closed, tree.size());
    }
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
