// One reporter for a search result, whatever the puzzle: the one-line verdict, the JSON object
// (result_json) and the text report (print_result) of solve, and the unsolvable report. compare
// and solve-batch tabulate the same fields.
#pragma once

#include <cstdio>
#include <iostream>
#include <string>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/domain_io.hpp>
#include <frontier/engine/memory.hpp>
#include <frontier/engine/search/hdastar.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/search.hpp"

namespace frontier::cli {

// What a solution's length counts: DomainIO<D>::cost_unit(d) where the domain has several
// metrics (Rush Hour: "moves" or "steps"), "moves" otherwise.
template <class D>
std::string cost_unit(const D& d) {
    if constexpr (HasCostUnit<D>)
        return DomainIO<D>::cost_unit(d);
    else
        return "moves";
}

// The one-line verdict: "24 moves (optimal)", "no solution: state space exhausted after ...".
template <class D>
std::string verdict(const SearchResult<D>& r, const AlgorithmChoice& c,
                    const std::string& unit = "moves") {
    const std::string expansions = std::to_string(r.stats.expanded) + " expansions";
    switch (r.status) {
        case SearchStatus::Solved:  // "1 move", "2 moves" (units are plural nouns)
            return std::to_string(r.length()) + " " +
                   (r.length() == 1 && unit.ends_with('s') ? unit.substr(0, unit.size() - 1)
                                                           : unit) +
                   (optimal_for<D>(c) ? " (optimal)"
                                      : " (" + std::string(c.name()) + ": not guaranteed optimal)");
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
    j["algorithm"] = c.name();
    j["heuristic"] = c.heuristic.empty() ? "none" : c.heuristic;
    j["status"] = to_string(r.status);
    j["optimal"] = r.solved() && optimal_for<D>(c);
    j["length"] = number_or_null(r.length());
    // Every answer without a solution says why (the exit-status policy: a result with a reason).
    if (!r.solved()) j["reason"] = verdict(r, c, cost_unit(d)).substr(sizeof "no solution: " - 1);
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
                               {"closed", w.closed},
                               {"gate_waits", w.gate_waits}});
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
    if (traits(c.algorithm).counts_iterations) std::printf(", iterations %d", r.stats.iterations);
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

// A start that provably cannot reach the goal, reported as a result (the JSON gets status
// "unsolvable" and the reason).
template <class D>
void print_unsolvable(const D& d, const typename D::State& start, const AlgorithmChoice& c,
                      const std::string& why, const Json& options, bool json) {
    if (json) {
        Json j = result_json(d, start, HdaResult<D>{}, c);
        j["status"] = "unsolvable";
        j["reason"] = why;
        j.update(options);
        print_json(j);
    } else {
        std::cout << DomainIO<D>::name(d) << ", " << c.label() << ": unsolvable: " << why << '\n';
    }
}

}  // namespace frontier::cli
