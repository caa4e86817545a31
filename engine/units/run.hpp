// run_units: a long job made of numbered units of work, each giving a record (bytes), run on the
// threads of one process or over the ranks of a distributed run, checkpointed so that a stopped
// run resumes without losing or repeating a unit.
//
// The job supplies what is computed: the number of units, "run unit i -> record" and a check of a
// record read back from a file (its codec). The runner supplies how:
//   - checkpoint and resume: each record goes to a UnitLog (engine/units/log.hpp) as its unit
//     finishes; a resumed run reads them back and runs only the missing units;
//   - a static shard "K/N": only the units u with u % N == K, for machines started by hand;
//   - imports: the checkpoints of other runs of the same job (shards), whose units count as done;
//   - an estimate of each unit's cost, when the job has one: units run biggest first, so the
//     longest ones do not start last and hold up the end (the order is unit_schedule's);
//   - over a Cluster, dynamic scheduling: rank 0 keeps the units in that order; every rank,
//     rank 0 included, runs units on its threads and asks rank 0 for more whenever a thread is
//     idle (so fast ranks take more; a batch, large while much is left, see unit_batch_end), and
//     sends each record to rank 0, the only one that writes the checkpoint. A rank that dies
//     takes its units with it; they are not in the checkpoint, so the resumed run does them
//     again.
// Every record, wherever it came from, reaches `accept` once, one call at a time, on rank 0 only
// (the other ranks never call it): the job folds it into its result there. Records arrive in
// the order units finish, which depends on timing: a job whose output must not depend on the
// thread or rank count sorts what it accepted.
//
// Costs: per unit, one checkpoint write on rank 0 and, over a cluster, one record message; per
// batch, one message each way. Threads that coordinate (one per rank) wait for
// work or messages in steps of at most a millisecond, so a unit should take far longer than that.
// Errors: bad options or files are InputErrors thrown before any unit runs (over a cluster, by
// every rank alike); an exception from `run` stops the run and is rethrown once the other
// threads have finished their units (their records are kept in the checkpoint).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace frontier {

class Cluster;

struct UnitShard {
    std::size_t index = 0, count = 1;
    bool whole() const { return count == 1; }
    bool holds(std::size_t unit) const { return unit % count == index; }
};

// "K/N" with 0 <= K < N; the empty text is the whole job. InputError naming `option` otherwise.
UnitShard parse_unit_shard(std::string_view text, std::string_view option = "shard");

// Where a record accepted by the job came from.
enum class UnitOrigin { Checkpoint, Imported, Ran };

struct UnitJob {
    // The job's parameters in one line: the checkpoint's header, compared on resume and import so
    // that a file of another job is refused.
    std::string identity;
    std::size_t unit_count = 0;
    // Runs one unit; called from several threads at once (each unit at most once per run).
    std::function<std::string(std::size_t unit)> run;
    // Checks a record read from a checkpoint or an import: throws InputError when it is malformed.
    // Optional.
    std::function<void(std::size_t unit, std::string_view record)> check;
    // The unit's estimated cost in any unit (seconds, candidates); thread-safe. Optional: without
    // it units run in index order.
    std::function<double(std::size_t unit)> cost;
    // Takes each record once (see the top of this file).
    std::function<void(std::size_t unit, std::string_view record, UnitOrigin origin)> accept;
};

// After each unit run here (not recovered or imported), on rank 0.
struct UnitProgress {
    std::size_t ran = 0, pending = 0;       // units run by this run, of those it runs
    double cost_ran = 0, cost_pending = 0;  // the same in estimated cost (0 without estimates)
};

struct UnitRunOptions {
    std::string checkpoint;  // empty: no checkpoint (nothing resumed, imported or kept)
    bool resume = false;     // continue the checkpoint (start afresh when there is none)
    UnitShard shard;
    std::vector<std::string> imports;  // other runs' checkpoints of the same job
    std::uint64_t max_units = 0;       // run at most this many units (0: all that are missing)
    int threads = 0;                   // per rank; 0: all cores
    std::function<void(const UnitProgress&)> progress = {};
    // Messages for the user (an import's count, a missing checkpoint on resume), on rank 0.
    std::function<void(const std::string&)> notice = {};
    // Called on rank 0 once every unit of the job is recorded, before the checkpoint is deleted:
    // writes the job's final output. If it throws, the checkpoint stays.
    std::function<void()> on_complete = {};
};

struct UnitRunSummary {
    std::size_t units = 0;      // the job's
    std::size_t recovered = 0;  // read back from the checkpoint
    std::size_t imported = 0;
    std::size_t ran = 0;
    std::size_t shard_missing = 0;  // units of this run's shard missing before it ran
    bool complete = false;          // every unit of the job is recorded
    bool costed = false;            // estimates were made (cost_pending is meaningful)
    double cost_pending = 0;        // estimated cost of the units this run set out to run
    int ranks = 1;
};

// One run of a job, in two steps, so that a distributed caller can tell errors every rank meets
// alike (the set-up's) from errors of one rank (the run's, which must end the whole job).
// `job` and `options` must outlive it.
class UnitRun {
  public:
    // In this process: opens the checkpoint, recovers, imports and picks the units to run.
    // InputError for bad options or files.
    UnitRun(const UnitJob& job, const UnitRunOptions& options);
    // Over every rank of `cluster` (each constructs it with the same job and options): rank 0
    // reads and writes the files, the others only run units. Agreed: an error on rank 0 (a bad
    // checkpoint) or everywhere (the job, or its shard, has fewer units than the cluster has
    // ranks) is thrown as the same InputError on every rank.
    UnitRun(Cluster& cluster, const UnitJob& job, const UnitRunOptions& options);
    ~UnitRun();
    UnitRun(const UnitRun&) = delete;
    UnitRun& operator=(const UnitRun&) = delete;

    // Runs the units; returns on completion or after max_units. Over a cluster, the summary is
    // rank 0's (the other ranks get an empty one).
    UnitRunSummary run();

  private:
    struct Setup;
    UnitRun(Cluster* cluster, const UnitJob& job, const UnitRunOptions& options);
    Cluster* cluster_;
    const UnitJob& job_;
    const UnitRunOptions& options_;
    std::unique_ptr<Setup> setup_;
};

// UnitRun(job, options).run().
UnitRunSummary run_units(const UnitJob& job, const UnitRunOptions& options);

// The scheduling policy, apart so that it can be replayed on measured costs.
//
// The order units are handed out in: by estimated cost, largest first (ties by index).
std::vector<std::size_t> unit_schedule(std::span<const std::size_t> units,
                                       std::span<const double> estimates);

// Batches: a rank asking for units gets at least the number it asked for, then more while the
// batch's estimated cost stays within 1/parts of all that is left (parts = kBatchesPerRank x
// ranks): big batches while much is left, so that cheap units cost few messages, and single
// units at the end, so that no rank is left holding a long tail. `left` is
// unit_costs_left(estimates in order): left[i] = the sum of the estimates from position i on.
inline constexpr std::size_t kBatchesPerRank = 4;
std::vector<double> unit_costs_left(std::span<const double> estimates_in_order);
std::size_t unit_batch_end(std::span<const double> left, std::size_t next, std::size_t want,
                           std::size_t parts);

// The makespan of the policy with `workers` single-thread ranks, each taking the next batch of
// `order` when idle, when batches are cut by `estimates` (by unit) and unit u really costs
// costs[u]: what a run would take, communication aside.
double replay_makespan(std::span<const std::size_t> order, std::span<const double> estimates,
                       std::span<const double> costs, int workers);

}  // namespace frontier
