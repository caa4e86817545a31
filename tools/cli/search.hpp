// What solve, compare and solve-batch share, for any puzzle: the algorithm a user chose (with
// its heuristic's name), the limits and switches of a search, and run_search(), which runs the
// engine's solve() with a heuristic chosen at run time and, for --distributed, HDA* across the
// ranks of an MPI job. Algorithm properties come from the engine's table
// (engine/search/solver.hpp); no algorithm name is compared here.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/distributed/hda_cluster.hpp>
#include <frontier/engine/domain_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/solver.hpp>
#include "tools/cli/cluster_session.hpp"
#include "tools/cli/instances.hpp"

namespace frontier::cli {

// "ALGO:HEURISTIC" -> {ALGO, "HEURISTIC"}; "ALGO" -> {ALGO, ""}.
struct AlgorithmChoice {
    Algorithm algorithm = Algorithm::astar;
    std::string heuristic;   // "" for algorithms without one
    std::string hash;        // hdastar's owner hash
    bool admissible = true;  // the heuristic's table calls it admissible (or there is none)
    std::string_view name() const { return name_of(algorithm); }
    std::string label() const {
        return heuristic.empty() ? std::string(name()) : std::string(name()) + ":" + heuristic;
    }
};

// Parses "ALGO" or "ALGO:HEURISTIC"; checks the algorithm's name (not the heuristic's). An
// algorithm that takes a heuristic and names none gets `default_heuristic`.
AlgorithmChoice parse_algorithm(const std::string& spec, const std::string& default_heuristic);

// The limits and switches of solve, compare and solve-batch.
struct SearchSwitches {
    std::uint64_t max_expansions = 0;
    int max_depth = 0;
    int threads = 0;
    std::string hash{name_of(kDefaultHdaHash)};  // hdastar's ownership hash
    bool hash_given = false;                     // --hash was on the command line
    bool no_parity_check = false;
    bool distributed = false;  // hdastar over the ranks of an MPI job
    // Set by the command, not by an option: an interrupt flag, and where a sequential search
    // posts its expansion count for the progress line (SearchLimits).
    const std::atomic<bool>* stop = nullptr;
    std::atomic<std::uint64_t>* seen = nullptr;
    SearchLimits limits() const { return SearchLimits{max_expansions, max_depth, stop, seen}; }
};
// `unsolvable_starts`: whether the puzzle has starts it can prove unsolvable (else
// --no-parity-check would do nothing, and is not offered).
void add_search_switches(CLI::App& cmd, SearchSwitches& s, bool unsolvable_starts = true);

// The instances of a batch file. With --distributed, rank 0 reads them (the file, or standard
// input, which mpirun gives to rank 0 only) and sends them to the other ranks.
std::vector<Instance> read_instances_for(const std::string& path, const SearchSwitches& s);

// With --distributed: joins the MPI job before anything can fail, so that errors every rank
// meets alike are printed once (by rank 0).
inline void join_if_distributed(const SearchSwitches& s) {
    if (s.distributed) cluster_session();
}

// Runs the chosen algorithm with the heuristic held by the variant `heuristics`.
template <class D, class HV>
HdaResult<D> run_search(const D& d, const typename D::State& start, const AlgorithmChoice& c,
                        const HV& heuristics, const SearchSwitches& sw) {
    if (sw.distributed && c.algorithm != Algorithm::hdastar)
        throw InputError("--distributed runs hdastar only (got " + std::string(c.name()) + ")");
    if constexpr (!HdaCapable<D>) {
        if (c.algorithm == Algorithm::hdastar)
            throw InputError("hdastar is not available for " + DomainIO<D>::name(d));
    }
    SolverOptions o;
    o.limits = sw.limits();
    o.threads = sw.threads;
    o.hash = parse_hda_hash(sw.hash);
    return std::visit(
        [&](const auto& h) -> HdaResult<D> {
            if constexpr (HdaCapable<D>) {
                if (sw.distributed) {
                    HdaOptions hda;
                    hda.threads = sw.threads;
                    hda.limits = o.limits;
                    const auto z = make_hda_hasher(d, parse_hda_hash(sw.hash));
                    Cluster& cluster = cluster_session();
                    HdaResult<D> r;
                    run_collectively(
                        [&] { r = hda_star_distributed(d, start, h, z, cluster, hda); });
                    return r;
                }
            }
            return solve(d, start, c.algorithm, h, o);
        },
        heuristics);
}

// Whether a solution found by this algorithm is optimal: always in a graded domain, where every
// solution has the same length; otherwise from an optimal algorithm with an admissible heuristic.
template <class D>
bool optimal_for(const AlgorithmChoice& c) {
    return GradedDomain<D> || (traits(c.algorithm).optimal && c.admissible);
}

// An option that only some searches read is refused when none of `choices` reads it, so that a
// user who gave it learns it did nothing: --hash without hdastar, and the puzzle's own
// (Options::check_used(heuristic names), where it has one: --pdb-dir without the pdb heuristic).
template <class Options>
void refuse_unused_options(const SearchSwitches& sw, const std::vector<AlgorithmChoice>& choices,
                           const Options& options) {
    std::vector<std::string> heuristics;
    bool hdastar = false;
    for (const AlgorithmChoice& c : choices) {
        hdastar |= c.algorithm == Algorithm::hdastar;
        if (!c.heuristic.empty()) heuristics.push_back(c.heuristic);
    }
    if (sw.hash_given && !hdastar)
        throw InputError("--hash applies to hdastar only (this run uses " +
                         (choices.empty() ? std::string("none") : choices.front().label()) + ")");
    if constexpr (requires { options.check_used(heuristics); }) options.check_used(heuristics);
}

// A tree search cannot prove a state unsolvable, so it must not run unbounded on one. When the
// puzzle cannot tell every unsolvable state (`solvability_known` false), every state might be
// one, unless the domain is graded (its tree search then ends by itself). `maybe_unsolvable` is
// the caller's verdict for this start, computed once.
template <class D>
void require_bound(const AlgorithmChoice& c, const SearchSwitches& sw, bool maybe_unsolvable) {
    if (traits(c.algorithm).tree_search && !GradedDomain<D> && sw.max_expansions == 0 &&
        maybe_unsolvable)
        throw InputError(std::string(c.name()) +
                         " keeps no visited set and cannot exhaust an unsolvable space; give "
                         "--max-expansions or use astar or bfs");
}

}  // namespace frontier::cli
