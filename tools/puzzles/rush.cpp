// Rush Hour: everything the program says about it. solve, compare and solve-batch take a board
// as the instance (a board is its own layout, so each instance builds its own domain), play runs
// the game, and the `frontier rush` group holds its bulk verbs (rush_grade.cpp, rush_generate.cpp,
// rush_enumerate.cpp).
#include <array>
#include <variant>

#include <frontier/domains/rush/rush_hash.hpp>
#include <frontier/domains/rush/rush_heuristics.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include "tools/cli/help_format.hpp"
#include "tools/commands/play.hpp"
#include "tools/commands/search_verbs.hpp"
#include "tools/play/rush_play.hpp"
#include "tools/puzzles/registry.hpp"
#include "tools/puzzles/rush_bulk.hpp"

namespace frontier::cli {

namespace {

struct RushOptions {
    std::string metric = "moves";
    std::string goal;  // refused: the goal is fixed

    void add(CLI::App& cmd, Use) {
        cmd.add_option("--metric", metric,
                       "moves (a slide of any length counts 1) or steps (every cell slid counts "
                       "1) (default: moves)");
        cmd.add_option("--goal", goal)->group("");  // hidden: only to say why it is refused
    }
    Json echo() const { return Json{{"metric", metric}}; }
};

struct RushEntry {
    using Domain = RushBoard;
    using Heuristics = std::variant<ZeroHeuristic, RushH1, RushH2, RushH3>;
    using Options = RushOptions;

    static constexpr std::string_view kNames = "rush";
    static bool accepts(std::string_view n) { return n == "rush"; }
    static std::pair<RushBoard, RushState> make_instance(const std::string& text,
                                                         const Options& o) {
        if (!o.goal.empty()) throw InputError("--goal does not apply to rush (the goal is fixed)");
        const frontier::RushPuzzle p = parse_rush(text, parse_metric(o.metric));
        return {p.board, p.start};
    }
    // The heuristics, by name (tools/commands/search_entry.hpp).
    using Choice = HeuristicChoice<Heuristics, RushBoard, Options>;
    static constexpr std::array kHeuristics{
        Choice{"h0,zero", "", kAdmissible,
               [](const RushBoard&, const Options&) -> Heuristics { return ZeroHeuristic{}; }},
        Choice{"h1", "primary's distance", kAdmissible,
               [](const RushBoard& b, const Options&) -> Heuristics { return RushH1(b); }},
        Choice{"h2", "h1 + blockers", kAdmissible,
               [](const RushBoard& b, const Options&) -> Heuristics { return RushH2(b); }},
        Choice{"h3", "h2 + blockers' blockers", kAdmissible,
               [](const RushBoard& b, const Options&) -> Heuristics { return RushH3(b); }},
    };
    static Algorithm default_algorithm(const RushBoard&) { return Algorithm::astar; }
    static constexpr std::string_view kDefaultHeuristic = "h3";
    static constexpr std::string_view kDefaultAlgorithmHelp = "astar";
    static constexpr std::string_view kCompareAlgorithms =
        "bfs,astar:h0,astar:h1,astar:h2,astar:h3";
    static constexpr PuzzleExample kExample{"rush", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"};
    static constexpr std::string_view kStateHelp =
        "Boards: the cells row by row in one string, 36 characters for 6x6 (9 to 64 for 3x3 to\n"
        "8x8): o or . empty, x a wall, A the primary car (horizontal, 2 cells, in the exit row,\n"
        "index 2 on 6x6), other capital letters pieces of 2 or 3 cells; e.g.\n"
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM. Database lines \"MOVES BOARD CLUSTER_SIZE\" are\n"
        "accepted too. Moves print as letter, direction (L R U D), cells: AR2. An unsolvable\n"
        "board is reported with its cluster size (exit 1).";
};

void configure_play(CLI::App& cmd, const std::string& name) {
    auto o = std::make_shared<PlayOptions>();
    auto ro = std::make_shared<play::RushPlayOptions>();
    cmd.description(
        "Play Rush Hour in the terminal: a live coach (the board's whole cluster, solved by BFS) "
        "shows the optimal number of moves left and, on request, an optimal next move.");
    cmd.add_option("--board", ro->board,
                   "the board: 36 characters row by row, o empty, x wall, A the primary car, "
                   "other capitals pieces (default: a random puzzle)");
    cmd.add_option("--moves", ro->moves,
                   "a random puzzle exactly K moves from solved, 0 to 60 (default: one of the "
                   "hardest positions of a random board); also for the puzzles of the n key");
    add_play_options(cmd, *o);
    cmd.footer(
        "Keys: a letter selects the piece with that letter (lower-case u, h, n, q are commands:\n"
        "select pieces U, H, N, Q with capitals); the arrows slide the selected piece one cell.\n"
        "Arrows again in the same direction extend the slide: a slide of any length is one\n"
        "move. u undo, h hint, n new random puzzle, q or Ctrl-C quit. A starts selected.\n"
        "Status: moves made, the optimal number of moves left, and the score: +1 for a move one\n"
        "step closer to solved, -1 for any other, divided by the moves (1.00 = all optimal).\n"
        "Scripts (--script or stdin when it is not a terminal) use the moves of 'frontier solve\n"
        "rush': letter, direction (L R U D), cells: \"BD3 AR4\".\n" +
        examples_block({"frontier play rush --board IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM "
                        "--script 'MU1 HR1'"}));
    cmd.callback([o, ro, &cmd, name] {
        if (!ro->board.empty() && ro->moves >= 0)
            throw InputError("play: give --board or --moves, not both");
        if (cmd.count("--moves") && ro->moves < 0)
            throw InputError("--moves " + std::to_string(ro->moves) + ": expected 0 to " +
                             std::to_string(kRushFarthest));
        ro->seed = resolve_seed(cmd, *o);
        ro->background = !scripted(cmd);
        auto session = play::make_rush_session(*ro);
        play_session(*session, name, cmd, *o);
    });
}

void install_rush_group(CLI::App& app) {
    CLI::App* rush =
        app.add_subcommand("rush", "Rush Hour in bulk: grade, generate and enumerate puzzles.");
    rush->footer(
        "Each command has its own help: 'frontier rush COMMAND --help'. One board is "
        "solved by\n'frontier solve rush BOARD'; compare and play take 'rush' too.\n" +
        examples_block({"frontier rush grade ../shared/data/rush_known.tsv --check",
                        "frontier rush generate --count 2 --size 5",
                        "frontier rush enumerate --size 4 --out db4.txt"}));
    rush->require_subcommand(1);
    install_rush_grade(*rush);
    install_rush_generate(*rush);
    install_rush_enumerate(*rush);
}

}  // namespace

void register_rush(Registry& registry) {
    add_search_verbs<RushEntry>(registry);
    registry.add("play", PuzzleHandler{"rush", RushEntry::accepts, configure_play});
    registry.add_command(install_rush_group);
}

}  // namespace frontier::cli
