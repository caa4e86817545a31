// Thread-count policy shared by every parallel algorithm and command.
//
// A request of 0 means "all cores" (what the machine reports). Work runs inside a oneTBB
// task_arena of exactly that many slots, so `--threads N` bounds the parallelism of one call
// without touching the global scheduler. More threads than cores is allowed (oversubscription).
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include <tbb/blocked_range.h>
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
    // As tbb::parallel_for does: an exception of a part is rethrown here (the first one), never
    // left to escape its thread.
    std::vector<std::thread> threads;
    std::mutex error_mutex;
    std::exception_ptr error;
    auto part = [&body, &error_mutex, &error](auto lo, auto hi) {
        try {
            body(Range(lo, hi));
        } catch (...) {
            std::lock_guard lock(error_mutex);
            if (!error) error = std::current_exception();
        }
    };
    try {
        for (std::size_t i = 0; i < n; ++i) {
            const auto lo = begin + len * i / n, hi = begin + len * (i + 1) / n;
            if (lo < hi) threads.emplace_back(part, lo, hi);
        }
    } catch (...) {
        for (auto& t : threads) t.join();
        throw;
    }
    for (auto& t : threads) t.join();
    if (error) std::rethrow_exception(error);
#else
    tbb::parallel_for(range, body);
#endif
}

// body(i) for every i in [0, count), on the current arena's threads: each thread takes the next
// index from a shared counter until none is left. For items of very uneven cost (units of an
// enumeration) this keeps every thread busy to the end, where a static split could leave one
// thread with the slow tail. The order in which items run is not fixed.
template <class Body>
void parallel_for_dynamic(std::size_t count, const Body& body) {
    std::atomic<std::size_t> next{0};
    const auto threads = static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
    parallel_for_each(tbb::blocked_range<std::size_t>(0, std::min(threads, count), 1),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                          for (std::size_t k = r.begin(); k != r.end(); ++k)
                              for (std::size_t i; (i = next.fetch_add(1)) < count;) body(i);
                      });
}

}  // namespace frontier
