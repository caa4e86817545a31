// enumerate sliding:RxC --two-bit --distributed: the two-bit table split across the ranks of an
// MPI job (engine/two_bit_distributed.hpp), each rank holding and writing one slice as a shard of
// the directory --out DIR, which lookup reads as one table (engine/sharded_table.hpp).
//
// The shards carry the one-file table's header (two_bit_header) plus the shard fields, so a
// sharded table is refused or answered exactly as the one file would be. Checkpoints: after a
// layer, at most once per --checkpoint-minutes (rank 0's clock decides for all), every rank saves
// its slice as DIR/shard-K-of-N.checkpoint (the shard's header with complete=no and the layer
// counts so far); --resume has every rank load its own, and the ranks must agree on the layers.
// A save has two phases, so that an interrupt between two ranks' writes cannot leave them holding
// different layers: each rank keeps its last checkpoint as PATH.previous while it writes the new
// one, and deletes it only once every rank has written theirs; --resume takes the deepest layers
// every rank holds in one of its two files. The finished run writes the shards and the manifest,
// then deletes the checkpoints.
//
// Ctrl-C (mpirun passes it on to the ranks as SIGTERM) ends every rank at once; rank 0 alone
// prints the interrupt line, which says what the checkpoints hold once every rank has saved.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "engine/checksum.hpp"
#include "engine/cluster.hpp"
#include "engine/memory.hpp"
#include "engine/sharded_table.hpp"
#include "engine/two_bit_distributed.hpp"
#include "tools/cli/cluster_session.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/stream.hpp"
#include "tools/commands/depth_plot.hpp"
#include "tools/commands/enumerate.hpp"
#include "tools/puzzles/sliding_two_bit.hpp"

