// enumerate sliding:RxC --two-bit --distributed: the two-bit table split across the ranks of an
// MPI job (engine/two_bit_distributed.hpp), each rank holding and writing one slice as a shard of
// the directory --out DIR, which lookup reads as one table (engine/sharded_table.hpp).
//
// The shards carry the one-file table's header (two_bit_header) plus the shard fields, so a
// sharded table is refused or answered exactly as the one file would be. A distributed run keeps
// no checkpoint: --resume is refused, and --checkpoint-minutes has nothing to pace.
#include <cstdio>

#include "engine/cluster.hpp"
#include "engine/memory.hpp"
#include "engine/two_bit_distributed.hpp"
#include "tools/cli/cluster_session.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/stream.hpp"
#include "tools/commands/depth_plot.hpp"
#include "tools/commands/enumerate.hpp"
#include "tools/puzzles/sliding_two_bit.hpp"

namespace frontier::cli {

void enumerate_two_bit_distributed(const SlidingTiles& board, const TwoBitEnumerateOptions& o) {
    if (o.resume)
        throw InputError(
            "--resume: a distributed two-bit run keeps no checkpoint (checkpoints are kept by "
            "one process, without --distributed)");
    const SlidingTwoBitSpace space(board);
    const std::string name = DomainIO<SlidingTiles>::name(board);
    Cluster& cluster = cluster_session();
    const SliceLayout layout = two_bit_slice_layout(space.size(), space.period(), cluster.size());
    const std::uint64_t mine = layout.size(cluster.rank());
    const bool leader = cluster.rank() == 0;
    agree(cluster, [&] {
        require_memory(two_bit_bfs_bytes(mine),
                       "a slice of the two-bit table of " + name + " (" + std::to_string(mine) +
                           " states, 2 bits each, on rank " + std::to_string(cluster.rank()) + ")");
        if (!o.out.empty()) prepare_shard_directory(o.out, leader);
        if (leader && !o.plot.empty()) check_output_path("--plot", o.plot);  // rank 0 draws
    });
    run_collectively([&] {
        TwoBitTable slice(mine);
        TwoBitDistributedOptions options;
        options.bfs.threads = o.threads;
        options.bfs.max_depth = o.max_depth;
        if (leader && !o.json) {
            std::printf("%s, %llu states, two bits each (%s in all), %d ranks x %d threads\n",
                        DomainIO<SlidingTiles>::describe(board).c_str(),
                        static_cast<unsigned long long>(space.size()),
                        format_bytes(two_bit_bfs_bytes(space.size())).c_str(), cluster.size(),
                        threads_per_rank(o.threads, cluster));
            std::fflush(stdout);
        }
        ProgressLine progress(leader && !o.json && stderr_is_terminal());
        if (leader)
            options.bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
                progress.update("depth " + std::to_string(depth) + ": " + std::to_string(count) +
                                " states, " + format_seconds(seconds));
            };
        const std::uint64_t root = space.goal_index();
        const TwoBitBfsResult r = two_bit_bfs_distributed(
            space, std::span<const std::uint64_t>(&root, 1), slice, cluster, options);
        progress.finish();
        if (!o.out.empty())
            write_shards(o.out, two_bit_header(space, r.layers, r.complete), cluster, layout,
                         slice.bytes());
        if (!leader) return;
        write_depth_plot(o.plot, name, r.layers,
                         r.complete ? "" : "stopped at depth " + std::to_string(r.max_depth()));
        print_two_bit_report(space, r, o);
        if (!o.plot.empty() && !o.json) std::printf("wrote %s\n", o.plot.c_str());
        if (!o.out.empty() && !o.json)
            std::printf("wrote %s (%d shards, %s)\n", o.out.c_str(), cluster.size(),
                        format_bytes(two_bit_bfs_bytes(space.size())).c_str());
        check_stdout();
    });
}

}  // namespace frontier::cli
