// solve-batch sudoku FILE and compare sudoku FILE: many puzzles, in parallel, in input order.
#include <atomic>
#include <cstdio>
#include <iostream>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "domains/sudoku/sudoku_io.hpp"
#include "engine/error.hpp"
#include "engine/parallel.hpp"
#include "engine/timer.hpp"
#include "tools/cli/dispatch.hpp"
#include "tools/cli/instances.hpp"
#include "tools/cli/stream.hpp"
#include "tools/puzzles/sudoku.hpp"

namespace frontier::cli::sudoku {

struct BatchItem {
    Instance instance;
    SudokuGrid puzzle;
    SudokuResult result;
    int matches = -1;  // 1 / 0 against the file's solution column, -1 without one
};

namespace {

// "ID<TAB>SOLUTION<TAB>VERDICT<TAB>N nodes": one puzzle's text line.
std::string item_line(const BatchItem& item, bool counting) {
    const SudokuResult& r = item.result;
    const char* match = item.matches == 0 ? " MISMATCH" : item.matches == 1 ? ", matches" : "";
    return item.instance.id + '\t' +
           (r.status == SudokuStatus::Solved ? format_sudoku(r.solution) : std::string("-")) +
           '\t' + verdict(r, counting) + match + '\t' + std::to_string(r.nodes) + " nodes\n";
}

}  // namespace

// Each puzzle's line is printed (and flushed) as soon as it and every earlier one are solved, in
// input order, so an interrupted batch keeps every finished line; --format json prints one object
// at the end. Over 60 lines: the streaming loop, then the totals of both formats in one pass.
int solve_batch(const SudokuCommandOptions& o) {
    std::vector<BatchItem> items;
    int bad = 0;
    for (Instance& in : read_instances(o.puzzle)) {
        BatchItem item;
        try {
            if (!in.error.empty()) throw InputError(in.error);
            item.puzzle = parse_sudoku(in.state);
        } catch (const InputError& e) {  // the batch policy: reported, the rest solved
            report_bad_input(input_place(o.puzzle, in.line), e.what());
            ++bad;
            continue;
        }
        item.instance = std::move(in);
        items.push_back(std::move(item));
    }
    const SudokuOptions s = o.solver();
    const int threads = resolve_threads(o.threads);
    Stopwatch clock;
    InterruptGuard interrupt;
    ProgressLine progress(!o.quiet);
    std::atomic<std::uint64_t> done{0};
    InOrder<int> in_order([&](std::size_t i, int&) {
        BatchItem& item = items[i];
        if (!item.instance.solution.empty() && item.result.status == SudokuStatus::Solved)
            item.matches = format_sudoku(item.result.solution) == item.instance.solution;
        if (!o.json && !o.quiet) write_out(item_line(item, o.count));
    });
    run_with_threads(threads, [&] {
        parallel_for_each(tbb::blocked_range<std::size_t>(0, items.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i) {
                                  // After Ctrl-C: no new puzzle (each takes milliseconds).
                                  if (InterruptGuard::raised()) return;
                                  items[i].result = solve_sudoku(items[i].puzzle, s);
                                  in_order.done(i, 0);
                                  progress.count("solve-batch", ++done, items.size(), "puzzles");
                              }
                          });
    });
    progress.finish();
    const double seconds = clock.seconds();
    items.resize(in_order.emitted());  // after an interrupt, the puzzles up to the first unsolved
    std::uint64_t by_status[4] = {}, nodes = 0, unique = 0, matched = 0, mismatched = 0;
    for (const BatchItem& item : items) {
        const SudokuResult& r = item.result;
        ++by_status[static_cast<int>(r.status)];
        nodes += r.nodes;
        unique += r.unique();
        if (item.matches >= 0) (item.matches ? matched : mismatched) += 1;
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
        if (InterruptGuard::raised()) j["interrupted"] = true;
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
    if (InterruptGuard::raised()) {
        check_stdout();
        std::fprintf(stderr, "frontier: interrupted: %zu puzzles done and printed\n", items.size());
        return kExitInterrupted;
    }
    return bad > 0 ? kExitBadInputs : mismatched == 0 ? 0 : 1;
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

void compare(const CompareOptions& o) {
    std::vector<SudokuMethod> methods;
    for (const std::string& m : split_list(o.methods)) methods.push_back(parse_sudoku_method(m));
    if (methods.empty()) throw InputError("compare: --algorithms is empty");
    std::vector<Instance> instances;  // the good ones
    int bad = 0;
    struct Cell {
        SudokuResult result;
        double seconds = 0;
    };
    std::vector<std::vector<Cell>> cells;
    std::vector<SudokuGrid> puzzles;
    for (Instance& in : read_instances(o.file)) {
        try {
            if (!in.error.empty()) throw InputError(in.error);
            puzzles.push_back(parse_sudoku(in.state));
        } catch (const InputError& e) {  // the batch policy: reported, the rest compared
            report_bad_input(input_place(o.file, in.line), e.what());
            ++bad;
            continue;
        }
        instances.push_back(std::move(in));
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
        if (bad > 0) throw ExitRequest{kExitBadInputs};
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
    if (failed) std::printf("FAILED: --max-expansions reached.\n");
    std::printf("Times are single-core means (runs under 20 ms repeated).\n");
    if (bad > 0) throw ExitRequest{kExitBadInputs};
}

}  // namespace frontier::cli::sudoku
