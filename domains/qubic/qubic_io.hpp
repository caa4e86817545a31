// Text forms of Qubic positions and moves.
//
// Cells are numbers 0..63, plane * 16 + row * 4 + column. A list of cells is written with
// spaces or commas between them ("0 1 11 15", "0,1,11,15"). Errors (a number out of range, a
// cell given twice or to both players, other characters) are InputErrors naming the cell or
// the character and its position. The drawing shows the four planes side by side, x and o for
// stones and '.' for empty cells.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <frontier/domains/qubic/qubic.hpp>

namespace frontier {

// Parses a list of cells into a mask; `who` names the list in errors ("--x").
std::uint64_t parse_qubic_cells(std::string_view text, std::string_view who);
// Builds a position; throws InputError if a cell is taken by both or the game is already won.
QubicPosition make_qubic_position(std::uint64_t x, std::uint64_t o, bool x_to_move);
// "0 1 11 15"
std::string format_qubic_cells(std::uint64_t cells);
// "(plane 0, row 0, col 3)"
std::string describe_qubic_cell(int cell);
std::string draw_qubic(const QubicPosition& p);

}  // namespace frontier
