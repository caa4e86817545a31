// Two-bit breadth-first search: a full distance table at two bits per state.
//
// Korf's two-bit BFS with Cooperman and Finkelstein's encoding: every index of a dense space holds
// 0 (not yet reached) or 1 + (depth mod 3). That is a quarter of the one-byte DistanceTable, so a
// 2-core, 24 GiB machine holds the 7x2 puzzle's 43.6 billion states (10.2 GiB), and the exact
// distance of any state is still recoverable: in a bipartite graph every neighbour is one move
// nearer or farther, and the nearer ones are exactly those whose value is one less mod 3
// (two_bit_distance, engine/two_bit/lookup.hpp, walks down to the root that way).
//
// Each layer scans the whole array once (words of 32 entries, compared 32 at a time) in one of two
// directions, whichever the layer counts say is cheaper:
//   push  expand the states of the current depth and claim their unreached children: each
//         thread buffers them by zone of the array, and a full buffer is applied under its
//         zone's lock with plain reads and writes (engine/two_bit/zones.hpp), not an atomic
//         read-modify-write per child;
//   pull  for each unreached state of the next depth's parity, look for a neighbour of the
//         current depth and take depth + 1 if one is found; only the owner of a word writes it.
// A push scan cannot tell depth d from d - 3 (same value), and the space's parity only rules out
// d - 3, so it would re-expand the states of depth d - 6, d - 12, ... whose children are all
// reached already; the frontier maps (engine/two_bit/frontier.hpp) mark the groups of entries
// each layer claimed, and a push expands only those. Past the widest layer the pull scan, which
// touches only unreached states, takes over. A push of a layer much smaller than the table (the
// first layers, and the last ones: pulls mark their claims too) reads only the words of its
// marked groups, not the whole table. The counts, the table and the farthest states are the
// same whatever the thread count, directions and maps.
//
// The space (TwoBitSpace) lays its indices out as block * period() + residue, tells the distance
// parity of a residue and gives a Cursor per thread that walks blocks in ascending order and
// returns a state's neighbour indices without unranking (domains/sliding/sliding_two_bit.hpp).
// Children are prefetched as they are generated and claimed a batch later, so the random probes
// overlap.
//
// The space's contract, and how it is checked: engine/two_bit/space.hpp. The packed array:
// engine/two_bit/table.hpp; the scan of a range of its words, shared with the distributed search
// (engine/two_bit/distributed.hpp): engine/two_bit/scan.hpp, with engine/two_bit/layout.hpp
// (where entries lie, the push-or-pull rule).
//
// Memory: size / 4 bytes for the table (BigArray: anonymous, huge pages) and the frontier maps:
// half of that while they fit in 64 MiB, else an eighth; 129 KiB of zone buffers per thread.
// The table is the caller's, so it can be saved between layers (checkpoints) and a run resumed
// from a saved table and its layer counts (the first layer after a resume expands without the
// frontier maps, which are not saved).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>

#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>
#include <frontier/engine/two_bit/frontier.hpp>
#include <frontier/engine/two_bit/scan.hpp>
#include <frontier/engine/two_bit/space.hpp>
#include <frontier/engine/two_bit/table.hpp>

