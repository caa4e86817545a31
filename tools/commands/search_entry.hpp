// What a puzzle tells the search verbs (solve, compare, solve-batch) and enumerate.
//
// A puzzle entry is a type with static members only; its domain must model DomainText (the whole
// text contract of engine/domain_io.hpp) (tools/puzzles/<puzzle>.cpp defines one); the
// verbs are templates over it, so every search stays monomorphic. Required:
//   Domain, Heuristics     the domain type; a std::variant of its heuristic types
//   Options                the puzzle's own options: add(CLI::App&, Use) registers them for a
//                          verb, echo() returns those to repeat in a JSON result
//   kNames, accepts(name)  the names it answers to (help text; the test)
//   kHeuristics            the table of its heuristics (HeuristicChoice below): names, help,
//                          and how each is built; the only place a heuristic's name is spelled
//   kDefaultHeuristic, default_algorithm(d) -> Algorithm, kDefaultAlgorithmHelp,
//   kCompareAlgorithms, kStateHelp
//   kExample               a PuzzleExample: the help pages' examples are made from it, and the
//                          tests run every one (tests/cli_help_examples_test.cpp)
// and one way to build the domain:
//   make_domain(name, options) -> Domain, or, where each instance's text defines its own domain
//   (a Rush Hour board is its own layout), make_instance(text, options) -> {Domain, State}.
// Optional:
//   default_start(d) -> State   the start when none is given (the state argument is optional)
//   kSolvabilityKnown = false   DomainIO::unsolvable_reason cannot tell every unsolvable state
//   kEveryStateSolvable = true  no start is unsolvable (--no-parity-check is not offered)
#pragma once

#include <algorithm>
#include <concepts>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include <frontier/engine/domain_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/solver.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/help_format.hpp"

