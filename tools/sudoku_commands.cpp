// solve sudoku PUZZLE and solve-batch sudoku FILE.
#include <cstdio>
#include <iostream>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "domains/sudoku/sudoku.hpp"
#include "domains/sudoku/sudoku_io.hpp"
#include "engine/error.hpp"
#include "engine/parallel.hpp"
#include "engine/timer.hpp"
#include "tools/cli_common.hpp"
#include "tools/puzzle_commands.hpp"

namespace frontier::cli {

namespace {

constexpr const char* kGridHelp =
    "Puzzle: 81 cells row by row, 1-9 for a given, 0 or . for an empty cell (spaces and line\n"
    "breaks are ignored). Methods: csp = candidate masks, naked and hidden singles, branching\n"
    "on the cell with the fewest candidates; search = fill the empty cells in order with the\n"
    "digits the rules allow, depth-first, no propagation.\n";

struct SudokuCommandOptions {
    std::string puzzle;  // or the file, for solve-batch
    std::string method = "csp";
    bool count = false, json = false, show = false, quiet = false;
    std::uint64_t limit = 2;
    std::uint64_t max_nodes = 0;
    int threads = 0;

    SudokuOptions solver() const {
        SudokuOptions s;
        s.method = parse_sudoku_method(method);
        s.max_solutions = count ? limit : 1;
        s.max_nodes = max_nodes;
        return s;
    }
};

void add_solver_options(CLI::App& cmd, SudokuCommandOptions& o) {
    cmd.add_option("--method", o.method, "csp (default) or search");
    cmd.add_flag("--count", o.count, "count solutions, up to --limit");
    cmd.add_option("--limit", o.limit,
                   "with --count: stop after this many solutions (default 2, which proves "
                   "uniqueness; 0 counts them all)");
    cmd.add_option("--max-nodes", o.max_nodes,
                   "stop a puzzle after this many nodes (default: "
                   "no limit)");
    cmd.add_flag("--json", o.json, "print JSON");
}

// "unique", "2 solutions (stopped at --limit 2)", ...
std::string count_text(const SudokuResult& r) {
    const std::string n =
        std::to_string(r.solutions) + (r.solutions == 1 ? " solution" : " solutions");
    if (r.exhausted) return n + (r.solutions == 1 ? " (unique)" : " (all of them)");
    return "at least " + n + " (stopped at the limit)";
}

std::string verdict(const SudokuResult& r, bool counting) {
    switch (r.status) {
        case SudokuStatus::Solved:
            return counting ? count_text(r) : "solved";
        case SudokuStatus::NoSolution:
            return "no solution (search exhausted)";
        case SudokuStatus::Contradiction:
            return "contradiction: " + r.contradiction;
        case SudokuStatus::LimitReached:
            return "no solution found within --max-nodes";
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
    j["nodes"] = r.nodes;
    j["seconds"] = seconds;
    return j;
}

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

struct BatchItem {
    Instance instance;
    SudokuGrid puzzle;
    SudokuResult result;
    int matches = -1;  // 1 / 0 against the file's solution column, -1 without one
};

int solve_batch(const SudokuCommandOptions& o) {
    std::vector<BatchItem> items;
    for (Instance& in : read_instances(o.puzzle)) {
        BatchItem item;
        try {
            item.puzzle = parse_sudoku(in.state);
        } catch (const InputError& e) {
            throw InputError(o.puzzle + ":" + std::to_string(in.line) + ": " + e.what());
        }
        item.instance = std::move(in);
        items.push_back(std::move(item));
    }
    const SudokuOptions s = o.solver();
    const int threads = resolve_threads(o.threads);
    Stopwatch clock;
    run_with_threads(threads, [&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, items.size(), 16),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  items[i].result = solve_sudoku(items[i].puzzle, s);
                          });
    });
    const double seconds = clock.seconds();
    std::uint64_t by_status[4] = {}, nodes = 0, unique = 0, matched = 0, mismatched = 0;
    for (BatchItem& item : items) {
        const SudokuResult& r = item.result;
        ++by_status[static_cast<int>(r.status)];
        nodes += r.nodes;
        unique += r.unique();
        if (!item.instance.solution.empty() && r.status == SudokuStatus::Solved) {
            item.matches = format_sudoku(r.solution) == item.instance.solution;
            (item.matches ? matched : mismatched) += 1;
        }
    }
    const double rate = static_cast<double>(items.size()) / std::max(seconds, 1e-9);
    if (o.json) {
        Json j;
        j["domain"] = "sudoku";
        j["file"] = o.puzzle;
        j["method"] = to_string(s.method);
        j["threads"] = threads;
        j["puzzles"] = items.size();
        j["solved"] = by_status[0];
        j["no_solution"] = by_status[1];
        j["contradiction"] = by_status[2];
        j["limit"] = by_status[3];
        if (o.count) j["unique"] = unique;
        j["matched"] = matched;
        j["mismatched"] = mismatched;
        j["nodes"] = nodes;
        j["seconds"] = seconds;
        j["puzzles_per_second"] = rate;
        if (!o.quiet) {
            Json all = Json::array();
            for (const BatchItem& item : items) {
                Json r = result_json(item.puzzle, item.result, s, o.count, 0);
                r.erase("seconds");
                r.erase("domain");
                r.erase("method");
                r["line"] = item.instance.line;
                r["id"] = item.instance.id;
                if (item.matches >= 0) r["matches"] = item.matches == 1;
                all.push_back(r);
            }
            j["results"] = all;
        }
        print_json(j);
    } else {
        if (!o.quiet)
            for (const BatchItem& item : items) {
                const SudokuResult& r = item.result;
                std::printf(
                    "%s\t%s\t%s%s\t%llu nodes\n", item.instance.id.c_str(),
                    r.status == SudokuStatus::Solved ? format_sudoku(r.solution).c_str() : "-",
                    verdict(r, o.count).c_str(),
                    item.matches == 0   ? " MISMATCH"
                    : item.matches == 1 ? ", matches"
                                        : "",
                    static_cast<unsigned long long>(r.nodes));
            }
        std::printf("%zu puzzles: %llu solved", items.size(),
                    static_cast<unsigned long long>(by_status[0]));
        if (o.count) std::printf(" (%llu unique)", static_cast<unsigned long long>(unique));
        std::printf(", %llu no solution, %llu contradiction, %llu limit",
                    static_cast<unsigned long long>(by_status[1]),
                    static_cast<unsigned long long>(by_status[2]),
                    static_cast<unsigned long long>(by_status[3]));
        if (matched + mismatched > 0)
            std::printf("; listed solutions: %llu match, %llu differ",
                        static_cast<unsigned long long>(matched),
                        static_cast<unsigned long long>(mismatched));
        std::printf("\n%s, %d threads: %llu nodes, %s, %s puzzles/s\n", to_string(s.method),
                    threads, static_cast<unsigned long long>(nodes),
                    format_seconds(seconds).c_str(), format_rate(rate).c_str());
    }
    return mismatched == 0 ? 0 : 1;
}

}  // namespace

