// `frontier enumerate PUZZLE`: every state reachable from the roots, counted by depth.
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
// SymmetryReduced view of a domain that has canonical(). A puzzle with two-bit tables offers
// two_bit_space() in its entry (tools/commands/two_bit.hpp); one too large to enumerate says why
// in kNoEnumeration.
// The report (text and JSON) is in enumerate.cpp, shared by every search and the distributed run.
#pragma once

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include <frontier/engine/distributed/distributed_bfs.hpp>
#include <frontier/engine/enumerate/bitmap_bfs.hpp>
#include <frontier/engine/enumerate/hash_bfs.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/memory.hpp>
#include <frontier/engine/symmetry.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/tables/shard_writer.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include "tools/cli/cluster_session.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/dispatch.hpp"
#include "tools/cli/stream.hpp"
#include "tools/commands/search_entry.hpp"

namespace frontier::cli {

struct EnumerateOptions {
    int threads = 0;
    int max_depth = -1;
    bool symmetry = false;
    std::string out;
    std::string plot;  // --plot FILE.svg: the states per depth, drawn (depth_plot.hpp)
    bool json = false;
    bool distributed = false;
    std::size_t show_farthest = 10;
    bool two_bit = false, resume = false, out_given = false, plot_given = false;
    double checkpoint_minutes = 10;
    // What to do when the table does not fit the memory: the puzzle entry's kTooBigHint, if any.
    std::string too_big_hint;
};

// What every enumeration reports, whichever search ran.
struct Report {
    std::string name, spec, description, goal, metric, start;
    std::optional<std::uint64_t> states;  // the ranked space's size (perfect-hash domains)
    bool symmetry = false;
    LayeredBfsResult result;
    std::vector<std::string> farthest;  // formatted, at most 1000
    // A two-bit table's (tools/commands/two_bit.hpp): its heading is printed before the run, its
    // layers' directions after it.
    std::optional<std::uint64_t> two_bit_bytes;
    std::string directions;
    std::string checkpoint;  // a run that stopped early saved this instead of --out
};

template <class D>
Report describe(const D& d, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    Report rep;
    rep.name = IO::name(d);
    rep.spec = IO::spec(d);
    rep.description = IO::describe(d);
    rep.goal = IO::goal_text(d);
    if constexpr (HasMetricText<D>) rep.metric = IO::metric(d);
    rep.symmetry = o.symmetry;
    return rep;
}

// Writes the --plot file, if asked for, then prints the report (as text, or as one JSON object
// with --json; the report names the plot), then, for --out without --json, "wrote OUT (what)".
void print_report(const Report& rep, const EnumerateOptions& o, const std::string& what);
// enumerate's options every puzzle takes (the puzzle adds its own), and their summary for the
// verb's help.
void add_enumerate_options(CLI::App& cmd, EnumerateOptions& o);
std::string enumerate_help();

template <class S>
std::vector<typename S::State> roots_of(const S& searched) {
    if constexpr (HasEnumerationRoots<S>)
        return searched.enumeration_roots();
    else
        return {searched.goal()};
}

// Runs the search that fits `searched` (the domain d itself or its symmetry reduction) and fills
// the report; formatting goes through d's DomainIO. A ranked domain whose depth_bound() passes
// a byte's 254 goes to the hash sets, which have no depth cap. Over 60 lines: the three searches
// (dense table, bitmaps, hash sets) share the report, the progress line and the farthest states.
template <class S>
bool one_byte_table_fits(const S& searched) {
    if constexpr (!PerfectHashDomain<S>)
        return false;
    else if constexpr (requires { searched.depth_bound(); })
        return searched.depth_bound() <= 254;
    else
        return true;
}

template <class S, class D>
void run(const S& searched, const D& d, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    using State = typename D::State;
    Report rep = describe(d, o);
    const std::vector<State> roots = roots_of(searched);
    if constexpr (HasEnumerationRoots<S>)
        for (const State& s : roots)
            rep.start += (rep.start.empty() ? "" : " | ") + IO::format(d, s);
    // No ETA: how many states the start reaches is what the run finds out (a ranked space's
    // size counts unreachable states too).
    const InterruptNote note("nothing was saved (a table is written only when the run ends)");
    ProgressLine progress(true);
    LayeredBfsOptions bfs;
    bfs.threads = o.threads;
    bfs.max_depth = o.max_depth;
    std::uint64_t reached = 0;
    bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
        reached += count;
        progress.update("depth " + std::to_string(depth) + ": " + std::to_string(count) +
                        " states (" + std::to_string(reached) + " in all), " +
                        format_rate(reached / std::max(seconds, 1e-9)) + " states/s, " +
                        format_duration(seconds));
    };
    const std::string what = "enumerating " + rep.name;
    if (one_byte_table_fits(searched)) {
        if constexpr (PerfectHashDomain<S>) {
            require_memory(layered_bfs_bytes(d.size()),
                           what + " (" + std::to_string(d.size()) + " states, 1.25 bytes each)",
                           o.too_big_hint);
            DistanceTable table(d.size());
            rep.states = d.size();
            rep.result =
                layered_bfs(searched, std::span<const State>(roots), table.mutable_bytes(), bfs);
            progress.finish();
            for (std::uint64_t rank : rep.result.farthest)
                rep.farthest.push_back(IO::format(d, d.unrank(rank)));
            if (!o.out.empty()) save_distance_table(o.out, d, rep.result, table);
        }
    } else {
        if (!o.out.empty())
            throw InputError("--out: " + rep.name +
                             (PerfectHashDomain<S> ? " is deeper than a one-byte distance table "
                                                     "holds (254), so there is no table to save"
                                                   : " has no dense rank, so there is no "
                                                     "distance table to save"));
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
            rep.result = r;
            for (const State& s : r.farthest_states) rep.farthest.push_back(IO::format(d, s));
        }
        progress.finish();
    }
    print_report(rep, o, format_bytes(*rep.states));
}

