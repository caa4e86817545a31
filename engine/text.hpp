// Small text helpers shared by the parsers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <istream>
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

// The UTF-8 character that starts at byte `at` of `text` (2 to 4 bytes for a well-formed
// multi-byte sequence), else the single byte there: what an error message should name as "the
// character", never half of one.
inline std::string_view utf8_char_at(std::string_view text, std::size_t at) {
    const auto lead = static_cast<unsigned char>(text[at]);
    const std::size_t len = lead >= 0xF0 && lead <= 0xF4   ? 4
                            : lead >= 0xE0 && lead <= 0xEF ? 3
                            : lead >= 0xC2 && lead <= 0xDF ? 2
                                                           : 1;
    if (len == 1 || at + len > text.size()) return text.substr(at, 1);
    for (std::size_t k = 1; k < len; ++k)
        if ((static_cast<unsigned char>(text[at + k]) & 0xC0) != 0x80) return text.substr(at, 1);
    return text.substr(at, len);
}

// How many characters (as utf8_char_at reads them) the first `bytes` bytes of `text` hold.
inline std::size_t utf8_length(std::string_view text, std::size_t bytes = std::string_view::npos) {
    bytes = std::min(bytes, text.size());
    std::size_t count = 0;
    for (std::size_t at = 0; at < bytes; at += utf8_char_at(text, at).size()) ++count;
    return count;
}

// The longest line a line-oriented reader accepts: far more than any state or batch row, far less
// than the memory a runaway input (a file of one 1.5 GB line, /dev/zero) would take.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

// What read_bounded_line found.
enum class LineRead { line, end, too_long };

// std::getline with a bound: reads up to and without the next '\n' into `line`; `too_long` when
// more than `max` bytes come before it (the rest of that line is not read), `end` at the end of
// the input with nothing read. A read error is the stream's badbit, for the caller to check.
inline LineRead read_bounded_line(std::istream& in, std::string& line,
                                  std::size_t max = kMaxLineBytes) {
    line.clear();
    std::streambuf* buf = in.rdbuf();
    const std::istream::sentry ok(in, true);
    if (!ok) return LineRead::end;
    for (;;) {
        const int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return line.empty() ? LineRead::end : LineRead::line;
        }
        if (c == '\n') return LineRead::line;
        if (line.size() == max) return LineRead::too_long;
        line.push_back(static_cast<char>(c));
    }
}

}  // namespace frontier
