// Greedy best-first search: always expands the state with the smallest h. Fast, not optimal;
// the command line says so in its output.
//
// BucketQueue by h (ties to the larger g), SearchTree as the visited set: each state enters the
// open list once, the first time it is generated. The goal test is at generation.
#pragma once

#include "engine/bucket_queue.hpp"
#include "engine/search.hpp"
#include "engine/search_tree.hpp"
#include "engine/timer.hpp"

namespace frontier {

template <SearchDomain D, class H>
requires Heuristic<H, D> SearchResult<D> greedy_best_first(const D& d,
                                                           const typename D::State& start,
                                                           const H& h,
                                                           const SearchLimits& limits = {}) {
    using State = typename D::State;
    using Move = typename D::Move;
    Stopwatch clock;
    SearchResult<D> result;
    SearchStats& st = result.stats;
    st.iterations = 1;
    st.generated = 1;
    SearchTree<D> tree;
    tree.add_root(start);
    struct Item {
        State s;
        int h;
    };
    BucketQueue<Item> open;
    const int h0 = h(start);
    open.push(h0, 0, Item{start, h0});
    bool found = d.is_goal(start);
    State goal = start;
    result.status = SearchStatus::Exhausted;
    while (!found && !open.empty()) {
        if (limits.limited(st.expanded)) {
            result.status = SearchStatus::LimitReached;
            break;
        }
        const auto [hv, g, item] = open.pop();
        ++st.expanded;
        d.for_each_successor(item.s, [&](const State& child, const Move& m) {
            if (found) return;
            ++st.generated;
            if (tree.find(child)) {
                ++st.duplicates;
                return;
            }
            tree.offer(child, item.s, m, g + 1);
            if (d.is_goal(child)) {
                found = true;
                goal = child;
                return;
            }
            const int hc = child_h<D>(h, item.h, item.s, m, child);
            open.push(hc, g + 1, Item{child, hc});
        });
        st.peak_open = std::max<std::uint64_t>(st.peak_open, open.size());
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
