// Admissible heuristics for the 2x2x2 cube, in the domain's metric.
//
//   CubePatternDatabases  max of two pattern databases, the exact distance of the corner
//                         orientations alone (729 entries) and of the corner permutation alone
//                         (5,040 entries). Each is built by the engine's layered BFS over the
//                         projected domain (the cube with the other coordinate forgotten); a move
//                         of the cube is a move of each projection, so both are lower bounds, and
//                         so is their max. Build time: well under a millisecond.
//   CubeDistanceTable     the exact distance of every position (the full 3,674,160-byte table,
//                         built by the same parallel BFS in a fraction of a second): IDA* with it
//                         walks straight down an optimal path.
// Both are consistent (a move changes an exact distance by at most 1) and cheap to copy (the
// tables are shared).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <frontier/domains/pocket_cube/pocket_cube.hpp>

namespace frontier {

class CubePatternDatabases {
  public:
    explicit CubePatternDatabases(const PocketCube& cube);
    int operator()(CubeState s) const {
        const int o = (*orientation_)[PocketCube::orientation_rank(s)];
        const int p = (*permutation_)[PocketCube::permutation_rank(s)];
        return o > p ? o : p;
    }
    const std::vector<std::uint8_t>& orientation_table() const { return *orientation_; }
    const std::vector<std::uint8_t>& permutation_table() const { return *permutation_; }

  private:
    std::shared_ptr<const std::vector<std::uint8_t>> orientation_, permutation_;
};

class CubeDistanceTable {
  public:
    explicit CubeDistanceTable(const PocketCube& cube, int threads = 0);
    int operator()(CubeState s) const { return (*table_)[cube_.rank(s)]; }

  private:
    PocketCube cube_;
    std::shared_ptr<const std::vector<std::uint8_t>> table_;
};

}  // namespace frontier
