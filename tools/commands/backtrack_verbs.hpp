// solve-batch and compare for a backtracking puzzle (backtrack_entry.hpp): many instances, in
// parallel, in input order, under the batch policy (docs/reference/exit-status.md, "Batches").
#pragma once

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/engine/enumerate/ordered_batches.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/dispatch.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/cli/instances.hpp"
#include "tools/cli/stream.hpp"
#include "tools/commands/backtrack_entry.hpp"

namespace frontier::cli {

template <BacktrackPuzzle P>
struct BacktrackBatchCommand {
    std::string file;
    typename P::Options options;
    int threads = 0;
    bool json = false, quiet = false;

    int run() const;

  private:
    // One instance of the stream: read, then solved on any thread (skipped after Ctrl-C).
    struct Output {
        BacktrackItem<P> item;
        std::string error;  // a bad line
        bool skipped = false;
    };
    // Up to kChunk instances, read, solved and formatted together (formatting on the solving
    // thread, so that the serial writer only writes), then handed back to be filled again: the
    // instances' strings and the text keep their memory from one use to the next, and a batch
    // of easy puzzles (a Sudoku takes about 2 microseconds) allocates nothing per puzzle.
    static constexpr std::size_t kChunk = 32;
    struct Chunk {
        std::vector<Output> outputs = std::vector<Output>(kChunk);
        std::size_t size = 0;           // outputs in use
        std::string text;               // their lines (JSON: each result after ",\n    ")
        std::vector<std::size_t> ends;  // where each one's part of `text` ends
    };
    static void solve_one(Output& out, const typename P::Settings& s);
    void format(Chunk& c, const typename P::Settings& s) const;
};

template <BacktrackPuzzle P>
void BacktrackBatchCommand<P>::solve_one(Output& out, const typename P::Settings& s) {
    out.skipped = false;
    out.error.clear();
    out.item.matches = -1;
    if (InterruptGuard::raised()) {  // after Ctrl-C: no new instance (each takes microseconds)
        out.skipped = true;
        return;
    }
    const Instance& in = out.item.instance;
    try {
        if (!in.error.empty()) throw InputError(in.error);
        out.item.problem = P::parse(in.state);
    } catch (const InputError& e) {
        out.error = e.what();
        return;
    }
    out.item.result = P::solve(out.item.problem, s);
    if (!in.solution.empty())
        out.item.matches = P::check(out.item.problem, out.item.result, in.solution);
}

template <BacktrackPuzzle P>
void BacktrackBatchCommand<P>::format(Chunk& c, const typename P::Settings& s) const {
    c.text.clear();
    c.ends.resize(c.size);
    for (std::size_t k = 0; k < c.size; ++k) {
        const Output& out = c.outputs[k];
        if (!quiet && !out.skipped && out.error.empty()) {
            if (json)
                c.text.append(",\n    ").append(json_line(P::item_json(out.item, s)));
            else
                append_line<P>(out.item, s, c.text);
        }
        c.ends[k] = c.text.size();
    }
}

// Streams the file through a pipeline (read in order, solve in parallel, write in order): each
// instance's line is printed (and flushed) as soon as it and every earlier one are solved, memory
// stays a few chunks whatever the file's length, and an interrupted batch keeps every finished
// line. --format json streams the "results" array the same way and ends with the totals. Over 60
// lines: the pipeline's three stages and the JSON framing around them are one piece.
template <BacktrackPuzzle P>
int BacktrackBatchCommand<P>::run() const {
    InstanceReader reader(file);
    const typename P::Settings s = options.settings();
    const int thread_count = resolve_threads(threads);
    Stopwatch clock;
    InterruptGuard interrupt;
    ProgressLine progress(!quiet);
    typename P::Totals totals;
    int bad = 0;
    bool cut = false;  // an instance was skipped after Ctrl-C: nothing after it is written
    if (json) {
        write_out("{\n  \"domain\": \"" + std::string(P::kName) +
                  "\",\n  \"file\": " + json_line(Json(file)) + json_members(P::settings_json(s)) +
                  ",\n  \"threads\": " + std::to_string(thread_count) +
                  (quiet ? "" : ",\n  \"results\": ["));
    }
    Recycler<Chunk> chunks;
    // Writes one chunk's text, up to the first instance skipped after Ctrl-C; a bad line is
    // reported after the lines before it.
    const auto write = [&](const Chunk& c) {
        std::size_t from = 0, to = 0;
        const auto flush = [&] {
            if (to > from) write_out(std::string_view(c.text).substr(from, to - from));
            from = to;
        };
        for (std::size_t k = 0; k < c.size; ++k) {
            const Output& out = c.outputs[k];
            if (cut |= out.skipped) break;
            if (!out.error.empty()) {  // the batch policy: reported, the rest solved
                flush();
                progress.finish();
                report_bad_input(input_place(file, out.item.instance.line), out.error);
                ++bad;
                continue;
            }
            if (json && !quiet && totals.puzzles == 0) {  // the array's first result: no comma
                flush();
                from = to + 1;
            }
            totals.add(out.item);
            to = c.ends[k];
        }
        flush();
        progress.count("solve-batch", totals.puzzles, 0, "puzzles");
    };
    // Four chunks in flight per thread: with two, a thread that finished its chunk often found
    // the rest waiting behind a slower earlier one (the hard puzzles on two cores: 1.88 times
    // one core's rate with two, 1.93 with four, no better with more).
    run_with_threads(thread_count, [&] {
        ordered_batches<Chunk*, void>(
            4 * static_cast<std::size_t>(thread_count),
            [&](std::vector<Chunk*>& batch) {
                Chunk* c = chunks.take();
                for (c->size = 0; c->size < kChunk; ++c->size)
                    if (InterruptGuard::raised() || !reader.next(c->outputs[c->size].item.instance))
                        break;
                if (c->size == 0) {
                    chunks.give_back(c);
                    return false;
                }
                batch.push_back(c);
                return c->size == kChunk;
            },
            [&](Chunk* const& c) {
                for (std::size_t k = 0; k < c->size; ++k) solve_one(c->outputs[k], s);
                format(*c, s);
            },
            [&](const std::vector<Chunk*>& batch) {
                for (Chunk* c : batch) {
                    write(*c);
                    chunks.give_back(c);
                }
            });
    });
    progress.finish();
    const double seconds = clock.seconds();
    if (json) {
        Json j = totals.json(s);
        j["seconds"] = seconds;
        j["puzzles_per_second"] = static_cast<double>(totals.puzzles) / std::max(seconds, 1e-9);
        if (InterruptGuard::raised()) j["interrupted"] = true;
        const std::string close = quiet ? "" : totals.puzzles == 0 ? "]" : "\n  ]";
        write_out(close + json_members(j) + "\n}\n");
    } else {
        write_out(totals.text(s, thread_count, seconds));
    }
    if (InterruptGuard::raised()) {
        check_stdout();
        std::fprintf(stderr, "frontier: interrupted; %llu puzzles done and printed\n",
                     static_cast<unsigned long long>(totals.puzzles));
        return kExitInterrupted;
    }
    return bad > 0 ? kExitBadInputs : totals.mismatched == 0 ? 0 : 1;
}

template <BacktrackPuzzle P>
struct BacktrackCompareCommand {
    std::string file, methods;
    typename P::Options options;
    bool json = false;

