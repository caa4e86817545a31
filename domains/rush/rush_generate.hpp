// Hard Rush Hour puzzles by local search: hill climbing (steepest ascent) over board layouts, and
// simulated annealing as an option.
//
// A puzzle is a board's cluster seen from its hardest start. Its score is (optimal moves, optimal
// steps) of that start, exact, from one cluster BFS (RushGrader); an unsolvable board scores
// (-1, -1). The start is RushGrader::hardest_start(most_steps): among the states with the most
// moves, those with the most steps, then the smallest in rush_layout_order, so it depends on the
// cluster only (not on the board it was reached from).
//
// Neighbours of a puzzle (rush_neighbours): remove a piece other than A, or a wall; shift a piece
// (keeping its orientation) or a wall one cell up, down, left or right onto free cells; add a
// piece (any free straight 2- or 3-cell segment, either orientation) while fewer than max_pieces
// pieces besides A, or a wall on any free cell while fewer than max_walls walls. Never a
// horizontal piece or a wall in the exit row (it would block A for good or never matter), and A
// itself is never moved (sliding it along its row stays in the same cluster).
//
// A climb (RushClimber::climb) starts from a random legal board and
//   hill climbing: scores every neighbour and moves to the best (the first in generation order
//     among equals) while it beats the current score; it stops at a local maximum;
//   annealing: first `anneal_steps` random proposals at a temperature cooling geometrically from
//     t_start to t_end (a proposal d moves worse is taken with probability exp(-d / T)), then a
//     hill climb from the best puzzle seen.
// Determinism: climb i draws only from its own generator, seeded from (seed, i) by splitmix64,
// so its result depends on (options, seed, i) alone, whichever thread runs it and in what order.
// Cost: one cluster BFS per neighbour scored (about 100 neighbours per hill-climbing step).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>

namespace frontier {

struct RushClimbOptions {
    int size = 6;
    int max_pieces = 13;  // besides A
    int max_walls = 0;
    bool anneal = false;
    int anneal_steps = 300;
    double t_start = 2.0, t_end = 0.1;
    int max_steps = 500;  // hill-climbing steps per climb, a safety bound
};

struct RushScore {
    int moves = -1, steps = -1;
    friend auto operator<=>(const RushScore&, const RushScore&) = default;
};

struct RushClimbResult {
    RushDbEntry puzzle;  // the hardest start, relettered (reletter_rush), its moves and cluster
    RushScore score;
    std::uint64_t evaluations = 0;  // boards scored
};

// The neighbours of a board (text), in a fixed order.
std::vector<std::string> rush_neighbours(std::string_view board, int max_pieces, int max_walls);

// A random legal starting board: random_rush_text with the budget, without any horizontal piece
// or wall in the exit row other than A.
std::string random_rush_start(std::mt19937_64& rng, int size, int max_pieces, int max_walls);

// The generator of climb `index` for a given seed (splitmix64 of both).
std::mt19937_64 rush_climb_rng(std::uint64_t seed, std::uint64_t index);

// Runs climbs; keeps a grader between them (one per worker, not thread-safe).
class RushClimber {
  public:
    explicit RushClimber(const RushClimbOptions& options);
    RushClimbResult climb(std::uint64_t seed, std::uint64_t index);

    // The score of a board's cluster, its hardest start (as text, the board's letters) and its
    // cluster's size.
    RushScore score(std::string_view board, std::string* hardest = nullptr,
                    std::uint32_t* cluster_size = nullptr);

  private:
    RushClimbOptions options_;
    RushGrader grader_;
    std::uint64_t evaluations_ = 0;
};

}  // namespace frontier
