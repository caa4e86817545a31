// `frontier compare PUZZLE FILE`: several algorithms on every state of a file, tabulated.
#pragma once

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/cli/dispatch.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/search.hpp"
#include "tools/commands/search_entry.hpp"

namespace frontier::cli {

// One cell of the comparison: the result, or why there is none.
template <class D>
struct CompareCell {
    bool unsolvable = false;
    SearchResult<D> result;
};

// A cell without a result because the search hit --max-expansions: the comparison is
// incomplete, so the command exits 1 (docs/reference/exit-status.md), whatever the format.
template <class D>
bool limit_hit(const CompareCell<D>& c) {
    return !c.unsolvable && c.result.status == SearchStatus::LimitReached;
}

template <class D, class Test>
bool any_cell(const std::vector<std::vector<CompareCell<D>>>& cells, Test test) {
    for (const auto& row : cells)
        for (const auto& cell : row)
            if (test(cell)) return true;
    return false;
}

// The meaning of each marker the tables show, and only of those: a line of markers that did not
// appear would read like an error.
template <class D>
void print_legend(const std::vector<std::vector<CompareCell<D>>>& cells) {
    std::string legend;
    const auto add = [&](bool shown, const char* text) {
        if (shown) legend += (legend.empty() ? "" : "; ") + std::string(text);
    };
    add(any_cell(cells, limit_hit<D>), "FAILED: --max-expansions reached");
    add(any_cell(cells,
                 [](const CompareCell<D>& c) {
                     return !c.unsolvable && c.result.status == SearchStatus::Exhausted;
                 }),
        "none: space exhausted without a solution");
    add(any_cell(cells, [](const CompareCell<D>& c) { return c.unsolvable; }),
        "unsolvable: the start provably cannot reach the goal");
    if (!legend.empty()) std::cout << "\nLegend: " << legend << ".\n";
}

// The batch policy's status 2 for unreadable lines comes first; then 1 for an incomplete table.
template <class D>
void exit_with_status(int bad, const std::vector<std::vector<CompareCell<D>>>& cells) {
    if (bad > 0) throw ExitRequest{kExitBadInputs};
    if (any_cell(cells, limit_hit<D>)) throw ExitRequest{1};
}

template <SearchPuzzle P>
struct CompareCommand {
    using D = typename P::Domain;
    std::string name, file, algorithms;
    typename P::Options options;
    SearchSwitches sw;
    Format format = Format::text;