namespace frontier {

struct TwoBitBfsOptions : LayeredBfsOptions {
    // Called after each finished layer (outside the parallel loops, the table consistent) with
    // the counts so far; a checkpoint writer saves the table and the counts here.
    std::function<void(const std::vector<std::uint64_t>& layers)> after_layer;
    // Resume: the counts of the layers already in the table (empty: start from the roots).
    std::vector<std::uint64_t> resume_layers;
    // Whether pushes expand only the last layer's groups (TwoBitFrontier); off, every state of
    // the layer's code is expanded (the same table and counts, more work).
    bool frontier_maps = true;
};

struct TwoBitBfsResult : LayeredBfsResult {
    // One letter per expanded layer: p push, s sparse push (only the words of its marked
    // groups), u pull.
    std::string directions;
    std::uint64_t visited = 0;  // entries walked: parents pushes expanded, candidates pulls tried
};

// Bytes of the table alone.
inline std::uint64_t two_bit_table_bytes(std::uint64_t entries) {
    return (entries + 31) / 32 * 8;
}
// Bytes two_bit_bfs needs: the table and the frontier maps.
inline std::uint64_t two_bit_bfs_bytes(std::uint64_t entries) {
    return two_bit_table_bytes(entries) + TwoBitFrontier::bytes(entries);
}

namespace detail {

// What ends a layer in every search (here, engine/two_bit/planar.cpp and
// engine/two_bit/distributed.hpp): its count, the smallest indices kept when the layer is not
// empty (sorted and cut here; gathered over processes first when distributed), then the caller's
// callbacks.
inline void end_two_bit_layer(std::vector<std::uint64_t>& layers, std::uint64_t claimed,
                              std::vector<std::uint64_t>& smallest,
                              std::vector<std::uint64_t>& last_smallest,
                              const TwoBitBfsOptions& options, double seconds) {
    std::sort(smallest.begin(), smallest.end());
    if (smallest.size() > options.farthest_limit) smallest.resize(options.farthest_limit);
    layers.push_back(claimed);
    if (claimed > 0) last_smallest = std::move(smallest);
    if (options.on_layer) options.on_layer(static_cast<int>(layers.size()) - 1, claimed, seconds);
    if (options.after_layer) options.after_layer(layers);
}

// What ends a search in both: the trailing empty layer dropped, the farthest states, the total.
inline void end_two_bit_search(TwoBitBfsResult& result, std::vector<std::uint64_t> last_smallest) {
    std::vector<std::uint64_t>& layers = result.layers;
    if (layers.size() > 1 && layers.back() == 0) layers.pop_back();
    result.farthest = std::move(last_smallest);
    for (std::uint64_t n : layers) result.reached += n;
}

}  // namespace detail

// Fills `table` (cleared here unless resuming) with 1 + depth mod 3 for every index reachable
// from `roots`, and returns the layer counts and the smallest indices of the last layer. Thread
// safety: one search per table; the space is only read.
template <TwoBitSpace S>
TwoBitBfsResult two_bit_bfs(const S& space, std::span<const std::uint64_t> roots,
                            TwoBitTable& table, const TwoBitBfsOptions& options = {}) {
    detail::check_two_bit_space(space, roots);
    if (table.size() != space.size())
        throw InputError("two-bit BFS: the table does not have one entry per state");
    const detail::TwoBitParity parity = detail::two_bit_parity(space, roots);
    TwoBitBfsResult result;
    result.threads = resolve_threads(options.threads);
    Stopwatch clock;
    std::vector<std::uint64_t>& layers = result.layers;
    std::vector<std::uint64_t> last_smallest;
    std::optional<TwoBitFrontier> frontier;
    if (options.frontier_maps) frontier.emplace(space.size());
    if (options.resume_layers.empty()) {
        table.clear(options.threads);
        if (frontier) run_with_threads(options.threads, [&] { frontier->begin_layer(); });
        for (std::uint64_t r : roots)
            if (table.claim(r, two_bit_code(0))) {
                last_smallest.push_back(r);
                if (frontier) frontier->mark(r);
            }
        if (frontier) frontier->end_layer();
        std::sort(last_smallest.begin(), last_smallest.end());
        layers.push_back(last_smallest.size());
    } else {
        layers = options.resume_layers;
    }
    std::uint64_t class_size[2];
    detail::two_bit_class_sizes(space, parity, class_size);
    const std::uint64_t words = table.word_count();
    const detail::TwoBitLayout layout(space, parity);
    const std::uint64_t grain = 4096;
    std::mutex merge;
    // Pulls mark their claims too, so the small layers at the end are pushed sparsely.
    TwoBitFrontier* const marks = frontier ? &*frontier : nullptr;
    detail::TwoBitZones zones(table, marks, options.farthest_limit);
    run_with_threads(options.threads, [&] {
        while (layers.back() > 0) {
            const int depth = static_cast<int>(layers.size()) - 1;
            if (options.max_depth >= 0 && depth >= options.max_depth) {
                result.complete = false;
                break;
            }
            const char direction = detail::two_bit_direction(
                layers, class_size, parity.filter, space.size(), frontier && frontier->valid());
            result.directions += direction;
            const bool pull = direction == 'u', sparse = direction == 's';
            std::uint64_t claimed = 0, visited = 0, current[2] = {0, 0};
            std::vector<std::uint64_t> smallest;
            if (marks) marks->begin_layer();
            zones.begin_layer(two_bit_code(depth + 1));
            parallel_for_each(
                tbb::blocked_range<std::uint64_t>(0, words, grain),
                [&](const tbb::blocked_range<std::uint64_t>& range) {
                    detail::TwoBitChunk<S> chunk(space, table, options.farthest_limit, 0, nullptr,
                                                 marks);
                    if (!pull) chunk.use_zones(&zones);
                    // Push expands depth-parity parents; pull scans next-parity candidates.
                    if (sparse)
                        chunk.scan_marked(layout, range.begin(), range.end(), two_bit_code(depth),
                                          depth & 1, two_bit_code(depth + 1));
                    else
                        chunk.scan(layout, range.begin(), range.end(), two_bit_code(depth),
                                   (pull ? depth + 1 : depth) & 1, two_bit_code(depth + 1), pull);
                    std::lock_guard lock(merge);
                    claimed += chunk.claimed;
                    visited += chunk.visited;
                    current[0] += chunk.current[0];
                    current[1] += chunk.current[1];
                    smallest.insert(smallest.end(), chunk.smallest.begin(), chunk.smallest.end());
                });
            if (!pull) claimed += zones.finish(smallest);
            if (marks) marks->end_layer();
            result.visited += visited;
            if (!sparse) detail::check_current(layers, parity.filter, current);
            detail::end_two_bit_layer(layers, claimed, smallest, last_smallest, options,
                                      clock.seconds());
        }
    });
    detail::end_two_bit_search(result, std::move(last_smallest));
    std::uint64_t codes[4][2] = {};
    run_with_threads(options.threads, [&] {
        detail::count_two_bit_codes(
            layout, words, [&] { return detail::TwoBitChunk<S>(space, table, 0); }, codes);
    });
    detail::check_codes(result.layers, parity.filter, codes);
    result.seconds = clock.seconds();
    return result;
}

// The same from roots given as states, for a space that names them (StateTwoBitSpace).
template <StateTwoBitSpace S>
TwoBitBfsResult two_bit_bfs(const S& space, std::span<const typename S::State> roots,
                            TwoBitTable& table, const TwoBitBfsOptions& options = {}) {
    std::vector<std::uint64_t> indices;
    indices.reserve(roots.size());
    for (const auto& root : roots) indices.push_back(space.index(root));
    return two_bit_bfs(space, std::span<const std::uint64_t>(indices), table, options);
}

}  // namespace frontier
