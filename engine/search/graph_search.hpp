// GraphSearch: the bookkeeping that BFS, DFS and greedy best-first share. They test the goal when
// a state is generated and keep every state seen in a SearchTree; they differ only in the order
// they expand (a queue, a stack, buckets by h). This holds the tree, the counters, the goal
// found, the clock, and turns them into a SearchResult.
#pragma once

#include <algorithm>
#include <optional>

#include <frontier/engine/search/search.hpp>
#include <frontier/engine/search/search_tree.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier::detail {

template <SearchDomain D>
class GraphSearch {
  public:
    using State = typename D::State;
    using Move = typename D::Move;

    GraphSearch(const D& d, const State& start) : d_(d) {
        result_.stats.iterations = 1;
        result_.stats.generated = 1;  // the start
        tree_.add_root(start);
        if (d.is_goal(start)) goal_ = start;
    }

    bool found() const { return goal_.has_value(); }
    SearchStats& stats() { return result_.stats; }
    SearchTree<D>& tree() { return tree_; }

    // Counts the expansion, or returns false (and records LimitReached) when the limit is hit.
    bool expand(const SearchLimits& limits) {
        if (limits.limited(result_.stats.expanded)) {
            limit_hit_ = true;
            return false;
        }
        ++result_.stats.expanded;
        return true;
    }

    // A generated child reached from `parent` by `m` at depth g. Returns true when the caller
    // should queue it: it is new (or, with `reopen`, reached more cheaply) and not the goal.
    bool generated(const State& child, const State& parent, const Move& m, int g, bool reopen) {
        if (found()) return false;
        ++result_.stats.generated;
        const bool fresh = reopen ? tree_.offer(child, parent, m, g)
                                  : !tree_.find(child) && tree_.offer(child, parent, m, g);
        if (!fresh) {
            ++result_.stats.duplicates;
            return false;
        }
        if (d_.is_goal(child)) {
            goal_ = child;
            return false;
        }
        return true;
    }

    void note_open(std::size_t open) {
        result_.stats.peak_open = std::max<std::uint64_t>(result_.stats.peak_open, open);
    }

    // `bounded`: states were skipped by a depth bound, so an empty frontier proves nothing.
    SearchResult<D> finish(bool bounded = false) {
        result_.stats.peak_closed = tree_.size();
        if (goal_) {
            result_.status = SearchStatus::Solved;
            result_.moves = tree_.path_to(d_, *goal_);
        } else {
            result_.status =
                limit_hit_ || bounded ? SearchStatus::LimitReached : SearchStatus::Exhausted;
        }
        result_.seconds = clock_.seconds();
        return std::move(result_);
    }

  private:
    const D& d_;
    Stopwatch clock_;
    SearchResult<D> result_;
    SearchTree<D> tree_;
    std::optional<State> goal_;
    bool limit_hit_ = false;
};

}  // namespace frontier::detail
