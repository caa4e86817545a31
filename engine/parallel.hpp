// Thread-count policy shared by every parallel algorithm and command.
//
// A request of 0 means "all cores" (what the machine reports). Work runs inside a oneTBB
// task_arena of exactly that many slots, so `--threads N` bounds the parallelism of one call
// without touching the global scheduler. More threads than cores is allowed (oversubscription).
#pragma once

#include <thread>
#include <utility>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace frontier {

inline int resolve_threads(int requested) {
    if (requested > 0) return requested;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw > 0 ? static_cast<int>(hw) : 1;
}

template <class F>
decltype(auto) run_with_threads(int threads, F&& f) {
    const int n = resolve_threads(threads);
    // The global limit lets an arena wider than the core count actually get its workers.
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, n);
    tbb::task_arena arena(n);
    return arena.execute(std::forward<F>(f));
}

// A parallel loop over a range (tbb::blocked_range or anything with begin(), end() and a
// (begin, end) constructor), in the current task arena.
//
// In a ThreadSanitizer build (FRONTIER_SANITIZE=thread) the loop runs instead on plain threads,
// one contiguous part each, joined before returning. oneTBB hands tasks over inside libtbb,
// which a sanitizer build does not instrument, so TSan would miss the fork and join edges and
// report TBB's own bookkeeping as races; on plain threads TSan sees every edge, and what it still
// reports is a race between parts of the loop: a real one. Every parallel loop in Frontier goes
// through here.
template <class Range, class Body>
void parallel_for_each(const Range& range, const Body& body) {
#if defined(__SANITIZE_THREAD__)
    const auto begin = range.begin();
    const auto len = static_cast<std::size_t>(range.end() - begin);
    const auto n = static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < n; ++i) {
        const auto lo = begin + len * i / n, hi = begin + len * (i + 1) / n;
        if (lo < hi) threads.emplace_back([&body, lo, hi] { body(Range(lo, hi)); });
    }
    for (auto& t : threads) t.join();
#else
    tbb::parallel_for(range, body);
#endif
}

}  // namespace frontier
