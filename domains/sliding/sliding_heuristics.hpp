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

#include <frontier/domains/sliding/sliding_tiles.hpp>

namespace frontier {

template <class Board>
class MisplacedTiles {
  public:
    using State = typename Board::State;
    explicit MisplacedTiles(const Board& d);
    int operator()(State s) const;
    int update(int h, State, SlideMove m, State) const {
        return h + (goal_cell_[m.tile] == m.from) - (goal_cell_[m.tile] == m.to);
    }

  private:
    int cells_;
    std::array<std::uint8_t, 25> goal_cell_{};
};

template <class Board>
class Manhattan {
  public:
    using State = typename Board::State;
    explicit Manhattan(const Board& d);
    int operator()(State s) const;
    int update(int h, State, SlideMove m, State) const {
        return h - distance_[m.tile][m.from] + distance_[m.tile][m.to];
    }
    int distance(int tile, int cell) const { return distance_[tile][cell]; }

  private:
    int cells_;
    std::array<std::array<std::uint8_t, 25>, 25> distance_{};  // [tile][cell], 0 for the blank
};

template <class Board>
class LinearConflict {
  public:
    using State = typename Board::State;
    explicit LinearConflict(const Board& d);
    int operator()(State s) const;
    int update(int h, State parent, SlideMove m, State child) const;

  private:
    int row_conflict(State s, int row) const;
    int col_conflict(State s, int col) const;

    Manhattan<Board> manhattan_;
    int rows_, cols_;
    std::array<std::uint8_t, 25> goal_row_{}, goal_col_{};
};

#define FRONTIER_SLIDING_HEURISTICS(Board)       \
    extern template class MisplacedTiles<Board>; \
    extern template class Manhattan<Board>;      \
    extern template class LinearConflict<Board>;
FRONTIER_SLIDING_HEURISTICS(SlidingTiles)
FRONTIER_SLIDING_HEURISTICS(WideSlidingTiles)
#undef FRONTIER_SLIDING_HEURISTICS

}  // namespace frontier
