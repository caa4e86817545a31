// Admissible heuristics for the Towers of Hanoi (goal: every disk on C).
//
//   HanoiOffGoal  the number of disks not on the goal peg. Each of them has to move at least
//                 once, so it is a lower bound; a move changes it by at most 1 (only the moved
//                 disk's peg changes), so it is consistent. O(1): two masks and a popcount, or
//                 update() from the parent's value.
// It is weak (n for the start, against 2^n - 1 moves), but cheap; any search with it is optimal.
//
//   HanoiRecursive the exact distance, by the classic recursion over the disks, largest first:
//                 to bring disks 0..k onto peg t, if disk k is on t the task is disks 0..k-1
//                 onto t; otherwise disks 0..k-1 must first gather on the third peg u (neither
//                 t nor disk k's peg), disk k moves, and the k smaller disks follow as a tower
//                 (2^k - 1 moves): 2^k moves plus the task "0..k-1 onto u". Exact, hence
//                 admissible and consistent; with it A* walks straight down an optimal path (one
//                 expansion per move), which is what makes 18-20 disks (2^20 - 1 moves)
//                 solvable. O(N) per state. Checked against breadth-first distances from the
//                 rules alone (tests/hanoi_test.cpp).
#pragma once

#include <bit>

#include <frontier/domains/hanoi/hanoi.hpp>

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

class HanoiRecursive {
  public:
    explicit HanoiRecursive(const Hanoi& d) : disks_(d.disks()) {}
    int operator()(HanoiState s) const {
        int target = Hanoi::kGoalPeg, moves = 0;
        for (int k = disks_ - 1; k >= 0; --k) {
            const int peg = s.peg(k);
            if (peg == target) continue;
            moves += 1 << k;
            target = 3 - peg - target;  // the peg that is neither
        }
        return moves;
    }

  private:
    int disks_;
};

}  // namespace frontier