    void run() const;
};

// Times one solve; repeats it until 20 ms have passed when one run is too short to time.
template <BacktrackPuzzle P>
typename P::Result timed_solve(const typename P::Problem& problem, const typename P::Settings& s,
                               double& seconds) {
    Stopwatch clock;
    typename P::Result r = P::solve(problem, s);
    int runs = 1;
    while (clock.seconds() < 0.02 && runs < 100000) {
        r = P::solve(problem, s);
        ++runs;
    }
    seconds = clock.seconds() / runs;
    return r;
}

// Every method on every instance, one thread, timed; a table (nodes, then milliseconds, per
// method, and a total row) or a JSON array of cells. Over 60 lines: the two outputs read the
// same cells, so they stay beside the loop that fills them.
template <BacktrackPuzzle P>
void BacktrackCompareCommand<P>::run() const {
    std::vector<std::string> names = split_list(methods);
    if (names.empty()) throw InputError("compare: --algorithms is empty");
    std::vector<typename P::Settings> settings;
    for (const std::string& name : names) {
        settings.push_back(options.settings());
        apply_method<P>(name, settings.back());
    }
    struct Cell {
        typename P::Result result;
        double seconds = 0;
    };
    std::vector<Instance> instances;  // the good ones
    std::vector<typename P::Problem> problems;
    std::vector<std::vector<Cell>> cells;
    int bad = 0;
    for (Instance& in : read_instances(file)) {
        try {
            if (!in.error.empty()) throw InputError(in.error);
            problems.push_back(P::parse(in.state));
        } catch (const InputError& e) {  // the batch policy: reported, the rest compared
            report_bad_input(input_place(file, in.line), e.what());
            ++bad;
            continue;
        }
        instances.push_back(std::move(in));
        auto& row = cells.emplace_back();
        for (const auto& s : settings) {
            Cell c;
            c.result = timed_solve<P>(problems.back(), s, c.seconds);
            row.push_back(std::move(c));
        }
    }
    // A cell given up at the limit leaves the comparison incomplete: status 1, as for the search
    // puzzles' compare (docs/reference/exit-status.md).
    bool failed = false;
    for (const auto& row : cells)
        for (const Cell& c : row) failed |= !P::finished(c.result);
    if (json) {
        Json all = Json::array();
        for (std::size_t i = 0; i < problems.size(); ++i)
            for (std::size_t m = 0; m < names.size(); ++m) {
                Json j;
                j["id"] = instances[i].id;
                j["method"] = names[m];
                const Json cell = P::cell_json(problems[i], cells[i][m].result, settings[m]);
                for (auto it = cell.begin(); it != cell.end(); ++it) j[it.key()] = it.value();
                j["nodes"] = P::nodes(cells[i][m].result);
                j["seconds"] = cells[i][m].seconds;
                all.push_back(j);
            }
        print_json(all);
        if (bad > 0) throw ExitRequest{kExitBadInputs};
        if (failed) throw ExitRequest{1};
        return;
    }
    std::vector<std::string> headers;
    for (const std::string& m : names) headers.push_back(m + " nodes");
    for (const std::string& m : names) headers.push_back(m + " ms");
    std::vector<std::vector<std::string>> rows;
    std::vector<std::uint64_t> node_sum(names.size());
    std::vector<double> time_sum(names.size());
    auto ms = [](double seconds) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", seconds * 1000);
        return std::string(buf);
    };
    for (std::size_t i = 0; i < problems.size(); ++i) {
        std::vector<std::string> row{instances[i].id};
        for (std::size_t m = 0; m < names.size(); ++m) {
            const auto& r = cells[i][m].result;
            row.push_back(P::finished(r) ? std::to_string(P::nodes(r)) : "FAILED");
            node_sum[m] += P::nodes(r);
            time_sum[m] += cells[i][m].seconds;
        }
        for (std::size_t m = 0; m < names.size(); ++m) row.push_back(ms(cells[i][m].seconds));
        rows.push_back(row);
    }
    std::vector<std::string> total{"total"};
    for (std::uint64_t n : node_sum) total.push_back(std::to_string(n));
    for (double t : time_sum) total.push_back(ms(t));
    rows.push_back(total);
    std::printf("%zu puzzles, %s (%s)\n", problems.size(),
                P::compare_title(options.settings()).c_str(), file.c_str());
    print_table(headers, rows, "id");
    if (failed) std::printf("Legend: FAILED: --max-expansions reached.\n");
    std::printf("Times are single-core means (runs under 20 ms repeated).\n");
    if (bad > 0) throw ExitRequest{kExitBadInputs};
    if (failed) throw ExitRequest{1};
}

