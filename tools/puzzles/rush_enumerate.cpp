// frontier rush enumerate: the census of the Rush Hour universe (domains/rush/rush_census.hpp)
// run by the engine's unit runner (engine/units/run.hpp): here only its options, checks and run
// (the report is in rush_enumerate_report.cpp).
#include <functional>
#include <iostream>
#include <map>
#include <memory>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/engine/distributed/cluster.hpp>
#include <frontier/engine/io/atomic_write.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/cluster_session.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/cli/progress.hpp"
#include "tools/cli/stream.hpp"
#include "tools/puzzles/rush_bulk.hpp"
#include "tools/puzzles/rush_enumerate_report.hpp"

namespace frontier::cli {

namespace {

// The run, after the set-up every rank agreed on (an error from here on ends a distributed job).
void run_census(const RushEnumerateOptions& o, UnitRun& run, RushTally& tally,
                const Stopwatch& clock) {
    const UnitRunSummary s = run.run();
    if (o.distributed && cluster_session().rank() != 0) return;
    const double seconds = clock.seconds();
    if (s.complete && o.out.empty()) write_out(tally.database());
    if (o.json)
        print_json(summary_json(o, s, tally, seconds));
    else
        print_summary(o, s, tally, seconds);
    check_stdout();
}

void enumerate(const RushEnumerateOptions& o) {
    // The database holds solvable clusters only: its census starts from goal states; the exact
    // counts of every cluster need every cluster's minimum.
    const RushUniverse universe(o.size, o.walls,
                                o.all_clusters ? RushCandidates::Packed : RushCandidates::Goal);
    // --out is checked before the census (hours on 6x6), not when the database is written.
    if (o.out_given && !o.distributed) check_output_path("--out", o.out);
    if (o.out.empty() &&
        (o.resume || o.max_units > 0 || o.json || !o.shard.empty() || !o.imports.empty()))
        throw InputError(
            "enumerate: --resume, --max-units, --shard, --import and --json need --out FILE");
    Stopwatch clock;
    RushTally tally;
    // Costs are counted when that is quick (sizes 4 and 5, wall-free 6 x 6), and always over
    // ranks, where the biggest-first order keeps the last rank from finishing late.
    const bool estimate = o.size < 6 || o.walls == 0 || o.distributed;
    const UnitJob job = rush_census_job(universe, o.all_clusters, estimate, tally);
    ProgressLine progress(true);
    UnitRunOptions options{.checkpoint = o.out.empty() ? "" : o.out + ".checkpoint",
                           .resume = o.resume,
                           .shard = parse_unit_shard(o.shard, "--shard"),
                           .imports = o.imports,
                           .max_units = o.max_units,
                           .threads = o.threads};
    std::uint64_t before = 0;  // candidates recovered and imported
    options.progress = [&](const UnitProgress& p) {
        const auto total =
            p.cost_pending > 0 ? before + static_cast<std::uint64_t>(p.cost_pending) : 0;
        if (progress.enabled()) progress.update(progress_text(tally, p, total, clock.seconds()));
    };
    options.notice = [&](const std::string& text) {
        progress.finish();
        if (!quiet()) std::cerr << "frontier: " << text << "\n";
    };
    options.on_complete = [&] {
        progress.finish();
        if (!o.out.empty()) write_file_atomically(o.out, tally.database());
    };
    Cluster* cluster = o.distributed ? &cluster_session() : nullptr;
    if (cluster) options.threads = threads_per_rank(o.threads, *cluster);
    if (cluster)  // rank 0 writes the database
        agree(*cluster, [&] {
            if (o.out_given && cluster->rank() == 0) check_output_path("--out", o.out);
        });
    const InterruptNote note(  // one line, rank 0's; the other ranks end silently
        o.out.empty() ? "nothing was saved (with --out FILE the run keeps a checkpoint)"
        : o.resume
            ? o.out + ".checkpoint holds every finished unit: the same command continues"
            : o.out +
                  ".checkpoint holds every finished unit: run the same command with --resume "
                  "to continue",
        !cluster || cluster->rank() == 0);
    auto run = cluster ? std::make_unique<UnitRun>(*cluster, job, options)
                       : std::make_unique<UnitRun>(job, options);
    before = tally.counts.candidates;
    if (cluster)
        run_collectively([&] { run_census(o, *run, tally, clock); });
    else
        run_census(o, *run, tally, clock);
}

}  // namespace

void install_rush_enumerate(CLI::App& rush) {
    auto o = std::make_shared<RushEnumerateOptions>();
    CLI::App* cmd =
        rush.add_subcommand("enumerate",
                            "Enumerate every cluster of the Rush Hour universe once and write the "
                            "database of its interesting puzzles.");
    cmd->add_option("--walls", o->walls,
                    "the most walls on a board: 0 to 2 on 6x6, 0 to 3 on 4x4 and 5x5 (default: 0)");
    cmd->add_option("--size", o->size, "board size, 4 to 6 (default: 6)");
    cmd->add_option("--out", o->out,
                    "the database to FILE (at the end), checkpoints to FILE.checkpoint");
    add_threads_option(cmd, o->threads);
    cmd->add_flag("--resume", o->resume, "continue the run in FILE.checkpoint (needs --out)");
    cmd->add_option("--max-units", o->max_units, "stop after N more units (needs --out; 0 = all)");
    cmd->add_flag("--all-clusters", o->all_clusters,
                  "explore every cluster, also those that cannot give a line (exact counts)");
    cmd->add_option("--shard", o->shard, "only the units u with u % N == K (needs --out)")
        ->type_name("K/N");
    cmd->add_option("--import", o->imports,
                    "another run's checkpoint (a shard's): its units count as done (repeatable)")
        ->type_name("FILE");
    cmd->add_flag("--distributed", o->distributed,
                  std::string(kDistributedHelp) +
                      "; rank 0 hands out units biggest first and writes FILE and its checkpoint");
    add_format_option(*cmd, o->json, "a JSON summary on stdout (needs --out)");
    add_quiet_option(*cmd);
    cmd->footer(
        "Output: one line per kept cluster, \"MOVES BOARD CLUSTER_SIZE\": the cluster's hardest\n"
        "start (the smallest of its hardest states, rows' pieces before columns'), its optimal\n"
        "moves and its number of states; sorted by moves, then cluster size, descending (then\n"
        "by board). Kept: solvable, at least one move, and minimal (removing any piece or wall\n"
        "but A lowers its moves). docs/howto/rush-hour.md has the universe, the letters and the "
        "method.\n"
        "Checkpoints: with --out, each finished unit of work (thousands on 6x6) is synced\n"
        "to FILE.checkpoint; after an interruption, the same command with --resume continues\n"
        "without losing or repeating a cluster; the checkpoint is deleted once FILE is written.\n"
        "An existing checkpoint is never overwritten without --resume.\n"
        "Several machines: under mpirun, --distributed shares the units among the ranks. By\n"
        "hand, each runs the same command with --shard K/N and its own --out; then one run with\n"
        "--import for each shard's checkpoint writes the database. JSON keys: "
        "docs/reference/formats.md.\n" +
        examples_block({"frontier rush enumerate --size 4 --out db4.txt",
                        "frontier rush enumerate --size 4 --walls 1 --out db4w.txt --json"}));
    cmd->callback([o, cmd] {
        o->out_given = cmd->count("--out") > 0;
        enumerate(*o);
    });
}

}  // namespace frontier::cli
