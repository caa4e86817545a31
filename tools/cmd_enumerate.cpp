// frontier enumerate: every state reachable from the roots, counted by depth.
//
// The engine search depends on what the domain offers:
//   a perfect hash (sliding tiles, pocket cube)  layered_bfs fills a distance table (--out saves
//                                                it); with --distributed, over the ranks of an
//                                                MPI job, each rank holding one slice of the
//                                                table and writing it as one shard
//   an injective index (peg solitaire)           layered_bitmap_bfs over 2^k-bit layer bitmaps
//   neither (sliding blocks)                     layered_hash_bfs over sharded hash sets
// The roots are the domain's enumeration_roots() when it has them (peg solitaire and sliding
// blocks count from their start), else its goal (distances to the goal). --symmetry searches the
// SymmetryReduced view of a domain that has canonical().
//
// Why over 400 lines: one report (text and JSON) serves all four searches and the distributed
// run, so they stay in one file; the two-bit tables have their own (tools/cmd_two_bit.cpp) and
// only their option routing is here.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>

#include "engine/bitmap_bfs.hpp"
#include "engine/distance_table.hpp"
#include "engine/distributed_bfs.hpp"
#include "engine/hash_bfs.hpp"
#include "engine/layered_bfs.hpp"
#include "engine/memory.hpp"
#include "engine/sharded_table.hpp"
#include "engine/symmetry.hpp"
#include "tools/cli_common.hpp"
#include "tools/cluster_session.hpp"
#include "tools/commands.hpp"
#include "tools/domain_registry.hpp"
#include "tools/two_bit_commands.hpp"