namespace frontier::cli {

// Which verb a puzzle's options are added to (a few apply to searches only: --pdb-dir).
enum class Use { search, enumerate };

template <class P>
concept PuzzleOptions = requires(typename P::Options& o, const typename P::Options& co,
                                 CLI::App& cmd) {
    o.add(cmd, Use::search);
    { co.echo() } -> std::same_as<Json>;
};

template <class P>
concept BuildsDomains = requires(const std::string& name, const typename P::Options& o) {
    { P::make_domain(name, o) } -> std::same_as<typename P::Domain>;
};

template <class P>
concept BuildsInstances = requires(const std::string& text, const typename P::Options& o) {
    {
        P::make_instance(text, o)
        } -> std::same_as<std::pair<typename P::Domain, typename P::Domain::State>>;
};

// One heuristic of a puzzle's table: its names, comma-separated (the first is the one help and
// errors use, the others are accepted aliases: "linear-conflict,lc"), what it is (for help; ""
// when the name says it), whether it is admissible (never above the true distance: what lets A*,
// IDA* and HDA* call their solutions optimal; each puzzle's tests check it against exact
// distances) and how it is built for a domain (an InputError when the options cannot give it what
// it needs).
template <class Heuristics, class Domain, class Options>
struct HeuristicChoice {
    std::string_view names;
    std::string_view help;
    bool admissible;
    Heuristics (*make)(const Domain&, const Options&);
};
// The values of HeuristicChoice::admissible, named where the tables are written.
inline constexpr bool kAdmissible = true;
inline constexpr bool kInadmissible = false;

// What a puzzle's help pages show as examples: a name it accepts and a start that every search
// finishes in well under a second, written for the shell (quoted where it has spaces); and, for a
// puzzle that enumerates, the arguments of an enumeration that takes seconds at most.
struct PuzzleExample {
    std::string_view name, state;
    std::string_view enumerate = "";
};

template <class P>
concept SearchPuzzle = DomainText<typename P::Domain> && PuzzleOptions<P> &&
    (BuildsDomains<P> || BuildsInstances<P>)&&requires(const typename P::Domain& d,
                                                       const std::string& name,
                                                       const typename P::Options& o) {
    { P::accepts(std::string_view{}) } -> std::convertible_to<bool>;
    { P::kHeuristics.front().make(d, o) } -> std::same_as<typename P::Heuristics>;
    { P::default_algorithm(d) } -> std::same_as<Algorithm>;
    std::string_view{P::kNames};
    std::string_view{P::kDefaultHeuristic};
    std::string_view{P::kDefaultAlgorithmHelp};
    std::string_view{P::kCompareAlgorithms};
    std::string_view{P::kStateHelp};
    PuzzleExample{P::kExample};
};

template <class P>
concept HasDefaultStart = requires(const typename P::Domain& d) {
    { P::default_start(d) } -> std::same_as<typename P::Domain::State>;
};

// Whether some start of the puzzle can be unsolvable (false: every state reaches the goal, as in
// the Towers of Hanoi; optional entry member kEveryStateSolvable).
template <class P>
constexpr bool has_unsolvable_starts() {
    if constexpr (requires { P::kEveryStateSolvable; })
        return !P::kEveryStateSolvable;
    else
        return true;
}

template <class P>
constexpr bool solvability_known() {
    if constexpr (requires { P::kSolvabilityKnown; })
        return P::kSolvabilityKnown;
    else
        return true;
}

// The domain and the start state of one instance text.
template <SearchPuzzle P>
std::pair<typename P::Domain, typename P::Domain::State> make_instance(const std::string& name,
                                                                       const typename P::Options& o,
                                                                       const std::string& text) {
    if constexpr (BuildsInstances<P>) {
        return P::make_instance(text, o);
    } else {
        typename P::Domain d = P::make_domain(name, o);
        const auto s = DomainIO<typename P::Domain>::parse(d, text);
        return {std::move(d), s};
    }
}

// The algorithm when none is given: hdastar across the ranks of a --distributed run (the one
// search that spans them), else the puzzle's choice for this domain.
template <SearchPuzzle P>
Algorithm default_algorithm_for(const typename P::Domain& d, bool distributed) {
    return distributed ? Algorithm::hdastar : P::default_algorithm(d);
}

// The puzzle's heuristic called `name` (or one of its aliases), built for `d`; InputError with
// the known names and the closest one otherwise.
// The names of a table entry: the first, then the aliases.
inline std::vector<std::string> heuristic_names(std::string_view names) {
    std::vector<std::string> out;
    for (std::size_t at = 0; at <= names.size();) {
        const std::size_t comma = std::min(names.find(',', at), names.size());
        out.emplace_back(names.substr(at, comma - at));
        at = comma + 1;
    }
    return out;
}

template <SearchPuzzle P>
typename P::Heuristics make_heuristic(const typename P::Domain& d, const std::string& name,
                                      const typename P::Options& o) {
    std::vector<std::string> known;
    for (const auto& choice : P::kHeuristics) {
        const std::vector<std::string> names = heuristic_names(choice.names);
        for (const std::string& alias : names)
            if (alias == name) return choice.make(d, o);
        known.push_back(names.front());
    }
    throw_unknown_name("heuristic", name, known, DomainIO<typename P::Domain>::name(d));
}

// Whether the heuristic `name` (a known one) is admissible, as its puzzle's table says.
template <SearchPuzzle P>
bool heuristic_admissible(const std::string& name) {
    for (const auto& choice : P::kHeuristics)
        for (const std::string& alias : heuristic_names(choice.names))
            if (alias == name) return choice.admissible;
    return false;
}

// "zero, misplaced, linear-conflict (lc), pdb (additive pattern databases ...)": the table as
// help text.
template <SearchPuzzle P>
std::string heuristic_help() {
    std::string text;
    for (const auto& choice : P::kHeuristics) {
        const std::vector<std::string> names = heuristic_names(choice.names);
        std::string about;
        for (std::size_t i = 1; i < names.size(); ++i)
            about += (about.empty() ? "" : ", ") + names[i];
        if (!choice.help.empty()) about += (about.empty() ? "" : "; ") + std::string(choice.help);
        text +=
            (text.empty() ? "" : ", ") + names.front() + (about.empty() ? "" : " (" + about + ")");
    }
    return text;
}

// The heuristic a choice names, or the puzzle's default.
template <SearchPuzzle P>
std::string heuristic_name(const std::string& chosen) {
    return chosen.empty() ? std::string(P::kDefaultHeuristic) : chosen;
}

}  // namespace frontier::cli
