// A brute-force Rush Hour universe for tests, written from the game's rules and the public
// database's definition alone (no RushBoard, RushUniverse, ClusterGraph or pattern tables): every
// legal board of a small size, cell by cell, grouped into clusters by BFS over legal slides, each
// cluster judged (solvable, hardest start, minimal, non-trivial) by plain BFS in the move metric.
//
// The universe of an R x R board with at most W walls (the public definition, fogleman/rush):
//   - the primary car A: horizontal, 2 cells, in the exit row (R - 1) / 2; solved when it holds
//     the row's two rightmost cells;
//   - other pieces: 2 or 3 cells, horizontal or vertical; no horizontal piece but A in the exit
//   row;
//   - walls: single cells that never move, at most W, on any free cell; in the exit row only left
//     of A (a wall right of A blocks the exit for good: the public universe leaves those out);
//   - no row filled by its horizontal pieces and walls, no column filled by its vertical pieces.
// Candidates: boards where no piece can slide left or up (a wall is no piece); goal candidates:
// boards with A on the exit where no piece but A can slide left or up. A cluster is kept
// when it is solvable, its hardest start needs at least one move, and removing any piece but A, or
// any wall, from that start lowers its optimal moves. The hardest start is the smallest of the
// hardest states by (cells of horizontal pieces and walls, cells of vertical pieces), each a number
// with bit r * R + c: the public database's pick.
//
// Internally a board is a letter-free string of shapes (so equal boards are equal strings without
// relettering): 'o' empty, 'x' wall, "[]" A, '<' '-' '>' a horizontal piece's first, middle and
// last cells, '^' '|' 'v' a vertical piece's. Outputs use letters (A; B, C, ... in reading order of
// first cells; walls 'x'), which is reletter_rush's form.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/rush/rush_io.hpp>

namespace frontier::test {

struct BruteUniverse {
    std::uint64_t boards = 0;      // every legal board (state) of the universe
    std::uint64_t candidates = 0;  // boards where no piece can slide left or up
    std::uint64_t clusters = 0;
    std::uint64_t solvable = 0;                 // clusters with a solved state
    std::uint64_t solvable_boards = 0;          // the states of those clusters
    std::vector<std::string> candidate_boards;  // lettered, sorted (kept when asked)
    // Goal candidates: boards with A on the exit where no other piece can slide left or up.
    std::uint64_t goal_candidates = 0;
    std::vector<std::string> goal_candidate_boards;  // lettered, sorted (kept when asked)
    std::vector<RushDbEntry> entries;                // kept clusters, lettered, in database order
};

struct BruteOptions {
    bool keep_candidates = false;
    bool count_only = false;  // boards and candidates only (no clusters)
    // A sample closed under moves (a cluster is in it whole or not at all): boards with at least
    // min_pieces pieces (A included) and, when wall_cell >= 0, a wall on that cell (r * R + c).
    int min_pieces = 0;
    int wall_cell = -1;
};

// The universe (or the sample of it that the options describe).
BruteUniverse brute_force_universe(int size, int max_walls, const BruteOptions& options = {});

// One cluster judged from a lettered board (any letters, 'o' or '.' empty, 'x' wall; A in the exit
// row): its database line when kept, moves -1 otherwise (unsolvable, trivial or not minimal).
RushDbEntry brute_judge_cluster(const std::string& board);

// Optimal moves of a lettered board by BFS; -1 when unsolvable.
int brute_optimal_moves(const std::string& board);

// The enumerator's census counts against the brute force's, one expectation each. A template, so
// that the brute force includes none of the enumerator's headers (it must share no rule with it).
template <class CensusCounts>
void expect_counts_match(const CensusCounts& counts, const BruteUniverse& brute) {
    EXPECT_EQ(counts.candidates, brute.candidates);
    EXPECT_EQ(counts.clusters, brute.clusters);
    EXPECT_EQ(counts.states, brute.boards);
    EXPECT_EQ(counts.solvable, brute.solvable);
}

}  // namespace frontier::test
