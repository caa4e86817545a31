// Sudoku: everything the program says about it. solve here; solve-batch and compare in
// sudoku_batch.cpp.
#include <cstdio>

#include "domains/sudoku/sudoku_io.hpp"
#include "engine/error.hpp"
#include "engine/timer.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/puzzles/registry.hpp"
#include "tools/puzzles/sudoku.hpp"

namespace frontier::cli {

namespace sudoku {

void add_solver_options(CLI::App& cmd, SudokuCommandOptions& o) {
    // --method and --max-nodes: the earlier names, kept as aliases (docs/formats.md).
    cmd.add_option("--algorithm,-a,--method", o.method, "csp (default), cells or search");
    CLI::Option* count = cmd.add_flag("--count", o.count, "count solutions, up to --limit");
    cmd.add_option("--limit", o.limit,
                   "with --count: stop after this many solutions (default 2, which proves "
                   "uniqueness; 0 counts them all)")
        ->needs(count);
    cmd.add_option("--max-expansions,--max-nodes", o.max_nodes,
                   "stop a puzzle after this many nodes (default: no limit)");
    add_format_option(cmd, o.json, "one JSON object");
}

// "1 solution (unique)", "at least 2 solutions (stopped at the limit)", ...
namespace {

std::string count_text(const SudokuResult& r) {
    const std::string n =
        std::to_string(r.solutions) + (r.solutions == 1 ? " solution" : " solutions");
    if (r.exhausted) return n + (r.solutions == 1 ? " (unique)" : " (all of them)");
    return "at least " + n + " (stopped at the limit)";
}

}  // namespace

std::string verdict(const SudokuResult& r, bool counting) {
    switch (r.status) {
        case SudokuStatus::Solved:
            return counting ? count_text(r) : "solved";
        case SudokuStatus::NoSolution:
            return "no solution (search exhausted)";
        case SudokuStatus::Contradiction:
            return "contradiction: " + r.contradiction;
        case SudokuStatus::LimitReached:
            return "no solution found within --max-expansions";
    }
    return "";
}

Json result_json(const SudokuGrid& puzzle, const SudokuResult& r, const SudokuOptions& s,
                 bool counting, double seconds) {
    Json j;
    j["domain"] = "sudoku";
    j["puzzle"] = format_sudoku(puzzle);
    j["method"] = to_string(s.method);
    j["status"] = to_string(r.status);
    j["solution"] = r.status == SudokuStatus::Solved ? Json(format_sudoku(r.solution)) : Json();
    if (counting) {
        j["solutions"] = r.solutions;
        j["limit"] = s.max_solutions;
        j["exhausted"] = r.exhausted;
        j["unique"] = r.unique();
    }
    if (r.status == SudokuStatus::Contradiction) j["contradiction"] = r.contradiction;
    if (r.status != SudokuStatus::Solved) j["reason"] = verdict(r, counting);
    j["nodes"] = r.nodes;
    j["seconds"] = seconds;
    return j;
}

namespace {

int solve_one(const SudokuCommandOptions& o) {
    const SudokuGrid puzzle = parse_sudoku(o.puzzle);
    const SudokuOptions s = o.solver();
    Stopwatch clock;
    const SudokuResult r = solve_sudoku(puzzle, s);
    const double seconds = clock.seconds();
    if (o.json) {
        print_json(result_json(puzzle, r, s, o.count, seconds));
    } else {
        std::printf("sudoku (%s): %s\n", to_string(s.method), verdict(r, o.count).c_str());
        if (r.status == SudokuStatus::Solved)
            std::printf("%s\n%s", format_sudoku(r.solution).c_str(),
                        o.show ? draw_sudoku(r.solution).c_str() : "");
        std::printf("%llu nodes, %s\n", static_cast<unsigned long long>(r.nodes),
                    format_seconds(seconds).c_str());
    }
    return r.status == SudokuStatus::Solved ? 0 : 1;
}

}  // namespace

}  // namespace sudoku

using namespace sudoku;

void register_sudoku(Registry& registry) {
    registry.add(
        "solve",
        PuzzleHandler{
            "sudoku PUZZLE", accept_names({"sudoku"}), [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<SudokuCommandOptions>();
                cmd.description("Solve a 9x9 Sudoku; with --count, count its solutions.");
                cmd.add_option("puzzle", o->puzzle, "the puzzle, 81 cells")->required();
                add_solver_options(cmd, *o);
                cmd.add_flag("--show", o->show, "draw the solved grid");
                cmd.footer(std::string(kGridHelp) +
                           "Exit status: 0 solved, 1 no solution or contradiction, 2 bad input.\n" +
                           examples_block({"frontier solve sudoku --count \\",
                                           "  4.....8.5.3..........7......2.....6.....8.4......1."
                                           "......6.3.7.5..2.....1.4......",
                                           "frontier solve sudoku --show \\",
                                           "  85...24..72......9..4.........1.7..23.5...9...4....."
                                           "......8..7..17..........36.4."}));
                cmd.callback([o] {
                    const int code = solve_one(*o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
    registry.add(
        "solve-batch",
        PuzzleHandler{
            "sudoku FILE", accept_names({"sudoku"}), [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<SudokuCommandOptions>();
                cmd.description(
                    "Solve every Sudoku of a file in parallel (one puzzle per task) and print the "
                    "solutions and the puzzles per second.");
                cmd.add_option(
                       "file", o->puzzle,
                       "one puzzle per line ('#' comments), or a TSV file with a header naming a "
                       "puzzle / puzzle81 column and optionally solution / solution81; '-' = "
                       "stdin")
                    ->required();
                add_solver_options(cmd, *o);
                add_threads_option(&cmd, o->threads);
                cmd.add_flag("--quiet", o->quiet,
                             "print only the summary (and no progress line on stderr)");
                cmd.footer(
                    std::string(kGridHelp) +
                    "Each line: id, solution (or -), verdict, nodes; then a summary. Lines come "
                    "in input order,\neach as soon as it and all earlier ones are solved; "
                    "Ctrl-C keeps them and exits 130.\nThe time and rate count solving and "
                    "printing (not reading). Exit status: 0, or 1 if a\nsolution differs from "
                    "the file's solution column; 2 bad input (a malformed line is named as\n"
                    "FILE:LINE on stderr, the other lines are solved).\n" +
                    examples_block({"frontier solve-batch sudoku ../shared/data/sudoku.tsv",
                                    "frontier solve-batch sudoku ../shared/data/sudoku.tsv "
                                    "--count --json --quiet"}));
                cmd.callback([o] {
                    const int code = solve_batch(*o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
    registry.add(
        "compare",
        PuzzleHandler{
            "sudoku FILE", accept_names({"sudoku"}), [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<CompareOptions>();
                cmd.description(
                    "Solve every Sudoku of a file with each method and tabulate nodes and time "
                    "(the CSP "
                    "formulation against plain state-space search).");
                cmd.add_option("file", o->file, "puzzles, as for solve-batch ('-' = stdin)")
                    ->required();
                cmd.add_option("--algorithms,--methods", o->methods,
                               "comma-separated list of methods (default csp,search)");
                cmd.add_flag(
                    "--count", o->count,
                    "search on to a second solution (proves uniqueness) instead of stopping "
                    "at the first");
                cmd.add_option(
                    "--max-expansions,--max-nodes", o->max_nodes,
                    "give up a puzzle after this many nodes (FAILED; default: no limit)");
                add_format_option(cmd, o->json, "a JSON array, one object per puzzle and method");
                cmd.footer(std::string(kGridHelp) +
                           examples_block({"frontier compare sudoku ../shared/data/sudoku.tsv "
                                           "--count",
                                           "frontier compare sudoku ../shared/data/sudoku.tsv "
                                           "--algorithms csp,cells --format json"}));
                cmd.callback([o] { compare(*o); });
            }});
}

}  // namespace frontier::cli
