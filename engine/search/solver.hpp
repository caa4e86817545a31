// Every search algorithm of the engine by name, and one entry point that runs any of them.
//
// kAlgorithms is the one table of what each algorithm is: its name, whether it takes a heuristic,
// whether a solution it finds is shortest, whether it keeps no visited set (a tree search cannot
// prove a space unsolvable, so it needs a bound there), whether it spends all threads on one
// search, and whether it counts iterations. Programs read the columns instead of comparing names:
// adding an algorithm is one enumerator, one row and one case in solve().
//
// solve<D>(domain, start, algorithm, heuristic, options) picks the template by the enumerator, so
// each (algorithm, heuristic, domain) triple is still one monomorphic instantiation; the switch
// costs one branch per search, never per node. HDA* runs where the domain offers an owner hash,
// make_hda_hasher(domain, name) found by argument-dependent lookup; elsewhere solve() throws an
// InputError. No option parsing and no printing here: that is the caller's.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/bfs.hpp>
#include <frontier/engine/search/dfs.hpp>
#include <frontier/engine/search/greedy.hpp>
#include <frontier/engine/search/hdastar.hpp>
#include <frontier/engine/search/idastar.hpp>
#include <frontier/engine/search/parallel_idastar.hpp>

namespace frontier {

enum class Algorithm : std::uint8_t { bfs, dfs, astar, idastar, pidastar, greedy, hdastar };

struct AlgorithmTraits {
    Algorithm algorithm;
    std::string_view name;
    bool uses_heuristic;     // takes a heuristic
    bool optimal;            // a solution it finds is a shortest one
    bool tree_search;        // keeps no visited set: cannot exhaust an unsolvable space
    bool parallel;           // one search uses all threads (batches run instances in turn)
    bool counts_iterations;  // reports stats.iterations (deepening rounds)
    std::string_view help;   // one phrase for help texts
};

inline constexpr std::array<AlgorithmTraits, 7> kAlgorithms{{
    {Algorithm::bfs, "bfs", false, true, false, false, false, "breadth-first search"},
    {Algorithm::dfs, "dfs", false, false, false, false, false, "depth-first search"},
    {Algorithm::astar, "astar", true, true, false, false, false, "A*"},
    {Algorithm::idastar, "idastar", true, true, true, false, true, "IDA*"},
    {Algorithm::pidastar, "pidastar", true, true, true, true, true, "parallel IDA*"},
    {Algorithm::greedy, "greedy", true, false, false, false, false, "greedy best-first"},
    {Algorithm::hdastar, "hdastar", true, true, false, true, false, "hash-distributed parallel A*"},
}};

// traits() indexes the table by the enumerator's value: each row must sit at its own.
static_assert(
    [] {
        for (std::size_t i = 0; i < kAlgorithms.size(); ++i)
            if (static_cast<std::size_t>(kAlgorithms[i].algorithm) != i) return false;
        return true;
    }(),
    "kAlgorithms' rows must be in the order of enum class Algorithm");

constexpr const AlgorithmTraits& traits(Algorithm a) {
    return kAlgorithms[static_cast<std::size_t>(a)];
}

constexpr std::string_view name_of(Algorithm a) {
    return traits(a).name;
}

constexpr std::optional<Algorithm> find_algorithm(std::string_view name) {
    for (const AlgorithmTraits& t : kAlgorithms)
        if (t.name == name) return t.algorithm;
    return std::nullopt;
}

// "bfs, dfs, astar, ..." in table order, for help texts and errors.
inline std::string algorithm_names(std::string_view separator = ", ") {
    std::string text;
    for (const AlgorithmTraits& t : kAlgorithms) {
        if (!text.empty()) text += separator;
        text += t.name;
    }
    return text;
}

// HDA*'s default ownership hash. Abstract Zobrist, not plain Zobrist: plain Zobrist sends about
// half of all children to another thread and on 2 cores gains 1.0-1.4x over one thread, while
// AZH keeps about 85% with their parent's owner and gains 1.9-2.1x (docs/performance.md, "HDA*").
// A user who never heard of --hash should get the scaling.
inline constexpr HdaHash kDefaultHdaHash = HdaHash::azh;

struct SolverOptions {
    SearchLimits limits;
    int threads = 0;                 // pidastar and hdastar (0: all cores)
    HdaHash hash = kDefaultHdaHash;  // hdastar's owner hash, passed to make_hda_hasher
};

// A domain offers HDA* by providing make_hda_hasher(domain, HdaHash) (found by ADL).
template <class D>
concept HdaCapable = requires(const D& d) {
    make_hda_hasher(d, HdaHash::azh);
};

// Runs algorithm A from `start`; the compile-time form, for callers that always run the same
// algorithm (the play coach) and should not instantiate the others. Every algorithm's result
// comes in the widest form: HdaResult's per-worker fields stay empty for the others.
// Algorithms without a heuristic ignore `h`.
template <Algorithm A, SearchDomain D, class H>
HdaResult<D> solve(const D& d, const typename D::State& start, const H& h, const SolverOptions& o) {
    HdaResult<D> r;
    r.threads = 1;
    SearchResult<D>& base = r;
    if constexpr (A == Algorithm::bfs) {
        base = bfs(d, start, o.limits);
    } else if constexpr (A == Algorithm::dfs) {
        base = dfs(d, start, o.limits);
    } else if constexpr (A == Algorithm::astar) {
        base = astar(d, start, h, o.limits);
    } else if constexpr (A == Algorithm::idastar) {
        base = idastar(d, start, h, o.limits);
    } else if constexpr (A == Algorithm::greedy) {
        base = greedy_best_first(d, start, h, o.limits);
    } else if constexpr (A == Algorithm::pidastar) {
        base = parallel_idastar(d, start, h, o.limits, o.threads);
        r.threads = resolve_threads(o.threads);
    } else if constexpr (A == Algorithm::hdastar) {
        if constexpr (HdaCapable<D>) {
            HdaOptions hda;
            hda.threads = o.threads;
            hda.limits = o.limits;
            r = hda_star(d, start, h, make_hda_hasher(d, o.hash), hda);
        } else {
            throw InputError("hdastar needs an owner hash, which this puzzle has not");
        }
    }
    return r;
}

// Runs `algorithm` from `start`: one switch per search, each case the compile-time form.
template <SearchDomain D, class H>
HdaResult<D> solve(const D& d, const typename D::State& start, Algorithm algorithm, const H& h,
                   const SolverOptions& o) {
    switch (algorithm) {
        case Algorithm::bfs:
            return solve<Algorithm::bfs>(d, start, h, o);
        case Algorithm::dfs:
            return solve<Algorithm::dfs>(d, start, h, o);
        case Algorithm::astar:
            return solve<Algorithm::astar>(d, start, h, o);
        case Algorithm::idastar:
            return solve<Algorithm::idastar>(d, start, h, o);
        case Algorithm::pidastar:
            return solve<Algorithm::pidastar>(d, start, h, o);
        case Algorithm::greedy:
            return solve<Algorithm::greedy>(d, start, h, o);
        case Algorithm::hdastar:
            return solve<Algorithm::hdastar>(d, start, h, o);
    }
    throw InputError("unknown algorithm");
}

}  // namespace frontier
