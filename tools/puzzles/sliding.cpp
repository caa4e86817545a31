// Sliding-tile puzzles (8puzzle, 15puzzle, 24puzzle, sliding:RxC): everything the program says
// about them. Boards of up to 16 cells run on the 64-bit SlidingTiles, larger ones (the
// 24-puzzle) on the 128-bit WideSlidingTiles: two entries, one per board type. Their own verbs
// are in sliding_pdb.cpp (pdb); two-bit tables come from tools/commands/two_bit.hpp over
// SlidingTwoBitSpace.
#include <algorithm>
#include <array>
#include <optional>
#include <variant>

#include <frontier/domains/sliding/sliding_hash.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_pdb.hpp>
#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include "tools/cli/bus_error_guard.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/commands/enumerate.hpp"
#include "tools/commands/lookup.hpp"
#include "tools/commands/play.hpp"
#include "tools/commands/search_verbs.hpp"
#include "tools/commands/two_bit.hpp"
#include "tools/play/sliding_play.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

struct SlidingOptions {
    std::string goal;
    std::string pdb_dir;  // pattern databases for --heuristic pdb
    bool no_reflection = false;
    // The databases of --pdb-dir, mapped and verified once per command even when several
    // searches (compare, solve-batch) use them.
    std::shared_ptr<PdbDirectoryCache> pdbs = std::make_shared<PdbDirectoryCache>();

    void add(CLI::App& cmd, Use use) {
        cmd.add_option("--goal", goal, "goal state (default: the domain's standard goal)");
        if (use != Use::search) return;
        cmd.add_option("--pdb-dir", pdb_dir,
                       "directory of pattern databases for --heuristic pdb (made by frontier pdb "
                       "build)");
        cmd.add_flag("--no-reflection", no_reflection,
                     "pattern databases: do not also look up the board's diagonal reflection");
    }
    Json echo() const { return Json::object(); }
    // The databases are read only by the pdb heuristic: given to a search without it, refused.
    void check_used(const std::vector<std::string>& heuristics) const {
        if (std::find(heuristics.begin(), heuristics.end(), "pdb") != heuristics.end()) return;
        if (!pdb_dir.empty())
            throw InputError(
                "--pdb-dir is read only by --heuristic pdb (this search uses " +
                (heuristics.empty() ? std::string("no heuristic") : heuristics.front()) + ")");
        if (no_reflection) throw InputError("--no-reflection applies to --heuristic pdb only");
    }
};

template <class Board>
struct SlidingPuzzle {
    using Domain = Board;
    using Heuristics = std::variant<ZeroHeuristic, MisplacedTiles<Board>, Manhattan<Board>,
                                    LinearConflict<Board>, PdbHeuristic<Board>>;
    using Options = SlidingOptions;
    static constexpr bool kWide = !std::same_as<Board, SlidingTiles>;

    static bool accepts(std::string_view n) {
        return is_sliding_name(n) && is_wide_sliding_name(n) == kWide;
    }
    static Board make_domain(const std::string& name, const Options& o) {
        return make_board<Board>(parse_sliding_name(name), o.goal);
    }
    static Board from_header(const TableHeader& h) {
        return make_board<Board>(parse_sliding_name(h.domain), h.goal);
    }
    // The heuristics, by name (tools/commands/search_entry.hpp).
    using Choice = HeuristicChoice<Heuristics, Board, Options>;
    static constexpr std::array kHeuristics{
        Choice{"zero,none", "", kAdmissible,
               [](const Board&, const Options&) -> Heuristics { return ZeroHeuristic{}; }},
        Choice{
            "misplaced", "", kAdmissible,
            [](const Board& d, const Options&) -> Heuristics { return MisplacedTiles<Board>(d); }},
        Choice{"manhattan", "", kAdmissible,
               [](const Board& d, const Options&) -> Heuristics { return Manhattan<Board>(d); }},
        Choice{
            "linear-conflict,lc", "", kAdmissible,
            [](const Board& d, const Options&) -> Heuristics { return LinearConflict<Board>(d); }},
        Choice{
            "pdb", "additive pattern databases from --pdb-dir", kAdmissible,
            [](const Board& d, const Options& o) -> Heuristics {
                if (o.pdb_dir.empty())
                    throw InputError(
                        "--heuristic pdb needs --pdb-dir DIR (build one with frontier pdb build)");
                return PdbHeuristic<Board>(d, o.pdbs->partitions(o.pdb_dir, d), !o.no_reflection);
            }},
    };
    static Algorithm default_algorithm(const Board& d) {
        return d.cells() <= 12 ? Algorithm::astar : Algorithm::idastar;
    }
    static constexpr std::string_view kDefaultHeuristic = "manhattan";
    static constexpr std::string_view kDefaultAlgorithmHelp =
        "astar for small boards, idastar for large";
    static constexpr std::string_view kCompareAlgorithms =
        "bfs,dfs,astar:misplaced,astar:manhattan,idastar:manhattan,greedy:manhattan";
    static constexpr std::string_view kStateHelp =
        "States: tiles row by row, numbers separated by spaces or commas (rows may be separated\n"
        "by '/'), or one hex digit per cell (\"123456780\"); 0, _ or . is the blank. The default\n"
        "goal has the tiles in order and the blank last.";
};

