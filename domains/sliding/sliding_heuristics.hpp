// Classic admissible heuristics for sliding tiles, for any board and any goal.
//
//   MisplacedTiles   tiles (not the blank) away from their goal cell.
//   Manhattan        sum over tiles of the grid distance to the goal cell.
//   LinearConflict   Manhattan + 2 x, for every row and column, the fewest tiles that must leave
//                    the line so that the tiles whose goal is in that line are in goal order
//                    (line length minus the longest increasing subsequence: Hansson, Mayer and
//                    Yung's admissible form, not the pairwise count that overestimates).
// All three are consistent: one move changes the misplaced count by at most 1, a tile's
// Manhattan distance by exactly 1, and linear-conflict by at most 1 in total.
// Each offers update(h, parent, move, child) in O(1) (O(line length) for linear conflict: a
// horizontal move cannot change any row's order, so only the two columns it touches are redone,
// and vice versa), which IDA* and A* use instead of recomputing.
#pragma once

#include <array>
#include <cstdint>

#include "domains/sliding/sliding_tiles.hpp"

namespace frontier {

class MisplacedTiles {
  public:
    explicit MisplacedTiles(const SlidingTiles& d);
    int operator()(TileState s) const;
    int update(int h, TileState, SlideMove m, TileState) const {
        return h + (goal_cell_[m.tile] == m.from) - (goal_cell_[m.tile] == m.to);
    }

  private:
    int cells_;
    std::array<std::uint8_t, 16> goal_cell_{};
};

class Manhattan {
  public:
    explicit Manhattan(const SlidingTiles& d);
    int operator()(TileState s) const;
    int update(int h, TileState, SlideMove m, TileState) const {
        return h - distance_[m.tile][m.from] + distance_[m.tile][m.to];
    }
    int distance(int tile, int cell) const { return distance_[tile][cell]; }

  private:
    int cells_;
    std::array<std::array<std::uint8_t, 16>, 16> distance_{};  // [tile][cell], 0 for the blank
};

class LinearConflict {
  public:
    explicit LinearConflict(const SlidingTiles& d);
    int operator()(TileState s) const;
    int update(int h, TileState parent, SlideMove m, TileState child) const;

  private:
    int row_conflict(TileState s, int row) const;
    int col_conflict(TileState s, int col) const;

    Manhattan manhattan_;
    int rows_, cols_;
    std::array<std::uint8_t, 16> goal_row_{}, goal_col_{};
};

}  // namespace frontier
