// frontier rush enumerate: every cluster of the Rush Hour universe once; the database of its
// interesting puzzles, with checkpoints and --resume.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include <tbb/enumerable_thread_specific.h>

#include "domains/rush/rush_enumerate.hpp"
#include "engine/error.hpp"
#include "engine/parallel.hpp"
#include "engine/table_file.hpp"
#include "engine/text.hpp"
#include "engine/timer.hpp"
#include "engine/unit_log.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/stream.hpp"
#include "tools/puzzles/rush_bulk.hpp"

namespace frontier::cli {

namespace {

struct EnumerateOptions {
    int size = 6;
    int walls = 0;
    std::string out;
    int threads = 0;
    bool resume = false;
    bool json = false;
    bool all_clusters = false;
    std::uint64_t max_units = 0;
    std::string shard;                 // "K/N": only the units u with u % N == K
    std::vector<std::string> imports;  // other runs' checkpoints whose units count as done here
};

bool parse_number(std::string_view text, std::size_t& out) {
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size() && !text.empty();
}

// --shard K/N, parsed: {K, N}; {0, 1} when absent.
std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
    if (text.empty()) return {0, 1};
    const std::size_t slash = text.find('/');
    std::size_t k = 0, n = 0;
    const bool ok = slash != std::string::npos &&
                    parse_number(std::string_view(text).substr(0, slash), k) &&
                    parse_number(std::string_view(text).substr(slash + 1), n) && n >= 1 && k < n;
    if (!ok)
        throw InputError("enumerate: --shard " + quote_input(text) +
                         " is not K/N with 0 <= K < N (for example 0/4)");
    return {k, n};
}

// Everything merged so far: recovered from the checkpoint, then unit by unit.
struct Tally {
    RushCensusCounts counts;
    std::vector<RushDbEntry> entries;
    std::size_t units = 0;
    double unit_seconds = 0;  // summed over units: the run's CPU-side cost, across resumptions
    std::optional<RushDbEntry> hardest;

