// The "key=value" text that heads a table file and a sharded table's manifest.
//
// Both formats are a magic line, then one key=value line per field, the last of them
// `CHECKSUM_KEY=<checksum64 of the text before that line, hex>`. Parsing is one pass over the
// lines; every defect (a line without '=', an unterminated line, text after the checksum line,
// a missing or wrong checksum) is an InputError "PATH: corrupt WHAT: ...", WHAT naming the
// format ("header", "manifest"). Pure functions, no state.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace frontier {

struct KeyValueText {
    std::map<std::string, std::string> values;
    std::vector<std::pair<std::string, std::string>> order;  // as written, for extra fields
};

// Parses the lines of `text` from offset `start` (just after the magic line) and verifies the
// checksum line `checksum_key`.
KeyValueText parse_checked_text(const std::string& path, std::string_view text, std::size_t start,
                                const std::string& checksum_key, const std::string& what);

// A decimal (or base-`base`) value of key `key`; InputError "corrupt WHAT: bad value for KEY".
std::uint64_t parse_text_u64(const std::string& path, const std::string& what,
                             const std::string& key, const std::string& value, int base = 10);

// Appends the line "key=value"; InputError "PATH: WHAT value for KEY contains a line break" when
// the key holds '=' or a line break, or the value a line break (either would corrupt the text).
void append_key_value(std::string& text, const std::string& path, const std::string& what,
                      const std::string& key, const std::string& value);

std::string hex64(std::uint64_t v);
std::span<const std::uint8_t> text_bytes(std::string_view s);

}  // namespace frontier