void add_sudoku_commands(DomainCommands& commands) {
    commands.add(
        "solve",
        DomainHandler{
            "sudoku PUZZLE", accept_names({"sudoku"}), [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<SudokuCommandOptions>();
                cmd.description("Solve a 9x9 Sudoku; with --count, count its solutions.");
                cmd.add_option("puzzle", o->puzzle, "the puzzle, 81 cells")->required();
                add_solver_options(cmd, *o);
                cmd.add_flag("--show", o->show, "draw the solved grid");
                cmd.footer(std::string(kGridHelp) +
                           "Example: frontier solve sudoku --count "
                           "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2...."
                           ".1.4......\n"
                           "Exit status: 0 solved, 1 no solution or contradiction, 2 bad input.\n");
                cmd.callback([o] {
                    const int code = solve_one(*o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
    commands.add(
        "solve-batch",
        DomainHandler{
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
                cmd.add_flag("--quiet", o->quiet, "print only the summary");
                cmd.footer(
                    std::string(kGridHelp) +
                    "Each line: id, solution (or -), verdict, nodes; then a summary. The time "
                    "and rate\ncount the solving only (not reading or printing). Exit status: 0, "
                    "or 1 if a solution\ndiffers from the file's solution column; 2 bad input "
                    "(a malformed line is named).\n");
                cmd.callback([o] {
                    const int code = solve_batch(*o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
}

}  // namespace frontier::cli