namespace frontier::cli {

namespace {

struct EnumerateOptions {
    std::string domain;
    DomainOptions domain_options;
    int threads = 0;
    int max_depth = -1;
    bool symmetry = false;
    std::string out;
    bool json = false;
    bool distributed = false;
    std::size_t show_farthest = 10;
    bool two_bit = false, resume = false, out_given = false;
    double checkpoint_minutes = 10;
};

// What every enumeration reports, whichever search ran.
struct Report {
    std::string name, spec, description, goal, metric, start;
    std::optional<std::uint64_t> states;  // the ranked space's size (perfect-hash domains)
    bool symmetry = false;
    LayeredBfsResult result;
    std::vector<std::string> farthest;  // formatted, at most 1000
};

template <class D>
Report describe(const D& d, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    Report rep;
    rep.name = IO::name(d);
    rep.spec = IO::spec(d);
    rep.description = IO::describe(d);
    rep.goal = IO::goal_text(d);
    if constexpr (requires { IO::metric(d); }) rep.metric = IO::metric(d);
    rep.symmetry = o.symmetry;
    return rep;
}

template <class D>
TableHeader distance_header(const D& d, const LayeredBfsResult& r) {
    TableHeader h;
    h.kind = "distance";
    h.domain = DomainIO<D>::spec(d);
    h.goal = DomainIO<D>::goal_text(d);
    h.entries = d.size();
    h.entry_bits = 8;
    h.max_value = r.max_depth();
    if constexpr (requires { DomainIO<D>::metric(d); })
        h.set_field("metric", DomainIO<D>::metric(d));
    h.set_field("reached", std::to_string(r.reached));
    return h;
}

void print_text(const Report& rep, const EnumerateOptions& o) {
    const LayeredBfsResult& r = rep.result;
    if (rep.states && o.distributed)
        std::printf("%s, %llu states, %d ranks x %d threads\n", rep.description.c_str(),
                    static_cast<unsigned long long>(*rep.states), r.processes, r.threads);
    else if (rep.states)
        std::printf("%s, %llu states, %d threads\n", rep.description.c_str(),
                    static_cast<unsigned long long>(*rep.states), r.threads);
    else
        std::printf("%s, from %s%s, %d threads\n", rep.description.c_str(), rep.start.c_str(),
                    rep.symmetry ? ", up to symmetry" : "", r.threads);
    std::printf("depth  %12s\n", "states");
    for (std::size_t i = 0; i < r.layers.size(); ++i)
        std::printf("%5zu  %12llu\n", i, static_cast<unsigned long long>(r.layers[i]));
    if (!rep.states || r.reached != *rep.states)
        std::printf("reached %llu%s states%s\n", static_cast<unsigned long long>(r.reached),
                    rep.states ? (" of " + std::to_string(*rep.states)).c_str() : "",
                    rep.symmetry ? " (up to symmetry)" : "");
    if (!r.complete)
        std::printf("stopped at depth %d (--max-depth): deeper states were not searched\n",
                    r.max_depth());
    std::string farthest;
    for (std::size_t i = 0; i < rep.farthest.size() && i < o.show_farthest; ++i)
        farthest += (i ? " | " : "") + rep.farthest[i];
    const std::uint64_t at_max = r.layers.empty() ? 0 : r.layers.back();
    if (at_max > std::min<std::uint64_t>(o.show_farthest, rep.farthest.size()))
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

void print_json_report(const Report& rep, const EnumerateOptions& o) {
    const LayeredBfsResult& r = rep.result;
    Json j;
    j["domain"] = rep.name;
    j["spec"] = rep.spec;
    j["goal"] = rep.goal;
    if (!rep.metric.empty()) j["metric"] = rep.metric;
    if (!rep.start.empty()) j["start"] = rep.start;
    j["symmetry"] = rep.symmetry;
    j["states"] = rep.states ? *rep.states : r.reached;
    j["reached"] = r.reached;
    j["max_depth"] = r.max_depth();
    j["complete"] = r.complete;
    j["layers"] = r.layers;
    j["farthest"] = rep.farthest;
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

template <class S>
std::vector<typename S::State> roots_of(const S& searched) {
    if constexpr (HasEnumerationRoots<S>)
        return searched.enumeration_roots();
    else
        return {searched.goal()};
}

// Runs the search that fits `searched` (the domain d itself or its symmetry reduction) and fills
// the report; formatting goes through d's DomainIO.
template <class S, class D>
void run(const S& searched, const D& d, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    using State = typename D::State;
    Report rep = describe(d, o);
    const std::vector<State> roots = roots_of(searched);
    if constexpr (HasEnumerationRoots<S>)
        for (const State& s : roots)
            rep.start += (rep.start.empty() ? "" : " | ") + IO::format(d, s);
    ProgressLine progress(!o.json && stderr_is_terminal());
    LayeredBfsOptions bfs;
    bfs.threads = o.threads;
    bfs.max_depth = o.max_depth;
    bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
        progress.update("depth " + std::to_string(depth) + ": " + std::to_string(count) +
                        " states, " + format_seconds(seconds));
    };
    const std::string what = "enumerating " + rep.name;
    if constexpr (PerfectHashDomain<S>) {
        require_memory(layered_bfs_bytes(d.size()),
                       what + " (" + std::to_string(d.size()) + " states, 1.25 bytes each)");
        DistanceTable table(d.size());
        rep.states = d.size();
        rep.result =
            layered_bfs(searched, std::span<const State>(roots), table.mutable_bytes(), bfs);
        progress.finish();
        for (std::uint64_t rank : rep.result.farthest)
            rep.farthest.push_back(IO::format(d, d.unrank(rank)));
        if (!o.out.empty()) write_table_file(o.out, distance_header(d, rep.result), table.bytes());
    } else {
        if (!o.out.empty())
            throw InputError("--out: " + rep.name +
                             " has no dense rank, so there is no distance table to save");
        if constexpr (IndexedDomain<S>) {
            const int bits = searched.index_bits();
            require_memory(bitmap_bfs_bytes(bits, GradedDomain<S>),
                           what + " (" + std::to_string(GradedDomain<S> ? 2 : 3) +
                               " bitmaps of 2^" + std::to_string(bits) + " bits)");
            rep.result = layered_bitmap_bfs(searched, std::span<const State>(roots), bfs);
            for (std::uint64_t i : rep.result.farthest)
                rep.farthest.push_back(IO::format(d, searched.from_index(i)));
        } else {
            HashBfsOptions hash;
            static_cast<LayeredBfsOptions&>(hash) = bfs;
            hash.memory_limit = available_memory_bytes() / 10 * 6;
            const HashBfsResult<S> r =
                layered_hash_bfs(searched, std::span<const State>(roots), hash);
            rep.result = r.stats;
            for (const State& s : r.farthest) rep.farthest.push_back(IO::format(d, s));
        }
        progress.finish();
    }
    if (o.json)
        print_json_report(rep, o);
    else
        print_text(rep, o);
    if (!o.out.empty() && !o.json)
        std::printf("wrote %s (%s)\n", o.out.c_str(), format_bytes(*rep.states).c_str());
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
        Report rep = describe(d, o);
        rep.states = d.size();
        rep.result = r;
        for (std::uint64_t rank : r.farthest)
            rep.farthest.push_back(DomainIO<D>::format(d, d.unrank(rank)));
        if (o.json)
            print_json_report(rep, o);
        else
            print_text(rep, o);
        if (!o.out.empty() && !o.json)
            std::printf("wrote %s (%d shards, %s)\n", o.out.c_str(), cluster.size(),
                        format_bytes(d.size()).c_str());
        std::fflush(stdout);
    });
}

// --two-bit: sliding-tile boards only (the index needs a 64-bit rank and the bipartite walk).
template <class D>
void enumerate_two_bit_table(const D& d, const EnumerateOptions& o) {
    if constexpr (!std::same_as<D, SlidingTiles>) {
        throw InputError(
            "--two-bit: only sliding-tile boards of up to 16 cells have two-bit "
            "tables (" +
            DomainIO<D>::name(d) + " has not)");
    } else {
        if (o.distributed || o.symmetry)
            throw InputError("--two-bit: not with --distributed or --symmetry");
        TwoBitEnumerateOptions t;
        t.threads = o.threads;
        t.max_depth = o.max_depth;
        t.out = o.out;
        t.resume = o.resume;
        t.checkpoint_minutes = o.checkpoint_minutes;
        t.json = o.json;
        t.show_farthest = o.show_farthest;
        enumerate_two_bit(d, t);
    }
}

template <class D>
void enumerate(const D& d, const EnumerateOptions& o) {
    if (o.out_given && !o.distributed) check_output_path("--out", o.out);
    if (o.two_bit) return enumerate_two_bit_table(d, o);
    if (o.resume) throw InputError("--resume: only with --two-bit");
    // The 24-puzzle's 7.8e24 states would only run a hash BFS out of memory after minutes.
    if constexpr (std::same_as<D, WideSlidingTiles>)
        throw InputError("enumerate: " + DomainIO<D>::name(d) +
                         " has no perfect hash (its space is too large to enumerate)");
    else if (o.distributed) {
        if constexpr (PerfectHashDomain<D>)
            enumerate_distributed(d, o);
        else
            throw InputError("--distributed: " + DomainIO<D>::name(d) +
                             " has no perfect hash (ranks split a distance table by rank)");
    } else if (!o.symmetry)
        return run(d, d, o);
    else if constexpr (SymmetricDomain<D>)
        run(SymmetryReduced<D>(d), d, o);
    else
        throw InputError("--symmetry: " + DomainIO<D>::name(d) + " has no symmetry reduction");
}

}  // namespace

