// `frontier solve-batch PUZZLE FILE`: every instance of a file, solved in parallel and checked
// against the file's expected lengths.
#pragma once

#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/dispatch.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/search.hpp"
#include "tools/cli/stream.hpp"
#include "tools/commands/search_entry.hpp"

namespace frontier::cli {

// One instance's outcome in a batch.
template <class D>
struct BatchRow {
    Instance instance;
    std::string state;
    HdaResult<D> result;
    bool unsolvable = false;
    std::string error;  // a bad line: reported, not solved
};

// A row whose file gives an optimal length must come out solved with that length: an unsolvable
// start (a wrong goal, say) or a search that gave up is a mismatch, never "equal". Bad lines are
// counted apart, as errors.
template <class D>
bool row_matches(const BatchRow<D>& row) {
    if (row.instance.expected.empty() || !row.error.empty()) return true;
    return !row.unsolvable && row.result.solved() &&
           std::to_string(row.result.length()) == row.instance.expected;
}

// A row as JSON: an item of --format json's "instances", and a line of --format jsonl.
template <class D>
Json row_json(const BatchRow<D>& row) {
    Json item;
    item["id"] = row.instance.id;
    item["state"] = row.state;
    item["status"] = !row.error.empty() ? "error"
                     : row.unsolvable   ? "unsolvable"
                                        : to_string(row.result.status);
    if (!row.error.empty()) item["error"] = row.error;
    item["length"] = number_or_null(row.result.length());
    // A length is a number, as "length" is; anything else the file says stays text.
    if (const std::string& e = row.instance.expected; !e.empty())
        item["expected"] = e.find_first_not_of("0123456789") == std::string::npos && e.size() < 10
                               ? Json(std::stoll(e))
                               : Json(e);
    item["expanded"] = row.result.stats.expanded;
    item["generated"] = row.result.stats.generated;
    item["seconds"] = row.result.seconds;
    return item;
}

// The last column of the text table: what a reader checks first.
template <class D>
std::string row_verdict(const BatchRow<D>& row) {
    if (!row.error.empty()) return "error: " + row.error;
    if (row.unsolvable)
        return row_matches(row) ? "unsolvable"
                                : "MISMATCH: unsolvable, expected " + row.instance.expected;
    if (!row.result.solved())
        return std::string("no solution (") + to_string(row.result.status) + ")";
    if (row.instance.expected.empty()) return "";
    return row_matches(row) ? "optimal" : "MISMATCH: expected " + row.instance.expected;
}

// Prints a batch's rows as they come, in the chosen format: the text table (its header first),
// tsv or csv rows (a header line first), JSON Lines; --format json prints everything at the end.
class BatchPrinter {
  public:
    BatchPrinter(Format format, const std::vector<Instance>& instances)
        : format_(format), writer_(writer_for(format, instances)) {
        if (format_ != Format::json && format_ != Format::jsonl) writer_.header();
    }
    template <class D>
    void row(const BatchRow<D>& row) const {
        if (format_ == Format::json) return;
        if (format_ == Format::jsonl) {
            write_out(json_line(row_json(row)) + '\n');
            return;
        }
        char secs[32];
        std::snprintf(secs, sizeof secs, "%.4f", row.result.seconds);
        if (format_ == Format::text) {
            writer_.row({row.instance.id, std::to_string(row.result.length()),
                         std::to_string(row.result.stats.expanded), secs, row_verdict(row)});
            return;
        }
        const Json j = row_json(row);
        writer_.row({row.instance.id, row.state, j["status"].get<std::string>(),
                     std::to_string(row.result.length()), row.instance.expected,
                     std::to_string(row.result.stats.expanded),
                     std::to_string(row.result.stats.generated), secs, row.error});
    }

  private:
    static RowWriter writer_for(Format format, const std::vector<Instance>& instances) {
        if (format == Format::tsv || format == Format::csv)
            return RowWriter(format,
                             {"id", "state", "status", "length", "expected", "expanded",
                              "generated", "seconds", "error"},
                             {});
        std::size_t id_width = 0;  // every id is known before the first row is solved
        for (const Instance& in : instances) id_width = std::max(id_width, in.id.size());
        return RowWriter(Format::text, {"id", "length", "expanded", "seconds", ""},
                         {std::min<std::size_t>(id_width, 40), 6, 10, 8, 0});
    }
    Format format_;
    RowWriter writer_;
};

template <SearchPuzzle P>
struct BatchCommand {
    using D = typename P::Domain;
    std::string name, file, algorithm, heuristic;
    typename P::Options options;
    SearchSwitches sw;
    Format format = Format::text;

