// ClusterGraph (engine/distributed/cluster_graph.hpp) on sliding tiles: the component, the stored
// edges, both costs against independent BFS, early stops and aborted explorations; and its index
// (StateIndex) against std::unordered_map.
#include <deque>
#include <random>
#include <span>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/distributed/cluster_graph.hpp>
#include <frontier/engine/state_index.hpp>

namespace frontier {
namespace {

using Graph = ClusterGraph<SlidingTiles>;

// Blank directions 0 up, 1 left, 2 right, 3 down: generated in that order, one edge each.
struct DirLabel {
    std::uint8_t operator()(SlideMove m) const { return m.dir; }
};

// The same labels named before the moves are generated, for explore_labelled().
struct DirSteps : DirLabel {
    static std::uint64_t set(const SlidingTiles& d, TileState s) {
        std::uint64_t set = 0;
        for (int dir = 0; dir < 4; ++dir)
            set |= std::uint64_t{d.neighbor(d.blank(s), dir) >= 0} << dir;
        return set;
    }
    static TileState step(const SlidingTiles& d, TileState s, std::uint8_t l) {
        return SlidingTiles::slide(s, d.blank(s), d.neighbor(d.blank(s), l));
    }
    static std::uint8_t reverse(std::uint8_t l) { return l ^ 3; }
};

std::uint32_t explore_all(Graph& g, const SlidingTiles& d, auto labels) {
    std::uint32_t visits = 0;
    EXPECT_TRUE(g.explore(d, d.goal(), labels, [&](TileState, std::uint32_t i) {
        EXPECT_EQ(i, visits);
        ++visits;
        return true;
    }));
    return visits;
}

// Rounds of inserts and lookups after clears of every size: smaller and larger than the last
// round (the array is kept, grown by inserts, or reallocated), with keys that collide in the
// low bits; every answer equals std::unordered_map's. Inserts alternate between
// find_or_insert and the branch-free find_or_add (after make_room).
TEST(StateIndex, AnswersAsAMapAcrossClearsAndGrowth) {
    using Key = TileState;
    StateIndex<Key> index;
    std::mt19937_64 rng(11);
    for (const std::size_t expected : {0, 5, 3000, 10, 100000, 16, 1, 50000, 200}) {
        index.clear(expected);
        std::unordered_map<std::uint64_t, std::uint32_t> want;
        const std::size_t inserts = expected * 2 + 40;  // past the reserve: growth
        for (std::size_t i = 0; i < 3 * inserts; ++i) {
            const std::uint64_t bits = (rng() % (2 * inserts)) << 20;  // equal low bits
            const auto next = static_cast<std::uint32_t>(want.size());
            const std::uint64_t h = StateIndex<Key>::hash(Key{bits});
            std::uint32_t value = 0;
            bool inserted = false;
            if (i % 2) {
                index.make_room(1);
                const std::size_t before = index.size();
                value = index.find_or_add(Key{bits}, h, next);
                inserted = index.size() != before;
            } else {
                std::tie(value, inserted) = index.find_or_insert(Key{bits}, h, next);
            }
            const auto [it, fresh] = want.try_emplace(bits, next);
            ASSERT_EQ(inserted, fresh);
            ASSERT_EQ(value, it->second);
            const std::uint64_t other = (rng() % (4 * inserts)) << 20;
            const auto found = want.find(other);
            ASSERT_EQ(index.find(Key{other}),
                      found == want.end() ? StateIndex<Key>::kNone : found->second);
        }
        ASSERT_EQ(index.size(), want.size());
    }
}

TEST(ClusterGraph, ExploresTheEightPuzzleHalfAndStoresEveryEdge) {
    const SlidingTiles d(3, 3);
    Graph g;
    EXPECT_EQ(explore_all(g, d, DirLabel{}), 181440u);
    ASSERT_EQ(g.size(), 181440u);
    EXPECT_EQ(g.state(0), d.goal());
    std::size_t edges = 0;
    for (std::uint32_t i = 0; i < g.size(); ++i) {
        ASSERT_EQ(g.find(g.state(i)), i);
        std::vector<std::pair<std::uint32_t, std::uint8_t>> expected;
        d.for_each_successor(
            g.state(i), [&](TileState c, SlideMove m) { expected.emplace_back(g.find(c), m.dir); });
        const auto stored = g.edges(i);
        ASSERT_EQ(stored.size(), expected.size());
        std::uint32_t by_label[4] = {Graph::kNone, Graph::kNone, Graph::kNone, Graph::kNone};
        for (std::size_t e = 0; e < stored.size(); ++e) {
            EXPECT_EQ(stored[e].target(), expected[e].first);
            EXPECT_EQ(stored[e].label(), expected[e].second);
            by_label[expected[e].second] = expected[e].first;
        }
        for (std::uint8_t l = 0; l < 4; ++l) ASSERT_EQ(g.follow(i, l), by_label[l]) << i;
        edges += stored.size();
    }
    EXPECT_EQ(g.edge_count(), edges);
    // A state of the other half (two tiles swapped) is not in the cluster.
    const std::uint64_t c = d.goal().cells;
    const TileState other{(c & ~std::uint64_t{0xFF}) | (c & 0xF) << 4 | (c >> 4 & 0xF)};
    EXPECT_EQ(g.find(other), Graph::kNone);
}

TEST(ClusterGraph, EdgeDistancesAreTheExplorationLayers) {
    const SlidingTiles d(3, 3);
    Graph g;
    explore_all(g, d, DirLabel{});
    std::vector<std::uint16_t> dist;
    const std::uint32_t source = 0;
    EXPECT_EQ(g.distances({&source, 1}, dist, Graph::Cost::Edges), 31);  // the 8-puzzle's diameter
    int at_31 = 0;
    for (std::uint32_t i = 0; i < g.size(); ++i) {
        ASSERT_EQ(dist[i], g.depth(i));
        at_31 += dist[i] == 31;
    }
    EXPECT_EQ(at_31, 2);
    // Stopping early returns the distance of the state asked for.
    const std::uint32_t far = g.size() - 1;
    EXPECT_EQ(g.distances({&source, 1}, dist, Graph::Cost::Edges, far), 31);
    EXPECT_EQ(g.distances({&source, 1}, dist, Graph::Cost::Edges, 5), g.depth(5));
}

// Multi-tile moves: the blank moving k cells in one direction is one move. From the goal, then
// from three sources at once (the grader's case: every solved state is a source).
TEST(ClusterGraph, RunCostsMatchAMultiTileBfs) {
    const SlidingTiles d(3, 3);
    Graph g;
    explore_all(g, d, DirLabel{});
    // The reference: a BFS over the puzzle's own multi-tile moves, from the sources' states.
    auto reference = [&](std::span<const std::uint32_t> sources) {
        std::unordered_map<std::uint64_t, int> ref;
        std::deque<TileState> queue;
        for (const std::uint32_t i : sources)
            if (ref.emplace(g.state(i).cells, 0).second) queue.push_back(g.state(i));
        while (!queue.empty()) {
            const TileState s = queue.front();
            queue.pop_front();
            const int ds = ref[s.cells];
            for (int dir = 0; dir < 4; ++dir) {
                TileState t = s;
                for (int b = d.blank(t), n = d.neighbor(b, dir); n >= 0;
                     b = n, n = d.neighbor(b, dir)) {
                    t = SlidingTiles::slide(t, b, n);
                    if (ref.emplace(t.cells, ds + 1).second) queue.push_back(t);
                }
            }
        }
        return ref;
    };
    const std::uint32_t goal = 0;
    const std::vector<std::uint32_t> three{goal, g.size() / 3, g.size() - 1};
    for (const std::span<const std::uint32_t> sources :
         {std::span<const std::uint32_t>(&goal, 1), std::span<const std::uint32_t>(three)}) {
        const auto ref = reference(sources);
        std::vector<std::uint16_t> dist;
        const int max = g.distances(sources, dist, Graph::Cost::Runs);
        ASSERT_EQ(ref.size(), g.size());
        int ref_max = 0;
        for (std::uint32_t i = 0; i < g.size(); ++i) {
            ASSERT_EQ(dist[i], ref.at(g.state(i).cells)) << i;
            ref_max = std::max(ref_max, ref.at(g.state(i).cells));
        }
        EXPECT_EQ(max, ref_max);
        EXPECT_LT(max, 31);
        // Stopping early returns the distance of the state asked for.
        for (const std::uint32_t stop : {std::uint32_t{1}, g.size() / 2, g.size() - 2})
            EXPECT_EQ(g.distances(sources, dist, Graph::Cost::Runs, stop),
                      ref.at(g.state(stop).cells));
    }
}

// Cost::Runs finds a run's next edge in a 64-bit label set: labels of 64 or more are refused
// with an InputError (never a wrong distance), while Cost::Edges still serves them.
TEST(ClusterGraph, RunCostsRefuseLabelsPastTheLabelSet) {
    const SlidingTiles d(3, 3);
    Graph g;
    explore_all(g, d, [](SlideMove m) { return static_cast<std::uint8_t>(m.dir + 62); });
    std::vector<std::uint16_t> dist;
    const std::uint32_t source = 0;
    EXPECT_THROW(g.distances({&source, 1}, dist, Graph::Cost::Runs), InputError);
    EXPECT_EQ(g.distances({&source, 1}, dist, Graph::Cost::Edges), 31);
    explore_all(g, d, DirLabel{});
    EXPECT_LT(g.distances({&source, 1}, dist, Graph::Cost::Runs), 31);
}

// explore_labelled() looks each edge up from one end only and writes the other end's edge
// itself: the graph must still be explore()'s, state for state, edge for edge, layer for layer,
// and an exploration stopped early must have visited the same states.
TEST(ClusterGraph, ALabelledExplorationBuildsTheSameGraph) {
    const SlidingTiles d(3, 3);
    Graph plain, labelled;
    explore_all(plain, d, DirLabel{});
    std::uint32_t visits = 0;
    ASSERT_TRUE(
        labelled.explore_labelled(d, d.goal(), DirSteps{}, [&](TileState s, std::uint32_t i) {
            EXPECT_EQ(i, visits++);
            EXPECT_EQ(plain.state(i), s);
            return true;
        }));
    ASSERT_EQ(labelled.size(), plain.size());
    ASSERT_EQ(labelled.edge_count(), plain.edge_count());
    for (std::uint32_t i = 0; i < plain.size(); ++i) {
        ASSERT_EQ(labelled.depth(i), plain.depth(i));
        const auto a = plain.edges(i), b = labelled.edges(i);
        ASSERT_EQ(a.size(), b.size());
        for (std::size_t e = 0; e < a.size(); ++e) ASSERT_EQ(a[e].bits, b[e].bits) << i;
    }
    std::vector<std::uint16_t> dist, want;
    const std::uint32_t source = 0;
    EXPECT_EQ(labelled.distances({&source, 1}, dist, Graph::Cost::Runs),
              plain.distances({&source, 1}, want, Graph::Cost::Runs));
    EXPECT_EQ(dist, want);
    visits = 0;
    EXPECT_FALSE(
        labelled.explore_labelled(d, d.goal(), DirSteps{}, [&](TileState s, std::uint32_t) {
            EXPECT_EQ(plain.state(visits), s);
            return ++visits < 100;
        }));
    EXPECT_EQ(visits, 100u);
}

TEST(ClusterGraph, AnExplorationStopsWhenTheVisitorSaysSo) {
    const SlidingTiles d(3, 3);
    Graph g;
    std::uint32_t visits = 0;
    EXPECT_FALSE(g.explore(d, d.goal(), DirLabel{},
                           [&](TileState, std::uint32_t) { return ++visits < 100; }));
    EXPECT_EQ(visits, 100u);
    // The graph is reusable afterwards.
    EXPECT_EQ(explore_all(g, d, DirLabel{}), 181440u);
}

}  // namespace
}  // namespace frontier
