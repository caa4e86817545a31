#include "tools/puzzle_commands.hpp"

namespace frontier::cli {

void add_puzzle_commands(DomainCommands& commands) {
    add_queens_commands(commands);
    add_sudoku_commands(commands);
    add_cryptarithm_commands(commands);
    add_qubic_commands(commands);
}

}  // namespace frontier::cli
