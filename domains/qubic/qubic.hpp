// Qubic (4x4x4 tic-tac-toe): forced wins by threat-space search.
//
// Board: 64 cells numbered plane * 16 + row * 4 + column (each 0..3). A position is two 64-bit
// masks, one per player; the 76 winning lines (48 rows, columns and pillars, 24 diagonals of
// the 12 axis-parallel planes, 4 space diagonals) are 64-bit masks too, so "three of mine and an
// empty cell" is an AND, a test and a popcount per line.
//
// The search (find_forced_win) proves a win for the player to move (the attacker) with forcing
// moves only. The attacker wins at once if a line of theirs lacks one empty cell. Otherwise, if
// the defender has such a line the attacker must block it (two of them: no forced win). Each
// attacker move must make three in a line with the fourth cell empty (a threat), so the
// defender's reply is forced: two threats at once (a double threat) win, one threat forces the
// defender onto its cell and the search goes on from there. Candidate moves are the empty cells
// of lines holding two attacker stones and no defender stone, tried in the order of a line-weight
// score (more own stones on open lines first). Iterative deepening on the number of attacker
// moves finds a shortest forcing win; a transposition table remembers positions already refuted
// at a given depth (many threat sequences reach the same position in different orders), or at
// any depth when no forcing line below them was cut short; when an iteration cuts nothing,
// the search stops early and the answer "no win by threats" holds for every depth.
//
// Limits: only forcing sequences are searched, so "no win found" does not mean the position is
// not won with quiet moves; max_depth bounds the attacker's moves and max_nodes the work.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace frontier {

struct QubicPosition {
    std::uint64_t x = 0, o = 0;
    bool x_to_move = true;
    friend bool operator==(const QubicPosition&, const QubicPosition&) = default;
};

// The 76 winning lines, each a mask of 4 cells, in a fixed order.
const std::array<std::uint64_t, 76>& qubic_lines();

// The empty cells that would complete a line of `mine` (three of mine, none of `theirs`).
std::uint64_t qubic_winning_cells(std::uint64_t mine, std::uint64_t theirs);
// The first line all four of whose cells are in `stones`, or 0.
std::uint64_t qubic_completed_line(std::uint64_t stones);

// A reproducible sample for tests and benchmarks: `trials` draws of 6 to 13 random stones for X
// and as many or one fewer for O, with X to move in two draws of three; draws in which a line
// is already complete are dropped.
std::vector<QubicPosition> random_qubic_positions(std::uint64_t seed, int trials);

struct QubicStep {
    int move = -1;              // the attacker's cell
    std::uint64_t threats = 0;  // the attacker's winning cells after the move (0 on the last)
    int reply = -1;             // the defender's forced reply, or -1 after the winning move
};

struct QubicOptions {
    int max_depth = 20;                  // attacker moves, the winning move included
    std::uint64_t max_nodes = 20000000;  // positions searched; 0: no limit
};

struct QubicResult {
    bool found = false;
    std::vector<QubicStep> steps;    // the winning line, when found; the last step wins
    std::uint64_t winning_line = 0;  // the line the last move completes
    bool limit_reached = false;      // max_nodes stopped the search
    bool exhausted = false;          // every forcing line was searched: no win by threats at all
    int depth_searched = 0;          // the deepest iteration completed without a win
    std::uint64_t nodes = 0;
};

QubicResult find_forced_win(const QubicPosition& position, const QubicOptions& options = {});

}  // namespace frontier
