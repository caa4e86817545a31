// The Rush Hour universe: the candidate rule, the canonical minimum, the minimality filter, and
// whole enumerations of small boards against a brute force over every board.
#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/domains/rush/rush_layout.hpp>
#include "tests/support/rush_brute_force.hpp"

namespace frontier {
namespace {

struct Enumerated {
    RushCensusCounts counts;
    std::vector<RushDbEntry> entries;  // relettered, in database order
};

// all_clusters: explore every candidate (exact cluster counts); else prune by layout.
Enumerated enumerate_all(int size, int walls, bool all_clusters = true,
                         RushCandidates candidates = RushCandidates::Packed) {
    const RushUniverse u(size, walls, candidates);
    RushCensus census(all_clusters, candidates);
    Enumerated out;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit) {
        RushUnitResult r = run_rush_unit(u, unit, census);
        EXPECT_EQ(r.counts.candidates, u.count_candidates(unit));
        out.counts += r.counts;
        for (RushDbEntry& e : r.entries) {
            e.board = reletter_rush(e.board);
            out.entries.push_back(e);
        }
    }
    std::sort(out.entries.begin(), out.entries.end(), rush_db_before);
    return out;
}

// The brute force of each small universe, computed once for the tests below.
const test::BruteUniverse& brute_universe(int size, int walls) {
    static std::map<std::pair<int, int>, test::BruteUniverse> cache;
    auto it = cache.find({size, walls});
    if (it == cache.end())
        it = cache
                 .emplace(std::pair{size, walls},
                          test::brute_force_universe(size, walls, {.keep_candidates = true}))
                 .first;
    return it->second;
}

// A wall that matters (on top: it keeps C from going up) and one in an empty corner that does not.
constexpr const char* kCornerWall =
    "ooooxo"
    "ooooCo"
    "AAooCo"
    "ooooDD"
    "oooooo"
    "xooooo";

// The hardest start of the board's cluster and its optimal moves.
RushState smallest_state(const RushBoard& board, RushState s) {
    RushGrader g;
    g.grade(board, s);
    RushState least = s;
    for (const RushState x : g.cluster().states())
        if (x.bits < least.bits) least = x;
    return least;
}

TEST(RushUniverse, CandidatesAreTheBoardsWhereNoPieceSlidesLeftOrUp) {
    for (int walls = 0; walls <= 3; ++walls) {
        const int size = 4;
        const test::BruteUniverse& brute = brute_universe(size, walls);
        const RushUniverse u(size, walls);
        std::vector<std::string> made;
        std::uint64_t counted = 0;
        for (std::size_t unit = 0; unit < u.unit_count(); ++unit) {
            counted += u.count_candidates(unit);
            u.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
                // No legal step back (left or up) for any piece.
                const std::uint64_t back = board.legal_steps(s) & 0x5555555555555555ull;
                EXPECT_EQ(back, 0u) << format_rush(board, s);
                made.push_back(reletter_rush(format_rush(board, s)));
            });
        }
        std::sort(made.begin(), made.end());
        std::vector<std::string> expected;
        for (const std::string& b : brute.candidate_boards) expected.push_back(reletter_rush(b));
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(made, expected) << size << "x" << size << ", walls " << walls;
        EXPECT_EQ(counted, brute.candidates);
        EXPECT_EQ(std::set<std::string>(made.begin(), made.end()).size(), made.size());
    }
}

TEST(RushUniverse, GoalCandidatesAreTheGoalBoardsWhereNoOtherPieceSlidesLeftOrUp) {
    for (int walls = 0; walls <= 3; ++walls) {
        const int size = 4;
        const test::BruteUniverse& brute = brute_universe(size, walls);
        const RushUniverse u(size, walls, RushCandidates::Goal);
        std::vector<std::string> made;
        std::uint64_t counted = 0;
        for (std::size_t unit = 0; unit < u.unit_count(); ++unit) {
            counted += u.count_candidates(unit);
            u.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
                EXPECT_TRUE(board.is_goal(s)) << format_rush(board, s);
                const std::uint64_t back = board.legal_steps(s) & 0x5555555555555554ull;
                EXPECT_EQ(back, 0u) << format_rush(board, s);  // A (bit 0) may step back
                made.push_back(reletter_rush(format_rush(board, s)));
            });
        }
        std::sort(made.begin(), made.end());
        std::vector<std::string> expected;
        for (const std::string& b : brute.goal_candidate_boards)
            expected.push_back(reletter_rush(b));
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(made, expected) << size << "x" << size << ", walls " << walls;
        EXPECT_EQ(counted, brute.goal_candidates);
        EXPECT_GT(brute.goal_candidates, 100u);
    }
}

