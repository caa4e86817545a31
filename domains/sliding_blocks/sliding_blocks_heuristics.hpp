// An admissible heuristic for sliding-block puzzles: how far the goal piece is from its goal, in
// moves of the domain's metric, as if no other piece were in the way.
//
//   steps     rows plus columns between the goal piece's anchor and the goal cell;
//   straight  1 for each of the row and the column that differ;
//   piece     1 unless the goal piece is home.
// Each move changes the goal piece's position by at most what the bound charges for it, so the
// heuristic is consistent. It costs one anchor lookup.
#pragma once

#include <cstdlib>

#include <frontier/domains/sliding_blocks/sliding_blocks.hpp>

namespace frontier {

class BlockGoalDistance {
  public:
    explicit BlockGoalDistance(const SlidingBlocks& d) : d_(d) {}
    int operator()(const BlockState& s) const {
        const int at = d_.anchors_of(s, d_.goal_kind()).front(), goal = d_.goal_cell();
        const int dr = std::abs(at / d_.width() - goal / d_.width());
        const int dc = std::abs(at % d_.width() - goal % d_.width());
        switch (d_.metric()) {
            case BlockMetric::Steps:
                return dr + dc;
            case BlockMetric::Straight:
                return (dr != 0) + (dc != 0);
            case BlockMetric::Piece:
                return at != goal;
        }
        return 0;
    }

  private:
    SlidingBlocks d_;
};

}  // namespace frontier
