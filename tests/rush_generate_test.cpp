// Rush Hour generation by local search: the neighbour moves, the exact score, and climbs that are
// deterministic and end at a local maximum. Random puzzles to play (rush_random): at an exact
// distance, checked by plain BFS, or among the hardest of their cluster.
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/rush/rush_generate.hpp>
#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/domains/rush/rush_random.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/bfs.hpp>

namespace frontier {
namespace {

TEST(RushNeighbours, EmptyBoardAddsEveryFreeSegmentOutsideTheExitRow) {
    // 4 x 4, exit row 1, A in its first two cells. Vertical 2-cell pieces: 1 in each of columns
    // 0 and 1 (below A), 3 in each of columns 2 and 3: 8; vertical 3-cell: 0 + 0 + 2 + 2 = 4;
    // horizontal (rows 0, 2, 3): 3 x 3 two-cell + 3 x 2 three-cell = 15. Walls: the 12 cells
    // outside the exit row.
    const std::string board = "ooooAAoooooooooo";
    EXPECT_EQ(rush_neighbours(board, 1, 0).size(), 27u);
    EXPECT_EQ(rush_neighbours(board, 1, 1).size(), 39u);
    EXPECT_EQ(rush_neighbours(board, 0, 1).size(), 12u);
    EXPECT_EQ(rush_neighbours(board, 0, 0).size(), 0u);
    for (const std::string& b : rush_neighbours(board, 1, 1)) EXPECT_NO_THROW(parse_rush(b)) << b;
}

TEST(RushNeighbours, RemovalsThenShiftsNeverAHorizontalPieceIntoTheExitRow) {
    // B vertical above-right of A: removed, shifted down or right (left is A, up is the edge).
    EXPECT_EQ(
        rush_neighbours("ooBoAABooooooooo", 1, 0),
        (std::vector<std::string>{"ooooAAoooooooooo", "ooooAABoooBooooo", "oooBAAoBoooooooo"}));
    // B horizontal above the exit row: removed or shifted left; down would enter the exit row.
    EXPECT_EQ(rush_neighbours("ooBBAAoooooooooo", 1, 0),
              (std::vector<std::string>{"ooooAAoooooooooo", "oBBoAAoooooooooo"}));
    // A wall: removed, or moved to a free cell beside it outside the exit row.
    EXPECT_EQ(rush_neighbours("xoooAAoooooooooo", 0, 1),
              (std::vector<std::string>{"ooooAAoooooooooo", "oxooAAoooooooooo"}));
}

TEST(RushClimber, ScoresAClusterExactlyFromItsHardestStart) {
    RushClimber climber(RushClimbOptions{});
    std::string hardest;
    std::uint32_t cluster = 0;
    // The public database's 51-move puzzle is its cluster's hardest start.
    const RushScore s = climber.score("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", &hardest, &cluster);
    EXPECT_EQ(s.moves, 51);
    EXPECT_EQ(cluster, 4780u);
    RushGrader g;
    const RushPuzzle p = parse_rush(hardest);
    const RushGrade graded = g.grade(p.board, p.start);
    EXPECT_EQ(graded.moves, 51);
    EXPECT_EQ(graded.steps, s.steps);
    EXPECT_GE(s.steps, 51);
    // From any other state of the cluster, the same score and the same hardest start.
    std::string again;
    const RushState other = g.cluster().state(g.cluster().size() - 1);
    EXPECT_EQ(climber.score(format_rush(p.board, other), &again), s);
    EXPECT_EQ(again, hardest);
    // A horizontal piece between A and the exit: unsolvable, the lowest score.
    EXPECT_EQ(climber.score("ooooooooooooAAoBBooooooooooooooooooo"), (RushScore{-1, -1}));
}

TEST(RushClimber, RandomStartsKeepTheExitRowForA) {
    for (std::uint64_t i = 0; i < 200; ++i) {
        std::mt19937_64 rng = rush_climb_rng(5, i);
        const std::string b = random_rush_start(rng, 6, 13, 2);
        ASSERT_NO_THROW(parse_rush(b)) << b;
        for (int c = 12; c < 18; ++c) {
            if (b[c] == 'A' || b[c] == 'o') continue;
            EXPECT_NE(b[c], 'x') << b;
            const bool vertical = b[c - 6] == b[c] || b[c + 6] == b[c];
            EXPECT_TRUE(vertical) << b;
        }
    }
}

TEST(RushClimber, ClimbsAreDeterministicAndEndAtALocalMaximum) {
    RushClimbOptions o;
    o.size = 5;
    o.max_pieces = 7;
    o.max_walls = 1;
    for (const bool anneal : {false, true}) {
        o.anneal = anneal;
        o.anneal_steps = 40;
        RushClimber a(o), b(o);
        for (std::uint64_t index = 0; index < 2; ++index) {
            const RushClimbResult r = a.climb(9, index);
            const RushClimbResult again = b.climb(9, index);
            EXPECT_EQ(r.puzzle, again.puzzle);
            EXPECT_EQ(r.score, again.score);
            EXPECT_GE(r.score.moves, 1);
            // The line is exact: the board needs its moves and has its cluster size.
            RushGrader g;
            const RushPuzzle p = parse_rush(r.puzzle.board);
            const RushGrade graded = g.grade(p.board, p.start);
            EXPECT_EQ(graded.moves, r.puzzle.moves) << r.puzzle.board;
            EXPECT_EQ(graded.hardest_moves, r.puzzle.moves) << r.puzzle.board;
            EXPECT_EQ(graded.cluster_size, r.puzzle.cluster_size) << r.puzzle.board;
            // No neighbour beats it.
            for (const std::string& n : rush_neighbours(r.puzzle.board, 7, 1))
                EXPECT_LE(a.score(n), r.score) << r.puzzle.board << " -> " << n;
        }
    }
}

int bfs_moves_to_solve(const RushBoard& b, RushState s) {
    return bfs(b.with_metric(RushMetric::Moves), s).length();
}

TEST(RushRandom, AStateAtEachDistanceOfTheGradedCluster) {
    // Fogleman's 60-move board: its cluster has positions at every distance 0 to 60.
    const RushPuzzle p = parse_rush("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    RushGrader grader;
    grader.grade(p.board, p.start);
    std::mt19937_64 rng(4);
    for (int k : {0, 1, 30, 59, 60}) {
        const std::optional<RushState> s = random_state_at_distance(grader, k, rng);
        ASSERT_TRUE(s.has_value()) << k;
        EXPECT_EQ(bfs_moves_to_solve(p.board, *s), k);
    }
    EXPECT_FALSE(random_state_at_distance(grader, 61, rng).has_value());
}

TEST(RushRandom, PuzzlesAtAnExactDistanceOrTheHardest) {
    std::mt19937_64 rng(17);
    // Up to 15 from random boards, beyond from the known hard boards' clusters: every K to 60.
    for (int k : {0, 5, 12, 16, 33, 51, 60}) {
        const RushPuzzle p = random_rush_puzzle(rng, k);
        EXPECT_EQ(bfs_moves_to_solve(p.board, p.start), k);
    }
    EXPECT_THROW(random_rush_puzzle(rng, kRushFarthest + 1), InputError);
    const RushPuzzle hard = random_rush_puzzle(rng, -1);
    RushGrader grader;
    const RushGrade g = grader.grade(hard.board, hard.start);
    EXPECT_GE(g.moves, 10);
    EXPECT_EQ(g.moves, g.hardest_moves);
    // The same generator state, the same puzzle.
    std::mt19937_64 a(9), b(9);
    const RushPuzzle pa = random_rush_puzzle(a, 7), pb = random_rush_puzzle(b, 7);
    EXPECT_EQ(format_rush(pa.board, pa.start), format_rush(pb.board, pb.start));
}

}  // namespace
}  // namespace frontier