// From goal candidates the census explores every solvable cluster once, no unsolvable one, and
// keeps the same lines as the brute force (every candidate explored, and pruned by layout).
TEST(RushUniverse, GoalCandidatesSettleEverySolvableClusterOnce) {
    for (int walls = 0; walls <= 3; ++walls) {
        const test::BruteUniverse& brute = brute_universe(4, walls);
        const std::string name = "4x4, walls " + std::to_string(walls);
        const Enumerated all = enumerate_all(4, walls, true, RushCandidates::Goal);
        EXPECT_EQ(all.counts.candidates, brute.goal_candidates) << name;
        EXPECT_EQ(all.counts.clusters, brute.solvable) << name;
        EXPECT_EQ(all.counts.solvable, brute.solvable) << name;
        EXPECT_EQ(all.counts.states, brute.solvable_boards) << name;
        EXPECT_LT(brute.solvable_boards, brute.boards) << name;
        std::vector<RushDbEntry> expected = brute.entries;
        for (RushDbEntry& x : expected) x.board = reletter_rush(x.board);
        std::sort(expected.begin(), expected.end(), rush_db_before);
        EXPECT_EQ(all.entries, expected) << name;
        EXPECT_EQ(enumerate_all(4, walls, false, RushCandidates::Goal).entries, expected) << name;
    }
}