void add_enumerate_command(CLI::App& app) {
    auto o = std::make_shared<EnumerateOptions>();
    CLI::App* cmd = app.add_subcommand(
        "enumerate",
        "Visit every state reachable from the goal (or, for peg solitaire and sliding blocks, from "
        "the start) by parallel layered BFS and print the number of states at each depth.");
    cmd->add_option("domain", o->domain, "domain: " + domain_names_help())->required();
    cmd->add_option("--goal", o->domain_options.goal,
                    "goal state (default: the domain's standard goal)");
    cmd->add_option("--metric", o->domain_options.metric,
                    "pocket-cube: htm (default) or qtm; klotski, dads-puzzle, sliding-blocks: "
                    "piece (default), straight or steps");
    cmd->add_option("--board", o->domain_options.board,
                    "peg-solitaire: english (default, 33 holes) or french (37 holes)");
    cmd->add_option("--layout", o->domain_options.layout,
                    "sliding-blocks: the tray and pieces (see docs/formats.md)");
    cmd->add_flag("--symmetry", o->symmetry,
                  "count states up to the board's symmetries (peg-solitaire: 8)");
    cmd->add_option("--max-depth", o->max_depth, "stop after this depth (default: none)")
        ->check(CLI::NonNegativeNumber);
    add_threads_option(cmd, o->threads);
    cmd->add_option("--out", o->out,
                    "save the distance table to FILE (perfect-hash domains: sliding tiles, "
                    "pocket-cube; 1 byte per state; see docs/formats.md); with --distributed, to "
                    "the directory DIR as one shard per rank");
    cmd->add_flag("--distributed", o->distributed,
                  std::string(kDistributedHelp) +
                      "; perfect-hash domains; each rank owns one slice of the table; --threads "
                      "counts per rank (default: the host's cores shared among its ranks)");
    cmd->add_flag("--two-bit", o->two_bit,
                  "sliding tiles up to 16 cells: keep 2 bits per state (depth mod 3) instead of "
                  "one byte, so 7x2 (43.6 billion states) fits in 10.2 GiB; lookup walks the "
                  "exact distance down the table");
    cmd->add_flag("--resume", o->resume,
                  "--two-bit: continue from FILE.checkpoint, the table saved by an interrupted "
                  "run with the same --out FILE");
    cmd->add_option("--checkpoint-minutes", o->checkpoint_minutes,
                    "--two-bit with --out: save FILE.checkpoint after a layer at most this often "
                    "(default 10; 0: after every layer)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--json", o->json, "print one JSON object instead of the table");
    cmd->add_option("--show-farthest", o->show_farthest,
                    "how many farthest states to print (default 10)");
    cmd->footer(
        "Sliding tiles: states are tiles row by row, numbers separated by spaces or commas, or\n"
        "one hex digit per cell (\"123456780\"); 0, _ or . is the blank. pocket-cube: 24\n"
        "facelets. peg-solitaire: x peg, . hole, rows split by '/'. Blocks: grid rows split by\n"
        "'/'. docs/formats.md has the details.\n"
        "Examples: frontier enumerate 8puzzle --out 8puzzle.table\n"
        "          frontier enumerate pocket-cube --metric qtm\n"
        "          frontier enumerate peg-solitaire --symmetry\n"
        "          frontier enumerate klotski\n"
        "          frontier enumerate sliding:7x2 --two-bit --out 7x2.table\n"
        "          mpirun -np 4 frontier enumerate sliding:4x3 --distributed --out 4x3/\n");
    cmd->callback([o, cmd] {
        o->out_given = cmd->count("--out") > 0;
        if (o->distributed) cluster_session();  // errors alike on every rank print once
        std::visit([&](const auto& d) { enumerate(d, *o); },
                   make_domain(o->domain, o->domain_options));
    });
}

}  // namespace frontier::cli
