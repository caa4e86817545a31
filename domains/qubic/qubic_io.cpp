#include <frontier/domains/qubic/qubic_io.hpp>

#include <bit>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

std::uint64_t parse_qubic_cells(std::string_view text, std::string_view who) {
    std::uint64_t cells = 0;
    const std::string prefix = "qubic: " + std::string(who) + ": ";
    std::size_t i = 0;
    while (i < text.size()) {
        const char ch = text[i];
        if (ch == ' ' || ch == ',' || ch == '\t') {
            ++i;
            continue;
        }
        if (ch < '0' || ch > '9') {
            throw InputError(prefix + "bad character " +
                             quote_input(std::string_view(&ch, 1), '\'') + " at position " +
                             std::to_string(i + 1) + " (expected cell numbers 0-63)");
        }
        const std::size_t start = i;
        int value = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            if (value < 1000) value = value * 10 + (text[i] - '0');
            ++i;
        }
        if (value > 63)
            throw InputError(prefix + "cell " + std::string(text.substr(start, i - start)) +
                             " at position " + std::to_string(start + 1) +
                             " is out of range (cells are 0-63: plane*16 + row*4 + column)");
        if (cells & (1ull << value))
            throw InputError(prefix + "cell " + std::to_string(value) + " is given twice");
        cells |= 1ull << value;
    }
    return cells;
}

QubicPosition make_qubic_position(std::uint64_t x, std::uint64_t o, bool x_to_move) {
    if (const std::uint64_t both = x & o; both != 0)
        throw InputError("qubic: cell " + std::to_string(std::countr_zero(both)) +
                         " is given to both X and O");
    for (const auto& [stones, name] : {std::pair{x, "X"}, std::pair{o, "O"}})
        if (const std::uint64_t line = qubic_completed_line(stones); line != 0)
            throw InputError(std::string("qubic: the game is over: ") + name +
                             " already has the line " + format_qubic_cells(line));
    return QubicPosition{x, o, x_to_move};
}

std::string format_qubic_cells(std::uint64_t cells) {
    std::string s;
    for (; cells != 0; cells &= cells - 1) {
        if (!s.empty()) s += ' ';
        s += std::to_string(std::countr_zero(cells));
    }
    return s;
}

std::string describe_qubic_cell(int cell) {
    return "(plane " + std::to_string(cell / 16) + ", row " + std::to_string(cell / 4 % 4) +
           ", col " + std::to_string(cell % 4) + ")";
}

std::string draw_qubic(const QubicPosition& p) {
    std::string out = "plane 0    plane 1    plane 2    plane 3\n";
    for (int r = 0; r < 4; ++r) {
        for (int plane = 0; plane < 4; ++plane) {
            for (int c = 0; c < 4; ++c) {
                const int cell = 16 * plane + 4 * r + c;
                out += (p.x >> cell) & 1 ? 'x' : (p.o >> cell) & 1 ? 'o' : '.';
                if (c < 3) out += ' ';
            }
            out += plane < 3 ? "    " : "\n";
        }
    }
    return out;
}

}  // namespace frontier
