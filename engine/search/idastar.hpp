// IDA*: iterative-deepening A*, optimal with an admissible heuristic and memory linear in depth.
//
// Each iteration is a depth-first search that cuts off nodes with f = g + h above the bound; the
// next bound is the smallest f that was cut off. For a ReversibleDomain the move that undoes the
// previous one is skipped before its child is built (and is not counted as generated), which is
// the classic pruning of Korf (1985). With the blank order up, left, right, down, Manhattan
// distance and the start state counted once per search, the generated counts reproduce
// Korf's published 15-puzzle numbers (tests/idastar_test.cpp).
//
// IDA* keeps no visited set: on a space without a solution it never finishes, so callers either
// prove solvability first or set max_expansions (LimitReached).
#pragma once

#include <atomic>
#include <climits>
#include <vector>

#include <frontier/engine/search/search.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

namespace detail {

template <SearchDomain D, class H>
class IdaSearch {
  public:
    using State = typename D::State;
    using Move = typename D::Move;

    IdaSearch(const D& d, const H& h, const SearchLimits& limits, SearchStats& st)
        : d_(d), h_(h), limits_(limits), st_(st) {}

    // One iteration with the given bound; true when the goal was found (path_ holds the moves).
    bool iterate(const State& start, int h0, int bound) {
        return iterate_from(start, 0, h0, nullptr, bound);
    }
    // The same from a node at depth g (undo: the move that would return to its parent).
    // (A MemoHeuristic evaluates s afresh instead of taking h.)
    bool iterate_from(const State& s, int g, int h, const Move* undo, int bound) {
        bound_ = bound;
        next_bound_ = INT_MAX;
        path_.clear();
        if constexpr (MemoHeuristic<H, D>)
            return dfs(s, g, h_.memo(s), undo);
        else
            return dfs(s, g, h, undo);
    }
    // Makes the search give up as soon as *stop < index (parallel IDA*: a subtree listed earlier
    // found a solution, so this one's cannot be the one returned).
    void stop_when_below(const std::atomic<int>* stop, int index) {
        stop_ = stop;
        index_ = index;
    }

    int next_bound() const { return next_bound_; }
    bool aborted() const { return aborted_; }
    std::vector<Move>& path() { return path_; }

  private:
    // HValue: the heuristic's Memo for a MemoHeuristic, else the int value.
    template <class HValue>
    bool dfs(const State& s, int g, const HValue& hs, const Move* undo) {
        int f = g;
        if constexpr (MemoHeuristic<H, D>)
            f += H::value(hs);
        else
            f += hs;
        if (f > bound_) {
            if (f < next_bound_) next_bound_ = f;
            return false;
        }
        if (d_.is_goal(s)) return true;
        if (limits_.limited(st_.expanded) ||
            (stop_ && stop_->load(std::memory_order_relaxed) < index_)) {
            aborted_ = true;
            return false;
        }
        ++st_.expanded;
        if (static_cast<std::uint64_t>(g) >= st_.peak_open) st_.peak_open = g + 1;
        bool found = false;
        d_.for_each_successor(s, [&](const State& child, const Move& m) {
            if (found || aborted_) return;
            if constexpr (ReversibleDomain<D>)
                if (undo && m == *undo) return;
            ++st_.generated;
            HValue hc;
            if constexpr (MemoHeuristic<H, D>)
                hc = h_.child_memo(hs, s, m, child, bound_ - g - 1);
            else
                hc = child_h_within<D>(h_, hs, s, m, child, bound_ - g - 1);
            path_.push_back(m);
            Move back{};
            if constexpr (ReversibleDomain<D>) back = d_.inverse(m);
            if (dfs(child, g + 1, hc, &back)) {
                found = true;
                return;
            }
            path_.pop_back();
        });
        return found;
    }

    const D& d_;
    const H& h_;
    const SearchLimits& limits_;
    SearchStats& st_;
    int bound_ = 0, next_bound_ = INT_MAX;
    bool aborted_ = false;
    const std::atomic<int>* stop_ = nullptr;
    int index_ = 0;
    std::vector<Move> path_;
};

}  // namespace detail

// Input: a domain, a start state, a heuristic h (admissible for an optimal answer) and limits.
// Output: Solved with the moves from start to a goal, Exhausted when the tree below the start is
// finite and holds no goal, or LimitReached. Memory O(depth); time grows with the number of
// iterations times the nodes within each bound, so it suits large spaces with a good heuristic.
// Runs on the calling thread only (parallel_idastar.hpp splits the tree over threads);
// concurrent calls are independent.
template <SearchDomain D, class H>
requires Heuristic<H, D> SearchResult<D> idastar(const D& d, const typename D::State& start,
                                                 const H& h, const SearchLimits& limits = {}) {
    Stopwatch clock;
    SearchResult<D> result;
    detail::IdaSearch<D, H> search(d, h, limits, result.stats);
    const int h0 = h(start);
    result.stats.generated = 1;  // the start, once per search (Korf's convention)
    for (int bound = h0;;) {
        ++result.stats.iterations;
        if (search.iterate(start, h0, bound)) {
            result.status = SearchStatus::Solved;
            result.moves = std::move(search.path());
            break;
        }
        if (search.aborted()) {
            result.status = SearchStatus::LimitReached;
            break;
        }
        if (search.next_bound() == INT_MAX) {  // nothing was cut off: the tree is finite
            result.status = SearchStatus::Exhausted;
            break;
        }
        bound = search.next_bound();
    }
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
