// `frontier solve` and `frontier compare` for any search domain, written once.
//
// A domain family (sliding tiles, Rush Hour, ...) describes itself with a SearchFamily: how to
// build the domain from its name, which heuristics it has (a std::variant of heuristic types,
// built by name) and its defaults. add_search_commands() then registers the solve and compare
// handlers for it. run_search() picks the algorithm template by name and visits the heuristic
// variant, so each (algorithm, heuristic, domain) triple is one monomorphic instantiation.
#pragma once

#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "engine/astar.hpp"
#include "engine/bfs.hpp"
#include "engine/dfs.hpp"
#include "engine/domain_io.hpp"
#include "engine/error.hpp"
#include "engine/greedy.hpp"
#include "engine/idastar.hpp"
#include "tools/cli_common.hpp"
#include "tools/domain_commands.hpp"
#include "tools/domain_options.hpp"

namespace frontier::cli {

// "astar:manhattan" -> {astar, manhattan}; "bfs" -> {bfs, ""}.
struct AlgorithmChoice {
    std::string algorithm, heuristic;
    std::string label() const {
        return heuristic.empty() ? algorithm : algorithm + ":" + heuristic;
    }
};

// The algorithms every search domain gets, with their properties.
const std::vector<std::string>& algorithm_names();
bool uses_heuristic(const std::string& algorithm);
bool guarantees_optimal(const std::string& algorithm);
// Parses "ALGO" or "ALGO:HEURISTIC"; checks the algorithm name (not the heuristic's).
AlgorithmChoice parse_algorithm(const std::string& spec, const std::string& default_heuristic);

// Common limits and switches of solve, compare and solve-batch.
struct SearchSwitches {
    std::uint64_t max_expansions = 0;
    int max_depth = 0;
    int threads = 0;
    bool no_parity_check = false;
    SearchLimits limits() const { return SearchLimits{max_expansions, max_depth}; }
};
void add_search_switches(CLI::App& cmd, SearchSwitches& s);

template <class D, class HV>
SearchResult<D> run_search(const D& d, const typename D::State& start, const AlgorithmChoice& c,
                           const HV& heuristics, const SearchSwitches& sw) {
    const SearchLimits limits = sw.limits();
    if (c.algorithm == "bfs") return bfs(d, start, limits);
    if (c.algorithm == "dfs") return dfs(d, start, limits);
    return std::visit(
        [&](const auto& h) -> SearchResult<D> {
            if (c.algorithm == "astar") return astar(d, start, h, limits);
            if (c.algorithm == "idastar") return idastar(d, start, h, limits);
            if (c.algorithm == "greedy") return greedy_best_first(d, start, h, limits);
            throw InputError("unknown algorithm \"" + c.algorithm + "\"");
        },
        heuristics);
}

// Whether a solution found by this algorithm is optimal: always in a graded domain, where every
// solution has the same length.
template <class D>
bool optimal_for(const AlgorithmChoice& c) {
    return GradedDomain<D> || guarantees_optimal(c.algorithm);
}

// The one-line verdict: "24 moves (optimal)", "no solution: state space exhausted after ...".
template <class D>
std::string verdict(const SearchResult<D>& r, const AlgorithmChoice& c) {
    const std::string expansions = std::to_string(r.stats.expanded) + " expansions";
    switch (r.status) {
        case SearchStatus::Solved:
            return std::to_string(r.length()) + " moves" +
                   (optimal_for<D>(c) ? " (optimal)"
                                      : " (" + c.algorithm + ": not guaranteed optimal)");
        case SearchStatus::Exhausted:
            return "no solution: state space exhausted after " + expansions + " (" +
                   std::to_string(r.stats.peak_closed) + " states reached)";
        case SearchStatus::LimitReached:
            return "no solution: limit reached after " + expansions;
    }
    return "";
}

template <class D>
Json result_json(const D& d, const typename D::State& start, const SearchResult<D>& r,
                 const AlgorithmChoice& c) {
    using IO = DomainIO<D>;
    Json j;
    j["domain"] = IO::name(d);
    j["start"] = IO::format(d, start);
    j["goal"] = IO::goal_text(d);
    j["algorithm"] = c.algorithm;
    j["heuristic"] = c.heuristic.empty() ? "none" : c.heuristic;
    j["status"] = to_string(r.status);
    j["optimal"] = r.solved() && optimal_for<D>(c);
    j["length"] = r.length();
    Json moves = Json::array();
    auto s = start;
    for (const auto& m : r.moves) {
        moves.push_back(IO::format_move(d, s, m));
        s = d.apply(s, m);
    }
    j["moves"] = moves;
    j["expanded"] = r.stats.expanded;
    j["generated"] = r.stats.generated;
    j["duplicates"] = r.stats.duplicates;
    j["peak_open"] = r.stats.peak_open;
    j["peak_closed"] = r.stats.peak_closed;
    j["iterations"] = r.stats.iterations;
    j["seconds"] = r.seconds;
    return j;
}

template <class D>
void print_result(const D& d, const typename D::State& start, const SearchResult<D>& r,
                  const AlgorithmChoice& c, bool show) {
    using IO = DomainIO<D>;
    std::cout << IO::name(d) << ", " << c.label() << ": " << verdict(r, c) << '\n';
    if (r.solved()) {
        std::string line;
        auto s = start;
        for (const auto& m : r.moves) {
            line += (line.empty() ? "" : " ") + IO::format_move(d, s, m);
            s = d.apply(s, m);
        }
        std::cout << "moves: " << (line.empty() ? "(none: the start is the goal)" : line) << "\n"
                  << "       (" << IO::kMoveNotation << ")\n";
        if (show) {
            s = start;
            std::cout << "start:\n" << IO::draw(d, s);
            int i = 0;
            for (const auto& m : r.moves) {
                const std::string text = IO::format_move(d, s, m);
                s = d.apply(s, m);
                std::cout << "move " << ++i << ": " << text << '\n' << IO::draw(d, s);
            }
        }
    }
    std::printf("expanded %llu, generated %llu, duplicates %llu, peak open %llu, peak closed %llu",
                static_cast<unsigned long long>(r.stats.expanded),
                static_cast<unsigned long long>(r.stats.generated),
                static_cast<unsigned long long>(r.stats.duplicates),
                static_cast<unsigned long long>(r.stats.peak_open),
                static_cast<unsigned long long>(r.stats.peak_closed));
    if (c.algorithm == "idastar") std::printf(", iterations %d", r.stats.iterations);
    std::printf(", %s\n", format_seconds(r.seconds).c_str());
}

template <class D, class HV>
struct SearchFamily {
    std::string domains;                            // names for help
    std::function<bool(std::string_view)> accepts;  // which names are ours
    // Builds the domain from its name and options (--goal, and whatever add_domain_options adds).
    std::function<D(const std::string& name, const DomainOptions& options)> make_domain;
    std::function<HV(const D&, const std::string& name)> make_heuristic;  // InputError if unknown
    std::string heuristic_names;                                          // for help
    std::string default_heuristic;
    std::function<std::string(const D&)> default_algorithm;
    std::string default_algorithm_help;  // for help: "astar for small boards, idastar for large"
    std::string compare_algorithms;      // compare's default --algorithms
    std::string state_help;              // footer: the state syntax
    // Optional: adds the family's own domain options (--metric, --board, ...) to solve and compare.
    std::function<void(CLI::App& cmd, DomainOptions& options)> add_domain_options;
    // Optional: the start when no state is given (a built-in puzzle's own start position); the
    // state argument is then optional.
    std::function<typename D::State(const D&)> default_start;
    // False when DomainIO::unsolvable_reason cannot tell every unsolvable state (sliding blocks):
    // idastar then needs --max-expansions.
    bool solvability_known = true;
};

// Domains whose DomainIO can turn a move sequence into a state get solve --scramble.
template <class D>
concept Scramblable = requires(const D& d, std::string_view text) {
    { DomainIO<D>::scramble(d, text) } -> std::same_as<typename D::State>;
};

// Parses a state that must be able to reach the goal (unless the check is switched off).
template <class D>
typename D::State parse_start(const D& d, const std::string& text, bool check) {
    const auto s = DomainIO<D>::parse(d, text);
    if (check) {
        const std::string why = DomainIO<D>::unsolvable_reason(d, s);
        if (!why.empty())
            throw InputError("state \"" + DomainIO<D>::format(d, s) + "\" is unsolvable: " + why +
                             " (use --no-parity-check to search anyway)");
    }
    return s;
}

// An algorithm that cannot prove a state unsolvable must not run unbounded on one. When the
// domain's unsolvable_reason is not an exact test (solvability_known false), every state might
// be one, unless the domain is graded (its tree search then ends by itself).
template <class D>
void require_bound(const D& d, const typename D::State& s, const AlgorithmChoice& c,
                   const SearchSwitches& sw, bool solvability_known = true) {
    const bool unbounded_tree = c.algorithm == "idastar" && !GradedDomain<D>;
    const bool maybe_unsolvable =
        !solvability_known || !DomainIO<D>::unsolvable_reason(d, s).empty();
    if (unbounded_tree && sw.max_expansions == 0 && maybe_unsolvable)
        throw InputError(c.algorithm +
                         " keeps no visited set and cannot exhaust an unsolvable space; give "
                         "--max-expansions or use astar or bfs");
}

namespace detail {

struct SolveOptions {
    std::string domain, state, scramble, algorithm, heuristic;
    DomainOptions domain_options;
    SearchSwitches sw;
    bool json = false, show = false;
};

struct CompareOptions {
    std::string domain, file, algorithms;
    DomainOptions domain_options;
    SearchSwitches sw;
    bool csv = false, json = false;
};

// The start: the state argument, the scramble, or the family's default start.
template <class D, class HV>
typename D::State start_of(const SearchFamily<D, HV>& fam, const D& d, const SolveOptions& o) {
    const bool check = !o.sw.no_parity_check;
    if (!o.scramble.empty()) {
        if (!o.state.empty()) throw InputError("give either a state or --scramble, not both");
        if constexpr (Scramblable<D>) return DomainIO<D>::scramble(d, o.scramble);
    }
    if (!o.state.empty()) return parse_start(d, o.state, check);
    if (!fam.default_start)
        throw InputError(Scramblable<D> ? "missing the start: give a state or --scramble"
                                        : "missing the start state");
    const auto s = fam.default_start(d);
    const std::string why = check ? DomainIO<D>::unsolvable_reason(d, s) : "";
    if (!why.empty())
        throw InputError("the start \"" + DomainIO<D>::format(d, s) + "\" cannot reach the goal: " +
                         why + " (use --no-parity-check to search anyway)");
    return s;
}

template <class D, class HV>
int solve_one(const SearchFamily<D, HV>& fam, const SolveOptions& o) {
    const D d = fam.make_domain(o.domain, o.domain_options);
    const auto start = start_of(fam, d, o);
    AlgorithmChoice c =
        parse_algorithm(o.algorithm.empty() ? fam.default_algorithm(d) : o.algorithm,
                        o.heuristic.empty() ? fam.default_heuristic : o.heuristic);
    if (!o.heuristic.empty()) c.heuristic = o.heuristic;
    if (!uses_heuristic(c.algorithm)) c.heuristic.clear();
    const HV h = fam.make_heuristic(d, c.heuristic.empty() ? fam.default_heuristic : c.heuristic);
    require_bound(d, start, c, o.sw, fam.solvability_known);
    const SearchResult<D> r = run_search(d, start, c, h, o.sw);
    if (o.json)
        print_json(result_json(d, start, r, c));
    else
        print_result(d, start, r, c, o.show);
    return r.solved() ? 0 : 1;
}

// One cell of the comparison: the result, or why there is none.
template <class D>
struct CompareCell {
    bool unsolvable = false;
    SearchResult<D> result;
};

template <class D, class HV>
void compare(const SearchFamily<D, HV>& fam, const CompareOptions& o) {
    const D d = fam.make_domain(o.domain, o.domain_options);
    std::vector<AlgorithmChoice> choices;
    for (const std::string& spec : split_list(o.algorithms))
        choices.push_back(parse_algorithm(spec, fam.default_heuristic));
    if (choices.empty()) throw InputError("compare: --algorithms is empty");
    std::vector<HV> heuristics;
    for (const AlgorithmChoice& c : choices)
        heuristics.push_back(
            fam.make_heuristic(d, c.heuristic.empty() ? fam.default_heuristic : c.heuristic));
    const std::vector<Instance> instances = read_instances(o.file);
    std::vector<std::string> labels;
    std::vector<std::vector<CompareCell<D>>> cells;
    for (const Instance& in : instances) {
        typename D::State s;
        try {
            s = DomainIO<D>::parse(d, in.state);
        } catch (const InputError& e) {
            throw InputError(o.file + ":" + std::to_string(in.line) + ": " + e.what());
        }
        labels.push_back(DomainIO<D>::format(d, s));
        const bool unsolvable = !DomainIO<D>::unsolvable_reason(d, s).empty();
        auto& row = cells.emplace_back();
        for (std::size_t a = 0; a < choices.size(); ++a) {
            CompareCell<D> cell;
            cell.unsolvable = unsolvable && !o.sw.no_parity_check;
            if (!cell.unsolvable) {
                require_bound(d, s, choices[a], o.sw, fam.solvability_known);
                cell.result = run_search(d, s, choices[a], heuristics[a], o.sw);
            }
            row.push_back(std::move(cell));
        }
    }
    if (o.json) {
        Json all = Json::array();
        for (std::size_t i = 0; i < labels.size(); ++i)
            for (std::size_t a = 0; a < choices.size(); ++a) {
                const auto& cell = cells[i][a];
                Json j;
                j["instance"] = labels[i];
                j["algorithm"] = choices[a].label();
                j["status"] = cell.unsolvable ? "unsolvable" : to_string(cell.result.status);
                j["length"] = cell.result.length();
                j["expanded"] = cell.result.stats.expanded;
                j["generated"] = cell.result.stats.generated;
                j["seconds"] = cell.result.seconds;
                all.push_back(j);
            }
        print_json(all);
        return;
    }
    if (o.csv) {
        std::cout << "instance,algorithm,status,length,expanded,generated,duplicates,seconds\n";
        for (std::size_t i = 0; i < labels.size(); ++i)
            for (std::size_t a = 0; a < choices.size(); ++a) {
                const auto& r = cells[i][a].result;
                std::cout << '"' << labels[i] << "\"," << choices[a].label() << ','
                          << (cells[i][a].unsolvable ? "unsolvable" : to_string(r.status)) << ','
                          << r.length() << ',' << r.stats.expanded << ',' << r.stats.generated
                          << ',' << r.stats.duplicates << ',' << r.seconds << '\n';
            }
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
    std::cout << "\nFAILED: --max-expansions reached; none: space exhausted without a solution; "
                 "unsolvable: rejected by the parity check.\n";
}

}  // namespace detail

template <class D, class HV>
void add_search_commands(DomainCommands& commands, SearchFamily<D, HV> family) {
    auto fam = std::make_shared<const SearchFamily<D, HV>>(std::move(family));
    const std::string algorithms = "bfs, dfs, astar, idastar, greedy";
    commands.add(
        "solve",
        DomainHandler{
            fam->domains, fam->accepts, [fam, algorithms](CLI::App& cmd, const std::string& name) {
                auto o = std::make_shared<detail::SolveOptions>();
                o->domain = name;
                cmd.description("Solve one state of " + fam->domains + " and print the moves.");
                auto* state = cmd.add_option("state", o->state,
                                             fam->default_start
                                                 ? "the start state (default: the puzzle's start)"
                                                 : "the start state");
                if constexpr (Scramblable<D>)
                    cmd.add_option("--scramble", o->scramble,
                                   "start from the position these moves reach from the goal");
                else if (!fam->default_start)
                    state->required();
                (void)state;
                cmd.add_option("--goal", o->domain_options.goal,
                               "goal state (default: the domain's standard goal)");
                if (fam->add_domain_options) fam->add_domain_options(cmd, o->domain_options);
                cmd.add_option("--algorithm,-a", o->algorithm,
                               algorithms + " (default: " + fam->default_algorithm_help + ")");
                cmd.add_option("--heuristic", o->heuristic,
                               fam->heuristic_names + " (default: " + fam->default_heuristic + ")");
                add_search_switches(cmd, o->sw);
                cmd.add_flag("--show", o->show, "draw the board after every move");
                cmd.add_flag("--json", o->json, "print one JSON object");
                cmd.footer(fam->state_help +
                           "\nExit status: 0 solved, 1 no solution, 2 bad input.\n");
                cmd.callback([fam, o] {
                    const int code = detail::solve_one(*fam, *o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
    commands.add("compare",
                 DomainHandler{
                     fam->domains, fam->accepts, [fam](CLI::App& cmd, const std::string& name) {
                         auto o = std::make_shared<detail::CompareOptions>();
                         o->domain = name;
                         cmd.description(
                             "Run several algorithms on every state of a file and tabulate them.");
                         cmd.add_option("file", o->file,
                                        "instances: one state per line ('#' comments), or '-'")
                             ->required();
                         cmd.add_option("--algorithms", o->algorithms,
                                        "comma-separated ALGO[:HEURISTIC] list (default: " +
                                            fam->compare_algorithms + ")");
                         cmd.add_option("--goal", o->domain_options.goal,
                                        "goal state (default: the domain's standard goal)");
                         if (fam->add_domain_options)
                             fam->add_domain_options(cmd, o->domain_options);
                         add_search_switches(cmd, o->sw);
                         cmd.add_flag("--csv", o->csv, "print CSV rows instead of the tables");
                         cmd.add_flag("--json", o->json, "print a JSON array, one object per cell");
                         cmd.footer(fam->state_help + "\n");
                         cmd.callback([fam, o] {
                             if (o->algorithms.empty()) o->algorithms = fam->compare_algorithms;
                             detail::compare(*fam, *o);
                         });
                     }});
}

}  // namespace frontier::cli
