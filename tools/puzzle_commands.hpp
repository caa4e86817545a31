// The combinatorial puzzle families: N-Queens (count, solve), Sudoku (solve, solve-batch),
// cryptarithms (solve) and Qubic (solve). Each family has its own tools/<family>_commands.cpp;
// add_puzzle_commands (declared with the other families in domain_commands.hpp) registers all.
#pragma once

#include "tools/domain_commands.hpp"

namespace frontier::cli {

void add_queens_commands(DomainCommands& commands);
void add_sudoku_commands(DomainCommands& commands);
void add_cryptarithm_commands(DomainCommands& commands);
void add_qubic_commands(DomainCommands& commands);

}  // namespace frontier::cli
