// The fuzz targets (issue 22): every parser and file reader of Frontier, grouped into five entry
// points. Each takes arbitrary bytes and checks what must hold for any input:
//   no crash, no hang, no sanitizer report;
//   either success or an InputError whose message is one non-empty line (no line break in
//   what(), so every place that prints it, the JSON "reason" fields included, shows one line);
//   on success, a value that prints and parses back to itself where the format has a printer.
// A broken property calls fuzz_failure(), which aborts: libFuzzer saves the input as a crasher,
// and the corpus replay in the default suite (tests/fuzz_corpus_test.cpp) dies on it.
//
// Built twice: by clang with libFuzzer, AddressSanitizer and UBSan (tests/fuzz/fuzz_entry.cpp,
// the `fuzz` preset, one binary per target), and by the default compiler into frontier_tests,
// which replays tests/fuzz/corpus/<target>/ through the same functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace frontier::fuzz {

using Bytes = std::span<const std::uint8_t>;

// The first byte picks the parser (modulo the count), the rest is its text: sliding-tile states
// and goals, Rush Hour boards and moves, sliding-block layouts, goals and states, cube facelets
// and scrambles, peg boards, Sudoku grids, cryptarithms, Qubic cells, Tower of Hanoi states,
// pancake stacks.
void puzzle_text(Bytes data);
// Numeric command-line options (int, unsigned 64-bit, double, --threads) as the program reads
// them (use_decimal_numbers, parse_thread_count): accepted values print and read back equal.
void numeric_option(Bytes data);
// Table files and pattern databases from disk (TableFile, DistanceTable, load_sliding_pdb). The
// first byte chooses raw bytes or a header whose checksum is made to match (so the fields behind
// the checksum get fuzzed too).
void table_header(Bytes data);
// Sharded-table manifests (with a valid shard beside them) and checkpoint logs (UnitLog): raw
// text, or a log written from the input's records and then cut or damaged, whose recovery must
// return a prefix of what was written.
void manifest_log(Bytes data);
// Rush Hour input lines: "BOARD" or database lines "MOVES BOARD CLUSTER_SIZE".
void rush_line(Bytes data);

// The names of the targets, as the corpus directories and fuzz binaries are called.
inline constexpr std::string_view kTargets[] = {"puzzle_text", "numeric_option", "table_header",
                                                "manifest_log", "rush_line"};
// Runs target `name` on data; false when there is no such target.
bool run_target(std::string_view name, Bytes data);

}  // namespace frontier::fuzz
