// Two-bit table files: what names a two-bit table, the header that says so, and the checks a
// reader and a resumed run make of a header before trusting its payload.
//
// A two-bit table file is a table file (engine/tables/table_file.hpp) with entry_bits=2,
// encoding=depth-mod-3, index=NAME (the space's order of indices: a reader must walk the same
// space), the fields of its TwoBitIdentity, `layers` (the states per depth), `reached` (their
// sum), `complete` (yes for a finished table, no for a checkpoint) and, once finished, the
// checksums of its payload's blocks (engine/tables/payload_blocks.hpp). docs/reference/formats.md
// describes it for readers in other languages.
//
// The identity is the puzzle's concern (domains/sliding/sliding_two_bit.hpp, domains/pancake/
// pancake_two_bit.hpp make theirs); everything else about the file is the engine's, so every
// two-bit puzzle writes, checkpoints and checks its tables with the same code
// (engine/two_bit/table_run.hpp). Plain functions over values: thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <frontier/engine/tables/table_file.hpp>
#include <frontier/engine/two_bit/lookup.hpp>

namespace frontier {

inline constexpr const char* kTwoBitEncoding = "depth-mod-3";

// What names a two-bit table: two tables with the same identity hold the same distances at the
// same indices, so a checkpoint of one may be resumed by a run of the other.
struct TwoBitIdentity {
    std::string domain;  // the puzzle as its spec names it: "sliding:4x3", "pancake:11"
    std::string goal;    // the root, in the puzzle's state syntax
    std::uint64_t entries = 0;
    std::string index;  // the space's order of indices: "pair-blank", "bottom-lehmer"
    std::vector<std::pair<std::string, std::string>> fields;  // more, e.g. searched=7x2
};

// The header of a table (complete) or of a checkpoint (not complete) after `layers`.
TableHeader two_bit_header(const TwoBitIdentity& id, const std::vector<std::uint64_t>& layers,
                           bool complete);
// The same header after other layers: max_value, reached, layers and complete replaced (a
// shard's header keeps its own entries and shard fields).
void set_two_bit_layers(TableHeader& header, const std::vector<std::uint64_t>& layers,
                        bool complete);

// True when the header says its file is a two-bit table or checkpoint.
bool is_two_bit_table(const TableHeader& header);

// The layer counts of a checkpoint (complete=no) that holds the table `want` describes (its
// header for no layers): the same domain, goal, entries, entry_bits and every field of `want`
// but layers, reached and complete. InputError naming `path` when it is another table's, a
// finished table, or its counts are corrupt.
std::vector<std::uint64_t> checkpoint_layers(const std::string& path, const TableHeader& header,
                                             const TableHeader& want);

// The layer counts of a finished table's header, checked against its max_value, reached and
// entries; InputError naming `path` when they disagree or the table is unfinished.
std::vector<std::uint64_t> finished_two_bit_layers(const std::string& path,
                                                   const TableHeader& header);

// What every walk of a lookup is checked against: no walk deeper than the deepest layer, and no
// entry 0 when the search reached every state.
TwoBitWalkChecks two_bit_walk_checks(const TableHeader& header,
                                     const std::vector<std::uint64_t>& layers);

// InputError naming `path` unless the header's index and entries are the space's: a table of
// another order or size is never walked.
void check_two_bit_space(const std::string& path, const TableHeader& header,
                         const std::string& index, std::uint64_t entries);

}  // namespace frontier
