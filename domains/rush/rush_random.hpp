// Random 6x6 Rush Hour puzzles to play: a start exactly K moves from solved, or one of the hardest
// positions of a random board. The starts of `frontier play rush`, offered by the library so that
// every front end draws the same puzzles from the same seed.
//
// random_rush_puzzle(rng, moves):
//   moves < 0   random legal boards (random_rush_text: the primary car and 9 to 13 other pieces,
//               no walls) are graded until one is solvable and its cluster's hardest positions
//               are at least 10 moves from solved; the start is one of those, at random
//               (InputError when none of 20,000 boards qualifies).
//   0 to 15     the same random boards, up to 10 of them, until one's cluster has a position
//               exactly `moves` from solved; the start is one of those, at random. When none has
//               one, as below.
//   16 to 60    random boards rarely reach that far, so at once one of the hardest known boards
//               (Fogleman's database of every 6x6 cluster; the one picked needs at least `moves`)
//               is graded, and the start is a random position of its cluster `moves` away: a
//               cluster whose hardest position is M moves from solved has positions at every
//               distance 0 to M (its optimal path passes through each).
//   over 60     refused at once: no 6x6 position is farther (kRushFarthest).
// Either way well under a second (a grade takes a few milliseconds, tens on a loaded machine), at
// the price of K over 15 always coming from the same 14 known boards. Deterministic: the same
// generator state gives the same puzzle and leaves the generator in the same state.
//
// The InputErrors name no option: the caller puts what the user asked in front of the message
// (`frontier play rush` writes "--moves K: ").
#pragma once

#include <cstdint>
#include <optional>
#include <random>

#include <frontier/domains/rush/rush_board.hpp>
#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>

namespace frontier {

// The farthest any 6x6 position is from solved (Fogleman's complete database), in moves.
inline constexpr int kRushFarthest = 60;

// A random position of the cluster `grader` graded last, exactly `moves` from solved (uniform over
// them), or nullopt when it has none.
std::optional<RushState> random_state_at_distance(const RushGrader& grader, int moves,
                                                  std::mt19937_64& rng);

// A random puzzle as described at the top of the file (moves < 0: a hardest position). Its board
// is parsed with the default metric (RushMetric::Moves).
RushPuzzle random_rush_puzzle(std::mt19937_64& rng, int moves);

}  // namespace frontier
