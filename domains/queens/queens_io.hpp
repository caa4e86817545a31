// Text forms of N-Queens solutions.
//
// A solution is written as the queen's column in each row, 1-based, rows from the top:
// "1 5 8 6 3 7 2 4" for N = 8. The drawing has one line per row, 'Q' for a queen, '.' otherwise.
#pragma once

#include <string>
#include <vector>

namespace frontier {

std::string format_queens(const std::vector<int>& columns);
std::string draw_queens(const std::vector<int>& columns);

}  // namespace frontier
