// frontier enumerate: the full distance table of a perfect-hash domain by parallel layered BFS,
// in this process or (--distributed) over the ranks of an MPI job, each rank holding one slice of
// the table and writing it as one shard of a sharded table directory.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>

#include "engine/distance_table.hpp"
#include "engine/distributed_bfs.hpp"
#include "engine/layered_bfs.hpp"
#include "engine/memory.hpp"
#include "engine/sharded_table.hpp"
#include "tools/cli_common.hpp"
#include "tools/cluster_session.hpp"
#include "tools/commands.hpp"
#include "tools/domain_registry.hpp"

namespace frontier::cli {

namespace {

struct EnumerateOptions {
    std::string domain;
    DomainOptions domain_options;
    int threads = 0;
    std::string out;
    bool json = false;
    bool distributed = false;
    std::size_t show_farthest = 10;
};

template <class D>
TableHeader distance_header(const D& d, const LayeredBfsResult& r) {
    TableHeader h;
    h.kind = "distance";
    h.domain = DomainIO<D>::spec(d);
    h.goal = DomainIO<D>::goal_text(d);
    h.entries = d.size();
    h.entry_bits = 8;
    h.max_value = r.max_depth();
    h.set_field("reached", std::to_string(r.reached));
    return h;
}

template <class D>
void print_text(const D& d, const LayeredBfsResult& r, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    if (o.distributed)
        std::printf("%s, %llu states, %d ranks x %d threads\n", IO::describe(d).c_str(),
                    static_cast<unsigned long long>(d.size()), r.processes, r.threads);
    else
        std::printf("%s, %llu states, %d threads\n", IO::describe(d).c_str(),
                    static_cast<unsigned long long>(d.size()), r.threads);
    std::printf("depth  %12s\n", "states");
    for (std::size_t i = 0; i < r.layers.size(); ++i)
        std::printf("%5zu  %12llu\n", i, static_cast<unsigned long long>(r.layers[i]));
    if (r.reached != d.size())
        std::printf("reached %llu of %llu states\n", static_cast<unsigned long long>(r.reached),
                    static_cast<unsigned long long>(d.size()));
    std::string farthest;
    for (std::size_t i = 0; i < r.farthest.size() && i < o.show_farthest; ++i)
        farthest += (i ? " | " : "") + IO::format(d, d.unrank(r.farthest[i]));
    const std::uint64_t at_max = r.layers.empty() ? 0 : r.layers.back();
    if (at_max > o.show_farthest)
        farthest += " | ... (" + std::to_string(at_max) + " states in all)";
    std::printf("max depth %d: %s\n", r.max_depth(), farthest.c_str());
    std::printf("%s, %s states/s\n", format_seconds(r.seconds).c_str(),
                format_rate(static_cast<double>(r.reached) / std::max(r.seconds, 1e-9)).c_str());
    if (o.distributed)
        std::printf("exchanged between ranks: %llu children, %s (%.2f bytes per state)\n",
                    static_cast<unsigned long long>(r.exchanged),
                    format_bytes(r.exchanged_bytes).c_str(),
                    static_cast<double>(r.exchanged_bytes) / std::max<std::uint64_t>(r.reached, 1));
}

template <class D>
void print_json_report(const D& d, const LayeredBfsResult& r, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    Json j;
    j["domain"] = IO::name(d);
    j["spec"] = IO::spec(d);
    j["goal"] = IO::goal_text(d);
    j["states"] = d.size();
    j["reached"] = r.reached;
    j["max_depth"] = r.max_depth();
    j["layers"] = r.layers;
    Json far = Json::array();
    for (std::uint64_t rank : r.farthest) far.push_back(IO::format(d, d.unrank(rank)));
    j["farthest"] = far;
    j["farthest_count"] = r.layers.empty() ? 0 : r.layers.back();
    j["seconds"] = r.seconds;
    j["states_per_second"] = static_cast<double>(r.reached) / std::max(r.seconds, 1e-9);
    j["threads"] = r.threads;
    if (o.distributed) {
        j["ranks"] = r.processes;
        j["exchanged"] = r.exchanged;
        j["exchanged_bytes"] = r.exchanged_bytes;
    }
    if (!o.out.empty()) j["out"] = o.out;
    print_json(j);
}

// --out DIR for a distributed run: the directory exists (created if needed) and holds no
// manifest any more (rank 0 removes an old one, so readers never pair it with new shards).
void prepare_shard_directory(const std::string& dir, bool remove_manifest) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (!std::filesystem::is_directory(dir))
        throw InputError("--out " + dir + ": with --distributed, --out names a directory (" +
                         (ec ? ec.message() : std::string("it is a file")) + ")");
    if (remove_manifest) {
        std::filesystem::remove(std::filesystem::path(dir) / kManifestName, ec);
        if (ec)
            throw InputError("--out " + dir + ": cannot remove the old manifest: " + ec.message());
    }
}

// Every rank writes its slice as one shard; then rank 0 writes the manifest.
template <class D>
void write_shards(const D& d, const LayeredBfsResult& r, const EnumerateOptions& o,
                  Cluster& cluster, const SliceLayout& layout,
                  std::span<const std::uint8_t> slice) {
    std::uint64_t id = 0;
    if (cluster.rank() == 0) id = std::random_device{}() * 0x100000001ull ^ std::random_device{}();
    broadcast_value(cluster, 0, id);
    char id_text[17];
    std::snprintf(id_text, sizeof id_text, "%016llx", static_cast<unsigned long long>(id));
    const TableHeader whole = distance_header(d, r);
    write_table_shard(o.out, whole, cluster.rank(), cluster.size(), layout.first(cluster.rank()),
                      id_text, slice);
    cluster.barrier();
    if (cluster.rank() == 0) {
        std::vector<std::uint64_t> firsts, sizes;
        for (int p = 0; p < cluster.size(); ++p) {
            firsts.push_back(layout.first(p));
            sizes.push_back(layout.size(p));
        }
        write_table_manifest(o.out, whole, id_text, firsts, sizes);
    }
    cluster.barrier();
}

template <class D>
void enumerate_distributed(const D& d, const EnumerateOptions& o) {
    Cluster& cluster = cluster_session();
    const SliceLayout layout(d.size(), cluster.size());
    const std::uint64_t mine = layout.size(cluster.rank());
    const bool leader = cluster.rank() == 0;
    agree(cluster, [&] {
        require_memory(layered_bfs_bytes(mine), "enumerating a slice of " + DomainIO<D>::name(d) +
                                                    " (" + std::to_string(mine) +
                                                    " states, 1.25 bytes each, on rank " +
                                                    std::to_string(cluster.rank()) + ")");
        if (!o.out.empty()) prepare_shard_directory(o.out, leader);
    });
    run_collectively([&] {
        BigArray<std::uint8_t> slice(mine);
        ProgressLine progress(leader && !o.json && stderr_is_terminal());
        DistributedBfsOptions options;
        options.bfs.threads = o.threads;
        if (leader)
            options.bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
                progress.update("depth " + std::to_string(depth) + ": " + std::to_string(count) +
                                " states, " + format_seconds(seconds));
            };
        const auto goal = d.goal();
        const LayeredBfsResult r = layered_bfs_distributed(
            d, std::span<const typename D::State>(&goal, 1), slice.span(), cluster, options);
        progress.finish();
        if (!o.out.empty()) write_shards(d, r, o, cluster, layout, slice.span());
        if (!leader) return;
        if (o.json)
            print_json_report(d, r, o);
        else
            print_text(d, r, o);
        if (!o.out.empty() && !o.json)
            std::printf("wrote %s (%d shards, %s)\n", o.out.c_str(), cluster.size(),
                        format_bytes(d.size()).c_str());
        std::fflush(stdout);
    });
}

