// A two-bit distance table computed into a file that `frontier lookup` answers from, with
// checkpoints between layers so that an interrupted run resumes: the two-bit BFS
// (engine/two_bit/bfs.hpp, engine/two_bit/distributed.hpp) plus the files of
// engine/two_bit/file.hpp and engine/two_bit/checkpoint.hpp. What the command line's
// `enumerate --two-bit [--distributed]` runs, and the call for a library user's own space:
//
//   TwoBitTableWriter writer(identity, {.out = "my.2bit"});   // checks first: no search yet
//   TwoBitTable table(space.size());
//   const TwoBitBfsResult r = writer.run(space, roots, table, {});
//
// One process writes OUT, keeping OUT.checkpoint during the run; a distributed run
// (ShardedTwoBitTableWriter) writes the directory OUT of one shard per process and a manifest.
// A checkpoint is saved after a layer at most once per checkpoint_seconds (a 7x2 table is
// 10.9 GB, seconds to write), so an interrupt loses at most that much work; a run that stops at
// max_depth leaves its checkpoint to resume. Construction checks everything that can refuse the
// run (the checkpoint rule, a resumed checkpoint's identity), so a refused run costs no search.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <frontier/engine/tables/payload_blocks.hpp>
#include <frontier/engine/tables/shard_writer.hpp>
#include <frontier/engine/timer.hpp>
#include <frontier/engine/two_bit/bfs.hpp>
#include <frontier/engine/two_bit/checkpoint.hpp>
#include <frontier/engine/two_bit/distributed.hpp>
#include <frontier/engine/two_bit/file.hpp>
#include <frontier/engine/two_bit/planar.hpp>
#include <frontier/engine/two_bit/planes.hpp>

namespace frontier {

struct TwoBitFileOptions {
    // The table file, or a distributed run's directory (which exists); "" writes nothing (no
    // checkpoints either), for a caller that wants the result alone.
    std::string out;
    bool resume = false;
    double checkpoint_seconds = 600;
    // After each checkpoint is saved, with the depth of its deepest layer.
    std::function<void(int depth)> on_checkpoint;
};

namespace detail {

// Chains a checkpoint save, when due, after the caller's own after_layer. `save` saves (or, in a
// distributed run, decides with the other processes and saves) and says whether it did.
[[noreturn]] inline void refuse_resume_without_file() {
    throw InputError("a resumed run needs the table's file, beside which its checkpoint lies");
}

inline void add_checkpoints(TwoBitBfsOptions& bfs, const TwoBitFileOptions& files,
                            std::function<bool(const std::vector<std::uint64_t>&, bool)> save) {
    auto caller = std::move(bfs.after_layer);
    auto since = std::make_shared<Stopwatch>();
    bfs.after_layer = [=, on_checkpoint = files.on_checkpoint,
                       seconds = files.checkpoint_seconds](const std::vector<std::uint64_t>& l) {
        if (caller) caller(l);
        if (!save(l, l.back() > 0 && since->seconds() >= seconds)) return;
        *since = Stopwatch();
        if (on_checkpoint) on_checkpoint(static_cast<int>(l.size()) - 1);
    };
}

}  // namespace detail

class TwoBitTableWriter {
  public:
    TwoBitTableWriter(TwoBitIdentity id, TwoBitFileOptions files)
        : id_(std::move(id)), files_(std::move(files)) {
        if (files_.out.empty() && files_.resume) detail::refuse_resume_without_file();
        if (!files_.out.empty())
            checkpoint_.emplace(files_.out + ".checkpoint", two_bit_header(id_, {}, false),
                                files_.resume);
    }

    // OUT.checkpoint ("" without a file).
    std::string checkpoint_path() const { return checkpoint_ ? checkpoint_->path() : ""; }
    // The layers a resumed run starts from (empty for a new run).
    std::vector<std::uint64_t> resumed_layers() const {
        return checkpoint_ ? checkpoint_->resumed_layers() : std::vector<std::uint64_t>{};
    }

