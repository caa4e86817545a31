// Every puzzle the program knows: one line each in FRONTIER_PUZZLES.
//
// A puzzle's file (tools/puzzles/<puzzle>.cpp) defines register_<puzzle>(Registry&), which adds
// the verbs it offers (solve, enumerate, ...), its table readers and its own command groups.
// main() calls them all, in this order (the order of the help texts' puzzle lists).
#pragma once

#include "tools/cli/dispatch.hpp"

#define FRONTIER_PUZZLES(X) \
    X(sliding)              \
    X(queens)               \
    X(sudoku)               \
    X(cryptarithm)          \
    X(qubic)                \
    X(rush)                 \
    X(pocket_cube)          \
    X(peg_solitaire)        \
    X(sliding_blocks)       \
    X(hanoi)                \
    X(pancake)

namespace frontier::cli {

#define FRONTIER_DECLARE_PUZZLE(name) void register_##name(Registry& registry);
FRONTIER_PUZZLES(FRONTIER_DECLARE_PUZZLE)
#undef FRONTIER_DECLARE_PUZZLE

// Registers every puzzle of the list.
inline void register_puzzles(Registry& registry) {
#define FRONTIER_REGISTER_PUZZLE(name) register_##name(registry);
    FRONTIER_PUZZLES(FRONTIER_REGISTER_PUZZLE)
#undef FRONTIER_REGISTER_PUZZLE
}

// Verbs a puzzle file implements in a companion file of its own (sliding_pdb.cpp, ...).
void register_sliding_pdb(Registry& registry);
void register_rush_bulk(Registry& registry);

}  // namespace frontier::cli