template <class D>
void enumerate(const D& d, const EnumerateOptions& o) {
    if constexpr (!PerfectHashDomain<D>) {
        throw InputError("enumerate: " + DomainIO<D>::name(d) +
                         " has no perfect hash (its space is too large to table)");
    } else if (o.distributed) {
        enumerate_distributed(d, o);
    } else {
        require_memory(layered_bfs_bytes(d.size()), "enumerating " + DomainIO<D>::name(d) + " (" +
                                                        std::to_string(d.size()) +
                                                        " states, 1.25 bytes each)");
        DistanceTable table(d.size());
        ProgressLine progress(!o.json && stderr_is_terminal());
        LayeredBfsOptions bfs;
        bfs.threads = o.threads;
        bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
            progress.update("depth " + std::to_string(depth) + ": " + std::to_string(count) +
                            " states, " + format_seconds(seconds));
        };
        const auto goal = d.goal();
        const LayeredBfsResult r = layered_bfs(d, std::span<const typename D::State>(&goal, 1),
                                               table.mutable_bytes(), bfs);
        progress.finish();
        if (!o.out.empty()) write_table_file(o.out, distance_header(d, r), table.bytes());
        if (o.json)
            print_json_report(d, r, o);
        else
            print_text(d, r, o);
        if (!o.out.empty() && !o.json)
            std::printf("wrote %s (%s)\n", o.out.c_str(), format_bytes(d.size()).c_str());
    }
}

}  // namespace

void add_enumerate_command(CLI::App& app) {
    auto o = std::make_shared<EnumerateOptions>();
    CLI::App* cmd = app.add_subcommand(
        "enumerate",
        "Compute the exact distance of every state from the goal (parallel layered BFS) and "
        "print the number of states at each depth.");
    cmd->add_option("domain", o->domain, "domain: " + domain_names_help())->required();
    cmd->add_option("--goal", o->domain_options.goal,
                    "goal state (default: tiles in order, blank last)");
    add_threads_option(cmd, o->threads);
    cmd->add_option("--out", o->out,
                    "save the distance table to FILE (1 byte per state; see docs/formats.md); "
                    "with --distributed, to the directory DIR as one shard per rank");
    cmd->add_flag("--distributed", o->distributed,
                  std::string(kDistributedHelp) +
                      "; each rank owns one slice of the table; --threads counts per rank "
                      "(default: the host's cores shared among its ranks)");
    cmd->add_flag("--json", o->json, "print one JSON object instead of the table");
    cmd->add_option("--show-farthest", o->show_farthest,
                    "how many farthest states to print (default 10)");
    cmd->footer(
        "States: tiles row by row, numbers separated by spaces or commas, or one hex digit per\n"
        "cell (\"123456780\"); 0, _ or . is the blank.\n"
        "Example: frontier enumerate 8puzzle --out 8puzzle.table\n"
        "         mpirun -np 4 frontier enumerate sliding:4x3 --distributed --out 4x3/\n");
    cmd->callback([o] {
        if (o->distributed) cluster_session();  // errors alike on every rank print once
        std::visit([&](const auto& d) { enumerate(d, *o); },
                   make_domain(o->domain, o->domain_options));
    });
}

}  // namespace frontier::cli
