// Parallel IDA*: each iteration's tree split into subtrees searched by several threads.
//
// Every iteration first expands the top of the tree breadth-first (same bound, same immediate-
// undo rule as IDA*) until a level holds at least 64 nodes per thread, then runs the sequential
// IDA* depth-first search (detail::IdaSearch) from each node of that level in parallel. The
// next threshold is the smallest f cut off anywhere. When subtrees find solutions, the one listed
// first wins: a subtree gives up only when one listed before it has found a solution, so every
// earlier subtree is searched to the end and the returned path is the same whatever the thread
// count (the counts of nodes expanded by later subtrees before they stop are not). Memory is the
// split level's nodes and their paths, a few thousand at most.
//
// Optimal with an admissible heuristic, like IDA*. For many easy instances prefer solve-batch
// (one instance per thread); this is for single instances too long for one core.
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <mutex>
#include <vector>

#include <tbb/blocked_range.h>

#include <frontier/engine/parallel.hpp>
#include <frontier/engine/search/idastar.hpp>

namespace frontier {

template <SearchDomain D, class H>
requires Heuristic<H, D> SearchResult<D> parallel_idastar(const D& d,
                                                          const typename D::State& start,
                                                          const H& h,
                                                          const SearchLimits& limits = {},
                                                          int threads = 0) {
    using State = typename D::State;
    using Move = typename D::Move;
    struct Node {
        State s;
        int g, h;
        bool has_undo;
        Move undo;
        std::vector<Move> path;
    };
    Stopwatch clock;
    SearchResult<D> result;
    SearchStats& st = result.stats;
    st.generated = 1;
    const int workers = resolve_threads(threads);
    const std::size_t split_target = 64 * static_cast<std::size_t>(workers);
    const int h0 = h(start);
    for (int bound = h0;;) {
        ++st.iterations;
        int next_bound = INT_MAX;
        // The split level: breadth-first from the start, checking f and the goal on the way.
        std::vector<Node> level{{start, 0, h0, false, Move{}, {}}}, below;
        bool solved_on_top = false;
        while (!level.empty() && level.size() < split_target && !solved_on_top) {
            below.clear();
            for (const Node& n : level) {
                if (n.g + n.h > bound) {
                    next_bound = std::min(next_bound, n.g + n.h);
                    continue;
                }
                if (d.is_goal(n.s)) {
                    result.moves = n.path;
                    solved_on_top = true;
                    break;
                }
                ++st.expanded;
                d.for_each_successor(n.s, [&](const State& c, const Move& m) {
                    if constexpr (ReversibleDomain<D>)
                        if (n.has_undo && m == n.undo) return;
                    ++st.generated;
                    Node child{c, n.g + 1, child_h<D>(h, n.h, n.s, m, c), false, Move{}, n.path};
                    if constexpr (ReversibleDomain<D>) {
                        child.has_undo = true;
                        child.undo = d.inverse(m);
                    }
                    child.path.push_back(m);
                    below.push_back(std::move(child));
                });
            }
            level.swap(below);
        }
        if (solved_on_top) {
            result.status = SearchStatus::Solved;
            break;
        }
        // The subtrees, in parallel; the first-listed solution wins.
        std::atomic<int> winner{INT_MAX};
        std::vector<std::vector<Move>> found(level.size());
        std::vector<SearchStats> stats(level.size());
        std::vector<int> cutoffs(level.size(), INT_MAX);
        std::atomic<bool> limit_hit{false};
        std::atomic<std::uint64_t> expanded{st.expanded};
        run_with_threads(workers, [&] {
            parallel_for_each(tbb::blocked_range<std::size_t>(0, level.size(), 1), [&](auto r) {
                for (std::size_t i = r.begin(); i != r.end(); ++i) {
                    const int index = static_cast<int>(i);
                    if (winner.load() < index || limit_hit.load()) continue;
                    const Node& n = level[i];
                    detail::IdaSearch<D, H> search(d, h, limits, stats[i]);
                    search.stop_when_below(&winner, index);
                    if (search.iterate_from(n.s, n.g, n.h, n.has_undo ? &n.undo : nullptr, bound)) {
                        found[i] = n.path;
                        found[i].insert(found[i].end(), search.path().begin(), search.path().end());
                        int w = winner.load();
                        while (index < w && !winner.compare_exchange_weak(w, index)) {
                        }
                    }
                    cutoffs[i] = search.next_bound();
                    if (limits.limited(expanded += stats[i].expanded)) limit_hit = true;
                }
            });
        });
        for (std::size_t i = 0; i < level.size(); ++i) {
            st.expanded += stats[i].expanded;
            st.generated += stats[i].generated;
            st.peak_open = std::max(st.peak_open, stats[i].peak_open);
            next_bound = std::min(next_bound, cutoffs[i]);
        }
        if (winner.load() != INT_MAX) {
            result.status = SearchStatus::Solved;
            result.moves = found[winner.load()];
            break;
        }
        if (limit_hit.load()) {
            result.status = SearchStatus::LimitReached;
            break;
        }
        if (next_bound == INT_MAX) {
            result.status = SearchStatus::Exhausted;
            break;
        }
        bound = next_bound;
    }
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
