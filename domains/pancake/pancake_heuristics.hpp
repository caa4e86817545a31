// The gap heuristic for the pancake puzzle (M. Helmert, "Landmark heuristics for the pancake
// problem", SoCS 2010), the standard admissible heuristic of the field.
//
// A gap is a pair of neighbours in the stack whose sizes are not consecutive, counting the plate
// below the bottom pancake as one size larger than the largest. The sorted stack has no gap.
// A flip of the top k changes exactly one neighbour pair (positions k-1 and k, or the bottom
// pancake and the plate when k = N): the pairs inside the flipped part are the same pairs in
// reverse. So a flip removes at most one gap, and the gap count is a lower bound on the flips
// (admissible) that changes by at most 1 per flip (consistent). O(N) per state.
#pragma once

#include <frontier/domains/pancake/pancake.hpp>

namespace frontier {

class PancakeGaps {
  public:
    explicit PancakeGaps(const Pancake& d) : n_(d.pancakes()) {}
    int operator()(PancakeState s) const {
        int gaps = 0;
        for (int i = 0; i + 1 < n_; ++i) {
            const int a = s.at(i), b = s.at(i + 1);
            gaps += a - b != 1 && b - a != 1;
        }
        return gaps + (s.at(n_ - 1) != n_ - 1);  // the plate: size N, under the bottom
    }

  private:
    int n_;
};

}  // namespace frontier
