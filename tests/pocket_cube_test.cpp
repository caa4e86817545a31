// The 2x2x2 cube: rank/unrank, moves and inverses, the facelet and scramble syntax, the published
// distance distributions in both metrics, and optimal solving.
#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/pocket_cube/pocket_cube_heuristics.hpp>
#include <frontier/domains/pocket_cube/pocket_cube_io.hpp>
#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/idastar.hpp>

namespace frontier {
namespace {

static_assert(PerfectHashDomain<PocketCube>);
static_assert(ReversibleDomain<PocketCube>);

// Positions per distance from solved, from the Pocket Cube article of Wikipedia (table "number f
// of positions that require n full twists and number q ... quarter turn twists"): God's number
// 11 in the half-turn metric, 14 in the quarter-turn metric.
const std::vector<std::uint64_t> kHtmLayers = {1,     9,      54,     321,     1847,   9992,
                                               50136, 227536, 870072, 1887748, 623800, 2644};
const std::vector<std::uint64_t> kQtmLayers = {
    1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276};

// Independent check of a position's cubies: DBL fixed, eight distinct cubies, twists summing
// to 0.
bool valid(CornerCubies s) {
    unsigned seen = 0;
    int twist = 0;
    for (int slot = 0; slot < 8; ++slot) {
        if (s.twist(slot) > 2) return false;
        seen |= 1u << s.cubie(slot);
        twist += s.twist(slot);
    }
    return seen == 0xFF && s.cubie(6) == 6 && s.twist(6) == 0 && twist % 3 == 0 &&
           (s.slots & 0xE0E0E0E0E0E0E0E0ull) == 0;
}

TEST(PocketCubeRank, DenseRoundTripOverAllPositions) {
    const PocketCube cube;
    ASSERT_EQ(cube.size(), 3674160u);
    std::vector<bool> hit(cube.size());
    for (std::uint64_t r = 0; r < cube.size(); ++r) {
        const CubeState s = cube.unrank(r);
        ASSERT_TRUE(valid(PocketCube::cubies(s))) << r;
        ASSERT_EQ(cube.rank(s), r);
        ASSERT_EQ(PocketCube::from_cubies(PocketCube::cubies(s)), s);
    }
    EXPECT_EQ(cube.rank(PocketCube::solved()), 0u);
}

// A plain Lehmer code over the seven moving slots, written without the tables.
std::uint64_t reference_rank(CornerCubies s) {
    const int slots[7] = {0, 1, 2, 3, 4, 5, 7};
    std::uint64_t perm = 0;
    for (int k = 0; k < 7; ++k) {
        int smaller = 0;
        for (int j = k + 1; j < 7; ++j) smaller += s.cubie(slots[j]) < s.cubie(slots[k]);
        perm = perm * (7 - k) + smaller;
    }
    std::uint64_t ori = 0;
    for (int slot = 0; slot < 6; ++slot) ori = ori * 3 + s.twist(slot);
    return perm * 729 + ori;
}

TEST(PocketCubeRank, MatchesAPlainLehmerCode) {
    const PocketCube cube;
    std::mt19937_64 rng(7);
    // Walk on the cubie level and on the coordinates side by side.
    CornerCubies c = PocketCube::cubies(PocketCube::solved());
    CubeState s = PocketCube::solved();
    EXPECT_EQ(c.slots, 0x0706050403020100ull);
    for (int i = 0; i < 100000; ++i) {
        const CubeMove m{static_cast<std::uint8_t>(rng() % 9)};
        c = PocketCube::apply(c, m);
        s = cube.apply(s, m);
        ASSERT_TRUE(valid(c));
        ASSERT_EQ(PocketCube::from_cubies(c), s);
        ASSERT_EQ(cube.rank(s), reference_rank(c));
    }
}

TEST(PocketCubeMoves, InversesOrdersAndHalfTurns) {
    std::mt19937_64 rng(11);
    const PocketCube htm(CubeMetric::Htm), qtm(CubeMetric::Qtm);
    EXPECT_EQ(htm.move_count(), 9);
    EXPECT_EQ(qtm.move_count(), 6);
    CubeState s = PocketCube::solved();
    for (int i = 0; i < 2000; ++i) {
        for (std::uint8_t id = 0; id < 9; ++id) {
            const CubeMove m{id};
            const CubeState c = htm.apply(s, m);
            ASSERT_NE(c, s);
            EXPECT_EQ(htm.apply(c, PocketCube::inverse(m)), s);
            EXPECT_EQ(PocketCube::inverse(PocketCube::inverse(m)), m);
        }
        for (std::uint8_t face = 0; face < 3; ++face) {
            const CubeMove quarter{static_cast<std::uint8_t>(face * 3)};
            const CubeMove half{static_cast<std::uint8_t>(face * 3 + 1)};
            const CubeMove counter{static_cast<std::uint8_t>(face * 3 + 2)};
            CubeState t = s;
            for (int k = 0; k < 4; ++k) t = htm.apply(t, quarter);
            EXPECT_EQ(t, s);  // a quarter turn has order 4
            EXPECT_EQ(htm.apply(htm.apply(s, quarter), quarter), htm.apply(s, half));
            EXPECT_EQ(htm.apply(htm.apply(s, half), quarter), htm.apply(s, counter));
        }
        s = htm.apply(s, CubeMove{static_cast<std::uint8_t>(rng() % 9)});
    }
    // Successor order and the metric's move set.
    std::vector<std::string> names;
    qtm.for_each_successor(PocketCube::solved(),
                           [&](CubeState, CubeMove m) { names.push_back(format_cube_move(m)); });
    EXPECT_EQ(names, (std::vector<std::string>{"U", "U'", "R", "R'", "F", "F'"}));
}

LayeredBfsResult enumerate(const PocketCube& cube, std::vector<std::uint8_t>& table, int threads) {
    table.assign(cube.size(), 0);
    const CubeState goal = cube.goal();
    LayeredBfsOptions o;
    o.threads = threads;
    return layered_bfs(cube, std::span<const CubeState>(&goal, 1), std::span<std::uint8_t>(table),
                       o);
}

TEST(PocketCubeEnumerate, PublishedLayersInBothMetricsAtEveryThreadCount) {
    for (auto [metric, layers] :
         {std::pair{CubeMetric::Htm, kHtmLayers}, std::pair{CubeMetric::Qtm, kQtmLayers}}) {
        const PocketCube cube(metric);
        std::vector<std::uint8_t> reference, table;
        for (int threads : {1, 3}) {
            const LayeredBfsResult r = enumerate(cube, table, threads);
            EXPECT_EQ(r.layers, layers) << cube_metric_name(metric) << ", " << threads;
            EXPECT_EQ(r.reached, 3674160u);
            EXPECT_EQ(r.max_depth(), metric == CubeMetric::Htm ? 11 : 14);
            if (reference.empty())
                reference = table;
            else
                EXPECT_EQ(table, reference) << threads << " threads";
        }
    }
}

TEST(PocketCubeHeuristics, PatternDatabasesAreAdmissibleAndIdaStarIsOptimal) {
    for (CubeMetric metric : {CubeMetric::Htm, CubeMetric::Qtm}) {
        const PocketCube cube(metric);
        std::vector<std::uint8_t> table;
        enumerate(cube, table, 2);
        const CubePatternDatabases pdb(cube);
        EXPECT_EQ(pdb.orientation_table().size(), 729u);
        EXPECT_EQ(pdb.permutation_table().size(), 5040u);
        int best = 0;
        for (std::uint64_t r = 0; r < cube.size(); ++r) {
            const int h = pdb(cube.unrank(r));
            ASSERT_LE(h, table[r]);
            best = std::max(best, h);
        }
        EXPECT_GE(best, 6);
        const CubeDistanceTable exact(cube, 2);
        std::mt19937_64 rng(5);
        for (int i = 0; i < 60; ++i) {
            const std::uint64_t r = rng() % cube.size();
            const CubeState s = cube.unrank(r);
            ASSERT_EQ(exact(s), table[r]);
            const auto result = idastar(cube, s, pdb);
            ASSERT_TRUE(result.solved());
            EXPECT_EQ(result.length(), table[r]);
            EXPECT_TRUE(replays_to_goal(cube, s, result.moves));
        }
    }
}

TEST(PocketCubeFacelets, FormatParseRoundTripAndAnyColours) {
    const PocketCube cube;
    EXPECT_EQ(format_facelets(PocketCube::solved()), "UUUU RRRR FFFF DDDD LLLL BBBB");
    EXPECT_EQ(parse_facelets("UUUURRRRFFFFDDDDLLLLBBBB"), PocketCube::solved());
    EXPECT_EQ(parse_facelets("WWWW/RRRR/GGGG/YYYY/OOOO/BBBB"), PocketCube::solved());
    std::mt19937_64 rng(3);
    for (int i = 0; i < 5000; ++i) {
        const CubeState s = cube.unrank(rng() % cube.size());
        ASSERT_EQ(parse_facelets(format_facelets(s)), s) << format_facelets(s);
    }
}

TEST(PocketCubeScramble, WholeCubeTurnsAndOppositeFaces) {
    // D U' is the whole cube turned, likewise L R' and B F': the same solved position.
    EXPECT_EQ(apply_scramble("U D'"), PocketCube::solved());
    EXPECT_EQ(apply_scramble("R L'"), PocketCube::solved());
    EXPECT_EQ(apply_scramble("F B'"), PocketCube::solved());
    // Turning D is turning U with the cube held the other way.
    EXPECT_EQ(apply_scramble("D"), apply_scramble("U"));
    EXPECT_EQ(apply_scramble("L2"), apply_scramble("R2"));
    EXPECT_EQ(apply_scramble("B'"), apply_scramble("F'"));
    // A scramble of U, R, F moves equals applying the domain's moves.
    const PocketCube cube;
    CubeState s = PocketCube::solved();
    for (std::uint8_t id : {0, 4, 8, 2, 6, 1}) s = cube.apply(s, CubeMove{id});
    EXPECT_EQ(apply_scramble("U R2 F' U' F U2"), s);
    EXPECT_EQ(format_cube_move(CubeMove{4}), "R2");
    EXPECT_EQ(format_cube_move(CubeMove{8}), "F'");
}

std::string error_of(auto&& f) {
    try {
        f();
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
        return e.what();
    }
    return "";
}

TEST(PocketCubeFacelets, RejectsBadCubesWithReasons) {
    auto facelet_error = [](const char* text) { return error_of([&] { parse_facelets(text); }); };
    EXPECT_NE(facelet_error("UUUURRRRFFFF").find("expected 24 stickers"), std::string::npos);
    EXPECT_NE(facelet_error("UUUURRRRFFFFDDDDLLLLBBBX").find("found 7 colours"), std::string::npos);
    EXPECT_NE(facelet_error("UUUURRRRFFFFDDDDLLLLBBBU").find("appears 5 times"), std::string::npos);
    // One corner twisted in place: swap the three stickers of URF (U4 R1 F2) cyclically.
    EXPECT_NE(facelet_error("UUUFURRRFRFFDDDDLLLLBBBB").find("twisted in place"),
              std::string::npos);
    // Two stickers swapped between faces: not a corner of the cube.
    EXPECT_NE(facelet_error("UUURURRRFFFFDDDDLLLLBBBB").find("the corner in slot"),
              std::string::npos);
    EXPECT_NE(error_of([] { apply_scramble("R U X"); }).find("invalid move \"X\""),
              std::string::npos);
    EXPECT_NE(error_of([] { apply_scramble("R3"); }).find("invalid move"), std::string::npos);
    EXPECT_NE(error_of([] { apply_scramble("  "); }).find("empty scramble"), std::string::npos);
    EXPECT_NE(error_of([] { parse_cube_metric("stm"); }).find("htm or qtm"), std::string::npos);
}

}  // namespace
}  // namespace frontier
