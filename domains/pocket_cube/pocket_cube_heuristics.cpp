#include <frontier/domains/pocket_cube/pocket_cube_heuristics.hpp>

#include <span>

#include <frontier/engine/enumerate/layered_bfs.hpp>

namespace frontier {

namespace {

// The cube seen through one coordinate: a state keeps only the orientation coordinate (the other
// is 0) or only the permutation coordinate; moves are the cube's moves, which change each
// coordinate independently of the other. A perfect-hash domain of 729 or 5,040 states whose BFS
// distances are the pattern database.
template <bool Orientation>
class Projection {
  public:
    using State = CubeState;
    using Move = CubeMove;

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
        const auto c = static_cast<std::uint32_t>(r);
        return Orientation ? State::of(0, c) : State::of(c, 0);
    }
    static State project(State s) {
        return Orientation ? State::of(0, s.orientation()) : State::of(s.permutation(), 0);
    }

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
