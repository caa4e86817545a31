// `enumerate PUZZLE --two-bit [--distributed]` and `lookup` of two-bit tables, for any puzzle
// whose entry offers a two-bit space: `static auto two_bit_space(const Domain&)`, a
// StateTwoBitSpace over the domain's own states with state(index), goal_index() and a
// two_bit_identity(space) found beside it (domains/sliding/sliding_two_bit.hpp,
// domains/pancake/pancake_two_bit.hpp). The files, checkpoints and shards are the engine's
// (engine/two_bit/table_run.hpp); this file parses, shows progress and prints, with the report
// every enumeration shares (enumerate.cpp).
#pragma once

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include <frontier/engine/tables/payload_blocks.hpp>
#include <frontier/engine/two_bit/file.hpp>
#include <frontier/engine/two_bit/table_run.hpp>
#include "tools/commands/enumerate.hpp"
#include "tools/commands/lookup.hpp"

namespace frontier::cli {

namespace detail {

TwoBitFileOptions two_bit_files(const EnumerateOptions& o);
// The line before the run: what is searched and the memory it takes (ranks 0: one process).
void print_two_bit_heading(const std::string& description, std::uint64_t states, int ranks,
                           int threads);
// The progress line after a layer: states, the share reached, elapsed time and an ETA from it.
std::string two_bit_progress(int depth, std::uint64_t count, std::uint64_t reached,
                             std::uint64_t states, double seconds);
// What the interrupt line says until the run saves its first checkpoint.
std::string first_interrupt_note(const EnumerateOptions& o, const std::string& checkpoints);

template <class D, class S>
Report two_bit_report(const D& d, const S& space, const EnumerateOptions& o,
                      const TwoBitBfsResult& r) {
    Report rep = describe(d, o);
    rep.states = space.size();
    rep.result = r;
    rep.two_bit_bytes = two_bit_table_bytes(space.size());
    rep.directions = r.directions;
    for (std::uint64_t i : r.farthest)
        rep.farthest.push_back(DomainIO<D>::format(d, space.state(i)));
    return rep;
}

}  // namespace detail

template <TwoBitPuzzle P, class S>
void enumerate_two_bit_distributed(const typename P::Domain& d, const S& space,
                                   const EnumerateOptions& o) {
    const std::string name = DomainIO<typename P::Domain>::name(d);
    Cluster& cluster = cluster_session();
    const bool leader = cluster.rank() == 0;
    const SliceLayout layout = two_bit_slice_layout(space.size(), space.period(), cluster.size());
    const std::uint64_t mine = layout.size(cluster.rank());
    agree(cluster, [&] {
        require_memory(two_bit_bfs_bytes(mine),
                       "a slice of the two-bit table of " + name + " (" + std::to_string(mine) +
                           " states, 2 bits each, on rank " + std::to_string(cluster.rank()) +
                           ") and its frontier maps");
        if (!o.out.empty()) prepare_shard_directory(o.out);
        if (leader && !o.plot.empty()) check_output_path("--plot", o.plot);  // rank 0 draws
    });
    TwoBitFileOptions files = detail::two_bit_files(o);
    const std::string every = o.out.empty() ? "" : every_shard_checkpoint(o.out, cluster.size());
    InterruptNote note(detail::first_interrupt_note(o, every), leader);
    files.on_checkpoint = [&](int depth) {
        note.say(every + " hold the layers to depth " + std::to_string(depth) +
                 ": run the same command with --resume to continue");
    };
    ShardedTwoBitTableWriter writer(two_bit_identity(space), space.period(), files, cluster);
    run_collectively([&] {
        TwoBitTable slice(mine);
        if (leader && !o.json)
            detail::print_two_bit_heading(DomainIO<typename P::Domain>::describe(d), space.size(),
                                          cluster.size(), threads_per_rank(o.threads, cluster));
        ProgressLine progress(leader && !o.json && stderr_is_terminal());
        TwoBitDistributedOptions options;
        options.bfs.threads = o.threads;
        options.bfs.max_depth = o.max_depth;
        if (leader)
            options.bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
                progress.update("depth " + std::to_string(depth) + ": " + std::to_string(count) +
                                " states, " + format_seconds(seconds));
            };
        const std::uint64_t root = space.goal_index();
        const TwoBitBfsResult r = writer.run(space, {&root, 1}, slice, options);
        progress.finish();
        if (!leader) return;
        Report rep = detail::two_bit_report(d, space, o, r);
        if (!r.complete && !o.out.empty())
            rep.checkpoint = shard_checkpoint_path(o.out, 0, cluster.size());
        print_report(rep, o,
                     std::to_string(cluster.size()) + " shards, " +
                         format_bytes(two_bit_table_bytes(space.size())));
        check_stdout();
    });
}

