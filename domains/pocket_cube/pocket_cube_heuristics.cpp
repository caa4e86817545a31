#include "domains/pocket_cube/pocket_cube_heuristics.hpp"

#include <span>

#include "engine/layered_bfs.hpp"

namespace frontier {

namespace {

// The cube seen through one coordinate: a state keeps only the corner twists (Orientation) or
// only the cubies (Permutation); moves are the cube's moves. A perfect-hash domain of 729 or
// 5,040 states whose BFS distances are the pattern database.
template <bool Orientation>
class Projection {
  public:
    using State = CubeState;
    using Move = CubeMove;
    static constexpr std::uint64_t kMask =
        Orientation ? 0x1818181818181818ull : 0x0707070707070707ull;

    explicit Projection(const PocketCube& cube) : cube_(cube) {}
    bool is_goal(State s) const { return s == project(PocketCube::solved()); }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        cube_.for_each_successor(s, [&](State c, Move m) { f(project(c), m); });
    }
    std::uint64_t size() const {
        return Orientation ? PocketCube::kOrientations : PocketCube::kPermutations;
    }
    std::uint64_t rank(State s) const {
        return Orientation ? PocketCube::orientation_rank(s) : PocketCube::permutation_rank(s);
    }
    State unrank(std::uint64_t r) const {
        return project(Orientation ? PocketCube::from_ranks(0, r) : PocketCube::from_ranks(r, 0));
    }
    static State project(State s) { return State{s.slots & kMask}; }

  private:
    PocketCube cube_;
};

template <class D>
std::vector<std::uint8_t> distances(const D& d, int threads) {
    std::vector<std::uint8_t> table(d.size());
    const CubeState goal = D::project(PocketCube::solved());
    LayeredBfsOptions o;
    o.threads = threads;
    layered_bfs(d, std::span<const CubeState>(&goal, 1), table, o);
    return table;
}

}  // namespace

CubePatternDatabases::CubePatternDatabases(const PocketCube& cube)
    : orientation_(
          std::make_shared<const std::vector<std::uint8_t>>(distances(Projection<true>(cube), 1))),
      permutation_(std::make_shared<const std::vector<std::uint8_t>>(
          distances(Projection<false>(cube), 1))) {}

CubeDistanceTable::CubeDistanceTable(const PocketCube& cube, int threads) : cube_(cube) {
    std::vector<std::uint8_t> table(cube.size());
    const CubeState goal = cube.goal();
    LayeredBfsOptions o;
    o.threads = threads;
    layered_bfs(cube, std::span<const CubeState>(&goal, 1), std::span<std::uint8_t>(table), o);
    table_ = std::make_shared<const std::vector<std::uint8_t>>(std::move(table));
}

}  // namespace frontier
