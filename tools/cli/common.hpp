// Helpers shared by the frontier subcommands: options every command spells the same way,
// progress lines (progress.hpp), and number formatting. Commands only parse, call the engine and
// print.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "tools/cli/progress.hpp"

namespace frontier::cli {

using Json = nlohmann::ordered_json;

// --threads N (default 0 = all cores), with the same help text everywhere: 0 or 1 to
// max_threads(), refused with one short line otherwise.
void add_threads_option(CLI::App* cmd, int& threads);
// The most threads a command may start: 4 x the cores, at most 1024 (more only thrashes the
// machine: 100,000 threads once took 20 GB and a load in the thousands).
int max_threads();
// A thread count from text (a --threads value or an item of a list): InputError naming `what`
// unless it is 1 to max_threads() (or 0 when zero_means_all).
int parse_thread_count(const std::string& what, const std::string& text, bool zero_means_all);

// For a real-valued option that must be 0 or more (a time limit, a checkpoint interval): "must be
// 0 or more, not -1" (CLI::NonNegativeNumber's message prints its bound, DBL_MAX, in 309 digits).
CLI::Validator non_negative_number();

// Makes every numeric option of app and its subcommands decimal: CLI11 reads "010" as octal (8)
// and "-1" into an unsigned option as 2^64 - 1; here "010" is 10, and a negative or too large
// value for an unsigned option is refused with one line.
void use_decimal_numbers(CLI::App& app);

// Prints JSON on stdout, two-space indented, with a trailing newline. Text that is not UTF-8 (an
// input's Latin-1 id) is written with U+FFFD in place of each bad byte, never refused.
void print_json(const Json& j);
// A length or distance that a result may lack (negative: none) as JSON: the number, or null,
// the one spelling of "no answer" in every JSON output.
inline Json number_or_null(long long value) {
    return value < 0 ? Json(nullptr) : Json(value);
}
// The same as one line (JSON Lines).
std::string json_line(const Json& j);

// The seed of a command that draws at random when --seed is not given: the same everywhere, so
// that a run repeats unless asked otherwise (docs/reference/formats.md).
inline constexpr std::uint64_t kDefaultSeed = 1;

// Exit status of a run that failed for lack of a resource (memory) or an internal error: not 1,
// which means "no solution", nor 2, "bad input".
inline constexpr int kExitResource = 3;

// Text made safe for a one-line message: line breaks, tabs and other control characters, and
// bytes that are not UTF-8, are escaped (\n, \t, \xNN); so are valid characters a terminal
// would not show as they are (C1 controls, U+2028 and U+2029, zero-width and direction marks, the
// byte-order mark: \uXXXX). Other UTF-8 characters are kept whole. Past `max_chars` characters
// (each stray byte counts as one) the text is cut between two characters and ends "... (N more
// characters)".
std::string one_line(std::string_view text, std::size_t max_chars = 600);

// Removes a UTF-8 byte-order mark from the start of text read from a file or stdin (editors on
// Windows write one; it is not part of the first state or move).
void drop_byte_order_mark(std::string& text);

// The batch policy of every command that reads many inputs (docs/reference/exit-status.md,
// "Batches"): a bad input is one stderr line "frontier: error: WHERE: MESSAGE" (WHERE is FILE:LINE,
// stdin:LINE, or "argument N" for states given as arguments), the other inputs are answered, and
// the command exits with kExitBadInputs at the end. Thread-safe (one write per line).
void report_bad_input(const std::string& where, const std::string& message);
inline constexpr int kExitBadInputs = 2;
// FILE:LINE of an input line, for report_bad_input.
std::string input_place(const std::string& file, int line);

// The batch loop of `lookup`, whatever the table: answers each state (the arguments, else the
// non-# lines of stdin, announced by one line on stderr when stdin is a terminal) with
// `answer`, which returns {state, distance, status[, reason, moves]}
// or throws InputError for a state it cannot read. Prints one line per answer ("STATE: 31
// (moves: ...)") or one JSON array. A bad state follows the batch policy (above): one
// line on stderr naming it ("argument 2", "stdin:5"; in JSON also {state, distance: null,
// status: "error", error}); the others are still answered and the command exits 2 at the end. A
// DamagedTableError from `answer` is the table's fault, not the state's: it propagates at once, and
// nothing of the batch is printed.
void answer_lookups(const std::vector<std::string>& states, bool json,
                    const std::function<Json(const std::string&)>& answer);

// Checks an output file path before a long computation: not empty, not a directory or other
// non-regular file, its directory exists. InputError naming `option` otherwise.
void check_output_path(const std::string& option, const std::string& path);

// The known name closest to `typed` (edit distance at most 2, and less than half its length),
// else the shortest known name that starts with it (at least two letters), for "did you mean
// ...?"; "" when none is close.
std::string closest_name(const std::string& typed, const std::vector<std::string>& known);

// The error for a name that is none of `known`: `unknown WHAT "typed"[ for FOR] (known: a, b),
// did you mean "x"?` (the suggestion only when one is close). Used for algorithms and every
// puzzle's heuristics, so all unknown names read alike.
[[noreturn]] void throw_unknown_name(const std::string& what, const std::string& typed,
                                     const std::vector<std::string>& known,
                                     const std::string& for_what = "");

// "a,b,,c" -> {"a", "b", "c"} (empty items dropped, spaces trimmed).
std::vector<std::string> split_list(const std::string& text);

// Prints an aligned text table: the first column left-aligned, the others right-aligned.
void print_table(const std::vector<std::string>& headers,
                 const std::vector<std::vector<std::string>>& rows,
                 const std::string& first_header = "instance");

}  // namespace frontier::cli
