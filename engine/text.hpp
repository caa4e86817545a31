// Small text helpers shared by the parsers.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace frontier {

// `s` without leading and trailing spaces, tabs, carriage returns and newlines.
inline std::string_view trim(std::string_view s) {
    constexpr std::string_view kSpace = " \t\r\n";
    const auto b = s.find_first_not_of(kSpace);
    if (b == std::string_view::npos) return {};
    return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

// The input text in double quotes (or `quote`) for an error message, with line breaks, tabs and
// other control characters escaped (\n, \t, \xNN), so that the message stays one line wherever it
// is shown (the program's stderr, a JSON "reason", a library caller's log). Other bytes pass
// unchanged; the program's one_line (tools/cli/common.hpp) handles UTF-8 and length.
inline std::string quote_input(std::string_view text, char quote = '"') {
    std::string out(1, quote);
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (b < 0x20 || b == 0x7F) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", b);
            out += hex;
        } else {
            out += c;
        }
    }
    return out + quote;
}

}  // namespace frontier
