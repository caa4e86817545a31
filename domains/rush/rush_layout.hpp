// Layout checks: what the pieces' lines and the walls alone say about every state of a cluster,
// before any search. The Rush Hour census (rush_census.hpp) uses them to skip candidates whose
// cluster can give no database line, without exploring it.
//
// Each piece's *range* is a set of offsets that holds every offset the piece takes in any state
// of the cluster (a superset). It starts from the piece's run on its line between walls, less the
// room the other pieces of the line need (pieces on one line never pass each other). Then the
// ranges narrow each other: a cell that a piece covers at every offset of its range (a length-3
// piece with two offsets covers two cells always) is never free, so it blocks the pieces crossing
// it like a wall, which may narrow their ranges and block more cells, until nothing changes. In
// every state reached by steps the pieces stay in these ranges (a step into an always-covered
// cell is never legal), and the ranges, so the verdict, are the same from every state of a
// cluster: a check of one state is a check of its cluster.
//
//   Unsolvable   A's range does not reach the exit (a wall, or a cell always covered, on its way).
//   Superfluous  a piece other than A, or a wall, that stops no step in any state: no other piece
//                of its run, and no crossing piece may try to step into a cell it may cover (a
//                piece tries the cells of its range and the one just past each end). Removing it
//                changes no move of any other piece, so the cluster's hardest start is not
//                minimal: it cannot be a database line.
//   Trivial      neither, but A's range is the exit alone: every state of the cluster is solved,
//                so its hardest start needs no move and gives no database line.
//   Possible     none of these (the cluster still has to be explored).
//
// Cost: a few bit operations per piece looked at (per-line bitmasks of pieces and of blocked
// cells); a piece is looked at again only when its line gains a blocked cell. No allocation.
#pragma once

#include <cstdint>

#include <frontier/domains/rush/rush_board.hpp>

namespace frontier {

enum class RushLayout : std::uint8_t { Possible, Unsolvable, Superfluous, Trivial };

RushLayout rush_layout_check(const RushBoard& board, RushState s);

}  // namespace frontier
