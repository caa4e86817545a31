// Thread-count policy shared by every parallel algorithm and command.
//
// A request of 0 means "all cores" (what the machine reports). Work runs inside a oneTBB
// task_arena of exactly that many slots, so `--threads N` bounds the parallelism of one call
// without touching the global scheduler. More threads than cores is allowed (oversubscription).
#pragma once

#include <thread>
#include <utility>

#include <tbb/global_control.h>
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

}  // namespace frontier
