#include <frontier/engine/tables/header_text.hpp>

#include <charconv>

#include <frontier/engine/error.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

[[noreturn]] void corrupt(const std::string& path, const std::string& what,
                          const std::string& why) {
    throw InputError(path + ": corrupt " + what + ": " + why);
}

}  // namespace

KeyValueText parse_checked_text(const std::string& path, std::string_view text, std::size_t start,
                                const std::string& checksum_key, const std::string& what) {
    KeyValueText out;
    std::size_t pos = start, checksum_line = 0;
    while (pos < text.size()) {
        const auto nl = text.find('\n', pos);
        if (nl == std::string_view::npos) corrupt(path, what, "last line unterminated");
        const std::string_view line = text.substr(pos, nl - pos);
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) corrupt(path, what, "line without '='");
        // append_key_value never writes a carriage return (a line break on some systems): a
        // header holding one was not written by Frontier, and could not be written back.
        if (line.find('\r') != std::string_view::npos)
            corrupt(path, what, "a carriage return in the line at byte " + std::to_string(pos));
        std::string key(line.substr(0, eq)), value(line.substr(eq + 1));
        if (key == checksum_key) {
            checksum_line = pos;
            if (nl + 1 != text.size()) corrupt(path, what, "text after the " + checksum_key);
        }
        out.values[key] = value;
        out.order.emplace_back(std::move(key), std::move(value));
        pos = nl + 1;
    }
    if (checksum_line == 0) corrupt(path, what, "no " + checksum_key);
    if (parse_text_u64(path, what, checksum_key, out.values[checksum_key], 16) !=
        checksum64(text_bytes(text.substr(0, checksum_line))))
        corrupt(path, what, what + " checksum mismatch");
    return out;
}

std::uint64_t parse_text_u64(const std::string& path, const std::string& what,
                             const std::string& key, const std::string& value, int base) {
    std::uint64_t x = 0;
    auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), x, base);
    if (ec != std::errc() || p != value.data() + value.size() || value.empty())
        corrupt(path, what, "bad value for " + key);
    return x;
}

void append_key_value(std::string& text, const std::string& path, const std::string& what,
                      const std::string& key, const std::string& value) {
    if (key.find_first_of("\n\r=") != std::string::npos ||
        value.find_first_of("\n\r") != std::string::npos)
        throw InputError(path + ": " + what + " value for " + quote_input(key) +
                         " contains a line break");
    text += key + "=" + value + "\n";
}

std::string hex64(std::uint64_t v) {
    char buf[17];
    auto [p, ec] = std::to_chars(buf, buf + 16, v, 16);
    return std::string(buf, p);
}

std::span<const std::uint8_t> text_bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

}  // namespace frontier