// --out DIR for a distributed run: the directory exists (created if needed).
void prepare_shard_directory(const std::string& dir);

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
        if (!o.out.empty()) prepare_shard_directory(o.out);
        if (leader && !o.plot.empty()) check_output_path("--plot", o.plot);  // rank 0 draws
    });
    if (!o.out.empty()) remove_old_manifest(o.out, cluster);
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
        if (!o.out.empty()) save_distance_shards(o.out, d, r, cluster, layout, slice.span());
        if (!leader) return;
        Report rep = describe(d, o);
        rep.states = d.size();
        rep.result = r;
        for (std::uint64_t rank : r.farthest)
            rep.farthest.push_back(DomainIO<D>::format(d, d.unrank(rank)));
        print_report(rep, o, std::to_string(cluster.size()) + " shards, " + format_bytes(d.size()));
        check_stdout();
    });
}

// A puzzle whose entry offers a two-bit space, and its two-bit enumeration
// (tools/commands/two_bit.hpp, which its entry's file includes).
template <class P>
concept TwoBitPuzzle = requires(const typename P::Domain& d) {
    P::two_bit_space(d);
};
template <class P>
void enumerate_two_bit(const typename P::Domain& d, const EnumerateOptions& o);

template <SearchPuzzle P>
void enumerate(const typename P::Domain& d, const typename P::Options& own,
               const EnumerateOptions& o, const Registry& registry) {
    using D = typename P::Domain;
    if (o.out_given && !o.distributed) check_output_path("--out", o.out);
    // Before the search, so a bad path costs no computation (distributed: checked by rank 0).
    if (o.plot_given && !o.distributed) check_output_path("--plot", o.plot);
    if (o.two_bit) {
        if constexpr (TwoBitPuzzle<P>)
            return enumerate_two_bit<P>(d, o);
        else
            throw InputError("--two-bit: only " + registry.offered("two-bit") +
                             " have two-bit tables (" + DomainIO<D>::name(d) + " has not)");
    }
    if (o.resume) throw InputError("--resume: only with --two-bit");
    if constexpr (requires { P::kNoEnumeration; })
        throw InputError("enumerate: " + DomainIO<D>::name(d) + " " +
                         std::string(P::kNoEnumeration));
    else if (o.distributed) {
        if constexpr (PerfectHashDomain<D>)
            enumerate_distributed(d, o);
        else
            throw InputError("--distributed: " + DomainIO<D>::name(d) +
                             " has no perfect hash (ranks split a distance table by rank)");
    } else if (!o.symmetry) {
        EnumerateOptions with_hint = o;
        if constexpr (requires { P::kTooBigHint; }) with_hint.too_big_hint = P::kTooBigHint;
        return run(d, d, with_hint);
    } else if constexpr (SymmetricDomain<D>)
        run(SymmetryReduced<D>(d), d, o);
    else
        throw InputError("--symmetry: " + DomainIO<D>::name(d) + " has no symmetry reduction");
}

// Registers `enumerate` for the puzzle: the common options and the puzzle's own.
template <SearchPuzzle P>
requires BuildsDomains<P>
void add_enumerate_verb(Registry& registry) {
    // A puzzle that cannot be enumerated keeps its handler (for the reason why) off the list.
    constexpr bool listed = !requires {
        P::kNoEnumeration;
    };
    registry.add("enumerate",
                 PuzzleHandler{listed ? std::string(P::kNames) : "", P::accepts,
                               [&registry](CLI::App& cmd, const std::string& name) {
                                   auto o = std::make_shared<EnumerateOptions>();
                                   auto own = std::make_shared<typename P::Options>();
                                   cmd.description("Count every state of " + name +
                                                   " reachable from its roots, by depth.");
                                   own->add(cmd, Use::enumerate);
                                   add_enumerate_options(cmd, *o);
                                   if (!P::kExample.enumerate.empty()) {
                                       const std::string args(P::kExample.enumerate);
                                       cmd.footer(examples_block(
                                           {"frontier enumerate " + args,
                                            "frontier enumerate " + args + " --format json"}));
                                   }
                                   cmd.callback([o, own, &cmd, &registry, name] {
                                       o->out_given = cmd.count("--out") > 0;
                                       o->plot_given = cmd.count("--plot") > 0;
                                       // errors alike on every rank print once
                                       if (o->distributed) cluster_session();
                                       enumerate<P>(P::make_domain(name, *own), *own, *o, registry);
                                   });
                               }});
}

}  // namespace frontier::cli