namespace frontier::cli {

namespace {

std::uint64_t checksum_of(const std::vector<std::uint64_t>& v) {
    return checksum64({reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * 8});
}

// "DIR/shard-0001-of-0004.checkpoint"
std::string checkpoint_path(const std::string& dir, int rank, int ranks) {
    std::string name = shard_file_name(rank, ranks);
    name.replace(name.size() - 6, 6, ".checkpoint");  // ".table"
    return (std::filesystem::path(dir) / name).string();
}

// "DIR/shard-*-of-0004.checkpoint": every rank's, as the interrupt line names them.
std::string every_checkpoint(const std::string& dir, int ranks) {
    std::string path = checkpoint_path(dir, 0, ranks);
    const std::size_t at = path.rfind("shard-") + 6;
    return path.replace(at, path.find('-', at) - at, "*");
}

// A rank's last checkpoint while it writes the next (see the top of this file).
std::string previous_of(const std::string& checkpoint) {
    return checkpoint + ".previous";
}

void save_checkpoint(const std::string& path, const TableHeader& h,
                     std::span<const std::uint8_t> bytes, Cluster& cluster) {
    if (std::filesystem::exists(path)) std::filesystem::rename(path, previous_of(path));
    write_table_file(path, h, bytes);
    cluster.barrier();
    std::filesystem::remove(previous_of(path));
}

// What the interrupt line says until this run saves its first checkpoints.
std::string first_interrupt_note(const TwoBitEnumerateOptions& o, const std::string& every) {
    if (o.out.empty()) return "nothing was saved (with --out DIR the ranks keep checkpoints)";
    if (o.resume) return every + " still hold the run this one resumed: the same command continues";
    return "no checkpoint yet (the first is saved after the layer that ends " +
           format_duration(o.checkpoint_minutes * 60) + " after the start)";
}

TableHeader checkpoint_header(const SlidingTwoBitSpace& space,
                              const std::vector<std::uint64_t>& layers, int rank, int ranks,
                              const SliceLayout& layout) {
    TableHeader h = two_bit_header(space, layers, false);
    h.entries = layout.size(rank);
    h.set_field("shard_index", std::to_string(rank));
    h.set_field("shard_count", std::to_string(ranks));
    h.set_field("shard_first", std::to_string(layout.first(rank)));
    return h;
}

// The layer counts of one checkpoint file, after checking it is this rank's slice of this table.
std::vector<std::uint64_t> checkpoint_file_layers(const std::string& path,
                                                  const TableHeader& want) {
    const TableFile file = TableFile::open(path, /*verify_payload=*/false);
    const TableHeader& h = file.header();
    for (const char* key :
         {"encoding", "index", "shard_index", "shard_count", "shard_first", "complete"})
        if (h.field(key) != want.field(key))
            throw InputError(path + ": a checkpoint of another run (" + key + ")");
    if (h.domain != want.domain || h.goal != want.goal || h.entries != want.entries ||
        h.entry_bits != 2)
        throw InputError(path + ": a checkpoint of another table (" + h.domain + ", goal " +
                         h.goal + ")");
    return two_bit_layer_counts(path, h.field("layers"));
}

// The checkpoint this rank resumes from, and its layer counts: of the rank's checkpoint and its
// previous one, the file with the deepest layers that every rank holds (the same counts on every
// rank), checked before the ranks run (an error is printed once). That file becomes the rank's
// checkpoint again, so the next save keeps it as the previous one. Its payload is read,
// checksum and all, when the slice is filled.
std::vector<std::uint64_t> resume_checkpoint(const std::string& path, const TableHeader& want,
                                             const std::string& every, Cluster& cluster) {
    constexpr std::uint64_t kAbsent = ~std::uint64_t{0};
    std::vector<std::uint64_t> layers[2];  // the checkpoint, its previous one
    const std::string files[2] = {path, previous_of(path)};
    const std::uint64_t have = std::filesystem::exists(path) || std::filesystem::exists(files[1]);
    const auto haves = all_gather_vector<std::uint64_t>(cluster, {&have, 1});
    const bool any = std::find(haves.begin(), haves.end(), 1) != haves.end();
    agree(cluster, [&] {
        // Some ranks' files without the others' cannot be resumed: only deleting them helps.
        if (!have && any)
            throw InputError("--resume: no checkpoint " + path +
                             ", while other ranks have theirs (a run stopped during its first "
                             "save); delete " +
                             every + "* and run again without --resume");
        if (!have)
            throw InputError("--resume: no checkpoint " + path +
                             " (resume with the ranks and --out of the run that saved it)");
        for (int f = 0; f < 2; ++f)
            if (std::filesystem::exists(files[f]))
                layers[f] = checkpoint_file_layers(files[f], want);
    });
    std::vector<std::uint64_t> mine;  // per file: depth + 1 (0: absent), checksum of the counts
    for (const auto& l : layers)
        mine.insert(mine.end(), {l.size(), l.empty() ? kAbsent : checksum_of(l)});
    const auto all = all_gather_vector<std::uint64_t>(cluster, mine);
    // The deepest (size, checksum) pair present on every rank.
    std::uint64_t best_size = 0, best_sum = kAbsent;
    for (std::size_t k = 0; k < 4; k += 2) {
        const std::uint64_t size = all[k], sum = all[k + 1];
        bool everywhere = size > best_size;
        for (std::size_t r = 4; everywhere && r < all.size(); r += 4)
            everywhere =
                (all[r] == size && all[r + 1] == sum) || (all[r + 2] == size && all[r + 3] == sum);
        if (everywhere) best_size = size, best_sum = sum;
    }
    if (best_size == 0)
        throw InputError(
            "--resume: the ranks' checkpoints hold different layers, so none can be "
            "continued; delete " +
            every + "* and run again without --resume");
    const int chosen = mine[0] == best_size && mine[1] == best_sum ? 0 : 1;
    if (chosen == 1) std::filesystem::rename(files[1], path);
    return layers[chosen];
}

}  // namespace

void enumerate_two_bit_distributed(const SlidingTiles& board, const TwoBitEnumerateOptions& o) {
    if (o.resume && o.out.empty()) throw InputError("--resume needs --out DIR (its checkpoints)");
    const SlidingTwoBitSpace space(board);
    const std::string name = DomainIO<SlidingTiles>::name(board);
    Cluster& cluster = cluster_session();
    const SliceLayout layout = two_bit_slice_layout(space.size(), space.period(), cluster.size());
    const std::uint64_t mine = layout.size(cluster.rank());
    const bool leader = cluster.rank() == 0;
    const std::string saved =
        o.out.empty() ? "" : checkpoint_path(o.out, cluster.rank(), cluster.size());
    agree(cluster, [&] {
        require_memory(two_bit_bfs_bytes(mine),
                       "a slice of the two-bit table of " + name + " (" + std::to_string(mine) +
                           " states, 2 bits each, on rank " + std::to_string(cluster.rank()) +
                           ") and its frontier maps");
        if (!o.out.empty()) prepare_shard_directory(o.out);
        if (leader && !o.plot.empty()) check_output_path("--plot", o.plot);  // rank 0 draws
        if (!o.resume && !saved.empty())
            for (const std::string& f : {saved, previous_of(saved)})
                if (std::filesystem::exists(f))
                    throw InputError(f +
                                     ": a checkpoint of an earlier run exists; continue it with "
                                     "--resume, or delete it");
    });
    const auto header = [&](const std::vector<std::uint64_t>& layers) {
        return checkpoint_header(space, layers, cluster.rank(), cluster.size(), layout);
    };
    const std::string every = every_checkpoint(o.out, cluster.size());
    const std::vector<std::uint64_t> resume_layers =
        o.resume ? resume_checkpoint(saved, header({1}), every, cluster)
                 : std::vector<std::uint64_t>{};
    // Only now that nothing can refuse the run: a refused one leaves a finished table readable.
    if (!o.out.empty()) remove_old_manifest(o.out, cluster);
    run_collectively([&] {
        TwoBitTable slice(mine);
        TwoBitDistributedOptions options;
        options.bfs.threads = o.threads;
        options.bfs.max_depth = o.max_depth;
        options.bfs.resume_layers = resume_layers;
        if (o.resume) {
            const TableFile file = TableFile::open(saved);
            std::copy(file.payload().begin(), file.payload().end(), slice.mutable_bytes().begin());
        }
        InterruptNote note(first_interrupt_note(o, every), leader);  // one line, rank 0's
        Stopwatch since_checkpoint;
        if (!saved.empty())
            options.bfs.after_layer = [&](const std::vector<std::uint64_t>& layers) {
                int due =
                    layers.back() > 0 && since_checkpoint.seconds() >= o.checkpoint_minutes * 60;
                broadcast_value(cluster, 0, due);  // rank 0's clock, so every rank saves or none
                if (!due) return;
                save_checkpoint(saved, header(layers), slice.bytes(), cluster);
                since_checkpoint = Stopwatch();
                note.say(every + " hold the layers to depth " + std::to_string(layers.size() - 1) +
                         ": run the same command with --resume to continue");
            };
        if (leader && !o.json) {
            std::printf("%s, %llu states, two bits each (%s in all), %d ranks x %d threads\n",
                        DomainIO<SlidingTiles>::describe(board).c_str(),
                        static_cast<unsigned long long>(space.size()),
                        format_bytes(two_bit_table_bytes(space.size())).c_str(), cluster.size(),
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
        if (!o.out.empty() && r.complete) {
            write_shards(o.out, two_bit_header(space, r.layers, true), cluster, layout,
                         slice.bytes(), /*block_checksums=*/true);
            std::filesystem::remove(saved);
            std::filesystem::remove(previous_of(saved));
        } else if (!o.out.empty()) {  // --max-depth: the run so far, to continue with --resume
            save_checkpoint(saved, header(r.layers), slice.bytes(), cluster);
        }
        if (!leader) return;
        write_depth_plot(o.plot, name, r.layers,
                         r.complete ? "" : "stopped at depth " + std::to_string(r.max_depth()));
        print_two_bit_report(space, r, o);
        if (!o.plot.empty() && !o.json) std::printf("wrote %s\n", o.plot.c_str());
        if (!o.out.empty() && !o.json && r.complete)
            std::printf("wrote %s (%d shards, %s)\n", o.out.c_str(), cluster.size(),
                        format_bytes(two_bit_table_bytes(space.size())).c_str());
        else if (!o.out.empty() && !o.json)
            std::printf("wrote the checkpoints %s; continue with --resume\n",
                        checkpoint_path(o.out, 0, cluster.size()).c_str());
        check_stdout();
    });
}

}  // namespace frontier::cli
