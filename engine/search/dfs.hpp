// Depth-first graph search: finds a solution, usually a long one; not optimal.
//
// An explicit stack (no recursion, so paths of any length are safe) and SearchTree as the
// visited set: each state is visited once, so the search is linear in the states it reaches.
// Children are explored in the domain's move order. The goal test is at generation.
//
// With a depth bound (SearchLimits::max_depth) states deeper than the bound are not expanded.
// A depth-first pass that visits each state once can then hide a goal: a state first met too
// deep may also lie within the bound by a shorter path. Re-expanding every state reached by a
// shorter path fixes that, but can revisit a state once per depth it is met at (quadratic or
// worse: `--max-depth 100000` on the 8-puzzle never finished). So a bounded search runs in two
// linear passes: the depth-first pass, visiting each state once; and only when it cut some
// state at the bound and found no goal, a breadth-first pass to the bound, which finds a goal
// within the bound exactly when one exists (each state at its least depth, visited once). The
// result is LimitReached only when the bound (or max_expansions) cut the space and no goal
// lies within it; the stats count both passes (iterations = 2 when the second one ran).
#pragma once

#include <algorithm>
#include <deque>
#include <utility>
#include <vector>

#include <frontier/engine/search/graph_search.hpp>

namespace frontier {

template <SearchDomain D>
SearchResult<D> dfs(const D& d, const typename D::State& start, const SearchLimits& limits = {}) {
    using State = typename D::State;
    const bool bounded = limits.max_depth != 0;
    Stopwatch clock;
    SearchStats first;
    {
        detail::GraphSearch<D> search(d, start);
        std::vector<std::pair<State, int>> stack{{start, 0}}, children;
        bool cut = false, limit_hit = false;
        while (!search.found() && !stack.empty()) {
            const auto [s, g] = stack.back();
            stack.pop_back();
            if (bounded && g >= limits.max_depth) {
                cut = true;
                continue;
            }
            if (!search.expand(limits)) {
                limit_hit = true;
                break;
            }
            children.clear();
            d.for_each_successor(s, [&](const State& child, const typename D::Move& m) {
                if (search.generated(child, s, m, g + 1, false))
                    children.emplace_back(child, g + 1);
            });
            stack.insert(stack.end(), children.rbegin(), children.rend());
            search.note_open(stack.size());
        }
        if (search.found() || !cut || limit_hit) return search.finish(cut);
        first = search.stats();
    }
    // The breadth-first pass to the bound, within what is left of max_expansions.
    SearchLimits rest = limits;
    if (limits.max_expansions != 0) {
        if (first.expanded >= limits.max_expansions) {
            SearchResult<D> r;
            r.status = SearchStatus::LimitReached;
            r.stats = first;
            r.seconds = clock.seconds();
            return r;
        }
        rest.max_expansions = limits.max_expansions - first.expanded;
    }
    detail::GraphSearch<D> search(d, start);
    std::deque<std::pair<State, int>> queue{{start, 0}};
    bool cut = false;
    while (!search.found() && !queue.empty()) {
        const auto [s, g] = queue.front();
        queue.pop_front();
        if (g >= limits.max_depth) {
            cut = true;
            continue;
        }
        if (!search.expand(rest)) break;
        d.for_each_successor(s, [&](const State& child, const typename D::Move& m) {
            if (search.generated(child, s, m, g + 1, false)) queue.emplace_back(child, g + 1);
        });
        search.note_open(queue.size());
    }
    SearchResult<D> r = search.finish(cut);
    r.stats.expanded += first.expanded;
    r.stats.generated += first.generated;
    r.stats.duplicates += first.duplicates;
    r.stats.peak_open = std::max(r.stats.peak_open, first.peak_open);
    r.stats.peak_closed = std::max(r.stats.peak_closed, first.peak_closed);
    r.stats.iterations = 2;
    r.seconds = clock.seconds();
    return r;
}

}  // namespace frontier
