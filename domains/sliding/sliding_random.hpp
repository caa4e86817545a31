// Random sliding-tile positions at an exact distance from the goal: the starts of `frontier play
// --moves K`, offered by the library so that every front end draws the same boards from the same
// seed.
//
// Two ways, by what the caller has:
//   random_at_distance  the board's one-byte distance table: uniform over every position exactly
//                       k moves away, for any k up to the farthest. Two passes over the table
//                       (milliseconds for the 8-puzzle's 181,440 entries) and one draw.
//   walk_to_distance    only an admissible heuristic (boards too large for a table): a random walk
//                       away from the goal in which every step is proven to raise the exact
//                       distance by one, by the heuristic or, where it falls a little short, by a
//                       small bounded search (solvable_within). Not uniform: the walk favours
//                       positions where the heuristic is nearly exact, which is what keeps every
//                       proof cheap. For the same reason k is limited to walk_reach(board), 48 on
//                       the 15-puzzle (whose farthest positions are 80 away); a k beyond it is
//                       refused at once, naming the range, rather than searched for seconds.
// Both are deterministic: the same board, table or heuristic, k and generator state give the same
// position and leave the generator in the same state.
//
// The InputErrors name no option: the caller puts what the user asked in front of the message
// (`frontier play` writes "--moves K: ").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/tables/distance_table.hpp>

namespace frontier {

// An admissible lower bound on a position's distance from the goal.
using TileHeuristic = std::function<int(TileState)>;

// A position exactly k moves from the goal, uniform over all of them; `table` is the board's
// distance table (layered BFS from its goal). InputError when there is none: k beyond the
// farthest distance, which the message names.
TileState random_at_distance(const SlidingTiles& d, const DistanceTable& table, int k,
                             std::mt19937_64& rng);

// Whether some path of at most `limit` moves leads from s to the goal: one IDA* iteration with
// threshold `limit` (no move straight back). nullopt when it needs more than `budget` expansions;
// the expansions made are taken from `budget` either way.
std::optional<bool> solvable_within(const SlidingTiles& d, const TileHeuristic& h, TileState s,
                                    int limit, std::uint64_t& budget);

// The largest k that walk_to_distance accepts on this board (measured, see the definition).
int walk_reach(const SlidingTiles& d);

// A position exactly k moves from the goal by the checked random walk above. InputError naming
// the range 0 to walk_reach(d) for a k outside it, and when the walk's budget (well under a
// second) runs out.
TileState walk_to_distance(const SlidingTiles& d, const TileHeuristic& h, int k,
                           std::mt19937_64& rng);

}  // namespace frontier
