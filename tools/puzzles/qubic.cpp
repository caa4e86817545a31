// solve qubic --x CELLS --o CELLS: forced wins in 4x4x4 tic-tac-toe.
#include <bit>
#include <cstdio>

#include <frontier/domains/qubic/qubic.hpp>
#include <frontier/domains/qubic/qubic_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

struct QubicCommandOptions {
    std::vector<std::string> x, o;
    std::string to_move = "x";
    QubicOptions search;
    bool json = false, show = false;
};

std::uint64_t parse_list(const std::vector<std::string>& words, const char* who) {
    std::string text;
    for (const std::string& w : words) text += w + " ";
    return parse_qubic_cells(text, who);
}

Json cells_json(std::uint64_t cells) {
    Json a = Json::array();
    for (; cells != 0; cells &= cells - 1) a.push_back(std::countr_zero(cells));
    return a;
}

int solve(const QubicCommandOptions& o) {
    if (o.to_move != "x" && o.to_move != "o" && o.to_move != "X" && o.to_move != "O")
        throw InputError("qubic: --to-move must be x or o (got \"" + o.to_move + "\")");
    const bool x_moves = o.to_move == "x" || o.to_move == "X";
    const QubicPosition p =
        make_qubic_position(parse_list(o.x, "--x"), parse_list(o.o, "--o"), x_moves);
    Stopwatch clock;
    const QubicResult r = find_forced_win(p, o.search);
    const double seconds = clock.seconds();
    const char me = x_moves ? 'X' : 'O', you = x_moves ? 'O' : 'X';
    // Why there is no answer: the same words in text and JSON.
    std::string why;
    if (!r.found && r.limit_reached)
        why = "no forced win found: --max-nodes " + std::to_string(o.search.max_nodes) +
              " reached at depth " + std::to_string(r.depth_searched + 1);
    else if (!r.found && r.exhausted)
        why = std::string("no forced win for ") + me + " by threats (every forcing line searched)";
    else if (!r.found)
        why = std::string("no forced win for ") + me + " by threats within " +
              std::to_string(o.search.max_depth) + " moves";
    if (o.json) {
        Json j;
        j["domain"] = "qubic";
        j["x"] = cells_json(p.x);
        j["o"] = cells_json(p.o);
        j["to_move"] = x_moves ? "x" : "o";
        j["status"] = r.found ? "solved" : r.limit_reached ? "limit" : "no_solution";
        j["found"] = r.found;
        if (!r.found) j["reason"] = why;
        Json moves = Json::array(), steps = Json::array();
        for (const QubicStep& s : r.steps) {
            moves.push_back(s.move);
            Json step;
            step["move"] = s.move;
            if (s.reply >= 0) {
                step["threats"] = cells_json(s.threats);
                step["reply"] = s.reply;
                moves.push_back(s.reply);
            } else {
                step["wins"] = true;
            }
            steps.push_back(step);
        }
        j["moves"] = moves;
        j["steps"] = steps;
        j["winning_line"] = cells_json(r.winning_line);
        j["attacker_moves"] = r.steps.size();
        j["max_depth"] = o.search.max_depth;
        j["depth_searched"] = r.depth_searched;
        j["limit_reached"] = r.limit_reached;
        j["exhausted"] = r.exhausted;
        j["nodes"] = r.nodes;
        j["seconds"] = seconds;
        print_json(j);
        return r.found ? 0 : 1;
    }
    std::printf("qubic: %c to move; X: %s; O: %s\n", me,
                p.x ? format_qubic_cells(p.x).c_str() : "none",
                p.o ? format_qubic_cells(p.o).c_str() : "none");
    if (o.show) std::printf("%s", draw_qubic(p).c_str());
    if (!r.found) {
        std::printf("%s\n", why.c_str());
    } else {
        std::printf("forced win for %c in %zu move%s:\n", me, r.steps.size(),
                    r.steps.size() == 1 ? "" : "s");
        QubicPosition now = p;
        int i = 0;
        for (const QubicStep& s : r.steps) {
            (x_moves ? now.x : now.o) |= 1ull << s.move;
            if (s.reply < 0) {
                std::printf("%3d. %c %-2d %s wins: line %s\n", ++i, me, s.move,
                            describe_qubic_cell(s.move).c_str(),
                            format_qubic_cells(r.winning_line).c_str());
            } else {
                const bool double_threat = std::popcount(s.threats) >= 2;
                std::printf("%3d. %c %-2d %s threatens %s%s\n", ++i, me, s.move,
                            describe_qubic_cell(s.move).c_str(),
                            format_qubic_cells(s.threats).c_str(),
                            double_threat ? " (double threat)" : "");
                std::printf("     %c %-2d %s %s\n", you, s.reply,
                            describe_qubic_cell(s.reply).c_str(),
                            double_threat ? "blocks one; any reply loses" : "forced");
                (x_moves ? now.o : now.x) |= 1ull << s.reply;
            }
            if (o.show) std::printf("%s", draw_qubic(now).c_str());
        }
    }
    std::printf("%llu nodes, %s\n", static_cast<unsigned long long>(r.nodes),
                format_seconds(seconds).c_str());
    return r.found ? 0 : 1;
}

}  // namespace

void register_qubic(Registry& registry) {
    registry.add(
        "solve",
        PuzzleHandler{
            "qubic --x CELLS --o CELLS", accept_names({"qubic"}),
            [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<QubicCommandOptions>();
                cmd.description(
                    "Find a forced win in 4x4x4 tic-tac-toe (Qubic) for the player to move, by "
                    "threat-space search: every move makes three in a line, so every reply is "
                    "forced.");
                cmd.add_option("--x", o->x,
                               "X's cells (numbers 0-63, spaces or commas between them)");
                cmd.add_option("--o", o->o, "O's cells");
                cmd.add_option("--to-move", o->to_move, "x or o (default x)");
                cmd.add_option(
                       "--max-depth", o->search.max_depth,
                       "most moves of the player to move, the winning one included (default 20)")
                    ->check(CLI::Range(1, 64));
                cmd.add_option("--max-expansions,--max-nodes", o->search.max_nodes,
                               "stop after this many positions (default 20000000; 0: no limit)");
                cmd.add_flag("--show", o->show,
                             "draw the board (four planes side by side) after each move");
                add_format_option(cmd, o->json, "one JSON object");
                cmd.footer(
                    "Cells: plane*16 + row*4 + column, each 0-3 (plane 0 = cells 0-15). The search "
                    "tries only\nforcing moves, shortest win first; \"no forced win\" means none "
                    "by "
                    "threats within the limits.\nExit status: 0 win found, 1 none found, 2 bad "
                    "input.\n" +
                    examples_block({"frontier solve qubic --x 0,1,11,15   # X wins: 3, O must "
                                    "block 2 or 7, X takes the other",
                                    "frontier solve qubic --x 0,21,42 --o 1,2 --json"}));
                cmd.callback([o] {
                    const int code = solve(*o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
}

}  // namespace frontier::cli
