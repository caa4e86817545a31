// What every layered BFS over a one-byte table takes and gives (the general one,
// engine/enumerate/layered_bfs.hpp; the planar one, engine/enumerate/planar_layered_bfs.hpp; the
// distributed one, engine/distributed/distributed_bfs.hpp), and the steps they share: the table
// filled, a rank refused, a layer recorded. Plain values and functions: thread-safe.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>

namespace frontier {

inline constexpr std::uint8_t kUnreached = 0xFF;

struct LayeredBfsOptions {
    int threads = 0;                    // 0: all cores
    std::size_t farthest_limit = 1000;  // how many farthest ranks to keep (smallest first)
    int max_depth = -1;                 // stop after this depth (-1: search the whole space)
    // Called after each finished layer with its depth, state count and the elapsed seconds.
    std::function<void(int, std::uint64_t, double)> on_layer;
    // Whether a domain or space that offers planar moves (engine/planar_moves.hpp) gets the
    // planar search: layered_bfs and TwoBitTableWriter. The same results, faster; two_bit_bfs
    // and the distributed searches always run the general one.
    bool planar = true;
};

struct LayeredBfsResult {
    std::vector<std::uint64_t> layers;    // layers[d] = number of states at depth d
    std::vector<std::uint64_t> farthest;  // ranks at the maximum depth, ascending, capped
    std::uint64_t reached = 0;
    double seconds = 0;
    int threads = 0;       // per process
    int processes = 1;     // distributed: the processes that shared the space
    bool complete = true;  // false when options.max_depth stopped it before the last layer ran out
    // Distributed only: children sent to the process owning their slice, and their bytes.
    std::uint64_t exchanged = 0, exchanged_bytes = 0;
    int max_depth() const { return static_cast<int>(layers.size()) - 1; }
};

// Bytes the search needs for a space of n states (table plus both frontiers).
inline std::uint64_t layered_bfs_bytes(std::uint64_t n) {
    return n + 2 * ((n + 63) / 64) * 8;
}

namespace detail {

inline void fill_parallel(std::span<std::uint8_t> bytes, std::uint8_t value) {
    parallel_for_each(tbb::blocked_range<std::size_t>(0, bytes.size(), 1 << 20), [&](auto r) {
        std::fill(bytes.begin() + r.begin(), bytes.begin() + r.end(), value);
    });
}

[[noreturn]] inline void refuse_rank(std::uint64_t rank, std::uint64_t size) {
    throw InputError("layered_bfs: rank " + std::to_string(rank) + " is not below size() " +
                     std::to_string(size) + " (rank() must map every state into 0 .. size() - 1)");
}

// What starts every layer of a layered BFS (here and in planar_layered_bfs): the layer counted
// and reported; false when max_depth stops the search there. Throws InputError when the next
// depth would not fit a byte.
inline bool record_layer(LayeredBfsResult& result, int depth, std::uint64_t count,
                         const LayeredBfsOptions& options, double seconds) {
    result.layers.push_back(count);
    result.reached += count;
    if (options.on_layer) options.on_layer(depth, count, seconds);
    if (depth == options.max_depth) {
        result.complete = false;
        return false;
    }
    if (depth + 1 >= kUnreached)
        throw InputError("layered_bfs: depth exceeds 254, too deep for a byte table");
    return true;
}

}  // namespace detail

}  // namespace frontier