    void add(RushUnitResult&& r) {
        counts += r.counts;
        unit_seconds += r.seconds;
        ++units;
        for (RushDbEntry& e : r.entries) {
            if (!hardest || rush_db_before(e, *hardest)) hardest = e;
            entries.push_back(std::move(e));
        }
    }
};

std::string eta_text(double seconds) {
    if (!(seconds >= 0) || seconds > 1e8) return "?";
    const auto s = static_cast<long long>(seconds);
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%lldh%02lldm", s / 3600, s / 60 % 60);
    else
        std::snprintf(buf, sizeof buf, "%lldm%02llds", s / 60, s % 60);
    return buf;
}

// The checkpoint's identity: a run resumes only a checkpoint of the same universe and census
// (pruned and full runs count clusters differently). Full runs keep the identity of the runs
// from before pruning, whose checkpoints they can still resume.
std::string description(const RushUniverse& u, bool all_clusters) {
    return "rush enumerate size=" + std::to_string(u.size()) +
           " walls=" + std::to_string(u.max_walls()) + " units=" + std::to_string(u.unit_count()) +
           " format=1" + (all_clusters ? "" : " census=pruned");
}

Json summary_json(const EnumerateOptions& o, const RushUniverse& u, const Tally& t,
                  std::uint64_t total_candidates, bool complete, double seconds,
                  std::size_t imported) {
    Json j;
    j["size"] = u.size();
    j["walls"] = u.max_walls();
    j["complete"] = complete;
    j["units"] = u.unit_count();
    j["units_done"] = t.units;
    j["candidates_total"] = total_candidates > 0 || complete
                                ? Json(complete ? t.counts.candidates : total_candidates)
                                : Json(nullptr);
    j["candidates"] = t.counts.candidates;
    j["census"] = o.all_clusters ? "all" : "pruned";
    j["pruned"] = t.counts.pruned;
    j["clusters"] = t.counts.clusters;
    j["solvable"] = t.counts.solvable;
    j["puzzles"] = t.counts.kept;
    j["cluster_states"] = t.counts.states;
    if (t.hardest) {
        j["hardest"]["moves"] = t.hardest->moves;
        j["hardest"]["board"] = t.hardest->board;
        j["hardest"]["cluster_size"] = t.hardest->cluster_size;
    } else {
        j["hardest"] = nullptr;
    }
    std::map<int, std::uint64_t, std::greater<>> by_moves;
    for (const RushDbEntry& e : t.entries) ++by_moves[e.moves];
    Json counts = Json::object();
    for (const auto& [moves, n] : by_moves) counts[std::to_string(moves)] = n;
    j["puzzles_by_moves"] = counts;
    j["seconds"] = seconds;
    j["unit_seconds"] = t.unit_seconds;
    j["out"] = o.out.empty() ? Json(nullptr) : Json(o.out);
    j["shard"] = o.shard.empty() ? Json(nullptr) : Json(o.shard);
    j["imported_units"] = imported;
    return j;
}

// One unit record of a checkpoint (this run's or an imported one), checked and decoded.
RushUnitResult decode_record(const RushUniverse& universe, const std::string& path,
                             std::uint64_t unit, const std::string& payload) {
    if (unit >= universe.unit_count())
        throw InputError(path + ": damaged checkpoint: unit " + std::to_string(unit) +
                         " is out of range (this enumeration has " +
                         std::to_string(universe.unit_count()) + " units)");
    try {
        return decode_rush_unit(payload);
    } catch (const InputError& e) {
        throw InputError(path + ": unit " + std::to_string(unit) + ": " + e.what());
    }
}

// --import: the units of other runs' checkpoints of the same computation (other shards, other
// machines) count as done here. Every file is read and checked before this run opens its own
// checkpoint, so a bad one changes nothing; a unit in several of them is kept once (each run
// gives a unit the same lines).
struct ImportedUnit {
    std::uint64_t index;
    std::string payload;
    RushUnitResult result;
};
std::vector<std::vector<ImportedUnit>> read_imports(const EnumerateOptions& o,
                                                    const RushUniverse& universe) {
    std::vector<std::vector<ImportedUnit>> files;
    std::set<std::uint64_t> seen;
    for (const std::string& path : o.imports) {
        files.emplace_back();
        for (auto& [unit, payload] :
             UnitLog::read_records(path, description(universe, o.all_clusters))) {
            RushUnitResult r = decode_record(universe, path, unit, payload);
            if (seen.insert(unit).second)
                files.back().push_back(ImportedUnit{unit, std::move(payload), std::move(r)});
        }
    }
    return files;
}

// The imported units this run lacks, added to its tally and its checkpoint as if run here.
// Returns how many.
std::size_t take_imports(const EnumerateOptions& o, std::vector<std::vector<ImportedUnit>> files,
                         UnitLog& log, Tally& tally) {
    std::size_t taken = 0;
    for (std::size_t f = 0; f < files.size(); ++f) {
        std::size_t fresh = 0;
        for (ImportedUnit& u : files[f]) {
            if (log.done(u.index)) continue;
            log.append(u.index, u.payload);
            tally.add(std::move(u.result));
            ++fresh;
        }
        if (!quiet())
            std::cerr << "frontier: imported " << fresh << " units from " << o.imports[f] << "\n";
        taken += fresh;
    }
    return taken;
}

int enumerate(const EnumerateOptions& o) {
    const RushUniverse universe(o.size, o.walls);
    if (o.out.empty() &&
        (o.resume || o.max_units > 0 || o.json || !o.shard.empty() || !o.imports.empty()))
        throw InputError(
            "enumerate: --resume, --max-units, --shard, --import and --json need --out FILE");
    const auto [shard, shards] = parse_shard(o.shard);
    std::vector<std::vector<ImportedUnit>> imports = read_imports(o, universe);
    const int threads = resolve_threads(o.threads);
    Stopwatch clock;
    std::unique_ptr<UnitLog> log;
    Tally tally;
    if (!o.out.empty()) {
        if (o.resume && !std::filesystem::exists(o.out + ".checkpoint"))
            std::cerr << "frontier: no checkpoint " << o.out
                      << ".checkpoint to resume; starting from the beginning\n";
        log = std::make_unique<UnitLog>(o.out + ".checkpoint",
                                        description(universe, o.all_clusters), o.resume);
        for (const auto& [unit, payload] : log->recovered())
            tally.add(decode_record(universe, log->path(), unit, payload));
    }
    const std::size_t imported = log ? take_imports(o, std::move(imports), *log, tally) : 0;
    // This run's units: the missing ones of its shard, at most max_units of them. It completes
    // the universe when they are all the missing ones.
    std::size_t missing = 0;
    std::vector<std::size_t> pending;
    for (std::size_t u = 0; u < universe.unit_count(); ++u) {
        if (log && log->done(u)) continue;
        ++missing;
        if (u % shards == shard) pending.push_back(u);
    }
    const std::size_t shard_missing = pending.size();
    if (o.max_units > 0 && o.max_units < pending.size()) pending.resize(o.max_units);
    const bool complete = pending.size() == missing;

    // The candidates of every unit, counted for the progress line and the ETA when that is quick
    // (no board is built: about a second for wall-free 6 x 6, but minutes to hours with walls,
    // 3.3 and 27 billion candidates); otherwise the ETA goes by units done.
    const bool show = stderr_is_terminal();
    const bool counted = universe.size() < 6 || universe.max_walls() == 0;
    std::uint64_t total = 0;
    if (counted) {
        std::vector<std::uint64_t> per_unit(universe.unit_count());
        run_with_threads(threads, [&] {
            parallel_for_dynamic(per_unit.size(), [&](std::size_t u) {
                per_unit[u] = universe.count_candidates(u);
            });
        });
        for (const std::uint64_t c : per_unit) total += c;
    }
    const std::size_t units_before = tally.units;

    ProgressLine progress(show);
    std::mutex merge;
    const std::uint64_t before = tally.counts.candidates;
    double last_update = -1;
    tbb::enumerable_thread_specific<RushCensus> censuses(o.all_clusters);
    run_with_threads(threads, [&] {
        parallel_for_dynamic(pending.size(), [&](std::size_t i) {
            const std::size_t unit = pending[i];
            RushUnitResult r = run_rush_unit(universe, unit, censuses.local());
            if (log) log->append(unit, encode_rush_unit(r));
            std::lock_guard lock(merge);
            tally.add(std::move(r));
            const double now = clock.seconds();
            if (!show || now - last_update < 0.5) return;
            last_update = now;
            const double rate = (tally.counts.candidates - before) / std::max(now, 1e-9);
            const std::size_t ran = tally.units - units_before;
            // By candidates when they were counted and this run does all that is left, else by
            // this run's units.
            const double left =
                counted && complete
                    ? (total - tally.counts.candidates) / std::max(rate, 1e-9)
                    : now * (pending.size() - ran) / std::max<double>(static_cast<double>(ran), 1);
            std::string line = "units " + std::to_string(tally.units) + "/" +
                               std::to_string(universe.unit_count()) + ", candidates " +
                               std::to_string(tally.counts.candidates) +
                               (counted ? "/" + std::to_string(total) : std::string()) +
                               ", pruned " + std::to_string(tally.counts.pruned) + ", clusters " +
                               std::to_string(tally.counts.clusters) + ", kept " +
                               std::to_string(tally.counts.kept);
            if (tally.hardest)
                line += ", hardest " + std::to_string(tally.hardest->moves) + " moves";
            line += ", " + format_rate(rate) + " candidates/s, ETA " + eta_text(left);
            progress.update(line);
        });
    });
    progress.finish();
    const double seconds = clock.seconds();

    if (complete) {
        std::sort(tally.entries.begin(), tally.entries.end(), rush_db_before);
        std::string text;
        for (const RushDbEntry& e : tally.entries) text += format_rush_db_line(e) + '\n';
        if (o.out.empty()) {
            write_out(text);
        } else {
            const std::span<const std::uint8_t> piece(
                reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
            write_file_atomically(o.out, std::span<const std::span<const std::uint8_t>>(&piece, 1));
            log->remove();
        }
    }
    if (o.json) {
        print_json(summary_json(o, universe, tally, total, complete, seconds, imported));
    } else {
        std::cerr << "frontier: " << (complete ? "enumerated " : "stopped after ") << tally.units
                  << " of " << universe.unit_count() << " units: " << tally.counts.candidates
                  << (counted ? " of " + std::to_string(total) : std::string()) << " candidates, "
                  << tally.counts.pruned << " pruned, " << tally.counts.clusters
                  << (o.all_clusters ? " clusters, " : " clusters explored, ")
                  << tally.counts.solvable << " solvable, " << tally.counts.kept << " puzzles";
        if (tally.hardest) std::cerr << ", hardest " << format_rush_db_line(*tally.hardest);
        std::cerr << " (" << format_seconds(seconds) << ")\n";
        if (!complete && shards > 1 && pending.size() == shard_missing)
            std::cerr << "frontier: shard " << o.shard << " is done; the checkpoint " << log->path()
                      << " holds its units: give it to the final run with --import\n";
        else if (!complete)
            std::cerr << "frontier: the checkpoint " << log->path()
                      << " holds the units done; continue with --resume\n";
    }
    return 0;
}

}  // namespace

void install_rush_enumerate(CLI::App& rush) {
    auto o = std::make_shared<EnumerateOptions>();
    CLI::App* cmd =
        rush.add_subcommand("enumerate",
                            "Enumerate every cluster of the Rush Hour universe once and write the "
                            "database of its interesting puzzles.");
    cmd->add_option("--walls", o->walls,
                    "the most walls on a board: 0 to 2 on 6x6, 0 to 3 on 4x4 and 5x5 (default: 0)");
    cmd->add_option("--size", o->size, "board size, 4 to 6 (default: 6)");
    cmd->add_option("--out", o->out,
                    "write the database to FILE (atomically, at the end) and checkpoint to "
                    "FILE.checkpoint; default: the database on stdout, no checkpoint");
    add_threads_option(cmd, o->threads);
    cmd->add_flag("--resume", o->resume,
                  "continue the run recorded in FILE.checkpoint (needs --out)");
    cmd->add_option("--max-units", o->max_units,
                    "process at most N more units, then stop and keep the checkpoint (needs "
                    "--out; 0 = all)");
    cmd->add_flag("--all-clusters", o->all_clusters,
                  "explore every candidate's cluster, also those whose layout cannot give a "
                  "line (exact cluster, solvable and state counts; the database is the same)");
    cmd->add_option("--shard", o->shard,
                    "run only the units u with u % N == K, for one of N machines or sittings "
                    "running side by side (needs --out; merge their checkpoints with --import)")
        ->type_name("K/N");
    cmd->add_option("--import", o->imports,
                    "a checkpoint of another run of the same enumeration (a shard's): its units "
                    "count as done here and go into this run's checkpoint (repeatable; needs "
                    "--out)")
        ->type_name("FILE");
    add_format_option(*cmd, o->json, "a JSON summary on stdout (needs --out)");
    add_quiet_option(*cmd);
    cmd->footer(
        "Output: one line per kept cluster, \"MOVES BOARD CLUSTER_SIZE\": the cluster's hardest\n"
        "start (the smallest of its hardest states, rows' pieces before columns'), its optimal\n"
        "moves and its number of states; sorted by moves, then cluster size, descending (then\n"
        "by board). Kept: solvable, at least one move, and minimal (removing any piece or wall\n"
        "but A from the board lowers its moves). Excluded layouts: a row full of its own\n"
        "horizontal pieces and walls, a column full of vertical pieces, another horizontal\n"
        "piece in the exit row (walls may stand there, left of A). Letters: A, the exit row's\n"
        "walls, the other rows' pieces top to bottom, left to right (walls take a letter too),\n"
        "then the columns' pieces left to right, top to bottom; walls are x.\n"
        "Method: only boards where no piece can slide left or up are candidates; each is\n"
        "explored and dropped as soon as a smaller state of its cluster appears, so every\n"
        "cluster is processed once, from its minimum (see docs/rush-hour.md). Candidates whose\n"
        "layout cannot give a line (A blocked for good by a vertical piece its line pins to the\n"
        "exit row, or a piece or wall no other piece can touch) are pruned unexplored; the\n"
        "counts of clusters, solvable clusters and states then cover the explored ones only\n"
        "(--all-clusters explores all).\n"
        "Checkpoints: with --out, each finished unit of work (53,240 for wall-free 6x6) is synced "
        "to\n"
        "FILE.checkpoint; after an interruption, the same command with --resume continues\n"
        "without losing or repeating a cluster; the checkpoint is deleted once FILE is written.\n"
        "An existing checkpoint is never overwritten without --resume.\n"
        "Several machines: each runs the same command with --shard K/N (K = 0 .. N-1) and its\n"
        "own --out; then one run with --import for each shard's checkpoint writes the database\n"
        "(units missing from the checkpoints, such as a torn last one, are run there).\n"
        "Progress on stderr (a terminal only): units, candidates done of the total, clusters,\n"
        "puzzles kept, the hardest so far, candidates/s and the ETA (the total is counted first\n"
        "when quick: sizes 4 and 5, and 6 without walls). JSON keys: size, walls,\n"
        "complete, units, units_done, candidates_total (null when not counted), candidates,\n"
        "census (pruned or all), pruned, clusters, solvable, puzzles, cluster_states, hardest\n"
        "{moves, board, cluster_size},\n"
        "puzzles_by_moves,\n"
        "seconds (this process), unit_seconds (summed over units and resumptions), out,\n"
        "shard (\"K/N\" or null), imported_units.\n");
    cmd->callback([o] { enumerate(*o); });
}

}  // namespace frontier::cli