    void run() const;
};

// Over 60 lines: the three outputs (JSON, CSV, tables) read the same cells, so they stay beside
// the loop that fills them.
template <SearchPuzzle P>
void CompareCommand<P>::run() const {
    join_if_distributed(sw);
    std::vector<AlgorithmChoice> choices;
    for (const std::string& spec : split_list(algorithms)) {
        choices.push_back(parse_algorithm(spec, std::string(P::kDefaultHeuristic)));
        choices.back().hash = sw.hash;
        choices.back().admissible =
            heuristic_admissible<P>(heuristic_name<P>(choices.back().heuristic));
    }
    if (choices.empty()) throw InputError("compare: --algorithms is empty");
    refuse_unused_options(sw, choices, options);
    const std::vector<Instance> instances = read_instances_for(file, sw);
    std::vector<std::string> labels;
    std::vector<std::vector<CompareCell<D>>> cells;
    int bad = 0;
    for (const Instance& in : instances) {
        std::optional<std::pair<D, typename D::State>> inst;
        try {
            if (!in.error.empty()) throw InputError(in.error);
            inst.emplace(make_instance<P>(name, options, in.state));
        } catch (const InputError& e) {  // the batch policy: reported, the rest compared
            report_bad_input(input_place(file, in.line), e.what());
            ++bad;
            continue;
        }
        const D& d = inst->first;
        const typename D::State s = inst->second;
        std::vector<typename P::Heuristics> heuristics;  // per instance: they may need its domain
        for (const AlgorithmChoice& c : choices)
            heuristics.push_back(make_heuristic<P>(d, heuristic_name<P>(c.heuristic), options));
        labels.push_back(DomainIO<D>::format(d, s));
        const bool unsolvable = !DomainIO<D>::unsolvable_reason(d, s).empty();
        auto& row = cells.emplace_back();
        for (std::size_t a = 0; a < choices.size(); ++a) {
            CompareCell<D> cell;
            cell.unsolvable = unsolvable && !sw.no_parity_check;
            if (!cell.unsolvable) {
                require_bound<D>(choices[a], sw, !solvability_known<P>() || unsolvable);
                cell.result = run_search(d, s, choices[a], heuristics[a], sw);
            }
            row.push_back(std::move(cell));
        }
    }
    if (format == Format::json) {
        Json all = Json::array();
        for (std::size_t i = 0; i < labels.size(); ++i)
            for (std::size_t a = 0; a < choices.size(); ++a) {
                const auto& cell = cells[i][a];
                Json j;
                j["instance"] = labels[i];
                j["algorithm"] = choices[a].label();
                j["status"] = cell.unsolvable ? "unsolvable" : to_string(cell.result.status);
                j["length"] = number_or_null(cell.result.length());
                j["expanded"] = cell.result.stats.expanded;
                j["generated"] = cell.result.stats.generated;
                j["duplicates"] = cell.result.stats.duplicates;
                j["seconds"] = cell.result.seconds;
                all.push_back(j);
            }
        print_json(all);
        exit_with_status(bad, cells);
        return;
    }
    if (format == Format::csv) {
        std::cout << "instance,algorithm,status,length,expanded,generated,duplicates,seconds\n";
        for (std::size_t i = 0; i < labels.size(); ++i)
            for (std::size_t a = 0; a < choices.size(); ++a) {
                const auto& r = cells[i][a].result;
                std::cout << '"' << labels[i] << "\"," << choices[a].label() << ','
                          << (cells[i][a].unsolvable ? "unsolvable" : to_string(r.status)) << ','
                          << r.length() << ',' << r.stats.expanded << ',' << r.stats.generated
                          << ',' << r.stats.duplicates << ',' << r.seconds << '\n';
            }
        exit_with_status(bad, cells);
        return;
    }
    std::vector<std::string> headers;
    for (const auto& c : choices) headers.push_back(c.label());
    auto block = [&](const std::string& title, auto value) {
        std::vector<std::vector<std::string>> rows;
        for (std::size_t i = 0; i < labels.size(); ++i) {
            std::vector<std::string> row{labels[i]};
            for (std::size_t a = 0; a < choices.size(); ++a) {
                const auto& cell = cells[i][a];
                if (cell.unsolvable)
                    row.push_back("unsolvable");
                else if (cell.result.status == SearchStatus::LimitReached)
                    row.push_back("FAILED");
                else if (cell.result.status == SearchStatus::Exhausted)
                    row.push_back("none");
                else
                    row.push_back(value(cell.result));
            }
            rows.push_back(row);
        }
        std::cout << title << '\n';
        print_table(headers, rows);
    };
    block("solution length", [](const SearchResult<D>& r) { return std::to_string(r.length()); });
    block("\nnodes expanded",
          [](const SearchResult<D>& r) { return std::to_string(r.stats.expanded); });
    block("\ntime (ms)", [](const SearchResult<D>& r) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", r.seconds * 1000);
        return std::string(buf);
    });
    print_legend(cells);
    exit_with_status(bad, cells);
}

template <SearchPuzzle P>
void configure_compare(CLI::App& cmd, const std::string& name) {
    auto o = std::make_shared<CompareCommand<P>>();
    o->name = name;
    cmd.description("Run several algorithms on every state of a file and tabulate them.");
    cmd.add_option("file", o->file, "instances: one state per line ('#' comments), or '-'")
        ->required();
    // --methods: compare sudoku's earlier name, accepted here too (docs/reference/cli.md).
    cmd.add_option("--algorithms,--methods", o->algorithms,
                   "comma-separated ALGO[:HEURISTIC] list (default: " +
                       std::string(P::kCompareAlgorithms) + ")");
    o->options.add(cmd, Use::search);
    add_search_switches(cmd, o->sw, has_unsolvable_starts<P>());
    add_format_option(cmd, o->format, {Format::text, Format::json, Format::csv},
                      "a JSON array, one object per cell");
    cmd.footer(std::string(P::kStateHelp) +
               "\nExit status: 0 every cell answered (a solution, none or unsolvable); 1 a cell "
               "hit\n--max-expansions (FAILED); 2 bad input (a bad line: reported as FILE:LINE, "
               "the rest compared).\n" +
               examples_block({"echo " + std::string(P::kExample.state) + " | frontier compare " +
                                   std::string(P::kExample.name) + " -",
                               "echo " + std::string(P::kExample.state) + " | frontier compare " +
                                   std::string(P::kExample.name) + " - --csv"}));
    cmd.callback([o] {
        if (o->algorithms.empty()) o->algorithms = P::kCompareAlgorithms;
        o->run();
    });
}

}  // namespace frontier::cli