// Registers solve-batch, and compare when the puzzle's solver has more than one method.
template <BacktrackPuzzle P>
void add_backtrack_verbs(Registry& registry) {
    const std::string name(P::kName);
    registry.add(
        "solve-batch",
        PuzzleHandler{name + " FILE", accept_names({name}), [](CLI::App& cmd, const std::string&) {
                          auto o = std::make_shared<BacktrackBatchCommand<P>>();
                          cmd.description("Solve every " + std::string(P::kName) +
                                          " of a file in parallel (one per task) and print the "
                                          "answers and the puzzles per second.");
                          cmd.add_option("file", o->file,
                                         "one instance per line ('#' comments), or a TSV file "
                                         "with a header (docs/reference/formats.md); '-' = stdin")
                              ->required();
                          o->options.add(cmd, BacktrackUse::solve);
                          add_format_option(cmd, o->json, "one JSON object");
                          add_threads_option(&cmd, o->threads);
                          cmd.add_flag("--quiet", o->quiet,
                                       "print only the summary (and no progress line on stderr)");
                          cmd.footer(
                              std::string(P::kInstanceHelp) +
                              "Lines come in input order, each as soon as it and all earlier "
                              "ones are solved;\nCtrl-C keeps them and exits 130. The time and "
                              "rate count solving and printing (not\nreading). Exit status: 0, "
                              "or 1 if an answer differs from the file's solution column;\n2 bad "
                              "input (a malformed line is named as FILE:LINE on stderr, the other "
                              "lines are\nsolved).\n" +
                              examples_block({P::kBatchExamples.begin(), P::kBatchExamples.end()}));
                          cmd.callback([o] {
                              if (const int code = o->run(); code != 0) throw ExitRequest{code};
                          });
                      }});
    if (P::kMethods.size() < 2) return;
    registry.add(
        "compare",
        PuzzleHandler{
            name + " FILE", accept_names({name}), [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<BacktrackCompareCommand<P>>();
                const std::string all(P::kCompareMethods);
                cmd.description("Solve every " + std::string(P::kName) +
                                " of a file with each method and tabulate nodes and "
                                "time (one thread).");
                cmd.add_option("file", o->file, "instances, as for solve-batch ('-' = stdin)")
                    ->required();
                cmd.add_option("--algorithms,--methods", o->methods,
                               "comma-separated list of methods (default " + all + "; " +
                                   method_names<P>() + ")");
                o->options.add(cmd, BacktrackUse::compare);
                add_format_option(cmd, o->json, "a JSON array, one object per puzzle and method");
                cmd.footer(
                    std::string(P::kInstanceHelp) +
                    examples_block({P::kCompareExamples.begin(), P::kCompareExamples.end()}));
                cmd.callback([o, all] {
                    if (o->methods.empty()) o->methods = all;
                    o->run();
                });
            }});
}

}  // namespace frontier::cli
