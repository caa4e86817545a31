// Peg solitaire: boards and jumps, symmetry, position classes, the layered counts of the bitmap
// BFS (published per-layer counts up to symmetry, a plain BFS without it), and the DFS solution.
#include <random>
#include <vector>

#include <absl/container/flat_hash_set.h>
#include <gtest/gtest.h>

#include <frontier/domains/peg_solitaire/peg_solitaire_io.hpp>
#include <frontier/engine/enumerate/bitmap_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/dfs.hpp>
#include <frontier/engine/symmetry.hpp>

namespace frontier {
namespace {

static_assert(IndexedDomain<PegSolitaire>);
static_assert(GradedDomain<PegSolitaire>);
static_assert(SymmetricDomain<PegSolitaire>);
static_assert(!ReversibleDomain<PegSolitaire>);
static_assert(GradedDomain<SymmetryReduced<PegSolitaire>>);
static_assert(IndexedDomain<SymmetryReduced<PegSolitaire>>);

// OEIS A112737 (George Bell): English board, central vacancy, distinct positions up to symmetry
// after n jumps; the sum is 23,475,688.
const std::vector<std::uint64_t> kA112737 = {
    1,      1,      2,       8,       39,      171,     719,     2757,    9751,    31312,   89927,
    229614, 517854, 1022224, 1753737, 2598215, 3312423, 3626632, 3413313, 2765623, 1930324, 1160977,
    600372, 265865, 100565,  32250,   8688,    1917,    348,     50,      7,       2};

TEST(PegBoards, HolesJumpsAndCoordinates) {
    const PegSolitaire english(PegBoard::English), french(PegBoard::French);
    EXPECT_EQ(english.holes(), 33);
    EXPECT_EQ(french.holes(), 37);
    EXPECT_EQ(english.jump_count(), 76u);  // the 76 possible jumps of the English board
    EXPECT_EQ(english.hole_at(3, 3), 16);  // the centre is hole 16 in the usual numbering
    EXPECT_EQ(french.hole_at(3, 3), 18);
    EXPECT_EQ(hole_name(english, 0), "c1");
    EXPECT_EQ(hole_name(english, 16), "d4");
    EXPECT_EQ(PegSolitaire::pegs(english.start()), 32);
    EXPECT_EQ(format_pegs(english, english.start()), "xxx/xxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx");
    EXPECT_EQ(format_pegs(english, english.goal()), ".../.../......./...x.../......./.../...");
    // The four first jumps all land in the centre.
    std::vector<std::string> first;
    english.for_each_successor(english.start(), [&](PegState c, PegMove m) {
        EXPECT_EQ(c, english.apply(english.start(), m));
        EXPECT_EQ(PegSolitaire::pegs(c), 31);
        first.push_back(hole_name(english, m.from) + "-" + hole_name(english, m.to));
    });
    EXPECT_EQ(first, (std::vector<std::string>{"d2-d4", "b4-d4", "f4-d4", "d6-d4"}));
}

TEST(PegBoards, ParseAndFormat) {
    const PegSolitaire d;
    EXPECT_EQ(parse_pegs(d, "xxx/xxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx"), d.start());
    EXPECT_EQ(parse_pegs(d, "xxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxx"), d.start());
    EXPECT_EQ(parse_pegs(d, "111 111 1111111 111o111 1111111 111 111"), d.start());
    EXPECT_EQ(parse_pegs(d, "xxx\nxxx\nxxxxxxx\nxxx.xxx\nxxxxxxx\nxxx\nxxx\n"), d.start());
    std::mt19937_64 rng(1);
    for (int i = 0; i < 1000; ++i) {
        const PegState s{rng() & ((std::uint64_t{1} << 33) - 1)};
        ASSERT_EQ(parse_pegs(d, format_pegs(d, s)), s);
    }
    auto error = [&](const char* text) {
        try {
            parse_pegs(d, text);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(error("xxx/xxx").find("expected 7 rows, got 2"), std::string::npos);
    EXPECT_NE(error("xxx/xxxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx").find("row 2 has 4 holes"),
              std::string::npos);
    EXPECT_NE(error("xxxxx").find("expected 33 holes"), std::string::npos);
    EXPECT_NE(error("xxq").find("unknown character 'q'"), std::string::npos);
    EXPECT_THROW(parse_peg_board("german"), InputError);
    EXPECT_THROW(make_peg_solitaire(PegBoard::English, "xx"), InputError);
}

TEST(PegSymmetry, EightImagesAndCanonicalForms) {
    for (PegBoard board : {PegBoard::English, PegBoard::French}) {
        const PegSolitaire d(board);
        EXPECT_EQ(d.canonical(d.centre_vacant()), d.centre_vacant());
        std::mt19937_64 rng(2);
        for (int i = 0; i < 2000; ++i) {
            const PegState s{rng() & ((std::uint64_t{1} << d.holes()) - 1)};
            const PegState c = d.canonical(s);
            absl::flat_hash_set<std::uint64_t> images;
            for (int k = 0; k < 8; ++k) {
                const PegState t = d.transform(s, k);
                ASSERT_EQ(PegSolitaire::pegs(t), PegSolitaire::pegs(s));
                ASSERT_EQ(d.canonical(t), c);
                ASSERT_LE(c.pegs, t.pegs);
                images.insert(t.pegs);
            }
            ASSERT_TRUE(images.contains(c.pegs));
            // Rotating four times or reflecting twice is the identity.
            ASSERT_EQ(d.transform(d.transform(d.transform(d.transform(s, 1), 1), 1), 1), s);
            ASSERT_EQ(d.transform(d.transform(s, 6), 6), s);
        }
    }
}

TEST(PegClasses, JumpsKeepThePositionClass) {
    for (PegBoard board : {PegBoard::English, PegBoard::French}) {
        const PegSolitaire d(board);
        std::mt19937_64 rng(9);
        for (int game = 0; game < 200; ++game) {
            PegState s = d.start();
            const int cls = d.position_class(s);
            for (;;) {
                std::vector<PegState> children;
                d.for_each_successor(s, [&](PegState c, PegMove) { children.push_back(c); });
                if (children.empty()) break;
                s = children[rng() % children.size()];
                ASSERT_EQ(d.position_class(s), cls);
            }
        }
    }
    const PegSolitaire english(PegBoard::English), french(PegBoard::French);
    EXPECT_EQ(peg_unsolvable_reason(english, english.start()), "");
    EXPECT_EQ(peg_unsolvable_reason(french, french.start()), "");  // d2 to d6
    EXPECT_EQ(format_pegs(french, french.start()), "xxx/xx.xx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxx/xxx");
    EXPECT_EQ(format_pegs(french, french.goal()), ".../...../......./......./......./..x../...");
    // The French board has no single-survivor game from the central vacancy.
    for (int h = 0; h < french.holes(); ++h) {
        const PegSolitaire central(PegBoard::French, french.centre_vacant(), PegState{1ull << h});
        EXPECT_NE(peg_unsolvable_reason(central, central.start()).find("position class"),
                  std::string::npos)
            << hole_name(french, h);
    }
    EXPECT_NE(peg_unsolvable_reason(english, PegState{}).find("jumps only remove"),
              std::string::npos);
}

// Plain sequential BFS by layers with a hash set: the reference for the bitmap BFS.
std::vector<std::uint64_t> plain_layers(const PegSolitaire& d, int depth, bool symmetric) {
    std::vector<std::uint64_t> layers;
    absl::flat_hash_set<std::uint64_t> layer{d.start().pegs};
    for (int k = 0; k <= depth && !layer.empty(); ++k) {
        layers.push_back(layer.size());
        absl::flat_hash_set<std::uint64_t> next;
        for (std::uint64_t s : layer)
            d.for_each_successor(PegState{s}, [&](PegState c, PegMove) {
                next.insert(symmetric ? d.canonical(c).pegs : c.pegs);
            });
        layer.swap(next);
    }
    return layers;
}

TEST(PegEnumerate, FirstLayersMatchPlainBfsAndOeisAtEveryThreadCount) {
    const PegSolitaire d;
    const std::vector<PegState> roots = d.enumeration_roots();
    LayeredBfsOptions o;
    o.max_depth = 9;
    const std::vector<std::uint64_t> plain = plain_layers(d, 9, false);
    for (int threads : {1, 2, 4}) {
        o.threads = threads;
        const LayeredBfsResult r = layered_bitmap_bfs(d, std::span<const PegState>(roots), o);
        EXPECT_EQ(r.layers, plain) << threads;
        EXPECT_FALSE(r.complete);
        EXPECT_EQ(r.layers[3], 60u);
    }
    const SymmetryReduced<PegSolitaire> reduced(d);
    const std::vector<PegState> reduced_roots = reduced.enumeration_roots();
    o.max_depth = 11;
    std::vector<std::uint64_t> farthest;
    for (int threads : {1, 2}) {
        o.threads = threads;
        const LayeredBfsResult r =
            layered_bitmap_bfs(reduced, std::span<const PegState>(reduced_roots), o);
        EXPECT_EQ(r.layers, std::vector<std::uint64_t>(kA112737.begin(), kA112737.begin() + 12));
        if (farthest.empty())
            farthest = r.farthest;
        else
            EXPECT_EQ(r.farthest, farthest);
    }
    EXPECT_EQ(plain_layers(d, 9, true),
              std::vector<std::uint64_t>(kA112737.begin(), kA112737.begin() + 10));
}

TEST(PegSolve, DepthFirstSearchFindsTheCentralGame) {
    const PegSolitaire d;
    const auto r = dfs(d, d.start());
    ASSERT_TRUE(r.solved());
    EXPECT_EQ(r.length(), 31);
    EXPECT_TRUE(replays_to_goal(d, d.start(), r.moves));
    PegState s = d.start();
    for (const PegMove& m : r.moves) s = d.apply(s, m);
    EXPECT_EQ(s, d.centre_peg());
}

}  // namespace
}  // namespace frontier
