// Pattern databases: exact costs in an abstract space, built by the parallel layered BFS.
//
// The abstraction is any PerfectHashDomain whose rank groups its states: ranks
// [i * group, (i + 1) * group) all project to database entry i (for sliding tiles: one entry per
// placement of the pattern tiles, a group per region of the blank). The build runs layered_bfs
// backward from the abstract goal(s) over the whole abstract space, then stores for every entry
// the minimum depth of its group, one byte each (255 = unreachable). Memory while building: the
// BFS's 1.25 bytes per abstract state plus the database; afterwards only the database.
//
// PdbTable is the read-only result, either owned in memory or mapped from a table file; copies
// share it, and lookups are safe from any number of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>

#include <tbb/blocked_range.h>

#include <frontier/engine/big_array.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/memory.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/tables/distance_table.hpp>

namespace frontier {

class PdbTable {
  public:
    PdbTable() = default;
    PdbTable(std::shared_ptr<const void> owner, std::span<const std::uint8_t> data)
        : owner_(std::move(owner)), data_(data) {}
    static PdbTable owning(BigArray<std::uint8_t> bytes) {
        auto owner = std::make_shared<BigArray<std::uint8_t>>(std::move(bytes));
        const std::span<const std::uint8_t> data = owner->span();
        return PdbTable(std::move(owner), data);
    }

    std::uint8_t at(std::uint64_t i) const { return data_[i]; }
    std::uint64_t size() const { return data_.size(); }
    std::span<const std::uint8_t> bytes() const { return data_; }

  private:
    std::shared_ptr<const void> owner_;
    std::span<const std::uint8_t> data_;
};

struct PdbBuildOptions {
    int threads = 0;
    // Called after each BFS layer with its depth, abstract states and elapsed seconds.
    std::function<void(int, std::uint64_t, double)> on_layer;
};

struct PdbBuildResult {
    PdbTable table;
    LayeredBfsResult bfs;  // the abstract search (layers, states reached, seconds)
    // The largest value stored in the table (255 = unreachable not counted): what a table file's
    // max_value and `pdb info` report. It can be lower than abstract_depth, because an entry
    // keeps the minimum depth over its group (for sliding tiles: over the blank's regions).
    int max_value = 0;
    int abstract_depth = 0;  // the abstract BFS's deepest layer
    double seconds = 0;      // BFS plus reduction
};

inline std::uint64_t pattern_database_bytes(std::uint64_t abstract_states, std::uint64_t entries) {
    return layered_bfs_bytes(abstract_states) + entries;
}

// Input: a perfect-hash abstraction whose size() is a multiple of `group`, the abstract roots
// (goal states, depth 0) and options (threads, on_layer). Output: a PdbTable of size() / group
// bytes, entry i = the minimum BFS depth over ranks [i * group, (i + 1) * group). Runs the layered
// BFS in a task arena of options.threads threads (the abstraction's const members are called
// from all of them); the table is the same for every thread count. The PdbTable is immutable:
// read it from any number of threads.
template <PerfectHashDomain A>
PdbBuildResult build_pattern_database(const A& abstraction,
                                      std::span<const typename A::State> roots, std::uint64_t group,
                                      const PdbBuildOptions& options = {}) {
    Stopwatch clock;
    const std::uint64_t n = abstraction.size();
    const std::uint64_t entries = n / group;
    DistanceTable depth(n);
    LayeredBfsOptions bfs;
    bfs.threads = options.threads;
    bfs.on_layer = options.on_layer;
    bfs.farthest_limit = 0;
    PdbBuildResult result;
    result.bfs = layered_bfs(abstraction, roots, depth.mutable_bytes(), bfs);
    BigArray<std::uint8_t> out(entries);
    std::atomic<int> max_value{0};
    run_with_threads(options.threads, [&] {
        parallel_for_each(tbb::blocked_range<std::uint64_t>(0, entries, 1 << 16), [&](auto r) {
            int local_max = 0;
            for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
                const std::uint8_t* g = depth.bytes().data() + i * group;
                out[i] = *std::min_element(g, g + group);
                if (out[i] != kUnreached) local_max = std::max<int>(local_max, out[i]);
            }
            // One update per chunk, so the shared maximum is not contended per entry.
            for (int seen = max_value.load();
                 local_max > seen && !max_value.compare_exchange_weak(seen, local_max);) {
            }
        });
    });
    result.max_value = max_value.load();
    result.abstract_depth = result.bfs.max_depth();
    result.table = PdbTable::owning(std::move(out));
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
