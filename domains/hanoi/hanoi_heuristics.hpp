// An admissible heuristic for the Towers of Hanoi (goal: every disk on C).
//
//   HanoiOffGoal  the number of disks not on the goal peg. Each of them has to move at least
//                 once, so it is a lower bound; a move changes it by at most 1 (only the moved
//                 disk's peg changes), so it is consistent. O(1): two masks and a popcount, or
//                 update() from the parent's value.
// It is weak (n for the start, against 2^n - 1 moves), but cheap; any search with it is optimal.
#pragma once

#include <bit>

#include "domains/hanoi/hanoi.hpp"

namespace frontier {

class HanoiOffGoal {
  public:
    explicit HanoiOffGoal(const Hanoi& d) : disks_(d.disks()) {}
    int operator()(HanoiState s) const {
        constexpr std::uint64_t kLow = 0x5555555555555555ull;
        const std::uint64_t lo = s.pegs & kLow, hi = s.pegs >> 1 & kLow;
        return disks_ - std::popcount(hi & ~lo);  // peg 2 is binary 10
    }
    int update(int h, HanoiState, HanoiMove m, HanoiState) const {
        return h + (m.from == Hanoi::kGoalPeg) - (m.to == Hanoi::kGoalPeg);
    }

  private:
    int disks_;
};

}  // namespace frontier