    int run() const;
    AlgorithmChoice choose(const std::optional<D>& shared,
                           const std::vector<Instance>& instances) const;
    void report(const std::vector<BatchRow<D>>& rows, const AlgorithmChoice& c, double wall,
                double load_seconds, int& mismatches, int& bad) const;
};

// The algorithm: the one given, else the puzzle's default for the file's (first) domain.
template <SearchPuzzle P>
AlgorithmChoice BatchCommand<P>::choose(const std::optional<D>& shared,
                                        const std::vector<Instance>& instances) const {
    std::string chosen = algorithm;
    if (chosen.empty()) {
        Algorithm a = sw.distributed ? Algorithm::hdastar : Algorithm::astar;
        if (shared) {
            a = default_algorithm_for<P>(*shared, sw.distributed);
        } else if (!instances.empty()) {
            try {
                a = default_algorithm_for<P>(
                    make_instance<P>(name, options, instances[0].state).first, sw.distributed);
            } catch (const InputError&) {  // the bad line is reported with the others
            }
        }
        chosen = name_of(a);
    }
    AlgorithmChoice c = parse_algorithm(chosen, heuristic_name<P>(heuristic));
    if (!heuristic.empty() && traits(c.algorithm).uses_heuristic) c.heuristic = heuristic;
    c.hash = sw.hash;
    return c;
}

// Solves every instance of a file: in parallel across instances (one sequential search each),
// or, for the parallel algorithms, one instance after another with all threads. Each row is
// printed (and flushed) as soon as it and every earlier row are done, in input order, so a
// reader of a pipe sees answers early and an interrupted batch keeps every finished line; the
// rows do not depend on the thread count. Over 60 lines: the interrupt, streaming and progress
// are one loop.
template <SearchPuzzle P>
int BatchCommand<P>::run() const {
    join_if_distributed(sw);
    Stopwatch clock;
    const std::vector<Instance> instances = read_instances_for(file, sw);
    // The heuristic's own time, not the reading of the instances (a slow pipe on stdin).
    const Stopwatch load_clock;
    // One domain and heuristic for the whole file, unless each instance is its own domain.
    std::optional<D> shared;
    if constexpr (!BuildsInstances<P>) shared.emplace(P::make_domain(name, options));
    AlgorithmChoice c = choose(shared, instances);
    const std::string h_name = heuristic_name<P>(c.heuristic);
    c.admissible = heuristic_admissible<P>(h_name);
    refuse_unused_options(sw, {c}, options);
    // Unsolvable rows are reported, not searched; where they cannot all be told apart, a tree
    // search needs its bound for every row.
    require_bound<D>(c, sw, !solvability_known<P>());
    std::optional<typename P::Heuristics> shared_h;
    if (shared) shared_h.emplace(make_heuristic<P>(*shared, h_name, options));
    const double load_seconds = load_clock.seconds();
    std::vector<BatchRow<D>> rows(instances.size());
    const bool parallel_instances = !traits(c.algorithm).parallel;
    // Ctrl-C stops the running searches (their rows are dropped, not printed as failures).
    InterruptGuard interrupt;
    SearchSwitches per_search = sw;
    per_search.stop = &InterruptGuard::flag();
    if (parallel_instances) per_search.threads = 1;
    ProgressLine progress(true);
    std::atomic<std::uint64_t> done{0};
    BatchPrinter printer(format, instances);
    InOrder<int> in_order([&](std::size_t i, int&) {
        if (!rows[i].error.empty())  // the batch policy: reported, and a row of status error
            report_bad_input(input_place(file, rows[i].instance.line), rows[i].error);
        printer.row(rows[i]);
    });
    auto solve_in = [&](BatchRow<D>& row, const D& d, const typename D::State& s,
                        const typename P::Heuristics& h) {
        row.state = DomainIO<D>::format(d, s);
        row.unsolvable = !DomainIO<D>::unsolvable_reason(d, s).empty();
        if (!row.unsolvable) row.result = run_search(d, s, c, h, per_search);
    };
    auto solve_row = [&](std::size_t i) {
        if (InterruptGuard::raised()) return;
        BatchRow<D>& row = rows[i];
        row.instance = instances[i];
        try {
            if (!row.instance.error.empty()) throw InputError(row.instance.error);
            if (shared) {
                solve_in(row, *shared, DomainIO<D>::parse(*shared, instances[i].state), *shared_h);
            } else {
                const auto [d, s] = make_instance<P>(name, options, instances[i].state);
                solve_in(row, d, s, make_heuristic<P>(d, h_name, options));
            }
        } catch (const InputError& e) {
            row.error = e.what();
        }
        if (InterruptGuard::raised()) return;  // perhaps cut short: not an answer
        in_order.done(i, 0);
        ++done;
    };
    // Redrawn by a clock, not by the rows: one slow row must not freeze the elapsed time.
    ProgressTicker ticker(progress, [&] {
        return progress.count_text("solve-batch", done.load(), rows.size(), "instances");
    });
    run_with_threads(sw.threads, [&] {
        if (!parallel_instances) {
            for (std::size_t i = 0; i < rows.size(); ++i) solve_row(i);
            return;
        }
        parallel_for_each(tbb::blocked_range<std::size_t>(0, rows.size(), 1), [&](auto r) {
            for (std::size_t i = r.begin(); i != r.end(); ++i) solve_row(i);
        });
    });
    ticker.stop();
    const std::size_t finished = in_order.emitted();
    rows.resize(finished);  // after an interrupt, the rows before the first unfinished one
    int mismatches = 0, bad = 0;
    report(rows, c, clock.seconds(), load_seconds, mismatches, bad);
    if (InterruptGuard::raised()) {
        check_stdout();
        std::fprintf(stderr, "frontier: interrupted; %zu of %zu instances done and printed\n",
                     finished, instances.size());
        return kExitInterrupted;
    }
    return bad > 0 ? kExitBadInputs : mismatches > 0 ? 1 : 0;
}

// The totals after the rows (and, for --format json, the rows themselves), in one pass.
template <SearchPuzzle P>
void BatchCommand<P>::report(const std::vector<BatchRow<D>>& rows, const AlgorithmChoice& c,
                             double wall, double load_seconds, int& mismatches, int& bad) const {
    std::uint64_t expanded = 0, generated = 0;
    double search_seconds = 0;
    int solved = 0, with_expected = 0;
    for (const auto& row : rows) {
        expanded += row.result.stats.expanded;
        generated += row.result.stats.generated;
        search_seconds += row.result.seconds;
        solved += row.result.solved();
        bad += !row.error.empty();
        with_expected += !row.instance.expected.empty();
        mismatches += !row_matches(row);
    }
    if (format == Format::json) {
        Json j;
        j["domain"] = name;
        j["algorithm"] = c.name();
        j["heuristic"] = c.heuristic.empty() ? "none" : c.heuristic;
        Json items = Json::array();
        for (const auto& row : rows) items.push_back(row_json(row));
        j["instances"] = items;
        j["solved"] = solved;
        j["mismatches"] = mismatches;
        j["expanded"] = expanded;
        j["generated"] = generated;
        j["wall_seconds"] = wall;
        j["search_seconds"] = search_seconds;
        j["heuristic_load_seconds"] = load_seconds;
        j["threads"] = resolve_threads(sw.threads);
        if (InterruptGuard::raised()) j["interrupted"] = true;
        print_json(j);
    } else if (format == Format::text) {
        std::printf(
            "%zu instances, %d solved, %s: %s wall with %d threads (heuristic loaded in "
            "%s), %s of search; mean %.0f nodes expanded\n",
            rows.size(), solved, c.label().c_str(), format_seconds(wall).c_str(),
            resolve_threads(sw.threads), format_seconds(load_seconds).c_str(),
            format_seconds(search_seconds).c_str(),
            rows.empty() ? 0.0 : static_cast<double>(expanded) / rows.size());
        if (with_expected > 0)
            std::printf(mismatches == 0 ? "all %d lengths equal the file's\n"
                                        : "%d lengths differ from the file's\n",
                        mismatches == 0 ? with_expected : mismatches);
    }
}

template <SearchPuzzle P>
void configure_batch(CLI::App& cmd, const std::string& name) {
    auto o = std::make_shared<BatchCommand<P>>();
    o->name = name;
    cmd.description(
        "Solve every instance of a file, in parallel across instances, and check "
        "the lengths against the file's optimal_length column when it has one.");
    cmd.add_option("file", o->file,
                   "instances: one state per line, or a TSV with a tiles/state column (and "
                   "optionally id and optimal_length), or '-'")
        ->required();
    o->options.add(cmd, Use::search);
    cmd.add_option("--algorithm,-a", o->algorithm,
                   algorithm_names() +
                       " (pidastar and hdastar: instances one after another, each with all "
                       "threads)");
    cmd.add_option("--heuristic", o->heuristic,
                   heuristic_help<P>() + " (default: " + std::string(P::kDefaultHeuristic) + ")");
    add_search_switches(cmd, o->sw, has_unsolvable_starts<P>());
    add_format_option(cmd, o->format,
                      {Format::text, Format::json, Format::jsonl, Format::tsv, Format::csv},
                      "one JSON object with every instance and the totals");
    add_quiet_option(cmd);
    cmd.footer(
        std::string(P::kStateHelp) +
        "\nRows come in input order, each as soon as it and all earlier ones are done "
        "(every format\nbut json); Ctrl-C keeps them, prints their totals and exits 130. "
        "Exit status: 0 all solved\nas expected, 1 a length differs from the file's, 2 "
        "bad input (a bad line: reported as FILE:LINE\non stderr and as a row of status "
        "error; the other lines are solved).\n" +
        examples_block({"echo " + std::string(P::kExample.state) + " | frontier solve-batch " +
                            std::string(P::kExample.name) + " -",
                        "echo " + std::string(P::kExample.state) + " | frontier solve-batch " +
                            std::string(P::kExample.name) + " - --csv"}));
    cmd.callback([o] {
        if (const int code = o->run(); code != 0) throw ExitRequest{code};
    });
}

}  // namespace frontier::cli
