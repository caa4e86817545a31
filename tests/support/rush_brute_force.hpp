// A brute-force Rush Hour universe for tests, written from the rules with board strings only
// (no RushBoard, RushUniverse or ClusterGraph): every legal board of a small size, grouped into
// clusters by BFS, each cluster judged (solvable, hardest, minimal) by plain BFS in the move
// metric. Slow (strings and hash maps), meant for 4 x 4 and 5 x 5 boards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "domains/rush/rush_io.hpp"

namespace frontier::test {

struct BruteUniverse {
    std::uint64_t boards = 0;      // every legal board (state) of the universe
    std::uint64_t candidates = 0;  // boards where no piece can slide left or up
    std::uint64_t clusters = 0;
    std::vector<std::string> candidate_boards;  // relettered (reletter_rush), sorted
    std::vector<RushDbEntry> entries;           // kept clusters, relettered, in database order
};

// Layout rules as in rush_enumerate.hpp: A alone in the exit row, no row full of its horizontal
// pieces and walls, no column full of vertical pieces, at most max_walls walls.
BruteUniverse brute_force_universe(int size, int max_walls, bool keep_candidates);

// The one-move successors of a board string (slides of any length), relettered.
std::vector<std::string> brute_moves(const std::string& board);
// Optimal moves by BFS over board strings; -1 when unsolvable.
int brute_optimal_moves(const std::string& board);

}  // namespace frontier::test
