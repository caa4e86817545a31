// `frontier solve PUZZLE [STATE]`: one search, its moves and its counts, for any search puzzle.
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <utility>

#include <frontier/engine/timer.hpp>
#include "tools/cli/dispatch.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/search.hpp"
#include "tools/cli/search_report.hpp"
#include "tools/commands/search_entry.hpp"

// Puzzles whose DomainIO can turn a move sequence into a state (HasScramble) get --scramble.

namespace frontier::cli {

template <SearchPuzzle P>
struct SolveCommand {
    using D = typename P::Domain;
    using State = typename D::State;
    std::string name, state, scramble, algorithm, heuristic;
    typename P::Options options;
    SearchSwitches sw;
    bool json = false, show = false;

    // The domain and the start: the state argument, the scramble, or the puzzle's own start.
    std::pair<D, State> start() const {
        if (!scramble.empty()) {
            if (!state.empty()) throw InputError("give either a state or --scramble, not both");
            if constexpr (HasScramble<D> && BuildsDomains<P>) {
                D d = P::make_domain(name, options);
                const State s = DomainIO<D>::scramble(d, scramble);
                return {std::move(d), s};
            }
        }
        if (!state.empty()) return make_instance<P>(name, options, state);
        if constexpr (HasDefaultStart<P> && BuildsDomains<P>) {
            D d = P::make_domain(name, options);
            const State s = P::default_start(d);
            return {std::move(d), s};
        }
        throw InputError(HasScramble<D> ? "missing the start: give a state or --scramble"
                                        : "missing the start state");
    }

    // The search, with a progress line on a terminal: the expansions and their rate where the
    // search is sequential (a parallel one reports no running count), and the time.
    HdaResult<D> search_with_progress(const D& d, const State& s, const AlgorithmChoice& c,
                                      const typename P::Heuristics& h) const {
        ProgressLine progress(!sw.distributed);
        std::atomic<std::uint64_t> seen{0};
        SearchSwitches with_count = sw;
        if (!traits(c.algorithm).parallel) with_count.seen = &seen;
        const Stopwatch clock;
        ProgressTicker ticker(progress, [&] {
            const double t = clock.seconds();
            std::string text = "solving with " + c.label() + ": ";
            if (with_count.seen != nullptr) {
                const auto n = seen.load(std::memory_order_relaxed);
                text += std::to_string(n) + " expanded, " + format_rate(n / std::max(t, 1e-9)) +
                        " nodes/s, ";
            }
            return text + format_duration(t);
        });
        return run_search(d, s, c, h, with_count);
    }

    // Exit status: 0 solved, 1 no solution. A start that provably cannot reach the goal (wrong
    // parity, an unsolvable Rush Hour board) is a well-formed question without a solution, so it
    // is a result with its reason (exit 1), like an exhausted search, not an input error.
    int run() const {
        join_if_distributed(sw);
        const auto [d, s] = start();
        AlgorithmChoice c = parse_algorithm(
            algorithm.empty() ? std::string(name_of(default_algorithm_for<P>(d, sw.distributed)))
                              : algorithm,
            heuristic_name<P>(heuristic));
        if (!heuristic.empty()) c.heuristic = heuristic;
        if (!traits(c.algorithm).uses_heuristic) c.heuristic.clear();
        c.hash = sw.hash;
        const std::string h_name = heuristic_name<P>(c.heuristic);
        c.admissible = heuristic_admissible<P>(h_name);
        refuse_unused_options(sw, {c}, options);
        const std::string why = DomainIO<D>::unsolvable_reason(d, s);  // once: it may be costly
        if (!sw.no_parity_check && !why.empty()) {
            print_unsolvable(d, s, c, why, options.echo(), json);
            return 1;
        }
        const typename P::Heuristics h = make_heuristic<P>(d, h_name, options);
        require_bound<D>(c, sw, !solvability_known<P>() || !why.empty());
        const HdaResult<D> r = search_with_progress(d, s, c, h);
        if (json) {
            Json j = result_json(d, s, r, c);
            j.update(options.echo());
            print_json(j);
        } else {
            print_result(d, s, r, c, show);
        }
        return r.solved() ? 0 : 1;
    }
};

template <SearchPuzzle P>
void configure_solve(CLI::App& cmd, const std::string& name) {
    auto o = std::make_shared<SolveCommand<P>>();
    o->name = name;
    cmd.description("Solve one state of " + std::string(P::kNames) + " and print the moves.");
    auto* state = cmd.add_option(
        "state", o->state,
        HasDefaultStart<P> ? "the start state (default: the puzzle's start)" : "the start state");
    if constexpr (HasScramble<typename P::Domain>)
        cmd.add_option("--scramble", o->scramble,
                       "start from the position these moves reach from the goal");
    else if (!HasDefaultStart<P>)
        state->required();
    o->options.add(cmd, Use::search);
    cmd.add_option("--algorithm,-a", o->algorithm,
                   algorithm_names() + " (default: " + std::string(P::kDefaultAlgorithmHelp) +
                       "; hdastar with --distributed)");
    cmd.add_option("--heuristic", o->heuristic,
                   heuristic_help<P>() + " (default: " + std::string(P::kDefaultHeuristic) + ")");
    add_search_switches(cmd, o->sw, has_unsolvable_starts<P>());
    cmd.add_flag("--show", o->show, "draw the board after every move");
    add_format_option(cmd, o->json, "one JSON object");
    add_quiet_option(cmd);
    cmd.footer(
        std::string(P::kStateHelp) +
        "\nExit status: 0 solved; 1 no solution (a provably unsolvable start, an exhausted "
        "search or a\nlimit: printed as a result with its reason); 2 bad input; 3 out of memory "
        "or an internal error.\n" +
        examples_block({"frontier solve " + std::string(P::kExample.name) + " " +
                            std::string(P::kExample.state),
                        "frontier solve " + std::string(P::kExample.name) + " " +
                            std::string(P::kExample.state) + " -a bfs --json"}));
    cmd.callback([o] {
        if (const int code = o->run(); code != 0) throw ExitRequest{code};
    });
}

}  // namespace frontier::cli
