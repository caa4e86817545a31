// What every search algorithm reports, and the heuristic contract.
//
// Counting, the same for every algorithm so numbers compare across them:
//   generated   states produced by the successor function, plus the start state (counted once
//               per search, also by IDA*). A child skipped before it is built (IDA*'s
//               immediate-undo rule) is not generated.
//   expanded    states whose successors were generated.
//   duplicates  generated states dropped because the closed/visited set already held them with
//               an equal or better cost (0 for IDA*, which keeps no set).
//   peak_open, peak_closed   the largest sizes the open list and closed/visited set reached.
// A search ends Solved (moves holds the solution), Exhausted (every reachable state was
// expanded without meeting the goal) or LimitReached (max_expansions hit).
//
// A heuristic is any object with `int operator()(const State&) const`. It may also offer
// `int update(int h_parent, const State& parent, const Move& m, const State& child) const`
// returning the child's value from the parent's in O(1); searches use it when present
// (IncrementalHeuristic).
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include <frontier/engine/concepts.hpp>

namespace frontier {

enum class SearchStatus { Solved, Exhausted, LimitReached };

inline const char* to_string(SearchStatus s) {
    switch (s) {
        case SearchStatus::Solved:
            return "solved";
        case SearchStatus::Exhausted:
            return "exhausted";
        case SearchStatus::LimitReached:
            return "limit";
    }
    return "?";
}

struct SearchStats {
    std::uint64_t generated = 0;
    std::uint64_t expanded = 0;
    std::uint64_t duplicates = 0;
    std::uint64_t peak_open = 0;
    std::uint64_t peak_closed = 0;
    int iterations = 0;  // IDA*: thresholds tried; others: 1
};

template <SearchDomain D>
struct SearchResult {
    SearchStatus status = SearchStatus::Exhausted;
    std::vector<typename D::Move> moves;  // the solution, start to goal, when Solved
    SearchStats stats;
    double seconds = 0;
    bool solved() const { return status == SearchStatus::Solved; }
    int length() const { return solved() ? static_cast<int>(moves.size()) : -1; }
};

// Limits of one search. `stop`, when set, is a flag another thread may raise to end the search
// early (it then reports LimitReached); the search reads it once per expansion with a relaxed
// load, so a stale computation is abandoned within microseconds (the terminal game cancels its
// background solves this way). `seen`, when set, receives the expansion count every 4096
// expansions (a relaxed store, so a progress line can show a rate without slowing the search).
// Set it for sequential searches only: the parallel ones pass partial or batched counts here.
struct SearchLimits {
    std::uint64_t max_expansions = 0;            // 0: no limit
    int max_depth = 0;                           // DFS depth bound; 0: none
    const std::atomic<bool>* stop = nullptr;     // raised from outside: end now
    std::atomic<std::uint64_t>* seen = nullptr;  // expansions so far, for a progress line
    bool limited(std::uint64_t expanded) const {
        if (seen != nullptr && (expanded & 0xFFF) == 0)
            seen->store(expanded, std::memory_order_relaxed);
        return (max_expansions != 0 && expanded >= max_expansions) ||
               (stop != nullptr && stop->load(std::memory_order_relaxed));
    }
};

template <class H, class D>
concept Heuristic = SearchDomain<D> && requires(const H& h, const typename D::State& s) {
    { h(s) } -> std::convertible_to<int>;
};

template <class H, class D>
concept IncrementalHeuristic = Heuristic<H, D> &&
    requires(const H& h, int v, const typename D::State& s, const typename D::Move& m) {
    { h.update(v, s, m, s) } -> std::convertible_to<int>;
};

// A heuristic may also answer a bounded question, `int bounded(const State&, int limit) const`:
// the exact value when it is <= limit, otherwise any value > limit (so a maximum of several
// lookups can stop at the first that exceeds the limit). IDA* asks it with the limit that decides
// the cut-off; the value it gets back is still a lower bound, so the next threshold stays sound.
template <class H, class D>
concept BoundedHeuristic = Heuristic<H, D> &&
    requires(const H& h, const typename D::State& s, int limit) {
    { h.bounded(s, limit) } -> std::convertible_to<int>;
};

// A heuristic may keep what it computed for a state in a Memo, so that a child's value costs only
// what the move changed (a sum of pattern databases: the one lookup whose pattern holds the moved
// tile). `memo(s)` evaluates from scratch; `child_memo(parent_memo, parent, move, child, limit)`
// answers like bounded(child, limit); `value(memo)` reads the number. IDA* keeps one Memo per
// depth on its stack instead of an int.
template <class H, class D>
concept MemoHeuristic = Heuristic<H, D> &&
    requires(const H& h, const typename H::Memo& memo, const typename D::State& s,
             const typename D::Move& m, int limit) {
    { h.memo(s) } -> std::same_as<typename H::Memo>;
    { h.child_memo(memo, s, m, s, limit) } -> std::same_as<typename H::Memo>;
    { H::value(memo) } -> std::convertible_to<int>;
};

// h = 0: turns A* into uniform-cost search, IDA* into iterative deepening.
struct ZeroHeuristic {
    template <class S>
    int operator()(const S&) const {
        return 0;
    }
};

// The child's heuristic value, incrementally when the heuristic allows it.
template <class D, class H>
inline int child_h(const H& h, int h_parent, const typename D::State& parent,
                   const typename D::Move& m, const typename D::State& child) {
    if constexpr (IncrementalHeuristic<H, D>)
        return h.update(h_parent, parent, m, child);
    else
        return h(child);
}

// The child's heuristic value where only "is it above limit" matters beyond limit.
template <class D, class H>
inline int child_h_within(const H& h, int h_parent, const typename D::State& parent,
                          const typename D::Move& m, const typename D::State& child, int limit) {
    if constexpr (BoundedHeuristic<H, D>)
        return h.bounded(child, limit);
    else
        return child_h<D>(h, h_parent, parent, m, child);
}

// Replays moves from start with the domain's own successor function; true when every move is
// legal and the last state is a goal.
template <SearchDomain D>
bool replays_to_goal(const D& d, typename D::State s, const std::vector<typename D::Move>& moves) {
    for (const auto& m : moves) {
        bool found = false;
        typename D::State next{};
        d.for_each_successor(s, [&](const typename D::State& c, const typename D::Move& cm) {
            if (!found && cm == m) {
                found = true;
                next = c;
            }
        });
        if (!found) return false;
        s = next;
    }
    return d.is_goal(s);
}

}  // namespace frontier
