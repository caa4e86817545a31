// solve sudoku PUZZLE, solve-batch sudoku FILE and compare sudoku FILE.
#include <atomic>
#include <cstdio>
#include <iostream>
#include <mutex>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "domains/sudoku/sudoku.hpp"
#include "domains/sudoku/sudoku_io.hpp"
#include "engine/error.hpp"
#include "engine/parallel.hpp"
#include "engine/timer.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/instances.hpp"
#include "tools/puzzles/registry.hpp"

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
                   "stop a puzzle after this many nodes (default: no limit)");
    cmd.add_flag("--json", o.json, "print JSON");
}

// "1 solution (unique)", "at least 2 solutions (stopped at the limit)", ...
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
    // Progress (terminal only): whichever worker finds the lock free reports, at most 4 times
    // a second.
    ProgressLine progress(!o.json && stderr_is_terminal());
    std::atomic<std::uint64_t> done{0};
    std::mutex progress_mutex;
    double last_report = 0;
    run_with_threads(threads, [&] {
        parallel_for_each(tbb::blocked_range<std::size_t>(0, items.size(), 16),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  items[i].result = solve_sudoku(items[i].puzzle, s);
                              const std::uint64_t d = done += range.size();
                              std::unique_lock lock(progress_mutex, std::try_to_lock);
                              if (!lock || clock.seconds() - last_report < 0.25) return;
                              last_report = clock.seconds();
                              progress.update(std::to_string(d) + "/" +
                                              std::to_string(items.size()) + " puzzles, " +
                                              format_seconds(last_report));
                          });
    });
    progress.finish();
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

// Times one solve; repeats it until 20 ms have passed when one run is too short to time.
SudokuResult timed_solve(const SudokuGrid& puzzle, const SudokuOptions& s, double& seconds) {
    Stopwatch clock;
    SudokuResult r = solve_sudoku(puzzle, s);
    int runs = 1;
    while (clock.seconds() < 0.02 && runs < 100000) {
        r = solve_sudoku(puzzle, s);
        ++runs;
    }
    seconds = clock.seconds() / runs;
    return r;
}

struct CompareOptions {
    std::string file, methods = "csp,search";
    bool count = false, json = false;
    std::uint64_t max_nodes = 0;
};

void compare(const CompareOptions& o) {
    std::vector<SudokuMethod> methods;
    for (const std::string& m : split_list(o.methods)) methods.push_back(parse_sudoku_method(m));
    if (methods.empty()) throw InputError("compare: --methods is empty");
    std::vector<Instance> instances = read_instances(o.file);
    struct Cell {
        SudokuResult result;
        double seconds = 0;
    };
    std::vector<std::vector<Cell>> cells;
    std::vector<SudokuGrid> puzzles;
    for (const Instance& in : instances) {
        try {
            puzzles.push_back(parse_sudoku(in.state));
        } catch (const InputError& e) {
            throw InputError(o.file + ":" + std::to_string(in.line) + ": " + e.what());
        }
        auto& row = cells.emplace_back();
        for (SudokuMethod m : methods) {
            SudokuOptions s;
            s.method = m;
            s.max_solutions = o.count ? 2 : 1;
            s.max_nodes = o.max_nodes;
            Cell c;
            c.result = timed_solve(puzzles.back(), s, c.seconds);
            row.push_back(c);
        }
    }
    if (o.json) {
        Json all = Json::array();
        for (std::size_t i = 0; i < puzzles.size(); ++i)
            for (std::size_t m = 0; m < methods.size(); ++m) {
                const Cell& c = cells[i][m];
                Json j;
                j["id"] = instances[i].id;
                j["puzzle"] = format_sudoku(puzzles[i]);
                j["method"] = to_string(methods[m]);
                j["status"] = to_string(c.result.status);
                if (o.count) j["unique"] = c.result.unique();
                j["nodes"] = c.result.nodes;
                j["seconds"] = c.seconds;
                all.push_back(j);
            }
        print_json(all);
        return;
    }
    std::vector<std::string> headers;
    for (SudokuMethod m : methods) headers.push_back(std::string(to_string(m)) + " nodes");
    for (SudokuMethod m : methods) headers.push_back(std::string(to_string(m)) + " ms");
    std::vector<std::vector<std::string>> rows;
    std::vector<std::uint64_t> node_sum(methods.size());
    std::vector<double> time_sum(methods.size());
    bool failed = false;
    auto ms = [](double seconds) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", seconds * 1000);
        return std::string(buf);
    };
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        std::vector<std::string> row{instances[i].id};
        for (std::size_t m = 0; m < methods.size(); ++m) {
            const SudokuResult& r = cells[i][m].result;
            const bool ok = r.status == SudokuStatus::Solved ||
                            r.status == SudokuStatus::NoSolution ||
                            r.status == SudokuStatus::Contradiction;
            row.push_back(ok ? std::to_string(r.nodes) : "FAILED");
            failed |= !ok;
            node_sum[m] += r.nodes;
            time_sum[m] += cells[i][m].seconds;
        }
        for (std::size_t m = 0; m < methods.size(); ++m) row.push_back(ms(cells[i][m].seconds));
        rows.push_back(row);
    }
    std::vector<std::string> total{"total"};
    for (std::uint64_t n : node_sum) total.push_back(std::to_string(n));
    for (double t : time_sum) total.push_back(ms(t));
    rows.push_back(total);
    std::printf("%zu puzzles, %s (%s)\n", puzzles.size(),
                o.count ? "solved and proved unique (search to a second solution)"
                        : "solved (first solution)",
                o.file.c_str());
    print_table(headers, rows, "id");
    if (failed) std::printf("FAILED: --max-nodes reached.\n");
    std::printf("Times are single-core means (runs under 20 ms repeated).\n");
}

}  // namespace

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
                           "Example: frontier solve sudoku --count "
                           "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2...."
                           ".1.4......\n"
                           "Exit status: 0 solved, 1 no solution or contradiction, 2 bad input.\n");
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
                cmd.add_option("--methods", o->methods,
                               "comma-separated list (default csp,search)");
                cmd.add_flag(
                    "--count", o->count,
                    "search on to a second solution (proves uniqueness) instead of stopping "
                    "at the first");
                cmd.add_option(
                    "--max-nodes", o->max_nodes,
                    "give up a puzzle after this many nodes (FAILED; default: no limit)");
                cmd.add_flag("--json", o->json,
                             "print a JSON array, one object per puzzle and method");
                cmd.footer(std::string(kGridHelp) +
                           "Example: frontier compare sudoku ../shared/data/sudoku.tsv --count\n");
                cmd.callback([o] { compare(*o); });
            }});
}

}  // namespace frontier::cli