struct NarrowSliding : SlidingPuzzle<SlidingTiles> {
    static constexpr std::string_view kNames = "8puzzle, 15puzzle, sliding:RxC (up to 16 cells)";
    // A whole table of 13 cells and more does not fit; pattern databases solve them instead.
    static constexpr std::string_view kTooBigHint =
        "solve such boards with pattern databases instead (frontier pdb build, then solve "
        "--heuristic pdb: docs/howto/solving.md)";
    static constexpr PuzzleExample kExample{"8puzzle", "'8 6 7 2 5 4 3 _ 1'", "8puzzle"};
    static SlidingTwoBitSpace two_bit_space(const SlidingTiles& d) { return SlidingTwoBitSpace(d); }
};

struct WideSliding : SlidingPuzzle<WideSlidingTiles> {
    static constexpr std::string_view kNames = "24puzzle, sliding:RxC (17 to 25 cells)";
    static constexpr PuzzleExample kExample{"sliding:3x6",
                                            "'1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 _ 17'"};
    // The 24-puzzle's 7.8e24 states would only run a hash BFS out of memory after minutes.
    static constexpr std::string_view kNoEnumeration =
        "has no perfect hash (its space is too large to enumerate)";
};

void configure_play(CLI::App& cmd, const std::string& name) {
    auto o = std::make_shared<PlayOptions>();
    auto so = std::make_shared<play::SlidingPlayOptions>();
    so->name = name;
    cmd.description(
        "Play the sliding puzzle in the terminal: a live coach shows the optimal number of "
        "moves left and, on request, an optimal next move.");
    cmd.add_option("--start", so->start, "start position (default: a random solvable one)");
    cmd.add_option("--goal", so->goal, "goal (default: tiles in order, blank last)");
    cmd.add_option("--moves", so->moves,
                   "start exactly K moves from the goal: on boards of up to 10 cells 0 to the "
                   "farthest (31 on the 8-puzzle), drawn uniformly from the distance table; on "
                   "larger boards by a random walk proven at every step, 0 to 48 on the "
                   "15-puzzle (33 to 42 on narrower boards, named in the error); also for the "
                   "positions of the n key");
    cmd.add_option("--table", so->table_file,
                   "distance table made by 'frontier enumerate --out' (default for boards of up "
                   "to 10 cells: built in memory at start, milliseconds)");
    cmd.add_option("--pdb-dir", so->pdb_dir,
                   "pattern databases made by 'frontier pdb build' for the coach's IDA* (without "
                   "them a board over 10 cells uses linear conflict: the coach is slower)");
    cmd.add_flag("--no-reflection", o->no_reflection,
                 "pattern databases: skip the diagonal-reflection lookup");
    add_threads_option(&cmd, so->threads);
    add_play_options(cmd, *o);
    cmd.footer(
        "Keys: the arrows (or w a s d, or H J K L in capitals) slide the tile next to the blank\n"
        "into it: the up arrow moves the tile below the blank up. u undo, h hint (highlights\n"
        "the tile of an optimal move), n new random position, q or Ctrl-C quit.\n"
        "Status: moves made, the optimal number of moves left, and the score: +1 for a move one\n"
        "step closer to the goal, -1 for any other, divided by the moves (1.00 = all optimal).\n"
        "Scripts (--script or stdin when it is not a terminal) use the blank's direction, as\n"
        "'frontier solve' prints it: U L R D; the up arrow is D.\n" +
        examples_block({"frontier play 8puzzle --start '1 2 3 4 5 6 _ 7 8' --script 'R R'",
                        "frontier play 8puzzle --moves 5 --seed 3 --script '' --json"}));
    cmd.callback([o, so, &cmd, name] {
        if (!so->start.empty() && so->moves >= 0)
            throw InputError("play: give --start or --moves, not both");
        if (cmd.count("--moves") && so->moves < 0)
            throw InputError("--moves " + std::to_string(so->moves) +
                             ": a distance from the goal, 0 or more");
        so->seed = resolve_seed(cmd, *o);
        so->reflect = !o->no_reflection;
        so->background = !scripted(cmd);
        // A --table file is mapped for the whole game: truncated meanwhile, the game ends with
        // one line and exit 2 (the terminal restored), not SIGBUS.
        std::optional<BusErrorGuard> guard;
        if (!so->table_file.empty()) guard.emplace(so->table_file, /*terminal_game=*/true);
        auto session = play::make_sliding_session(*so);
        play_session(*session, name, cmd, *o);
    });
}

}  // namespace

void register_sliding(Registry& registry) {
    add_search_verbs<NarrowSliding>(registry);
    add_search_verbs<WideSliding>(registry);
    add_enumerate_verb<NarrowSliding>(registry);
    add_enumerate_verb<WideSliding>(registry);
    registry.offer("two-bit", "sliding-tile boards of up to 16 cells");
    add_two_bit_table_reader<NarrowSliding>(registry);
    add_distance_table_reader<NarrowSliding>(registry);
    registry.add("play", PuzzleHandler{std::string(NarrowSliding::kNames),
                                       [](std::string_view n) {
                                           return is_sliding_name(n) && n != "24puzzle";
                                       },
                                       configure_play});
    register_sliding_pdb(registry);
}

}  // namespace frontier::cli
