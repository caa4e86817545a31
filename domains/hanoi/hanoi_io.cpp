#include <frontier/domains/hanoi/hanoi_io.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <vector>

#include <frontier/engine/error.hpp>

namespace frontier {

namespace {

constexpr std::string_view kPrefix = "hanoi:";

// A character for a message: 'x' when printable, otherwise its byte value (never the byte).
std::string shown(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F) return std::string("'") + c + "'";
    char hex[16];
    std::snprintf(hex, sizeof hex, "byte 0x%02X", static_cast<unsigned>(u));
    return hex;
}

// Text for a message: printable ASCII kept, every other byte as '?', at most 40 characters.
std::string printable(std::string_view text) {
    std::string out;
    for (char c : text.substr(0, 40)) {
        const auto u = static_cast<unsigned char>(c);
        out += u >= 0x20 && u < 0x7F ? c : '?';
    }
    if (text.size() > 40) out += "...";
    return out;
}

int peg_of_letter(char c) {
    switch (c) {
        case 'A':
        case 'a':
            return 0;
        case 'B':
        case 'b':
            return 1;
        case 'C':
        case 'c':
            return 2;
        default:
            return -1;
    }
}

}  // namespace

Hanoi parse_hanoi_name(std::string_view name) {
    const std::string range =
        "from " + std::to_string(Hanoi::kMinDisks) + " to " + std::to_string(Hanoi::kMaxDisks);
    if (name == "hanoi" || name == kPrefix)
        throw InputError("hanoi needs the number of disks: hanoi:N with N " + range +
                         ", for example hanoi:5");
    if (!name.starts_with(kPrefix))
        throw InputError("unknown Towers of Hanoi domain \"" + printable(name) +
                         "\" (expected hanoi:N with N " + range + ")");
    const std::string_view digits = name.substr(kPrefix.size());
    int disks = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), disks);
    if (ec == std::errc::result_out_of_range && end == digits.data() + digits.size())
        disks = Hanoi::kMaxDisks + 1;  // all digits, too many of them
    else if (ec != std::errc() || end != digits.data() + digits.size())
        throw InputError("invalid number of disks \"" + printable(digits) +
                         "\" in hanoi:N (expected a whole number " + range + ")");
    if (disks < Hanoi::kMinDisks || disks > Hanoi::kMaxDisks)
        throw InputError("unsupported hanoi:" + printable(digits) +
                         ": the number of disks must be " + range);
    return Hanoi(disks);
}

bool is_hanoi_name(std::string_view name) {
    return name == "hanoi" || name.starts_with(kPrefix);
}

std::string hanoi_spec(const Hanoi& d) {
    return std::string(kPrefix) + std::to_string(d.disks());
}

HanoiState parse_hanoi_state(const Hanoi& d, std::string_view text) {
    const int n = d.disks();
    std::uint64_t pegs = 0;
    int letters = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        const int peg = peg_of_letter(c);
        if (peg < 0)
            throw InputError("invalid hanoi state: " + shown(c) + " at position " +
                             std::to_string(i + 1) + " is not a peg (expected A, B or C)");
        const int disk = n - 1 - letters;  // the largest disk comes first
        if (disk >= 0) pegs |= static_cast<std::uint64_t>(peg) << (2 * disk);
        ++letters;
    }
    if (letters != n)
        throw InputError("invalid hanoi state: expected " + std::to_string(n) +
                         " letters (the peg A, B or C of each disk, largest first), got " +
                         std::to_string(letters));
    return HanoiState{pegs};
}

std::string format_hanoi_state(const Hanoi& d, HanoiState s) {
    std::string out;
    for (int disk = d.disks() - 1; disk >= 0; --disk) out += static_cast<char>('A' + s.peg(disk));
    return out;
}

std::string format_hanoi_move(HanoiMove m) {
    return std::string(1, static_cast<char>('A' + m.from)) + '>' + static_cast<char>('A' + m.to);
}

// Rows from the top of the tallest stack down, each peg a right-aligned column of disk sizes
// (1 = smallest) with '|' where it has no disk; a base line and the peg letters below. Columns
// are two characters wide, three from 10 disks on. "AACBA":
//      1 | |
//      4 | |
//      5 2 3
//     ------
//      A B C
std::string draw_hanoi(const Hanoi& d, HanoiState s) {
    std::vector<int> stacks[3];  // disk sizes, bottom first
    for (int disk = d.disks() - 1; disk >= 0; --disk) stacks[s.peg(disk)].push_back(disk + 1);
    const std::size_t height =
        std::max({stacks[0].size(), stacks[1].size(), stacks[2].size(), std::size_t{1}});
    const int width = d.disks() >= 10 ? 3 : 2;
    auto cell = [&](const std::string& text) {
        return std::string(width - text.size(), ' ') + text;
    };
    std::string out;
    for (std::size_t row = height; row-- > 0;) {
        std::string line;
        for (const auto& stack : stacks)
            line += cell(row < stack.size() ? std::to_string(stack[row]) : "|");
        out += line + '\n';
    }
    out += std::string(3 * width, '-') + '\n';
    out += cell("A") + cell("B") + cell("C") + '\n';
    return out;
}

std::string DomainIO<Hanoi>::describe(const Hanoi& d) {
    return "Towers of Hanoi, " + std::to_string(d.disks()) + (d.disks() == 1 ? " disk" : " disks") +
           ", 3 pegs (" + std::to_string(d.size()) + " states)";
}

}  // namespace frontier