    // Runs the search from `roots` (indices of `space`, whose identity this writer was made with)
    // into `table` (space.size() entries) and writes the table, or the checkpoint when the search
    // stopped at bfs.max_depth. bfs.resume_layers is set here when resuming. A space that offers
    // planar moves gets the planar search (engine/two_bit/planar.hpp) unless bfs.planar is off:
    // the same table, layers and farthest states, faster.
    template <TwoBitSpace S>
    TwoBitBfsResult run(const S& space, std::span<const std::uint64_t> roots, TwoBitTable& table,
                        TwoBitBfsOptions bfs) const {
        if (space.size() != id_.entries)
            throw InputError(files_.out + ": the space's size is not the identity's entries");
        // The planar search where the space offers it; it keeps the table in plane order
        // between layers, so a checkpoint converts around its save.
        std::optional<PlanarPlan> plan;
        if constexpr (PlanarTwoBitSpace<S>)
            if (bfs.planar)
                plan = run_with_threads(bfs.threads, [&] { return planar_plan(space, roots); });
        auto search = [&] {
            return plan ? planar_two_bit_bfs(*plan, roots, table, bfs)
                        : two_bit_bfs(space, roots, table, bfs);
        };
        if (!checkpoint_) return search();
        if (files_.resume) {
            checkpoint_->load(table.mutable_bytes());
            bfs.resume_layers = checkpoint_->resumed_layers();
        }
        detail::add_checkpoints(bfs, files_, [&](const std::vector<std::uint64_t>& l, bool due) {
            if (!due) return false;
            if (plan) planes_to_space_order(table, plan->moves.planes, bfs.threads);
            checkpoint_->save(l, table.bytes());
            if (plan) space_order_to_planes(table, plan->moves.planes, bfs.threads);
            return true;
        });
        const TwoBitBfsResult r = search();
        if (!r.complete) {
            checkpoint_->save(r.layers, table.bytes());
            return r;
        }
        TableHeader h = two_bit_header(id_, r.layers, true);
        add_block_checksums(h, table.bytes(), default_block_bytes(table.bytes().size()));
        write_table_file(files_.out, h, table.bytes());
        checkpoint_->remove();
        return r;
    }

  private:
    TwoBitIdentity id_;
    TwoBitFileOptions files_;
    std::optional<TwoBitCheckpoint> checkpoint_;
};

// The same over the processes of a cluster: collective, every process constructing and running
// it with the same arguments; each holds and writes one slice (two_bit_slice_layout). Process 0's
// clock decides when to checkpoint, so every process saves or none.
class ShardedTwoBitTableWriter {
  public:
    ShardedTwoBitTableWriter(TwoBitIdentity id, int period, TwoBitFileOptions files,
                             Cluster& cluster)
        : id_(std::move(id)),
          files_(std::move(files)),
          cluster_(cluster),
          layout_(two_bit_slice_layout(id_.entries, period, cluster.size())) {
        if (files_.out.empty() && files_.resume) detail::refuse_resume_without_file();
        if (!files_.out.empty())
            checkpoint_.emplace(files_.out, shard_header(), files_.resume, cluster);
    }

    const SliceLayout& layout() const { return layout_; }
    // "DIR/shard-*-of-0004.checkpoint" ("" without a directory).
    std::string every_checkpoint() const { return checkpoint_ ? checkpoint_->every() : ""; }
    std::vector<std::uint64_t> resumed_layers() const {
        return checkpoint_ ? checkpoint_->resumed_layers() : std::vector<std::uint64_t>{};
    }

    // Collective. `slice` holds this process's layout().size(rank) entries. Removes an old
    // manifest first (every check has passed by now), then writes the shards and the manifest,
    // or every process's checkpoint when the search stopped at max_depth.
    template <TwoBitSpace S>
    TwoBitBfsResult run(const S& space, std::span<const std::uint64_t> roots, TwoBitTable& slice,
                        TwoBitDistributedOptions options) {
        if (!checkpoint_) return two_bit_bfs_distributed(space, roots, slice, cluster_, options);
        remove_old_manifest(files_.out, cluster_);
        if (files_.resume) {
            checkpoint_->load(slice.mutable_bytes());
            options.bfs.resume_layers = checkpoint_->resumed_layers();
        }
        detail::add_checkpoints(options.bfs, files_,
                                [&](const std::vector<std::uint64_t>& l, bool due) {
                                    int agreed = due;  // process 0's clock decides for all
                                    broadcast_value(cluster_, 0, agreed);
                                    if (agreed) checkpoint_->save(l, slice.bytes());
                                    return agreed != 0;
                                });
        const TwoBitBfsResult r = two_bit_bfs_distributed(space, roots, slice, cluster_, options);
        if (!r.complete) {
            checkpoint_->save(r.layers, slice.bytes());
            return r;
        }
        write_shards(files_.out, two_bit_header(id_, r.layers, true), cluster_, layout_,
                     slice.bytes(), /*block_checksums=*/true);
        checkpoint_->remove();
        return r;
    }

  private:
    TableHeader shard_header() const {
        TableHeader h = two_bit_header(id_, {}, false);
        const int rank = cluster_.rank();
        h.entries = layout_.size(rank);
        h.set_field("shard_index", std::to_string(rank));
        h.set_field("shard_count", std::to_string(cluster_.size()));
        h.set_field("shard_first", std::to_string(layout_.first(rank)));
        return h;
    }

    TwoBitIdentity id_;
    TwoBitFileOptions files_;
    Cluster& cluster_;
    SliceLayout layout_;
    std::optional<TwoBitShardCheckpoint> checkpoint_;
};

}  // namespace frontier
