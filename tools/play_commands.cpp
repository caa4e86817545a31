// frontier play: the sliding puzzle and Rush Hour in the terminal with a live optimal-move
// coach, or a scripted game when stdin is not a terminal (or --script is given).
//
// The game itself (moves, score, coach, keys) is in tools/play/, apart from the drawing
// (tools/play/terminal.cpp), so that tests drive it without a terminal.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <random>

#include "tools/cli_common.hpp"
#include "tools/domain_commands.hpp"
#include "tools/play/rush_play.hpp"
#include "tools/play/sliding_play.hpp"
#include "tools/play/terminal.hpp"

namespace frontier::cli {

namespace {

struct PlayOptions {
    std::string script;
    bool json = false;
    std::uint64_t seed = 0;
    bool no_reflection = false;
};

// True when the game is scripted (no terminal interface).
bool scripted(const CLI::App& cmd) {
    return cmd.count("--script") > 0 || !play::interactive_terminal();
}

Json facts_json(const std::string& domain, const play::Session& s) {
    const play::Session::Facts f = s.facts();
    Json j;
    j["domain"] = domain;
    j["start"] = f.start;
    j["position"] = f.position;
    j["moves"] = f.moves;
    j["left"] = f.left < 0 ? Json(nullptr) : Json(f.left);
    j["start_distance"] = f.start_distance < 0 ? Json(nullptr) : Json(f.start_distance);
    j["score"] = f.score_known ? Json(f.score) : Json(nullptr);
    j["net"] = f.score_known ? Json(f.net) : Json(nullptr);
    j["solved"] = f.solved;
    j["optimal"] = f.optimal;
    return j;
}

// Plays the session in the terminal, or replays the script (--script, else stdin), then
// prints the final status line (or the JSON facts).
void play_session(play::Session& s, const std::string& domain, const CLI::App& cmd,
                  const PlayOptions& o) {
    if (scripted(cmd)) {
        std::string text = o.script;
        if (cmd.count("--script") == 0)
            text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        const std::string status = play::run_script(s, text);
        if (o.json)
            print_json(facts_json(domain, s));
        else
            std::cout << status << '\n';
        return;
    }
    play::run_terminal(s);
    if (o.json)
        print_json(facts_json(domain, s));
    else
        std::cout << s.status() << '\n';
}

void add_common(CLI::App& cmd, PlayOptions& o) {
    cmd.add_option("--script", o.script,
                   "play these moves instead of reading keys, then print the final status line; "
                   "the notation of 'frontier solve' (for the sliding puzzle the blank's "
                   "direction: U L R D)");
    cmd.add_option("--seed", o.seed, "seed of the random positions (default: a random seed)");
    cmd.add_flag("--json", o.json, "print the final facts as one JSON object");
}

std::uint64_t resolve_seed(const CLI::App& cmd, const PlayOptions& o) {
    return cmd.count("--seed") ? o.seed : std::random_device{}();
}

void configure_sliding(CLI::App& cmd, const std::string& name) {
    auto o = std::make_shared<PlayOptions>();
    auto so = std::make_shared<play::SlidingPlayOptions>();
    so->name = name;
    cmd.description(
        "Play the sliding puzzle in the terminal: a live coach shows the optimal number of "
        "moves left and, on request, an optimal next move.");
    cmd.add_option("--start", so->start, "start position (default: a random solvable one)");
    cmd.add_option("--goal", so->goal, "goal (default: tiles in order, blank last)");
    cmd.add_option("--moves", so->moves,
                   "start exactly K moves from the goal (the 8-puzzle: drawn uniformly from the "
                   "distance table); also for the positions of the n key");
    cmd.add_option("--table", so->table_file,
                   "distance table made by 'frontier enumerate --out' (default for boards of up "
                   "to 10 cells: built in memory at start, milliseconds)");
    cmd.add_option("--pdb-dir", so->pdb_dir,
                   "pattern databases made by 'frontier pdb build' for the coach's IDA* (without "
                   "them a board over 10 cells uses linear conflict: the coach is slower)");
    cmd.add_flag("--no-reflection", o->no_reflection,
                 "pattern databases: skip the diagonal-reflection lookup");
    add_threads_option(&cmd, so->threads);
    add_common(cmd, *o);
    cmd.footer(
        "Keys: the arrows (or w a s d, or H J K L in capitals) slide the tile next to the blank\n"
        "into it: the up arrow moves the tile below the blank up. u undo, h hint (highlights\n"
        "the tile of an optimal move), n new random position, q or Ctrl-C quit.\n"
        "Status: moves made, the optimal number of moves left, and the score: +1 for a move one\n"
        "step closer to the goal, -1 for any other, divided by the moves (1.00 = all optimal).\n"
        "Scripts (--script or stdin when it is not a terminal) use the blank's direction, as\n"
        "'frontier solve' prints it: U L R D; the up arrow is D.\n"
        "Example: frontier play 8puzzle --start '1 8 _ 3 2 4 6 5 7' --script 'L D R ...'\n");
    cmd.callback([o, so, &cmd, name] {
        if (!so->start.empty() && so->moves >= 0)
            throw InputError("play: give --start or --moves, not both");
        so->seed = resolve_seed(cmd, *o);
        so->reflect = !o->no_reflection;
        so->background = !scripted(cmd);
        auto session = play::make_sliding_session(*so);
        play_session(*session, name, cmd, *o);
    });
}

void configure_rush(CLI::App& cmd, const std::string& name) {
    auto o = std::make_shared<PlayOptions>();
    auto ro = std::make_shared<play::RushPlayOptions>();
    cmd.description(
        "Play Rush Hour in the terminal: a live coach (the board's whole cluster, solved by BFS) "
        "shows the optimal number of moves left and, on request, an optimal next move.");
    cmd.add_option("--board", ro->board,
                   "the board: 36 characters row by row, o empty, x wall, A the primary car, "
                   "other capitals pieces (default: a random puzzle)");
    cmd.add_option("--moves", ro->moves,
                   "a random puzzle exactly K moves from solved (default: one of the hardest "
                   "positions of a random board); also for the puzzles of the n key");
    add_common(cmd, *o);
    cmd.footer(
        "Keys: a letter selects the piece with that letter (lower-case u, h, n, q are commands:\n"
        "select pieces U, H, N, Q with capitals); the arrows slide the selected piece one cell.\n"
        "Arrows again in the same direction extend the slide: a slide of any length is one\n"
        "move. u undo, h hint, n new random puzzle, q or Ctrl-C quit. A starts selected.\n"
        "Status: moves made, the optimal number of moves left, and the score: +1 for a move one\n"
        "step closer to solved, -1 for any other, divided by the moves (1.00 = all optimal).\n"
        "Scripts (--script or stdin when it is not a terminal) use the moves of 'frontier solve\n"
        "rush': letter, direction (L R U D), cells: \"BD3 AR4\".\n");
    cmd.callback([o, ro, &cmd, name] {
        if (!ro->board.empty() && ro->moves >= 0)
            throw InputError("play: give --board or --moves, not both");
        ro->seed = resolve_seed(cmd, *o);
        ro->background = !scripted(cmd);
        auto session = play::make_rush_session(*ro);
        play_session(*session, name, cmd, *o);
    });
}

}  // namespace

void add_play_commands(DomainCommands& commands) {
    commands.add("play", DomainHandler{"8puzzle, 15puzzle, sliding:RxC (up to 16 cells)",
                                       [](std::string_view n) {
                                           return n == "8puzzle" || n == "15puzzle" ||
                                                  n.starts_with("sliding:");
                                       },
                                       configure_sliding});
    commands.add("play", DomainHandler{"rush", accept_names({"rush"}), configure_rush});
}

}  // namespace frontier::cli
