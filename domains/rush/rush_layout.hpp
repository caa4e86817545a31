// Layout checks: what the pieces' lines and the walls alone say about every state of a cluster,
// before any search. The Rush Hour enumerator (rush_enumerate.hpp) uses them to skip candidates
// whose cluster can give no database line, without exploring it.
//
// Each piece's *static range* is the offsets its line allows once the walls and the other pieces
// on the same line are taken into account (pieces on one line never pass each other, and walls
// never move); pieces crossing the line are ignored, so the range holds every offset the piece
// takes in any state of the cluster (a superset). The ranges, and so the verdict, are the same
// for every state of a cluster: a check of one state is a check of its cluster.
//
//   Unsolvable   a vertical piece right of A whose every offset in its range covers the exit
//                row: A can never pass it.
//   Superfluous  a piece other than A, or a wall, that no other piece can ever touch (no
//                crossing piece's range overlaps its range; no piece on its line has a range
//                next to it). Removing it changes no move of any other piece, so the cluster's
//                hardest start is not minimal: it cannot be a database line.
//   Possible     neither (the cluster still has to be explored).
//
// Cost: O(pieces) bit operations per state (per-line bitmasks of pieces and walls), no
// allocation: on the wall-free universe, where it prunes little, no slower measurably.
#pragma once

#include <cstdint>

#include "domains/rush/rush_board.hpp"

namespace frontier {

enum class RushLayout : std::uint8_t { Possible, Unsolvable, Superfluous };

RushLayout rush_layout_check(const RushBoard& board, RushState s);

}  // namespace frontier
