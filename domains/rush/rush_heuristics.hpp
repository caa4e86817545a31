// The classic admissible heuristics for Rush Hour, in either metric (the board's).
//
//   h0  zero (ZeroHeuristic from engine/search/search.hpp).
//   h1  the primary car's distance to the exit: the cells still to go with RushMetric::Steps; 1
//   with
//       RushMetric::Moves unless it is already there (then 0).
//   h2  h1 plus the number of pieces on the cells between the primary car and the exit: each of
//       them must move at least once, and none of their moves moves the primary car.
//   h3  h2 plus the fewest further pieces that must move so the blockers can leave the exit row.
//       A vertical blocker clears the row either upwards (its bottom just above the row) or
//       downwards (its top just below); the pieces now on the cells it must cross in that
//       direction have to move first. A direction off the board or through a wall is impossible.
//       The bound is the minimum, over every choice of a direction per blocker, of the number of
//       distinct pieces needed that are neither the primary car nor a blocker (2^blockers choices,
//       at most 16 on a 6 x 6 board), so shared pieces are counted once and it stays admissible.
// Every piece counted is a distinct piece that must make at least one move (one step), so
// h1 <= h2 <= h3 <= the optimal cost in both metrics; tests check this over whole clusters.
// They are not incremental: each evaluation rebuilds the cell owners from the state (N * N bytes).
#pragma once

#include <frontier/domains/rush/rush_board.hpp>

namespace frontier {

// The value of h1, h2 or h3 (level 1, 2 or 3) for state s of the board, in the board's metric.
int rush_heuristic(const RushBoard& board, RushState s, int level);

template <int Level>
class RushHeuristic {
  public:
    explicit RushHeuristic(const RushBoard& board) : board_(&board) {}
    int operator()(RushState s) const { return rush_heuristic(*board_, s, Level); }

  private:
    const RushBoard* board_;  // the caller keeps the board alive while searching
};

// h2, computed fast enough to bound every state a search generates (the census's minimality
// probes, rush_census.hpp): the pieces that can ever stand on the exit row are listed once, and a
// state costs one offset test per listed piece, with no cell owners built. Equal to
// rush_heuristic(board, s, 2) in both metrics (tests).
//
// The bound of a child from its parent's (for BoundedBfs): only A and the listed pieces count, so
// a move of another piece keeps it, and a move of a listed piece changes that piece's term only.
//
// tighter(s, h) is h3 from h2 = h, for BoundedBfs to ask of the states h2 keeps: each vertical
// piece that can block the exit row has the cells of its two ways off the row laid out per offset
// (none where a wall or the edge is on the way), so a state costs one offset test per listed
// piece and, when vertical blockers stand in front of A, one cell test per piece that may stand on
// a way. Equal to rush_heuristic(board, s, 3) (tests). On the census's minimality probes h3 keeps
// about half the states h2 keeps. The board must outlive the bound.
class RushExitBound {
  public:
    explicit RushExitBound(const RushBoard& board);
    int operator()(RushState s) const {
        const int primary = RushBoard::offset(s, 0);
        if (primary == goal_) return 0;
        int h = steps_ ? goal_ - primary : 1;
        for (int i = 0; i < count_; ++i)
            h += in_front(crossing_[i], RushBoard::offset(s, crossing_[i].piece), primary);
        return h;
    }
    int operator()(RushState child, RushMove m, int parent) const {
        if (m.piece == 0) return (*this)(child);
        const int i = listed_[m.piece];
        if (i < 0) return parent;
        const int primary = RushBoard::offset(child, 0), o = RushBoard::offset(child, m.piece);
        if (primary == goal_) return 0;
        return parent - in_front(crossing_[i], o - m.delta, primary) +
               in_front(crossing_[i], o, primary);
    }
    int tighter(RushState s, int h) const;

  private:
    struct Crossing {
        std::uint8_t piece, vertical, low, high, column;
    };
    // Whether the listed piece at offset o stands between A (at `primary`) and the exit.
    // Vertical: on the row when o is in [low, high], right of the car when its column is.
    // Horizontal (in the exit row): right of the car when it starts past the car's end.
    static int in_front(const Crossing& c, int o, int primary) {
        return c.vertical ? (o >= c.low) & (o <= c.high) & (c.column >= primary + 2)
                          : o >= primary + 2;
    }
    // A vertical listed piece's ways off the exit row at each offset that covers the row: the
    // cells it crosses to leave upwards (its bottom just above the row) and downwards (its top
    // just below); 0 where a wall or the edge rules the way out.
    struct Ways {
        std::uint64_t up, down;
    };
    const RushBoard* board_;
    int goal_, count_ = 0;
    bool steps_;
    Crossing crossing_[RushBoard::kMaxPieces];
    Ways ways_[RushBoard::kMaxPieces][3];        // [listed][offset - low]
    std::uint32_t near_ = 0;                     // bit p: piece p may stand on some way
    std::int8_t listed_[RushBoard::kMaxPieces];  // piece p's index in crossing_, or -1
};

// The group of a move for BoundedBfs::goal_distance: its piece. Two slides of one piece in a row
// are one slide of it or none, so the search need not slide again the piece it just slid.
struct RushPieceGroup {
    std::uint8_t operator()(RushMove m) const { return m.piece; }
};

using RushH1 = RushHeuristic<1>;
using RushH2 = RushHeuristic<2>;
using RushH3 = RushHeuristic<3>;

}  // namespace frontier
