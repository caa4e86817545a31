#include <frontier/domains/sudoku/sudoku_io.hpp>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

SudokuGrid parse_sudoku(std::string_view text) {
    SudokuGrid g;
    if (text.size() == 81) {
        // The usual form, one line of 81 cells, in one pass without a branch per cell (the
        // compiler vectorises it): a batch of easy puzzles spent a tenth of its time in the loop
        // below. Any other character sends the text on to that loop, which names it.
        unsigned bad = 0;
        for (std::size_t i = 0; i < 81; ++i) {
            const auto ch = static_cast<unsigned char>(text[i]);
            const auto value = static_cast<unsigned char>(ch - '0');
            bad |= static_cast<unsigned>(value > 9) & static_cast<unsigned>(ch != '.');
            g.cells[i] = value <= 9 ? value : 0;
        }
        if (bad == 0) return g;
    }
    int cells = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') continue;
        int value = -1;
        if (ch >= '0' && ch <= '9') value = ch - '0';
        if (ch == '.') value = 0;
        if (value < 0) {
            throw InputError("sudoku: bad character " + quote_input(utf8_char_at(text, i), '\'') +
                             " at position " + std::to_string(utf8_length(text, i) + 1) +
                             " (expected 1-9 for a given, 0 or . for an empty cell)");
        }
        if (cells == 81)
            throw InputError("sudoku: more than 81 cells (the 82nd is at position " +
                             std::to_string(i + 1) + ")");
        g.cells[cells++] = static_cast<std::uint8_t>(value);
    }
    if (cells != 81) throw InputError("sudoku: expected 81 cells, got " + std::to_string(cells));
    return g;
}

std::string format_sudoku(const SudokuGrid& g) {
    std::string s;
    append_sudoku(s, g);
    return s;
}

void append_sudoku(std::string& out, const SudokuGrid& g) {
    // Through an array of its own, which the string's bytes cannot overlap: the compiler
    // vectorises the loop only then.
    char text[81];
    for (int c = 0; c < 81; ++c)
        text[c] = g.cells[c] != 0 ? static_cast<char>('0' + g.cells[c]) : '.';
    out.append(text, sizeof text);
}

std::string draw_sudoku(const SudokuGrid& g) {
    std::string out;
    for (int r = 0; r < 9; ++r) {
        if (r == 3 || r == 6) out += "------+-------+------\n";
        for (int c = 0; c < 9; ++c) {
            if (c == 3 || c == 6) out += "| ";
            const int d = g.cells[9 * r + c];
            out += d == 0 ? '.' : static_cast<char>('0' + d);
            out += c == 8 ? '\n' : ' ';
        }
    }
    return out;
}

SudokuMethod parse_sudoku_method(std::string_view name) {
    if (name == "csp") return SudokuMethod::Csp;
    if (name == "search") return SudokuMethod::Search;
    if (name == "cells") return SudokuMethod::Cells;
    throw InputError("sudoku: unknown method " + quote_input(name) +
                     " (known: csp, search, cells)");
}

}  // namespace frontier
