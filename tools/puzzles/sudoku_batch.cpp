// solve-batch sudoku FILE and compare sudoku FILE: many puzzles, in parallel, in input order.
#include <atomic>
#include <cstdio>
#include <iostream>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "domains/sudoku/sudoku_io.hpp"
#include "engine/error.hpp"
#include "engine/ordered_batches.hpp"
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

// The totals of a batch, counted as the lines are written.
struct BatchTotals {
    std::uint64_t puzzles = 0, by_status[4] = {}, nodes = 0, unique = 0, matched = 0,
                  mismatched = 0;
    void add(const BatchItem& item) {
        ++puzzles;
        ++by_status[static_cast<int>(item.result.status)];
        nodes += item.result.nodes;
        unique += item.result.unique();
        if (item.matches >= 0) (item.matches ? matched : mismatched) += 1;
    }
};

// One puzzle of the stream: read, then solved on any thread (skipped after Ctrl-C).
struct BatchInput {
    Instance instance;
};
struct BatchOutput {
    BatchItem item;
    std::string error;  // a bad line
    bool skipped = false;
};

void solve_one(const BatchInput& in, BatchOutput& out, const SudokuOptions& s) {
    if (InterruptGuard::raised()) {  // after Ctrl-C: no new puzzle (each takes microseconds)
        out.skipped = true;
        return;
    }
    out.item.instance = in.instance;
    try {
        if (!in.instance.error.empty()) throw InputError(in.instance.error);
        out.item.puzzle = parse_sudoku(in.instance.state);
    } catch (const InputError& e) {
        out.error = e.what();
        return;
    }
    out.item.result = solve_sudoku(out.item.puzzle, s);
    if (!in.instance.solution.empty() && out.item.result.status == SudokuStatus::Solved)
        out.item.matches = format_sudoku(out.item.result.solution) == in.instance.solution;
}

Json item_json(const BatchItem& item, const SudokuOptions& s, bool counting) {
    Json r = result_json(item.puzzle, item.result, s, counting, 0);
    r.erase("seconds");
    r.erase("domain");
    r.erase("method");
    r["line"] = item.instance.line;
    r["id"] = item.instance.id;
    if (item.matches >= 0) r["matches"] = item.matches == 1;
    return r;
}

// The JSON object's totals, after the streamed "results" (or alone with --quiet).
void write_json_totals(const BatchTotals& t, bool counting, double seconds, bool interrupted) {
    Json j;
    j["puzzles"] = t.puzzles;
    j["solved"] = t.by_status[0];
    j["no_solution"] = t.by_status[1];
    j["contradiction"] = t.by_status[2];
    j["limit"] = t.by_status[3];
    if (counting) j["unique"] = t.unique;
    j["matched"] = t.matched;
    j["mismatched"] = t.mismatched;
    j["nodes"] = t.nodes;
    j["seconds"] = seconds;
    j["puzzles_per_second"] = static_cast<double>(t.puzzles) / std::max(seconds, 1e-9);
    if (interrupted) j["interrupted"] = true;
    std::string text;
    for (auto it = j.begin(); it != j.end(); ++it)
        text += ",\n  \"" + it.key() + "\": " + it.value().dump();
    write_out(text + "\n}\n");
}

void write_text_totals(const BatchTotals& t, bool counting, const SudokuOptions& s, int threads,
                       double seconds) {
    const double rate = static_cast<double>(t.puzzles) / std::max(seconds, 1e-9);
    std::printf("%llu puzzles: %llu solved", static_cast<unsigned long long>(t.puzzles),
                static_cast<unsigned long long>(t.by_status[0]));
    if (counting) std::printf(" (%llu unique)", static_cast<unsigned long long>(t.unique));
    std::printf(", %llu no solution, %llu contradiction, %llu limit",
                static_cast<unsigned long long>(t.by_status[1]),
                static_cast<unsigned long long>(t.by_status[2]),
                static_cast<unsigned long long>(t.by_status[3]));
    if (t.matched + t.mismatched > 0)
        std::printf("; listed solutions: %llu match, %llu differ",
                    static_cast<unsigned long long>(t.matched),
                    static_cast<unsigned long long>(t.mismatched));
    std::printf("\n%s, %d threads: %llu nodes, %s, %s puzzles/s\n", to_string(s.method), threads,
                static_cast<unsigned long long>(t.nodes), format_seconds(seconds).c_str(),
                format_rate(rate).c_str());
}

}  // namespace

// Streams the file through a pipeline (read in order, solve in parallel, write in order): each
// puzzle's line is printed (and flushed) as soon as it and every earlier one are solved, memory
// stays a few batches whatever the file's length, and an interrupted batch keeps every finished
// line. --format json streams the "results" array the same way and ends with the totals.
int solve_batch(const SudokuCommandOptions& o) {
    InstanceReader reader(o.puzzle);
    const SudokuOptions s = o.solver();
    const int threads = resolve_threads(o.threads);
    Stopwatch clock;
    InterruptGuard interrupt;
    ProgressLine progress(!o.quiet);
    BatchTotals totals;
    int bad = 0;
    bool cut = false;  // a puzzle was skipped after Ctrl-C: nothing after it is written
    if (o.json)
        write_out("{\n  \"domain\": \"sudoku\",\n  \"file\": " + Json(o.puzzle).dump() +
                  ",\n  \"method\": \"" + to_string(s.method) + "\",\n  \"threads\": " +
                  std::to_string(threads) + (o.quiet ? "" : ",\n  \"results\": ["));
    constexpr std::size_t kBatch = 64;  // puzzles per pipeline token
    run_with_threads(threads, [&] {
        ordered_batches<BatchInput, BatchOutput>(
            4 * static_cast<std::size_t>(threads),
            [&](std::vector<BatchInput>& batch) {
                for (Instance in; batch.size() < kBatch;) {
                    if (InterruptGuard::raised() || !reader.next(in)) return false;
                    batch.push_back({std::move(in)});
                }
                return true;
            },
            [&](const BatchInput& in, BatchOutput& out) { solve_one(in, out, s); },
            [&](const std::vector<BatchInput>&, const std::vector<BatchOutput>& outs) {
                std::string text;
                for (const BatchOutput& out : outs) {
                    if (cut |= out.skipped) break;
                    if (!out.error.empty()) {  // the batch policy: reported, the rest solved
                        progress.finish();
                        report_bad_input(input_place(o.puzzle, out.item.instance.line), out.error);
                        ++bad;
                        continue;
                    }
                    if (o.quiet) {
                        totals.add(out.item);
                        continue;
                    }
                    if (o.json)
                        text += (totals.puzzles == 0 ? "\n    " : ",\n    ") +
                                item_json(out.item, s, o.count).dump();
                    else
                        text += item_line(out.item, o.count);
                    totals.add(out.item);
                }
                if (!text.empty()) write_out(text);
                progress.count("solve-batch", totals.puzzles, 0, "puzzles");
            });
    });
    progress.finish();
    const double seconds = clock.seconds();
    if (o.json) {
        if (!o.quiet) write_out(totals.puzzles == 0 ? "]" : "\n  ]");
        write_json_totals(totals, o.count, seconds, InterruptGuard::raised());
    } else {
        write_text_totals(totals, o.count, s, threads, seconds);
    }
    if (InterruptGuard::raised()) {
        check_stdout();
        std::fprintf(stderr, "frontier: interrupted: %llu puzzles done and printed\n",
                     static_cast<unsigned long long>(totals.puzzles));
        return kExitInterrupted;
    }
    return bad > 0 ? kExitBadInputs : totals.mismatched == 0 ? 0 : 1;
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
