// Parallel layered BFS with hash sets, for domains that have neither a dense rank nor a small
// injective index (sliding-block puzzles): counts the states of every layer from the roots.
//
// Memory: every state reached, once, in one of kShards Abseil flat_hash_sets (about
// sizeof(State) + 1 bytes per state over the load factor), plus the current and next layers as
// vectors.
//
// A layer is expanded in fixed chunks of the frontier (parallel_for_each); each chunk sorts its
// children into per-shard buckets by hash. Then every shard, in parallel, inserts its buckets
// chunk by chunk into its own set; the children it had not seen form its part of the next layer.
// No set is shared between threads and the order of every step is fixed by the chunking, not by
// scheduling, so the layers and their counts do not depend on the thread count. The farthest
// states are reported in the order of their bytes (memcmp), which does not depend on Abseil's
// per-process hash seed either.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <absl/container/flat_hash_set.h>
#include <absl/hash/hash.h>
#include <tbb/blocked_range.h>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/enumerate/table_growth.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

struct HashBfsOptions : LayeredBfsOptions {
    // Stop with an InputError once the sets and layers hold more than this many bytes (estimated
    // after each layer; 0: no limit). Hash sets have no size known in advance, so callers pass a
    // share of the free memory rather than let the kernel end the process.
    std::uint64_t memory_limit = 0;
};

// The same shape as every BFS entry point's result (layers, reached, seconds, threads; see
// LayeredBfsResult), with the deepest layer's states instead of ranks: this search has no rank,
// so the inherited `farthest` stays empty and `farthest_states` holds them.
template <SearchDomain D>
struct HashBfsResult : LayeredBfsResult {
    std::vector<typename D::State> farthest_states;  // states of the deepest layer, capped
    std::uint64_t bytes_estimate = 0;                // memory the sets held at the end, roughly
};

// Input: any domain whose State is hashable with Abseil, the roots (depth 0) and options
// (threads: 0 = all cores, max_depth, on_layer, memory_limit). Output: the layer counts in
// layers and the deepest layer's states (capped at farthest_limit). Time O(reached states
// x successors), memory every reached state once plus two layers. Runs in a task arena of
// options.threads threads; the domain's const members are called from all of them at once.
// Deterministic: the counts and the farthest states do not depend on the thread count. Throws
// InputError past memory_limit.
template <SearchDomain D>
HashBfsResult<D> layered_hash_bfs(const D& domain, std::span<const typename D::State> roots,
                                  const HashBfsOptions& options = {}) {
    static_assert(require_hashable_state<typename D::State>());
    using State = typename D::State;
    constexpr std::size_t kShards = 64;
    constexpr std::size_t kChunk = 1024;
    HashBfsResult<D> out;
    LayeredBfsResult& result = out;
    result.threads = resolve_threads(options.threads);
    Stopwatch clock;
    auto shard_of = [](const State& s) {
        return static_cast<std::size_t>(absl::Hash<State>{}(s) >> 7) % kShards;
    };
    auto insert = [](absl::flat_hash_set<State>& set, const State& s) {
        return grow_or_abandon(set, [&] { return set.insert(s).second; });
    };
    run_with_threads(result.threads, [&] {
        std::array<absl::flat_hash_set<State>, kShards> seen;
        std::vector<State> layer;
        for (const State& s : roots)
            if (insert(seen[shard_of(s)], s)) layer.push_back(s);
        for (int depth = 0; !layer.empty(); ++depth) {
            result.layers.push_back(layer.size());
            result.reached += layer.size();
            if (options.on_layer) options.on_layer(depth, layer.size(), clock.seconds());
            if (depth == options.max_depth) {
                result.complete = false;
                break;
            }
            const std::size_t chunks = (layer.size() + kChunk - 1) / kChunk;
            std::vector<std::array<std::vector<State>, kShards>> buckets(chunks);
            parallel_for_each(tbb::blocked_range<std::size_t>(0, chunks, 1), [&](auto r) {
                for (std::size_t c = r.begin(); c != r.end(); ++c) {
                    const std::size_t end = std::min(layer.size(), (c + 1) * kChunk);
                    for (std::size_t i = c * kChunk; i < end; ++i)
                        domain.for_each_successor(layer[i], [&](const State& child, const auto&) {
                            buckets[c][shard_of(child)].push_back(child);
                        });
                }
            });
            std::array<std::vector<State>, kShards> fresh;
            parallel_for_each(tbb::blocked_range<std::size_t>(0, kShards, 1), [&](auto r) {
                for (std::size_t s = r.begin(); s != r.end(); ++s)
                    for (auto& chunk : buckets)
                        for (const State& child : chunk[s])
                            if (insert(seen[s], child)) fresh[s].push_back(child);
            });
            std::vector<State> next;
            for (auto& f : fresh) next.insert(next.end(), f.begin(), f.end());
            if (next.empty()) break;
            layer.swap(next);
            std::uint64_t bytes = (layer.capacity() + next.capacity()) * sizeof(State);
            for (const auto& set : seen) bytes += set.capacity() * (sizeof(State) + 1);
            if (options.memory_limit != 0 && bytes > options.memory_limit)
                throw InputError("the reachable states outgrew the memory limit at depth " +
                                 std::to_string(depth + 1) + " (" +
                                 std::to_string(result.reached + layer.size()) +
                                 " states so far, about " + std::to_string(bytes >> 20) + " MiB)");
        }
        std::sort(layer.begin(), layer.end(), [](const State& a, const State& b) {
            return std::memcmp(&a, &b, sizeof(State)) < 0;
        });
        const std::size_t keep = std::min(layer.size(), options.farthest_limit);
        out.farthest_states.assign(layer.begin(),
                                   layer.begin() + static_cast<std::ptrdiff_t>(keep));
        for (const auto& set : seen) out.bytes_estimate += set.capacity() * (sizeof(State) + 1);
    });
    result.seconds = clock.seconds();
    return out;
}

}  // namespace frontier
