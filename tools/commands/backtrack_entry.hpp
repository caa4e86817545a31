// What a backtracking puzzle tells the batch verbs (solve-batch, compare).
//
// A backtracking puzzle (Sudoku, a cryptarithm) has no state graph for the engine's algorithms:
// each instance is a text that its own solver answers, and its "methods" are that solver's
// variants. Its entry is a type with static members only (tools/puzzles/<puzzle>.cpp defines
// one); the verbs are templates over it, so a batch of Sudokus and a batch of cryptarithms are
// read, solved in parallel, streamed in input order, interrupted and summarised by the same code
// (backtrack_verbs.hpp), under the batch policy of docs/reference/exit-status.md. Required:
//   Problem, Result, Settings  one instance, the solver's answer, the solver's settings
//   Options                    the puzzle's own options: add(CLI::App&, BacktrackUse) registers
//                              them; settings() turns them into Settings
//   Totals                     a batch's totals: add(item), puzzles, mismatched, text(settings,
//                              threads, seconds) (the summary lines), json(settings) (its keys)
//   kName, kInstanceHelp       the name (sudoku); the instance syntax, for the help pages
//   kMethods                   BacktrackMethod rows (names, help, how each sets Settings); compare
//                              runs them side by side (kCompareMethods by default)
//   kBatchExamples, kCompareExamples   the help pages' examples
//   parse(text) -> Problem                     InputError on a bad instance
//   solve(problem, settings) -> Result
//   check(problem, result, expected) -> int    against the file's solution column: 1 equal,
//                                              0 differs, -1 nothing to check
//   line(item, settings) -> std::string        one batch row of text, id first, ending in '\n'
//   append_line(item, settings, std::string&)  optional: appends what line() returns, for a
//                                              puzzle whose rows are cheap enough that building
//                                              a string per row would show (Sudoku)
//   item_json(item, settings) -> Json          one batch row as JSON
//   settings_json(settings) -> Json            what the batch's JSON header repeats
//   finished(result) -> bool; nodes(result)    for compare: false when a limit stopped it
//   cell_json(problem, result, settings) -> Json   compare's JSON cell (puzzle, status, ...)
//   compare_title(settings) -> std::string     "solved (first solution)", ...
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "tools/cli/common.hpp"
#include "tools/cli/instances.hpp"

namespace frontier::cli {

// Which verb a backtracking puzzle's options are added to: solve and solve-batch take a method
// and its limits; compare takes the list of methods itself.
enum class BacktrackUse { solve, compare };

// One method of a puzzle's solver: its names ("csp"; aliases after a comma), what it is, and how
// it sets the solver's settings.
template <class Settings>
struct BacktrackMethod {
    std::string_view names;
    std::string_view help;
    void (*apply)(Settings&);
};

// One instance of a batch, with its answer.
template <class P>
struct BacktrackItem {
    Instance instance;
    typename P::Problem problem;
    typename P::Result result;
    int matches = -1;  // 1 / 0 against the file's solution column, -1 without one
};

template <class P>
concept BacktrackPuzzle = requires(const std::string& text, const typename P::Problem& problem,
                                   const typename P::Result& result,
                                   const typename P::Settings& settings,
                                   const typename P::Options& options,
                                   typename P::Options& mutable_options, CLI::App& cmd,
                                   const BacktrackItem<P>& item, typename P::Totals& totals,
                                   const typename P::Totals& const_totals) {
    std::string_view{P::kName};
    std::string_view{P::kInstanceHelp};
    P::kMethods.front();
    std::string_view{P::kCompareMethods};
    P::kBatchExamples.front();
    P::kCompareExamples.front();
    mutable_options.add(cmd, BacktrackUse::solve);
    { options.settings() } -> std::same_as<typename P::Settings>;
    { P::parse(text) } -> std::same_as<typename P::Problem>;
    { P::solve(problem, settings) } -> std::same_as<typename P::Result>;
    { P::check(problem, result, text) } -> std::same_as<int>;
    { P::line(item, settings) } -> std::same_as<std::string>;
    { P::item_json(item, settings) } -> std::same_as<Json>;
    { P::settings_json(settings) } -> std::same_as<Json>;
    { P::finished(result) } -> std::same_as<bool>;
    { P::nodes(result) } -> std::convertible_to<std::uint64_t>;
    { P::cell_json(problem, result, settings) } -> std::same_as<Json>;
    { P::compare_title(settings) } -> std::same_as<std::string>;
    totals.add(item);
    { const_totals.mismatched } -> std::convertible_to<std::uint64_t>;
    { const_totals.puzzles } -> std::convertible_to<std::uint64_t>;
    { const_totals.text(settings, 1, 0.0) } -> std::same_as<std::string>;
    { const_totals.json(settings) } -> std::same_as<Json>;
};

// One batch row of text appended to `out`: through P::append_line where the puzzle has one.
template <class P>
void append_line(const BacktrackItem<P>& item, const typename P::Settings& s, std::string& out) {
    if constexpr (requires { P::append_line(item, s, out); })
        P::append_line(item, s, out);
    else
        out += P::line(item, s);
}

// "csp, cells, search": the methods' first names.
template <class P>
std::string method_names() {
    std::string known;
    for (const auto& m : P::kMethods)
        known += std::string(known.empty() ? "" : ", ") +
                 std::string(m.names.substr(0, m.names.find(',')));
    return known;
}

// The method called `name` (or an alias), applied to `s`; InputError naming the known ones.
template <class P>
void apply_method(const std::string& name, typename P::Settings& s) {
    for (const auto& m : P::kMethods)
        for (const std::string& alias : split_list(std::string(m.names)))
            if (alias == name) {
                m.apply(s);
                return;
            }
    throw InputError(std::string(P::kName) + ": unknown method \"" + name +
                     "\" (known: " + method_names<P>() + ")");
}

}  // namespace frontier::cli