template <class P>
void enumerate_two_bit(const typename P::Domain& d, const EnumerateOptions& o) {
    using D = typename P::Domain;
    if (o.symmetry) throw InputError("--two-bit: not with --symmetry");
    if (o.resume && o.out.empty())
        throw InputError(o.distributed ? "--resume needs --out DIR (its checkpoints)"
                                       : "--resume needs --out FILE (its checkpoint)");
    const auto space = P::two_bit_space(d);
    if (o.distributed) return enumerate_two_bit_distributed<P>(d, space, o);
    const std::string name = DomainIO<D>::name(d);
    TwoBitFileOptions files = detail::two_bit_files(o);
    InterruptNote note(detail::first_interrupt_note(o, o.out + ".checkpoint"));
    files.on_checkpoint = [&](int depth) {
        note.say(o.out + ".checkpoint holds the layers to depth " + std::to_string(depth) +
                 ": run the same command with --resume to continue");
    };
    const TwoBitTableWriter writer(two_bit_identity(space), files);
    require_memory(two_bit_bfs_bytes(space.size()),
                   "the two-bit table of " + name + " (" + std::to_string(space.size()) +
                       " states, 2 bits each) and its frontier maps");
    TwoBitTable table(space.size());
    if (!o.json)
        detail::print_two_bit_heading(DomainIO<D>::describe(d), space.size(), 0,
                                      resolve_threads(o.threads));
    ProgressLine progress(!o.json && stderr_is_terminal());
    TwoBitBfsOptions bfs;
    bfs.threads = o.threads;
    bfs.max_depth = o.max_depth;
    std::uint64_t reached = 0;
    for (std::uint64_t n : writer.resumed_layers()) reached += n;
    bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
        reached += count;
        progress.update(detail::two_bit_progress(depth, count, reached, space.size(), seconds));
    };
    const std::uint64_t root = space.goal_index();
    const TwoBitBfsResult r = writer.run(space, {&root, 1}, table, bfs);
    progress.finish();
    Report rep = detail::two_bit_report(d, space, o, r);
    if (!r.complete && !o.out.empty()) rep.checkpoint = writer.checkpoint_path();
    print_report(rep, o, format_bytes(table.bytes().size()));
}

// Lookups from an opened two-bit table of the puzzle (one file or a sharded directory).
namespace detail {

// A table to answer from: its path, header, payload, payload checksum check and block checksums.
struct TwoBitSource {
    const std::string& path;
    const TableHeader& header;
    std::span<const std::uint8_t> payload;
    std::function<void()> checksum;
    const PayloadBlocks& blocks;
};

// Reads the payload's checksum when it is small or asked to (--verify), with --verify also the
// values against the layer counts; returns what every walk is checked against.
TwoBitWalkChecks check_two_bit_source(const TwoBitSource& table,
                                      const std::vector<std::uint64_t>& layers, bool verify);
[[noreturn]] void refuse_damaged(const std::string& path, const DamagedTableError& e);

// The moves between consecutive states of a walk, in the puzzle's notation.
template <class D>
std::vector<std::string> walk_moves(const D& d, const std::vector<typename D::State>& states) {
    std::vector<std::string> moves;
    for (std::size_t i = 1; i < states.size(); ++i)
        d.for_each_successor(states[i - 1], [&](const typename D::State& child, const auto& move) {
            if (moves.size() < i && child == states[i])
                moves.push_back(DomainIO<D>::format_move(d, states[i - 1], move));
        });
    return moves;
}

template <class D, class S>
void answer_two_bit(const D& d, const S& space, const TwoBitSource& source,
                    const std::vector<std::uint64_t>& layers, const LookupRequest& request) {
    using IO = DomainIO<D>;
    check_two_bit_space(source.path, source.header, two_bit_identity(space).index, space.size());
    const TwoBitWalkChecks checks = check_two_bit_source(source, layers, request.verify);
    const BlockCheckedTwoBitView table(source.payload, source.blocks);
    const std::uint64_t root = space.goal_index();
    answer_lookups(request.states, request.json, [&](const std::string& text) {
        const auto s = IO::parse(d, text);
        Json j;
        j["state"] = IO::format(d, s);
        if (const std::string why = IO::unsolvable_reason(d, s); !why.empty()) {
            j["distance"] = nullptr;
            j["status"] = "unsolvable";
            j["reason"] = why;
            return j;
        }
        Stopwatch clock;
        std::vector<std::uint64_t> walk;
        int distance = -1;
        try {
            distance = two_bit_distance(space, table, space.index(s), root, checks,
                                        request.path ? &walk : nullptr);
        } catch (const DamagedTableError& e) {
            refuse_damaged(source.path, e);
        }
        const double micros = clock.seconds() * 1e6;
        j["distance"] = distance < 0 ? Json(nullptr) : Json(distance);
        j["status"] = distance < 0 ? "unreachable" : "ok";
        if (distance < 0) return j;
        if (request.path) {
            std::vector<typename D::State> states;
            for (std::uint64_t i : walk) states.push_back(space.state(i));
            j["moves"] = walk_moves(d, states);
        }
        j["microseconds"] = std::round(micros * 1000) / 1000;  // to the nanosecond
        return j;
    });
}

}  // namespace detail

// Registers the reader of the puzzle's two-bit tables: two-bit tables whose domain it accepts.
template <TwoBitPuzzle P>
void add_two_bit_table_reader(Registry& registry) {
    registry.add_table_reader(TableReader{
        [](const TableHeader& h) { return is_two_bit_table(h) && P::accepts(h.domain); },
        [](const TableHeader& header, OpenedTable opened, const LookupRequest& request) {
            std::visit(
                [&](auto& table) {
                    if constexpr (std::same_as<std::decay_t<decltype(table)>, TableFile>)
                        refuse_lone_shard(table.path(), table.header());  // before any size check
                    const std::vector<std::uint64_t> layers =
                        finished_two_bit_layers(table.path(), table.header());
                    const auto d = P::from_header(header);
                    const auto space = P::two_bit_space(d);
                    const PayloadBlocks blocks = blocks_of(table);
                    detail::answer_two_bit(d, space,
                                           {table.path(), table.header(), table.payload(),
                                            [&] { table.check_payload(); }, blocks},
                                           layers, request);
                },
                opened);
        }});
}

}  // namespace frontier::cli
