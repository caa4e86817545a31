// Greedy best-first search: always expands the state with the smallest h. Fast, not optimal;
// the command line says so in its output.
//
// BucketQueue by h (ties to the larger g), SearchTree as the visited set: each state enters the
// open list once, the first time it is generated. The goal test is at generation.
#pragma once

#include <frontier/engine/search/bucket_queue.hpp>
#include <frontier/engine/search/graph_search.hpp>

namespace frontier {

template <SearchDomain D, class H>
requires Heuristic<H, D> SearchResult<D> greedy_best_first(const D& d,
                                                           const typename D::State& start,
                                                           const H& h,
                                                           const SearchLimits& limits = {}) {
    using State = typename D::State;
    detail::GraphSearch<D> search(d, start);
    struct Item {
        State s;
        int h;
    };
    BucketQueue<Item> open;
    const int h0 = h(start);
    open.push(h0, 0, Item{start, h0});
    while (!search.found() && !open.empty() && search.expand(limits)) {
        const auto [hv, g, item] = open.pop();
        d.for_each_successor(item.s, [&](const State& child, const typename D::Move& m) {
            if (!search.generated(child, item.s, m, g + 1, false)) return;
            const int hc = child_h<D>(h, item.h, item.s, m, child);
            open.push(hc, g + 1, Item{child, hc});
        });
        search.note_open(open.size());
    }
    return search.finish();
}

}  // namespace frontier
