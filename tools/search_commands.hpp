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
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/astar.hpp"
#include "engine/bfs.hpp"
#include "engine/dfs.hpp"
#include "engine/domain_io.hpp"
#include "engine/error.hpp"
#include "engine/greedy.hpp"
#include "engine/hda_cluster.hpp"
#include "engine/hdastar.hpp"
#include "engine/idastar.hpp"
#include "engine/memory.hpp"
#include "engine/parallel.hpp"
#include "engine/parallel_idastar.hpp"
#include "tools/cli_common.hpp"
#include "tools/cluster_session.hpp"
#include "tools/domain_commands.hpp"
#include "tools/domain_options.hpp"

namespace frontier::cli {

// "astar:manhattan" -> {astar, manhattan}; "bfs" -> {bfs, ""}.
struct AlgorithmChoice {
    std::string algorithm, heuristic;
    std::string hash;  // hdastar only
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
    std::string hash = "zobrist";  // hdastar's ownership hash
    std::string pdb_dir;           // pattern databases for --heuristic pdb
    bool no_reflection = false;    // pattern databases: skip the diagonal-reflection lookup
    bool no_parity_check = false;
    bool distributed = false;  // hdastar over the ranks of an MPI job
    SearchLimits limits() const { return SearchLimits{max_expansions, max_depth}; }
};
void add_search_switches(CLI::App& cmd, SearchSwitches& s);
// The instances of a batch file. With --distributed, rank 0 reads them (the file, or standard
// input, which mpirun gives to rank 0 only) and sends them to the other ranks.
std::vector<Instance> read_instances_for(const std::string& path, const SearchSwitches& s);
// With --distributed: joins the MPI job before anything can fail, so that errors every rank
// meets alike are printed once (by rank 0).
inline void join_if_distributed(const SearchSwitches& s) {
    if (s.distributed) cluster_session();
}

// A domain offers HDA* by providing make_hda_hasher(domain, "zobrist" | "azh") (found by ADL).
template <class D>
concept HdaCapable = requires(const D& d) {
    make_hda_hasher(d, std::string_view{});
};

// Every algorithm's result in the widest form (HdaResult: the per-worker fields stay empty for
// sequential algorithms).
template <class D, class HV>
HdaResult<D> run_search(const D& d, const typename D::State& start, const AlgorithmChoice& c,
                        const HV& heuristics, const SearchSwitches& sw) {
    const SearchLimits limits = sw.limits();
    if (sw.distributed && c.algorithm != "hdastar")
        throw InputError("--distributed runs hdastar only (got " + c.algorithm + ")");
    HdaResult<D> r;
    r.threads = 1;
    SearchResult<D>& base = r;
    if (c.algorithm == "bfs") {
        base = bfs(d, start, limits);
        return r;
    }
    if (c.algorithm == "dfs") {
        base = dfs(d, start, limits);
        return r;
    }
    std::visit(
        [&](const auto& h) {
            if (c.algorithm == "astar") {
                base = astar(d, start, h, limits);
            } else if (c.algorithm == "idastar") {
                base = idastar(d, start, h, limits);
            } else if (c.algorithm == "pidastar") {
                base = parallel_idastar(d, start, h, limits, sw.threads);
                r.threads = resolve_threads(sw.threads);
            } else if (c.algorithm == "greedy") {
                base = greedy_best_first(d, start, h, limits);
            } else if (c.algorithm == "hdastar") {
                if constexpr (HdaCapable<D>) {
                    HdaOptions o;
                    o.threads = sw.threads;
                    o.limits = limits;
                    const auto z = make_hda_hasher(d, sw.hash);
                    if (sw.distributed) {
                        Cluster& cluster = cluster_session();
                        run_collectively(
                            [&] { r = hda_star_distributed(d, start, h, z, cluster, o); });
                    } else {
                        r = hda_star(d, start, h, z, o);
                    }
                } else {
                    throw InputError("hdastar is not available for " + DomainIO<D>::name(d));
                }
            } else {
                throw InputError("unknown algorithm \"" + c.algorithm + "\"");
            }
        },
        heuristics);
    return r;
}

// What a solution's length counts: DomainIO<D>::cost_unit(d) where the domain has several
// metrics (Rush Hour: "moves" or "steps"), "moves" otherwise.
template <class D>
std::string cost_unit(const D& d) {
    if constexpr (requires { DomainIO<D>::cost_unit(d); })
        return DomainIO<D>::cost_unit(d);
    else
        return "moves";
}

// Whether a solution found by this algorithm is optimal: always in a graded domain, where every
// solution has the same length.
template <class D>
bool optimal_for(const AlgorithmChoice& c) {
    return GradedDomain<D> || guarantees_optimal(c.algorithm);
}

// The one-line verdict: "24 moves (optimal)", "no solution: state space exhausted after ...".
template <class D>
std::string verdict(const SearchResult<D>& r, const AlgorithmChoice& c,
                    const std::string& unit = "moves") {
    const std::string expansions = std::to_string(r.stats.expanded) + " expansions";
    switch (r.status) {
        case SearchStatus::Solved:
            return std::to_string(r.length()) + " " + unit +
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
Json result_json(const D& d, const typename D::State& start, const HdaResult<D>& r,
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
    j["threads"] = r.threads;
    if (!r.workers.empty()) {
        j["hash"] = c.hash;
        j["ranks"] = r.processes;
        if (r.rounds > 0) {  // distributed: traffic between ranks
            j["remote_batches"] = r.remote_batches;
            j["remote_bytes"] = r.remote_bytes;
            j["rounds"] = r.rounds;
        }
        j["sent_fraction"] = r.sent_fraction();
        j["load_balance"] = r.load_balance();
        Json workers = Json::array();
        for (const HdaWorkerStats& w : r.workers)
            workers.push_back({{"expanded", w.expanded},
                               {"generated", w.generated},
                               {"duplicates", w.duplicates},
                               {"pruned", w.pruned},
                               {"sent", w.sent},
                               {"received", w.received},
                               {"closed", w.closed}});
        j["workers"] = workers;
    }
    return j;
}

template <class D>
void print_result(const D& d, const typename D::State& start, const HdaResult<D>& r,
                  const AlgorithmChoice& c, bool show) {
    using IO = DomainIO<D>;
    std::cout << IO::name(d) << ", " << c.label() << ": " << verdict(r, c, cost_unit(d)) << '\n';
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
    if (!r.workers.empty()) {
        if (r.rounds > 0)  // distributed
            std::printf(
                "%d ranks, %d threads in all; between ranks: %llu batches, %s (%.1f bytes per "
                "expanded node), %llu termination rounds\n",
                r.processes, r.threads, static_cast<unsigned long long>(r.remote_batches),
                format_bytes(r.remote_bytes).c_str(),
                r.stats.expanded ? static_cast<double>(r.remote_bytes) / r.stats.expanded : 0.0,
                static_cast<unsigned long long>(r.rounds));
        std::printf(
            "%d threads, %s hash: %.1f%% of generated nodes sent to another owner, load "
            "balance %.2f (max/mean expansions)\nexpanded per thread:",
            r.threads, c.hash.c_str(), 100 * r.sent_fraction(), r.load_balance());
        for (const HdaWorkerStats& w : r.workers)
            std::printf(" %llu", static_cast<unsigned long long>(w.expanded));
        std::printf("\n");
    }
}

// Adds the domain options a command was given (--metric, --board, ...) to its JSON.
inline void add_options_json(Json& j, const DomainOptions& o) {
    if (!o.metric.empty()) j["metric"] = o.metric;
    if (!o.board.empty()) j["board"] = o.board;
    if (!o.layout.empty()) j["layout"] = o.layout;
}

template <class D, class HV>
struct SearchFamily {
    using State = typename D::State;
    std::string domains;                            // names for help
    std::function<bool(std::string_view)> accepts;  // which names are ours
    // Builds the domain from its name and options (--goal, and whatever add_domain_options adds).
    std::function<D(const std::string& name, const DomainOptions& options)> make_domain;
    // Builds a heuristic by name (InputError if unknown); the switches carry what some need
    // (--pdb-dir, --no-reflection).
    std::function<HV(const D&, const std::string& name, const SearchSwitches&)> make_heuristic;
    std::string heuristic_names;  // for help
    std::string default_heuristic;
    std::function<std::string(const D&)> default_algorithm;
    std::string default_algorithm_help = "astar";  // for help: "astar for small boards, ..."
    std::string compare_algorithms;                // compare's default --algorithms
    std::string state_help;                        // footer: the state syntax
    // Optional: adds the family's own domain options (--metric, --board, ...) to solve, compare
    // and solve-batch; the chosen values are echoed in their JSON.
    std::function<void(CLI::App& cmd, DomainOptions& options)> add_domain_options;
    // Optional, for families whose instance text also defines the domain (Rush Hour: a board
    // is its own layout). When set, the commands build the domain and the start from each
    // instance with it, make_domain is unused and --goal is refused.
    std::function<std::pair<D, State>(const std::string& text, const DomainOptions&)> make_instance;
    // Optional: the start when no state is given (a built-in puzzle's own start position); the
    // state argument is then optional.
    std::function<State(const D&)> default_start;
    // Report a start that provably cannot reach the goal as a result ("unsolvable", exit 1)
    // instead of an input error (exit 2).
    bool unsolvable_is_result = false;
    // False when DomainIO::unsolvable_reason cannot tell every unsolvable state (sliding blocks):
    // idastar then needs --max-expansions.
    bool solvability_known = true;
};

// Domains whose DomainIO can turn a move sequence into a state get solve --scramble.
template <class D>
concept Scramblable = requires(const D& d, std::string_view text) {
    { DomainIO<D>::scramble(d, text) } -> std::same_as<typename D::State>;
};

// The algorithm when none is given: hdastar across the ranks of a --distributed run (the one
// search that spans them), else the family's choice for this domain.
template <class D, class HV>
std::string default_algorithm_for(const SearchFamily<D, HV>& fam, const D& d,
                                  const SearchSwitches& sw) {
    return sw.distributed ? std::string("hdastar") : fam.default_algorithm(d);
}

// The error for a start that provably cannot reach the goal.
template <class D>
InputError unsolvable_error(const D& d, const typename D::State& s, const std::string& why) {
    return InputError("state \"" + DomainIO<D>::format(d, s) + "\" is unsolvable: " + why +
                      " (use --no-parity-check to search anyway)");
}

// An algorithm that cannot prove a state unsolvable must not run unbounded on one. When the
// domain's unsolvable_reason is not an exact test (solvability_known false), every state might
// be one, unless the domain is graded (its tree search then ends by itself).
template <class D>
void require_bound(const D& d, const typename D::State& s, const AlgorithmChoice& c,
                   const SearchSwitches& sw, bool solvability_known = true) {
    const bool unbounded_tree =
        (c.algorithm == "idastar" || c.algorithm == "pidastar") && !GradedDomain<D>;
    const bool maybe_unsolvable =
        !solvability_known || !DomainIO<D>::unsolvable_reason(d, s).empty();
    if (unbounded_tree && sw.max_expansions == 0 && maybe_unsolvable)
        throw InputError(c.algorithm +
                         " keeps no visited set and cannot exhaust an unsolvable space; give "
                         "--max-expansions or use astar or bfs");
}

namespace detail {

// The domain and the start state of one instance text.
template <class D, class HV>
std::pair<D, typename D::State> make_instance(const SearchFamily<D, HV>& fam,
                                              const std::string& domain,
                                              const DomainOptions& options,
                                              const std::string& text) {
    if (fam.make_instance) {
        if (!options.goal.empty())
            throw InputError("--goal does not apply to " + domain + " (the goal is fixed)");
        return fam.make_instance(text, options);
    }
    D d = fam.make_domain(domain, options);
    const auto s = DomainIO<D>::parse(d, text);
    return {std::move(d), s};
}

template <class D>
void print_unsolvable(const D& d, const typename D::State& start, const AlgorithmChoice& c,
                      const std::string& why, const DomainOptions& options, bool json) {
    if (json) {
        Json j = result_json(d, start, HdaResult<D>{}, c);
        j["status"] = "unsolvable";
        j["reason"] = why;
        add_options_json(j, options);
        print_json(j);
    } else {
        std::cout << DomainIO<D>::name(d) << ", " << c.label() << ": unsolvable: " << why << '\n';
    }
}

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

// The domain and the start: the state argument, the scramble, or the family's default start.
template <class D, class HV>
std::pair<D, typename D::State> start_of(const SearchFamily<D, HV>& fam, const SolveOptions& o) {
    if (!o.scramble.empty()) {
        if (!o.state.empty()) throw InputError("give either a state or --scramble, not both");
        if constexpr (Scramblable<D>) {
            D d = fam.make_domain(o.domain, o.domain_options);
            const auto s = DomainIO<D>::scramble(d, o.scramble);
            return {std::move(d), s};
        }
    }
    if (!o.state.empty()) return make_instance(fam, o.domain, o.domain_options, o.state);
    if (!fam.default_start || fam.make_instance)
        throw InputError(Scramblable<D> ? "missing the start: give a state or --scramble"
                                        : "missing the start state");
    D d = fam.make_domain(o.domain, o.domain_options);
    const auto s = fam.default_start(d);
    return {std::move(d), s};
}

template <class D, class HV>
int solve_one(const SearchFamily<D, HV>& fam, const SolveOptions& o) {
    join_if_distributed(o.sw);
    const auto [d, start] = start_of(fam, o);
    AlgorithmChoice c =
        parse_algorithm(o.algorithm.empty() ? default_algorithm_for(fam, d, o.sw) : o.algorithm,
                        o.heuristic.empty() ? fam.default_heuristic : o.heuristic);
    if (!o.heuristic.empty()) c.heuristic = o.heuristic;
    if (!uses_heuristic(c.algorithm)) c.heuristic.clear();
    c.hash = o.sw.hash;
    if (!o.sw.no_parity_check) {
        const std::string why = DomainIO<D>::unsolvable_reason(d, start);
        if (!why.empty()) {
            if (!fam.unsolvable_is_result) throw unsolvable_error(d, start, why);
            print_unsolvable(d, start, c, why, o.domain_options, o.json);
            return 1;
        }
    }
    const HV h =
        fam.make_heuristic(d, c.heuristic.empty() ? fam.default_heuristic : c.heuristic, o.sw);
    require_bound(d, start, c, o.sw, fam.solvability_known);
    const HdaResult<D> r = run_search(d, start, c, h, o.sw);
    if (o.json) {
        Json j = result_json(d, start, r, c);
        add_options_json(j, o.domain_options);
        print_json(j);
    } else {
        print_result(d, start, r, c, o.show);
    }
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
    join_if_distributed(o.sw);
    std::vector<AlgorithmChoice> choices;
    for (const std::string& spec : split_list(o.algorithms)) {
        choices.push_back(parse_algorithm(spec, fam.default_heuristic));
        choices.back().hash = o.sw.hash;
    }
    if (choices.empty()) throw InputError("compare: --algorithms is empty");
    const std::vector<Instance> instances = read_instances_for(o.file, o.sw);
    std::vector<std::string> labels;
    std::vector<std::vector<CompareCell<D>>> cells;
    for (const Instance& in : instances) {
        std::optional<std::pair<D, typename D::State>> inst;
        try {
            inst.emplace(make_instance(fam, o.domain, o.domain_options, in.state));
        } catch (const InputError& e) {
            throw InputError(o.file + ":" + std::to_string(in.line) + ": " + e.what());
        }
        const D& d = inst->first;
        const typename D::State s = inst->second;
        std::vector<HV> heuristics;  // built per instance: they may depend on its domain
        for (const AlgorithmChoice& c : choices)
            heuristics.push_back(fam.make_heuristic(
                d, c.heuristic.empty() ? fam.default_heuristic : c.heuristic, o.sw));
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
                 "unsolvable: the start provably cannot reach the goal.\n";
}

struct BatchOptions {
    std::string domain, file, algorithm, heuristic;
    DomainOptions domain_options;
    SearchSwitches sw;
    bool json = false;
};

// One instance's outcome in a batch.
template <class D>
struct BatchRow {
    Instance instance;
    std::string state;
    HdaResult<D> result;
    bool unsolvable = false;
    std::string error;  // a bad line: reported, not solved
};

template <class D>
bool row_matches(const BatchRow<D>& row) {
    return row.instance.expected.empty() || !row.error.empty() || row.unsolvable ||
           std::to_string(row.result.length()) == row.instance.expected;
}

// Solves every instance of a file: in parallel across instances (one sequential search each),
// or, for hdastar, one instance after another with all threads. Lines come out in input order.
template <class D, class HV>
int solve_batch(const SearchFamily<D, HV>& fam, const BatchOptions& o) {
    join_if_distributed(o.sw);
    Stopwatch clock;
    const std::vector<Instance> instances = read_instances_for(o.file, o.sw);
    // One domain and heuristic for the whole file, unless each instance is its own domain.
    std::optional<D> shared;
    if (!fam.make_instance)
        shared.emplace(fam.make_domain(o.domain, o.domain_options));
    else if (!o.domain_options.goal.empty())
        throw InputError("--goal does not apply to " + o.domain + " (the goal is fixed)");
    std::string algorithm = o.algorithm;
    if (algorithm.empty()) {
        algorithm = o.sw.distributed ? "hdastar" : "astar";
        if (shared) {
            algorithm = default_algorithm_for(fam, *shared, o.sw);
        } else if (!instances.empty()) {
            try {
                algorithm = default_algorithm_for(
                    fam, make_instance(fam, o.domain, o.domain_options, instances[0].state).first,
                    o.sw);
            } catch (const InputError&) {  // the bad line is reported with the others
            }
        }
    }
    AlgorithmChoice c =
        parse_algorithm(algorithm, o.heuristic.empty() ? fam.default_heuristic : o.heuristic);
    if (!o.heuristic.empty() && uses_heuristic(c.algorithm)) c.heuristic = o.heuristic;
    c.hash = o.sw.hash;
    const std::string heuristic = c.heuristic.empty() ? fam.default_heuristic : c.heuristic;
    std::optional<HV> shared_h;
    if (shared) shared_h.emplace(fam.make_heuristic(*shared, heuristic, o.sw));
    const double load_seconds = clock.seconds();
    std::vector<BatchRow<D>> rows(instances.size());
    const bool parallel_instances = c.algorithm != "hdastar" && c.algorithm != "pidastar";
    SearchSwitches per_search = o.sw;
    if (parallel_instances) per_search.threads = 1;
    ProgressLine progress(!o.json && stderr_is_terminal());
    std::atomic<std::size_t> done{0};
    auto solve_in = [&](BatchRow<D>& row, const D& d, const typename D::State& s, const HV& h) {
        row.state = DomainIO<D>::format(d, s);
        row.unsolvable = !DomainIO<D>::unsolvable_reason(d, s).empty();
        if (!row.unsolvable) row.result = run_search(d, s, c, h, per_search);
    };
    auto solve_row = [&](std::size_t i) {
        BatchRow<D>& row = rows[i];
        row.instance = instances[i];
        try {
            if (shared) {
                solve_in(row, *shared, DomainIO<D>::parse(*shared, instances[i].state), *shared_h);
            } else {
                const auto [d, s] =
                    make_instance(fam, o.domain, o.domain_options, instances[i].state);
                solve_in(row, d, s, fam.make_heuristic(d, heuristic, o.sw));
            }
        } catch (const InputError& e) {
            row.error = e.what();
        }
        ++done;
    };
    run_with_threads(o.sw.threads, [&] {
        if (!parallel_instances) {
            for (std::size_t i = 0; i < rows.size(); ++i) {
                solve_row(i);
                progress.update(std::to_string(done) + "/" + std::to_string(rows.size()));
            }
            return;
        }
        parallel_for_each(tbb::blocked_range<std::size_t>(0, rows.size(), 1), [&](auto r) {
            for (std::size_t i = r.begin(); i != r.end(); ++i) solve_row(i);
        });
    });
    progress.finish();
    const double wall = clock.seconds();
    std::uint64_t expanded = 0, generated = 0;
    double search_seconds = 0;
    int solved = 0, mismatches = 0, bad = 0, with_expected = 0;
    for (const auto& row : rows) {
        expanded += row.result.stats.expanded;
        generated += row.result.stats.generated;
        search_seconds += row.result.seconds;
        solved += row.result.solved();
        bad += !row.error.empty();
        with_expected += !row.instance.expected.empty();
        mismatches += !row_matches(row);
    }
    if (o.json) {
        Json j;
        j["domain"] = o.domain;
        j["algorithm"] = c.algorithm;
        j["heuristic"] = c.heuristic.empty() ? "none" : c.heuristic;
        Json items = Json::array();
        for (const auto& row : rows) {
            Json item;
            item["id"] = row.instance.id;
            item["state"] = row.state;
            item["status"] = !row.error.empty() ? "error"
                             : row.unsolvable   ? "unsolvable"
                                                : to_string(row.result.status);
            if (!row.error.empty()) item["error"] = row.error;
            item["length"] = row.result.length();
            if (!row.instance.expected.empty()) item["expected"] = row.instance.expected;
            item["expanded"] = row.result.stats.expanded;
            item["generated"] = row.result.stats.generated;
            item["seconds"] = row.result.seconds;
            items.push_back(item);
        }
        j["instances"] = items;
        j["solved"] = solved;
        j["mismatches"] = mismatches;
        j["expanded"] = expanded;
        j["generated"] = generated;
        j["wall_seconds"] = wall;
        j["search_seconds"] = search_seconds;
        j["heuristic_load_seconds"] = load_seconds;
        j["threads"] = resolve_threads(o.sw.threads);
        print_json(j);
    } else {
        std::vector<std::vector<std::string>> table;
        for (const auto& row : rows) {
            char secs[32];
            std::snprintf(secs, sizeof secs, "%.4f", row.result.seconds);
            std::string status = !row.error.empty()     ? "error: " + row.error
                                 : row.unsolvable       ? "unsolvable"
                                 : !row.result.solved() ? std::string("no solution (") +
                                                              to_string(row.result.status) + ")"
                                 : row.instance.expected.empty() ? ""
                                 : row_matches(row)              ? "optimal"
                                                    : "MISMATCH: expected " + row.instance.expected;
            table.push_back({row.instance.id, std::to_string(row.result.length()),
                             std::to_string(row.result.stats.expanded), secs, status});
        }
        print_table({"length", "expanded", "seconds", ""}, table, "id");
        std::printf(
            "%zu instances, %d solved, %s: %s wall with %d threads (heuristic loaded in "
            "%s), %s of search; mean %.0f nodes expanded\n",
            rows.size(), solved, c.label().c_str(), format_seconds(wall).c_str(),
            resolve_threads(o.sw.threads), format_seconds(load_seconds).c_str(),
            format_seconds(search_seconds).c_str(),
            rows.empty() ? 0.0 : static_cast<double>(expanded) / rows.size());
        if (with_expected > 0)
            std::printf(mismatches == 0 ? "all %d lengths equal the file's\n"
                                        : "%d lengths differ from the file's\n",
                        mismatches == 0 ? with_expected : mismatches);
    }
    return (mismatches > 0 || bad > 0) ? 1 : 0;
}

// The options solve, compare and solve-batch share: --goal and the family's own.
template <class D, class HV>
void add_domain_options(const SearchFamily<D, HV>& fam, CLI::App& cmd, DomainOptions& options) {
    cmd.add_option("--goal", options.goal, "goal state (default: the domain's standard goal)");
    if (fam.add_domain_options) fam.add_domain_options(cmd, options);
}

template <class D, class HV>
void configure_solve(std::shared_ptr<const SearchFamily<D, HV>> fam, CLI::App& cmd,
                     const std::string& name) {
    auto o = std::make_shared<SolveOptions>();
    o->domain = name;
    cmd.description("Solve one state of " + fam->domains + " and print the moves.");
    auto* state = cmd.add_option(
        "state", o->state,
        fam->default_start ? "the start state (default: the puzzle's start)" : "the start state");
    if constexpr (Scramblable<D>)
        cmd.add_option("--scramble", o->scramble,
                       "start from the position these moves reach from the goal");
    else if (!fam->default_start)
        state->required();
    add_domain_options(*fam, cmd, o->domain_options);
    cmd.add_option(
        "--algorithm,-a", o->algorithm,
        "bfs, dfs, astar, idastar, pidastar (parallel IDA*), greedy, hdastar (default: " +
            fam->default_algorithm_help + "; hdastar with --distributed)");
    cmd.add_option("--heuristic", o->heuristic,
                   fam->heuristic_names + " (default: " + fam->default_heuristic + ")");
    add_search_switches(cmd, o->sw);
    cmd.add_flag("--show", o->show, "draw the board after every move");
    cmd.add_flag("--json", o->json, "print one JSON object");
    cmd.footer(fam->state_help + "\nExit status: 0 solved, 1 no solution, 2 bad input.\n");
    cmd.callback([fam, o] {
        if (const int code = solve_one(*fam, *o); code != 0) throw ExitRequest{code};
    });
}

template <class D, class HV>
void configure_compare(std::shared_ptr<const SearchFamily<D, HV>> fam, CLI::App& cmd,
                       const std::string& name) {
    auto o = std::make_shared<CompareOptions>();
    o->domain = name;
    cmd.description("Run several algorithms on every state of a file and tabulate them.");
    cmd.add_option("file", o->file, "instances: one state per line ('#' comments), or '-'")
        ->required();
    cmd.add_option(
        "--algorithms", o->algorithms,
        "comma-separated ALGO[:HEURISTIC] list (default: " + fam->compare_algorithms + ")");
    add_domain_options(*fam, cmd, o->domain_options);
    add_search_switches(cmd, o->sw);
    cmd.add_flag("--csv", o->csv, "print CSV rows instead of the tables");
    cmd.add_flag("--json", o->json, "print a JSON array, one object per cell");
    cmd.footer(fam->state_help + "\n");
    cmd.callback([fam, o] {
        if (o->algorithms.empty()) o->algorithms = fam->compare_algorithms;
        compare(*fam, *o);
    });
}

template <class D, class HV>
void configure_batch(std::shared_ptr<const SearchFamily<D, HV>> fam, CLI::App& cmd,
                     const std::string& name) {
    auto o = std::make_shared<BatchOptions>();
    o->domain = name;
    cmd.description(
        "Solve every instance of a file, in parallel across instances, and check "
        "the lengths against the file's optimal_length column when it has one.");
    cmd.add_option("file", o->file,
                   "instances: one state per line, or a TSV with a tiles/state column (and "
                   "optionally id and optimal_length), or '-'")
        ->required();
    add_domain_options(*fam, cmd, o->domain_options);
    cmd.add_option("--algorithm,-a", o->algorithm,
                   "bfs, dfs, astar, idastar, pidastar, greedy, hdastar (pidastar and hdastar: "
                   "instances one after another, each with all threads)");
    cmd.add_option("--heuristic", o->heuristic,
                   fam->heuristic_names + " (default: " + fam->default_heuristic + ")");
    add_search_switches(cmd, o->sw);
    cmd.add_flag("--json", o->json, "print one JSON object with every instance and the totals");
    cmd.footer(fam->state_help +
               "\nExit status: 0 all solved as expected, 1 a length differs from the file's or a "
               "line was bad, 2 bad input.\n");
    cmd.callback([fam, o] {
        if (const int code = solve_batch(*fam, *o); code != 0) throw ExitRequest{code};
    });
}

}  // namespace detail

template <class D, class HV>
void add_search_commands(DomainCommands& commands, SearchFamily<D, HV> family) {
    auto fam = std::make_shared<const SearchFamily<D, HV>>(std::move(family));
    auto handler = [&](auto configure) {
        return DomainHandler{fam->domains, fam->accepts,
                             [fam, configure](CLI::App& cmd, const std::string& name) {
                                 configure(fam, cmd, name);
                             }};
    };
    commands.add("solve", handler(detail::configure_solve<D, HV>));
    commands.add("compare", handler(detail::configure_compare<D, HV>));
    commands.add("solve-batch", handler(detail::configure_batch<D, HV>));
}

}  // namespace frontier::cli
