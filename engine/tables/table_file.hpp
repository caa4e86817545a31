// Table files: distance tables, pattern databases and other dense per-rank tables on disk.
//
// Layout (version 1), all in one file:
//   a text header of "key=value" lines, first line "FRONTIER-TABLE 1", ended by an empty line;
//   NUL padding up to payload_offset (a multiple of 4096, so the payload can be memory-mapped
//   and aligned);
//   the payload: payload_bytes bytes (for entry_bits = 8, one byte per rank).
// Keys always present: kind, domain, goal, entries, entry_bits, max_value, payload_offset,
// payload_bytes, payload_checksum (checksum64, hex) and, last, header_checksum (checksum64 of
// the header text before that line). Domain-specific keys (pattern, metric, ...) go in `fields`.
//
// Writing is atomic: the file is written under a temporary name in the same directory, synced,
// then renamed, so a reader never sees half a file. Opening maps the file read-only and rejects a
// wrong magic or version, a truncated or oversized file and any checksum mismatch, each with a
// one-line InputError naming the file and the problem. A TableFile is immutable after open() and
// safe to read from any number of threads; its payload span lives as long as the TableFile.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <frontier/engine/io/atomic_write.hpp>
#include <frontier/engine/io/mapped_region.hpp>
#include <frontier/engine/tables/header_text.hpp>

namespace frontier {

class RegularFile;

struct TableHeader {
    std::string kind;    // "distance" or "pdb"
    std::string domain;  // canonical domain spec, e.g. "sliding:3x3"
    std::string goal;    // the goal in the domain's state syntax
    std::uint64_t entries = 0;
    int entry_bits = 8;
    int max_value = 0;
    std::vector<std::pair<std::string, std::string>> fields;  // domain-specific extras

    // The value of an extra field, or "" when absent.
    std::string field(const std::string& key) const;
    void set_field(const std::string& key, const std::string& value);
};

void write_table_file(const std::string& path, const TableHeader& header,
                      std::span<const std::uint8_t> payload);

// Appends the lines every table header has (kind, domain, goal, entries, entry_bits, max_value,
// then `fields`), as a table file and a sharded table's manifest both start; `what` and `path`
// name the text in errors.
void append_table_fields(std::string& text, const TableHeader& header, const std::string& path,
                         const std::string& what);

// The reverse of append_table_fields: the common lines of parsed header text, every key of
// `own_keys` required too (the reader's own lines: payload or shard bookkeeping, the checksum),
// and the lines that are neither (nor, when given, accepted by `skip`) kept in header.fields in
// the order written. InputError "PATH: corrupt WHAT: missing KEY" when a line is missing.
TableHeader read_table_fields(const std::string& path, const KeyValueText& parsed,
                              std::span<const char* const> own_keys, const std::string& what,
                              bool (*skip)(const std::string& key) = nullptr);

class TableFile {
  public:
    // Maps and validates the file; verify_payload = false skips the payload checksum (the header
    // is always checked) for callers that open very large files often.
    static TableFile open(const std::string& path, bool verify_payload = true);
    // The same from a file already open (`path` names it in errors), for a caller that maps the
    // payload again from the descriptor it checked (a sharded table's shards side by side).
    static TableFile open(const RegularFile& file, const std::string& path,
                          bool verify_payload = true);

    TableFile(TableFile&& other) noexcept = default;
    TableFile& operator=(TableFile&& other) noexcept = default;

    const std::string& path() const { return path_; }
    const TableHeader& header() const { return header_; }
    std::span<const std::uint8_t> payload() const { return payload_; }
    // Where the payload starts in the file (a multiple of 4096).
    std::uint64_t payload_offset() const { return payload_offset_; }
    // The payload checksum check that open() skips when verify_payload is false, for a caller
    // that decides after reading the header (InputError "PATH: corrupt: payload checksum
    // mismatch").
    void check_payload() const;

  private:
    TableFile() = default;

    std::string path_;
    TableHeader header_;
    MappedRegion map_;
    std::span<const std::uint8_t> payload_;  // inside map_
    std::uint64_t payload_offset_ = 0;       // in the file
    std::uint64_t payload_checksum_ = 0;     // the header's
};

// A header's `layers` field: the states per depth, comma-separated, and back. The parser's `what`
// ("checkpoint", "header") names the file's part in its InputErrors.
std::string format_layer_counts(const std::vector<std::uint64_t>& layers);
std::vector<std::uint64_t> parse_layer_counts(const std::string& path, const std::string& text,
                                              const std::string& what);

// InputError "PATH: this is shard K of a table in N shards; look up the directory that holds
// them" when `header` is a shard's (opened alone, its entries are its slice's, not the table's).
void refuse_lone_shard(const std::string& path, const TableHeader& header);

}  // namespace frontier