// 5 x 5 (the wall-free universe whole, with one wall every 5th unit of the packed census's
// universe against the whole goal census): the same database lines. The long tests compare the
// whole universes with up to two walls through the command line.
TEST(RushUniverse, GoalCandidatesKeepTheLinesOf5x5) {
    const Enumerated goal = enumerate_all(5, 0, false, RushCandidates::Goal);
    EXPECT_EQ(goal.counts.candidates, 124'886u);  // fogleman/rush's GPU notes: goal positions
    EXPECT_EQ(goal.entries.size(), 1'730u);
    EXPECT_EQ(goal.entries, enumerate_all(5, 0, false).entries);
}

// The public enumerator's candidate counts (fogleman/rush, cpp/src/config.h): it numbers the
// candidates from 0 and records the last number, MaxID, per size and most walls; the counts are
// one more. Measured again with its own enumerator (docs/howto/rush-hour.md) for 4 x 4 and 5 x 5;
// the 6 x 6 counts with walls take minutes to count (tests/long).
TEST(RushUniverse, CandidateCountsMatchThePublicEnumeration) {
    for (const auto& [size, walls, max_id] : {std::tuple<int, int, std::uint64_t>{4, 0, 1'348},
                                              {4, 1, 9'803},
                                              {4, 2, 33'952},
                                              {4, 3, 76'837},
                                              {5, 0, 268'108},
                                              {5, 1, 2'988'669},
                                              {5, 2, 16'330'429}}) {
        const RushUniverse u(size, walls);
        std::uint64_t total = 0;
        for (std::size_t unit = 0; unit < u.unit_count(); ++unit) total += u.count_candidates(unit);
        EXPECT_EQ(total, max_id + 1) << size << "x" << size << ", walls " << walls;
    }
    EXPECT_EQ(RushUniverse(6, 0).unit_count(), 53'240u);  // A, then three rows: 5 x 22^3
}

TEST(RushUniverse, EqualsABruteForceOverEveryBoardGroupedIntoClusters) {
    for (int walls = 0; walls <= 3; ++walls) {
        const int size = 4;
        const test::BruteUniverse& brute = brute_universe(size, walls);
        const Enumerated e = enumerate_all(size, walls);
        const std::string name =
            std::to_string(size) + "x" + std::to_string(size) + ", walls " + std::to_string(walls);
        EXPECT_EQ(e.counts.candidates, brute.candidates) << name;
        EXPECT_EQ(e.counts.clusters, brute.clusters) << name;  // each cluster once
        EXPECT_EQ(e.counts.states, brute.boards) << name;      // their states: every board
        EXPECT_EQ(e.counts.solvable, brute.solvable) << name;
        EXPECT_EQ(e.counts.kept, brute.entries.size()) << name;
        std::vector<RushDbEntry> expected = brute.entries;
        for (RushDbEntry& x : expected) x.board = reletter_rush(x.board);
        std::sort(expected.begin(), expected.end(), rush_db_before);
        EXPECT_EQ(e.entries, expected) << name;
        EXPECT_GT(brute.entries.size(), 10u) << name;
    }
}

// The public universe allows walls in the exit row (left of A). A sample of 5 x 5 with at most one
// wall, closed under moves: a wall on the exit row's first cell and at least 9 pieces (A
// included). The engine's candidates in it, processed, equal the brute force's whole sample. It
// holds the two puzzles that the old rule (no wall in the exit row) missed (the issue gives
// 68 states for both; the second one's cluster has 47, in the public enumerator's output too).
TEST(RushUniverse, WallsInTheExitRowEqualABruteForceSampleOf5x5) {
    const int size = 5, walls = 1, wall_cell = 2 * size + 0, min_pieces = 9;
    const test::BruteUniverse brute =
        test::brute_force_universe(size, walls, {.min_pieces = min_pieces, .wall_cell = wall_cell});
    const RushUniverse u(size, walls);
    RushCensus census(true);
    RushCensusCounts counts;
    RushDbEntry entry;
    std::vector<RushDbEntry> kept;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit)
        u.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
            if (!(board.walls() >> wall_cell & 1) || board.piece_count() < min_pieces) return;
            if (census.process(board, s, entry, counts) == RushVerdict::Kept)
                kept.push_back(
                    RushDbEntry{entry.moves, reletter_rush(entry.board), entry.cluster_size});
        });
    std::sort(kept.begin(), kept.end(), rush_db_before);
    std::vector<RushDbEntry> expected = brute.entries;
    for (RushDbEntry& x : expected) x.board = reletter_rush(x.board);
    std::sort(expected.begin(), expected.end(), rush_db_before);
    test::expect_counts_match(counts, brute);
    EXPECT_EQ(kept, expected);
    for (const auto& [board, states] :
         {std::pair<std::string, std::uint32_t>{"BCCDDBEEoFxAAoFoGHHHoGoII", 68},
          {"oBCCCoBDDDxAAoEFGGoEFHHII", 47}}) {
        const RushDbEntry line{7, reletter_rush(board), states};
        EXPECT_NE(std::find(kept.begin(), kept.end(), line), kept.end()) << board;
        EXPECT_EQ(test::brute_judge_cluster(board), line) << board;
    }
}

TEST(RushCensus, ProcessesAClusterOnlyFromItsSmallestState) {
    // No piece can slide left or up, yet B can slide right and then C up: not the minimum.
    const RushPuzzle p = parse_rush(
        "DBBooo"
        "DoCooo"
        "AACooo"
        "oooooo"
        "oooooo"
        "oooooo",
        RushMetric::Steps);
    EXPECT_EQ(p.board.legal_steps(p.start) & 0x5555555555555555ull, 0u);
    RushCensus census;
    RushCensusCounts counts;
    RushDbEntry entry;
    EXPECT_EQ(census.process(p.board, p.start, entry, counts), RushVerdict::NotCanonical);
    EXPECT_EQ(counts.clusters, 0u);
    const RushState least = smallest_state(p.board, p.start);
    EXPECT_NE(least, p.start);
    EXPECT_EQ(p.board.legal_steps(least) & 0x5555555555555555ull, 0u);  // the rule's premise
    EXPECT_NE(census.process(p.board, least, entry, counts), RushVerdict::NotCanonical);
    EXPECT_EQ(counts.clusters, 1u);
    RushGrader g;
    EXPECT_EQ(counts.states, g.grade(p.board, p.start).cluster_size);
}

TEST(RushCensus, EveryStateButTheMinimumIsDropped) {
    const RushPuzzle p = parse_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", RushMetric::Steps);
    RushGrader g;
    g.grade(p.board, p.start);
    const RushState least = smallest_state(p.board, p.start);
    RushCensus census;
    RushCensusCounts counts;
    RushDbEntry entry;
    for (const RushState s : g.cluster().states()) {
        if (s != least) {
            ASSERT_EQ(census.process(p.board, s, entry, counts), RushVerdict::NotCanonical);
        }
    }
    EXPECT_EQ(census.process(p.board, least, entry, counts), RushVerdict::Kept);
    EXPECT_EQ(counts.clusters, 1u);
    // The public database's line for this cluster, up to letter naming.
    EXPECT_EQ(entry.moves, 51);
    EXPECT_EQ(entry.cluster_size, 4780u);
    EXPECT_EQ(reletter_rush(entry.board), reletter_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"));
}

TEST(RushCensus, MinimalityOnHandMadeBoards) {
    RushGrader g;
    RushProbe probe;
    // A blocker that must move: both pieces move in the solution, so the board is minimal.
    {
        const RushPuzzle p = parse_rush("oooooooooBooAAoBoooooooooooooooooooo");
        EXPECT_EQ(g.grade(p.board, p.start).moves, 2);
        EXPECT_EQ(rush_solution_pieces(g, 0), 0b11u);
        EXPECT_TRUE(rush_is_minimal(p.board, p.start, 2, 0, probe));
    }
    // A car that never matters: removing it keeps 1 move.
    {
        const RushPuzzle p = parse_rush("ooooooooooooAAoooooooooooooooooooBBo");
        EXPECT_EQ(g.grade(p.board, p.start).moves, 1);
        EXPECT_EQ(rush_solution_pieces(g, 0), 0b1u);
        EXPECT_FALSE(rush_is_minimal(p.board, p.start, 1, 0b1, probe));
    }
    // A wall (it counts as a piece) never moves but matters: it keeps C from going up, so D
    // must make way below. With it 3 moves (D left, C down, A), without it 2 (C up, A). A car in
    // the corner that never matters makes the same board not minimal.
    {
        const std::string board =
            "ooooxo"
            "ooooCo"
            "AAooCo"
            "ooooDD"
            "oooooo"
            "oooooo";
        const RushPuzzle p = parse_rush(board);
        EXPECT_EQ(g.grade(p.board, p.start).moves, 3);
        const std::uint32_t moving = rush_solution_pieces(g, 0);
        EXPECT_EQ(moving, 0b111u);
        const int wall = 4;
        EXPECT_EQ(probe.goal_distance(rush_without_wall(p.board, wall), p.start, 3), 2);
        EXPECT_EQ(probe.goal_distance(rush_without_wall(p.board, wall), p.start, 1), -1);
        EXPECT_TRUE(rush_is_minimal(p.board, p.start, 3, moving, probe));
        std::string more = board;
        more[24] = more[30] = 'E';
        const RushPuzzle q = parse_rush(more);
        EXPECT_EQ(g.grade(q.board, q.start).moves, 3);
        EXPECT_FALSE(rush_is_minimal(q.board, q.start, 3, rush_solution_pieces(g, 0), probe));
        const RushPuzzle back = rush_without_piece(q.board, q.start, 3);
        EXPECT_EQ(format_rush(back.board, back.start), board);
    }
    // The public database's 51-move puzzle is minimal. A wall in an empty corner of a small
    // board changes nothing, so with it the board is not.
    {
        const RushPuzzle p = parse_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
        EXPECT_EQ(g.grade(p.board, p.start).moves, 51);
        EXPECT_TRUE(rush_is_minimal(p.board, p.start, 51, 0, probe));
        const std::string board = kCornerWall;
        const RushPuzzle walled = parse_rush(board);
        EXPECT_EQ(g.grade(walled.board, walled.start).moves, 3);
        EXPECT_FALSE(
            rush_is_minimal(walled.board, walled.start, 3, rush_solution_pieces(g, 0), probe));
        std::string without = board;
        without[30] = 'o';
        EXPECT_EQ(format_rush(rush_without_wall(walled.board, 30), walled.start), without);
    }
}

TEST(RushCensus, UnitRecordsRoundTrip) {
    RushUnitResult r;
    r.counts = RushCensusCounts{.candidates = 1000,
                                .pruned = 400,
                                .clusters = 40,
                                .solvable = 30,
                                .kept = 2,
                                .states = 5000};
    r.seconds = 1.25;
    r.entries = {RushDbEntry{7, "ooBoCCooBoooAABoooDDDooEoooooEoooooE", 111},
                 RushDbEntry{3, "ooooooooooooAAooBooooBoooooooooooooo", 12}};
    const RushUnitResult back = decode_rush_unit(encode_rush_unit(r));
    EXPECT_EQ(back.counts, r.counts);
    EXPECT_EQ(back.entries, r.entries);
    EXPECT_DOUBLE_EQ(back.seconds, 1.25);
    EXPECT_THROW(decode_rush_unit("counts 1 2 3\n"), InputError);
    // A record written before pruning (six numbers) reads with nothing pruned.
    const RushUnitResult old = decode_rush_unit("counts 9 4 3 0 50 1000\n");
    EXPECT_EQ(old.counts.candidates, 9u);
    EXPECT_EQ(old.counts.states, 50u);
    EXPECT_EQ(old.counts.pruned, 0u);
    EXPECT_THROW(decode_rush_unit("counts 9 4 3 0 50 1000 2 7\n"), InputError);
    EXPECT_THROW(decode_rush_unit("counts 1 1 1 2 1 0\n5 oooo 3\n"), InputError);
}

// What stops a step in one state, from the board's text alone: for each piece (the cells of one
// letter, a line along a row or a column), the cells just before and after it on its line; a
// letter there stops it, and so does a wall there (named by its cell). Returned as the letters
// and the wall cells that stop some step.
std::pair<std::set<char>, std::set<int>> stoppers(const std::string& text, int n) {
    std::set<char> letters;
    std::set<int> walls;
    for (char c = 'A'; c <= 'Z'; ++c) {
        const auto first = text.find(c), last = text.rfind(c);
        if (first == std::string::npos) continue;
        const int r0 = static_cast<int>(first) / n, c0 = static_cast<int>(first) % n;
        const int r1 = static_cast<int>(last) / n, c1 = static_cast<int>(last) % n;
        const int dr = r0 == r1 ? 0 : 1, dc = 1 - dr;
        for (const auto& [r, col] : {std::pair{r0 - dr, c0 - dc}, {r1 + dr, c1 + dc}}) {
            if (r < 0 || r >= n || col < 0 || col >= n) continue;
            const char at = text[static_cast<std::size_t>(r * n + col)];
            if (at == 'x')
                walls.insert(r * n + col);
            else if (at != 'o')
                letters.insert(at);
        }
    }
    return {letters, walls};
}

// A piece other than A, or a wall, of the board that stops no step in any state of its cluster.
bool something_stops_nothing(const RushBoard& board, RushState s) {
    RushGrader g;
    g.grade(board, s);
    std::set<char> letters;
    std::set<int> walls;
    for (const RushState x : g.cluster().states()) {
        auto [l, w] = stoppers(format_rush(board, x), board.size());
        letters.insert(l.begin(), l.end());
        walls.insert(w.begin(), w.end());
    }
    letters.insert('A');
    return letters.size() < static_cast<std::size_t>(board.piece_count()) ||
           walls.size() < static_cast<std::size_t>(std::popcount(board.walls()));
}

// The layout check (rush_layout.hpp) against the exact census, candidate by candidate: a
// candidate judged Unsolvable never has a solvable cluster, one judged Trivial has a cluster whose
// every state is solved (its A never leaves the exit), one judged Superfluous has a piece or wall
// that stops nothing in its whole cluster (checked on the boards' text) and never gives a line;
// and the pruned enumerations keep exactly the lines of the full ones (which the tests above
// compare with the brute force).
TEST(RushCensus, PruningByLayoutKeepsEveryDatabaseLine) {
    for (const auto& [size, walls] : {std::pair{4, 0}, {4, 1}, {4, 2}, {4, 3}, {5, 0}, {5, 1}}) {
        const std::string name =
            std::to_string(size) + "x" + std::to_string(size) + ", walls " + std::to_string(walls);
        const RushUniverse u(size, walls);
        RushCensus exact(true);
        RushCensusCounts counts;
        RushDbEntry entry;
        std::uint64_t unsolvable = 0, trivial = 0, superfluous = 0;
        RushGrader grader;
        // 5 x 5 with a wall: every 7th unit (the whole universe takes 10 s).
        const std::size_t step = size == 5 && walls > 0 ? 7 : 1;
        for (std::size_t unit = 0; unit < u.unit_count(); unit += step)
            u.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
                const RushLayout layout = rush_layout_check(board, s);
                const RushVerdict v = exact.process(board, s, entry, counts);
                if (layout == RushLayout::Unsolvable) {
                    ++unsolvable;
                    EXPECT_TRUE(v == RushVerdict::NotCanonical || v == RushVerdict::Unsolvable)
                        << format_rush(board, s);
                } else if (layout == RushLayout::Trivial) {
                    ++trivial;
                    EXPECT_NE(v, RushVerdict::Kept) << format_rush(board, s);
                    grader.explore(board, s, [](RushState, std::uint32_t) { return true; });
                    for (const RushState x : grader.cluster().states())
                        ASSERT_EQ(format_rush(board, x).substr((size - 1) / 2 * size + size - 2, 2),
                                  "AA")
                            << format_rush(board, s);
                } else if (layout == RushLayout::Superfluous) {
                    ++superfluous;
                    EXPECT_NE(v, RushVerdict::Kept) << format_rush(board, s);
                    if (superfluous % 16 == 1) {  // a sample: each costs a cluster
                        EXPECT_TRUE(something_stops_nothing(board, s)) << format_rush(board, s);
                    }
                }
            });
        EXPECT_GT(unsolvable, 0u) << name;
        if (walls > 0) {
            EXPECT_GT(superfluous, 0u) << name;
            EXPECT_GT(trivial, 0u) << name;
        }
        if (step == 1) {
            const Enumerated pruned = enumerate_all(size, walls, false);
            EXPECT_EQ(pruned.entries, enumerate_all(size, walls, true).entries) << name;
            EXPECT_EQ(pruned.counts.pruned, unsolvable + trivial + superfluous) << name;
        }
    }
}

// The ranges narrow each other: T cannot leave column 3's rows 0-2 (the wall under it), so X,
// whose row T crosses, never leaves columns 4-5, and no vertical piece comes near it: X stops
// nothing. Without the wall T moves down, X can slide left into T's way, and nothing is pruned.
TEST(RushCensus, ALayoutWhosePiecesHoldEachOtherIsPruned) {
    const std::string held =
        "oooToo"
        "oooTXX"
        "oooTAA"
        "oooxoo"
        "oooooo"
        "oooooo";
    const RushPuzzle p = parse_rush(held);
    EXPECT_EQ(rush_layout_check(p.board, p.start), RushLayout::Superfluous);
    EXPECT_TRUE(something_stops_nothing(p.board, p.start));
    std::string free = held;
    free[21] = 'o';
    const RushPuzzle q = parse_rush(free);
    EXPECT_EQ(rush_layout_check(q.board, q.start), RushLayout::Possible);
    EXPECT_FALSE(something_stops_nothing(q.board, q.start));
}

// unit_of names the unit that settles a board's cluster, from any state and any lettering: every
// canonical candidate's own unit, and the unit that gave each database line.
TEST(RushUniverse, UnitOfNamesTheUnitThatSettlesTheCluster) {
    for (const int walls : {1, 3}) {
        const RushUniverse u(4, walls);
        RushCensus full(true);
        RushDbEntry entry;
        RushCensusCounts counts;
        int lines = 0;
        for (std::size_t unit = 0; unit < u.unit_count(); ++unit)
            u.for_each_candidate(unit, [&](const RushBoard& board, RushState c) {
                const RushVerdict v = full.process(board, c, entry, counts);
                if (v == RushVerdict::NotCanonical) return;
                ASSERT_EQ(u.unit_of(board, c), unit) << format_rush(board, c);
                if (v != RushVerdict::Kept) return;
                ++lines;
                // The line's board (the hardest start, not the candidate), relettered backwards.
                std::string board_text = entry.board;
                for (char& ch : board_text)
                    if (ch >= 'B' && ch <= 'Z') ch = static_cast<char>('Z' - (ch - 'B'));
                const RushPuzzle p = parse_rush(board_text);
                ASSERT_EQ(u.unit_of(p.board, p.start), unit) << board_text;
            });
        EXPECT_EQ(static_cast<std::uint64_t>(lines), counts.kept);
        EXPECT_GT(lines, 10);
    }
    const RushUniverse six(6, 2);
    const RushPuzzle small = parse_rush("ooooAAooooooBBoo");  // 4 x 4
    EXPECT_THROW(six.unit_of(small.board, small.start), InputError);
    const RushPuzzle three_walls = parse_rush("xxxoooooooooAAoooooooooooooooooooxoo");
    EXPECT_THROW(six.unit_of(three_walls.board, three_walls.start), InputError);
    const RushPuzzle exit_row = parse_rush("ooooooooooooAABBoooooooooooooooooooo");
    EXPECT_THROW(six.unit_of(exit_row.board, exit_row.start), InputError);
}

// With goal candidates, unit_of names the unit of the cluster's smallest goal state; an
// unsolvable cluster has none.
TEST(RushUniverse, UnitOfWithGoalCandidates) {
    const RushUniverse u(4, 2, RushCandidates::Goal);
    RushCensus census(false, RushCandidates::Goal);
    RushCensusCounts counts;
    std::size_t lines = 0;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit)
        for (const RushDbEntry& e : run_rush_unit(u, unit, census).entries) {
            const RushPuzzle p = parse_rush(e.board);
            ASSERT_EQ(u.unit_of(p.board, p.start), unit) << e.board;
            ++lines;
        }
    EXPECT_GT(lines, 10u);
    const RushPuzzle stuck = parse_rush("oooBAAoBoooBoooo");  // the truck B blocks A for good
    EXPECT_THROW(u.unit_of(stuck.board, stuck.start), InputError);
    EXPECT_NO_THROW(RushUniverse(4, 2).unit_of(stuck.board, stuck.start));
}

// A run resumes only a checkpoint of the same census: goal and packed candidates differ.
TEST(RushCensus, IdentityNamesTheCandidates) {
    const RushUniverse packed(4, 1), goal(4, 1, RushCandidates::Goal);
    EXPECT_NE(rush_census_identity(packed, false), rush_census_identity(goal, false));
    EXPECT_NE(rush_census_identity(packed, true), rush_census_identity(goal, true));
    EXPECT_EQ(
        rush_census_identity(packed, true),
        "rush enumerate size=4 walls=1 units=" + std::to_string(packed.unit_count()) + " format=1");
    // Pruned runs name the pruning rule: a checkpoint of an earlier rule (census=pruned or
    // pruned2, whose pruned and explored counts differ) is refused instead of summed with this
    // one's.
    EXPECT_EQ(rush_census_identity(goal, false),
              "rush enumerate size=4 walls=1 units=" + std::to_string(goal.unit_count()) +
                  " format=1 census=pruned3 candidates=goal");
}

// A piece or wall that stops no other piece in any state of a cluster makes it not minimal
// (RushCensus rejects it before grading); on the 4 x 4 universes with 0 to 3 walls the check never
// fires on a cluster the brute force keeps, and fires on others.
TEST(RushCensus, APieceThatStopsNothingMakesAClusterNotMinimal) {
    RushGrader g;
    // The wall in the corner stops nothing; without it, every piece stops another in some state
    // (the wall on top stops C, C stops A, D stops C).
    const std::string board = kCornerWall;
    const RushPuzzle p = parse_rush(board);
    g.grade(p.board, p.start);
    EXPECT_FALSE(rush_all_stop_something(p.board, g.cluster().states()));
    const RushPuzzle q = parse_rush(board.substr(0, 30) + "oooooo");
    g.grade(q.board, q.start);
    EXPECT_TRUE(rush_all_stop_something(q.board, g.cluster().states()));
    for (int walls = 0; walls <= 3; ++walls) {
        const test::BruteUniverse& brute = brute_universe(4, walls);
        std::set<std::string> kept;
        for (const RushDbEntry& e : brute.entries) kept.insert(reletter_rush(e.board));
        const RushUniverse u(4, walls);
        std::uint64_t fired = 0;
        for (std::size_t unit = 0; unit < u.unit_count(); ++unit)
            u.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
                g.grade(board, s);
                if (smallest_state(board, s) != s) return;  // each cluster once
                if (rush_all_stop_something(board, g.cluster().states())) return;
                ++fired;
                for (const RushState x : g.cluster().states())
                    ASSERT_EQ(kept.count(reletter_rush(format_rush(board, x))), 0u);
            });
        EXPECT_GT(fired, 0u) << walls;
    }
}

TEST(RushUniverse, RejectsSizesAndWallsOutOfRange) {
    EXPECT_THROW(RushUniverse(3, 0), InputError);
    EXPECT_THROW(RushUniverse(7, 0), InputError);
    EXPECT_THROW(RushUniverse(6, 3), InputError);  // 3 walls on 4 x 4 and 5 x 5 only
    EXPECT_NO_THROW(RushUniverse(5, 3));
    EXPECT_THROW(RushUniverse(5, 4), InputError);
    EXPECT_THROW(RushUniverse(6, -1), InputError);
}

}  // namespace
}  // namespace frontier
