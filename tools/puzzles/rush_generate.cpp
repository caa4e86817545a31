// frontier rush generate: hard puzzles by hill climbing (or annealing), climbs in parallel,
// accepted in climb order so the output depends on the seed, not on the thread count.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <unordered_set>

#include <tbb/enumerable_thread_specific.h>

#include <frontier/domains/rush/rush_generate.hpp>
#include <frontier/engine/enumerate/ordered_batches.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/dispatch.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/cli/stream.hpp"
#include "tools/puzzles/rush_bulk.hpp"

namespace frontier::cli {

namespace {

struct GenerateOptions {
    int count = 0;
    int min_moves = 0;
    int size = 6;
    int pieces = 13;
    int walls = 0;
    std::uint64_t seed = kDefaultSeed;
    int threads = 0;
    bool anneal = false;
    int anneal_steps = 300;
    std::uint64_t max_climbs = 0;
    bool json = false;
};

void validate(const GenerateOptions& o) {
    if (o.count < 1) throw InputError("generate: --count must be at least 1");
    if (o.size < 4 || o.size > 6)
        throw InputError("generate: --size " + std::to_string(o.size) +
                         " is out of range (4 to 6)");
    if (o.pieces < 0 || o.pieces > RushBoard::kMaxPieces - 1)
        throw InputError("generate: --pieces " + std::to_string(o.pieces) +
                         " is out of range (0 to " + std::to_string(RushBoard::kMaxPieces - 1) +
                         ")");
    if (o.walls < 0 || o.walls > o.size * o.size / 2)
        throw InputError("generate: --walls " + std::to_string(o.walls) + " is out of range");
    if (o.min_moves < 0) throw InputError("generate: --min-moves must be at least 0");
    if (o.anneal_steps < 1) throw InputError("generate: --anneal-steps must be at least 1");
}

int generate(const GenerateOptions& o) {
    validate(o);
    RushClimbOptions climb;
    climb.size = o.size;
    climb.max_pieces = o.pieces;
    climb.max_walls = o.walls;
    climb.anneal = o.anneal;
    climb.anneal_steps = o.anneal_steps;
    const std::uint64_t max_climbs =
        o.max_climbs > 0 ? o.max_climbs : 100 * static_cast<std::uint64_t>(o.count) + 100;
    const int threads = resolve_threads(o.threads);
    tbb::enumerable_thread_specific<RushClimber> climbers(climb);

    std::vector<RushClimbResult> kept;
    std::unordered_set<std::string> seen;
    std::atomic<bool> enough{false};
    std::uint64_t next = 0, climbs = 0;
    std::optional<RushClimbResult> best;
    ProgressLine progress(stderr_is_terminal());
    Stopwatch clock;
    run_with_threads(threads, [&] {
        ordered_batches<std::uint64_t, RushClimbResult>(
            2 * static_cast<std::size_t>(threads),
            [&](std::vector<std::uint64_t>& batch) {
                if (enough.load() || next >= max_climbs) return false;
                batch.push_back(next++);
                return next < max_climbs;
            },
            [&](const std::uint64_t& index, RushClimbResult& out) {
                out = climbers.local().climb(o.seed, index);
            },
            [&](const std::vector<std::uint64_t>&, const std::vector<RushClimbResult>& out) {
                for (const RushClimbResult& r : out) {
                    if (enough.load()) return;  // climbs already in flight when the count was met
                    ++climbs;
                    if (!best || best->score < r.score) best = r;
                    if (r.score.moves >= std::max(o.min_moves, 0) && r.score.moves >= 0 &&
                        seen.insert(r.puzzle.board).second) {
                        kept.push_back(r);
                        if (static_cast<int>(kept.size()) == o.count) enough.store(true);
                    }
                    progress.update("climbs " + std::to_string(climbs) + ", puzzles " +
                                    std::to_string(kept.size()) + "/" + std::to_string(o.count) +
                                    ", best so far " + std::to_string(best->score.moves) +
                                    " moves " + best->puzzle.board + ", " +
                                    format_seconds(clock.seconds()));
                }
            });
    });
    progress.finish();
    std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
        return rush_db_before(a.puzzle, b.puzzle);
    });
    if (o.json) {
        Json j = Json::array();
        for (const RushClimbResult& r : kept) {
            Json e;
            e["moves"] = r.puzzle.moves;
            e["steps"] = r.score.steps;
            e["board"] = r.puzzle.board;
            e["cluster_size"] = r.puzzle.cluster_size;
            j.push_back(e);
        }
        print_json(j);
    } else {
        std::string text;
        for (const RushClimbResult& r : kept) text += format_rush_db_line(r.puzzle) + '\n';
        write_out(text);
    }
    if (static_cast<int>(kept.size()) < o.count) {
        std::cerr << "frontier: found " << kept.size() << " of " << o.count
                  << " distinct puzzles with at least " << o.min_moves << " moves in " << climbs
                  << " climbs (raise --max-climbs, or lower --min-moves)\n";
        return 1;
    }
    return 0;
}

}  // namespace

void install_rush_generate(CLI::App& rush) {
    auto o = std::make_shared<GenerateOptions>();
    CLI::App* cmd =
        rush.add_subcommand("generate", "Generate hard puzzles by hill climbing (or annealing).");
    cmd->add_option("--count", o->count, "number of distinct puzzles to generate")->required();
    cmd->add_option("--min-moves", o->min_moves,
                    "keep only puzzles needing at least this many moves (default: 0)");
    cmd->add_option("--pieces", o->pieces, "the most pieces besides A (default: 13)");
    cmd->add_option("--walls", o->walls, "the most walls (default: 0)");
    cmd->add_option("--size", o->size, "board size, 4 to 6 (default: 6)");
    cmd->add_option("--seed", o->seed,
                    "random seed (default: " + std::to_string(kDefaultSeed) + ")");
    add_threads_option(cmd, o->threads);
    cmd->add_flag("--anneal", o->anneal,
                  "simulated annealing before the final hill climb (escapes local maxima)");
    cmd->add_option("--anneal-steps", o->anneal_steps,
                    "annealing proposals per climb (default: 300)");
    cmd->add_option("--max-climbs", o->max_climbs,
                    "give up after this many climbs (default: 100 x count + 100)");
    add_format_option(*cmd, o->json, "a JSON array of {moves, steps, board, cluster_size}");
    add_quiet_option(*cmd);
    cmd->footer(
        "Each climb starts from a random legal board and moves to the best neighbour (a piece\n"
        "or wall added, removed, or shifted one cell) while that beats it; with --anneal it\n"
        "first takes 300 random neighbours at a falling temperature. Every board is scored\n"
        "exactly, by a BFS of its cluster: the optimal moves, then steps, of the cluster's\n"
        "hardest start. A climb's result is kept when it has at least --min-moves moves and\n"
        "its cluster is new; climbs run in parallel, but results are taken in climb order and\n"
        "climb i depends only on (seed, i), so the output is the same for every thread count.\n"
        "Output: \"MOVES BOARD CLUSTER_SIZE\" lines (each board the hardest start of its\n"
        "cluster, letters in reading order), sorted by moves, then cluster size, descending.\n"
        "Exit status 1 when fewer than --count puzzles were found within --max-climbs.\n"
        "Progress (climbs, puzzles found, the best so far) on stderr when it is a terminal.\n" +
        examples_block({"frontier rush generate --count 2 --size 5",
                        "frontier rush generate --count 3 --size 5 --walls 1 --seed 7 --json"}));
    cmd->callback([o] {
        if (const int code = generate(*o); code != 0) throw ExitRequest{code};
    });
}

}  // namespace frontier::cli
