// Rush Hour: the published answers, the domain's moves against a naive string implementation,
// grading against an independent BFS, solutions that replay, and admissible heuristics.
#include <algorithm>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_heuristics.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/engine/enumerate/bounded_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/bfs.hpp>
#include <frontier/engine/search/idastar.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

struct KnownBoard {
    std::string board;
    int moves;
    unsigned cluster;
};

std::vector<KnownBoard> known_boards() {
    const auto rows = test::read_tsv(test::data_file("rush_known.tsv"));
    std::vector<KnownBoard> out;
    for (std::size_t i = 1; i < rows.size(); ++i)
        out.push_back(
            {rows[i][0], std::stoi(rows[i][1]), static_cast<unsigned>(std::stoul(rows[i][2]))});
    return out;
}

std::vector<std::string> random_boards(int count, int size, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) {
        const int pieces = std::uniform_int_distribution<int>(4, 14)(rng);
        const int walls = std::uniform_int_distribution<int>(0, 2)(rng);
        out.push_back(random_rush_text(rng, size, pieces, walls));
    }
    return out;
}

// ---- A naive reference: boards as strings, moves found cell by cell. -------------------------

struct NaiveMove {
    std::string board;
    int cells;  // cells slid
};

std::vector<NaiveMove> naive_slides(const std::string& b, int n) {
    std::vector<NaiveMove> out;
    std::set<char> letters(b.begin(), b.end());
    for (char c : letters) {
        if (c < 'A' || c > 'Z') continue;
        std::vector<int> cells;
        for (int i = 0; i < n * n; ++i)
            if (b[i] == c) cells.push_back(i);
        const bool vertical = cells[1] - cells[0] == n;
        const int step = vertical ? n : 1;
        for (int dir : {-1, 1}) {
            std::string cur = b;
            std::vector<int> at = cells;
            for (int k = 1;; ++k) {
                const int lead = dir < 0 ? at.front() - step : at.back() + step;
                const bool inside = vertical
                                        ? lead >= 0 && lead < n * n
                                        : lead >= 0 && lead < n * n && lead / n == at.front() / n;
                if (!inside || !(cur[lead] == 'o' || cur[lead] == '.')) break;
                const int tail = dir < 0 ? at.back() : at.front();
                cur[lead] = c;
                cur[tail] = 'o';
                for (int& x : at) x += dir * step;
                out.push_back({cur, k});
            }
        }
    }
    return out;
}

bool naive_solved(const std::string& b, int n) {
    const int row = (n - 1) / 2;
    return b[row * n + n - 1] == 'A' && b[row * n + n - 2] == 'A';
}

std::string canonical(std::string b) {
    for (char& c : b)
        if (c == '.') c = 'o';
    return b;
}

// Every state's distance (BFS over naive moves; one-cell moves only when steps) to the nearest
// solved state of the cluster of `start`.
std::map<std::string, int> naive_distances(const std::string& start, int n, bool steps) {
    std::vector<std::string> cluster{canonical(start)};
    std::set<std::string> seen{cluster[0]};
    for (std::size_t i = 0; i < cluster.size(); ++i)
        for (const NaiveMove& m : naive_slides(cluster[i], n))
            if (seen.insert(m.board).second) cluster.push_back(m.board);
    std::map<std::string, int> dist;
    std::deque<std::string> queue;
    for (const auto& s : cluster)
        if (naive_solved(s, n)) {
            dist[s] = 0;
            queue.push_back(s);
        }
    while (!queue.empty()) {
        const std::string s = queue.front();
        queue.pop_front();
        for (const NaiveMove& m : naive_slides(s, n)) {
            if (steps && m.cells != 1) continue;
            if (dist.emplace(m.board, dist[s] + 1).second) queue.push_back(m.board);
        }
    }
    for (const auto& s : cluster) dist.emplace(s, -1);  // unsolvable states
    return dist;
}

// ---- Parsing and formatting. ------------------------------------------------------------------

TEST(RushParse, KeepsTheInputLettersAndLayout) {
    const std::string text = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
    const RushPuzzle p = parse_rush(text);
    EXPECT_EQ(p.board.size(), 6);
    EXPECT_EQ(p.board.piece_count(), 12);
    EXPECT_EQ(p.board.piece(0).letter, 'A');
    EXPECT_EQ(std::popcount(p.board.walls()), 1);
    EXPECT_EQ(format_rush(p.board, p.start), text);
    EXPECT_EQ(RushBoard::offset(p.start, 0), 1);  // A at columns 1-2
}

TEST(RushParse, AcceptsDotsAndDatabaseLines) {
    const RushPuzzle a = parse_rush("............AA......................");
    EXPECT_EQ(format_rush(a.board, a.start), "ooooooooooooAAoooooooooooooooooooooo");
    const RushRecord r = parse_rush_record("60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332");
    EXPECT_EQ(r.board, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    EXPECT_EQ(r.expected_moves, 60);
    EXPECT_EQ(r.expected_cluster, 2332);
    const RushPuzzle db = parse_rush("60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332");
    EXPECT_EQ(format_rush(db.board, db.start), "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    EXPECT_THROW(parse_rush_record("60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"), InputError);
}

void expect_parse_error(const std::string& text, const std::string& fragment) {
    try {
        parse_rush(text);
        ADD_FAILURE() << "accepted " << text;
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(fragment), std::string::npos) << what;
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
}

// A 6x6 board text with the given pieces (cells row-major), empty elsewhere.
std::string board6(const std::vector<std::pair<char, std::vector<int>>>& pieces) {
    std::string b(36, 'o');
    for (const auto& [letter, cells] : pieces)
        for (int c : cells) b[c] = letter;
    return b;
}

TEST(RushParse, RejectsBadBoardsNamingThePieceAndTheProblem) {
    const std::pair<char, std::vector<int>> a{'A', {12, 13}};
    expect_parse_error("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHH", "35 characters");
    expect_parse_error("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHH?",
                       "unknown character '?' at position 36");
    expect_parse_error("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHb", "unknown character 'b'");
    expect_parse_error(board6({a, {'B', {8, 20}}}), "piece B is not contiguous");
    expect_parse_error(board6({a, {'B', {8, 9, 16}}}), "piece B is not a straight line");
    expect_parse_error(board6({a, {'B', {8}}}), "piece B has 1 cell");
    expect_parse_error(board6({a, {'B', {2, 3, 4, 5}}}), "piece B has 4 cells");
    expect_parse_error(board6({{'B', {2, 3}}}), "no primary car A");
    expect_parse_error(board6({{'A', {8, 14}}}), "primary car A is vertical");
    expect_parse_error(board6({{'A', {0, 1}}}), "primary car A is in row index 0");
    expect_parse_error(board6({{'A', {12, 13, 14}}}), "primary car A is 3 cells long");
}

TEST(RushParse, MovesRoundTrip) {
    const RushPuzzle p = parse_rush("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    int count = 0;
    p.board.for_each_successor(p.start, [&](RushState, RushMove m) {
        ++count;
        EXPECT_EQ(parse_rush_move(p.board, format_rush_move(p.board, m)), m);
    });
    EXPECT_GT(count, 0);
    EXPECT_THROW(parse_rush_move(p.board, "AU1"), InputError);  // A is horizontal
    EXPECT_THROW(parse_rush_move(p.board, "ZR1"), InputError);
}

TEST(RushParse, RandomBoardsAreLegalForEverySize) {
    std::mt19937_64 rng(8);
    for (int n = RushBoard::kMinSize; n <= RushBoard::kMaxSize; ++n)
        for (int pieces : {0, 3, 10, 30})
            for (int i = 0; i < 20; ++i) {
                const std::string text = random_rush_text(rng, n, pieces, i % 4);
                ASSERT_EQ(text.size(), static_cast<std::size_t>(n * n));
                const RushPuzzle p = parse_rush(text);  // throws if not legal
                EXPECT_LE(p.board.piece_count(), std::min(pieces + 1, RushBoard::kMaxPieces));
                EXPECT_EQ(format_rush(p.board, p.start), text);
            }
}

// ---- The domain's moves against the naive reference. ------------------------------------------

TEST(RushBoard, SuccessorsMatchTheNaiveMovesInBothMetrics) {
    auto boards = random_boards(300, 6, 11);
    for (int n : {4, 5, 7, 8})
        for (const auto& b : random_boards(40, n, 100 + n)) boards.push_back(b);
    for (const std::string& text : boards) {
        for (RushMetric metric : {RushMetric::Moves, RushMetric::Steps}) {
            const RushPuzzle p = parse_rush(text, metric);
            const int n = p.board.size();
            std::multiset<std::string> ours, naive;
            p.board.for_each_successor(p.start, [&](RushState c, RushMove m) {
                ours.insert(format_rush(p.board, c));
                EXPECT_EQ(RushBoard::apply(p.start, m), c);
                EXPECT_EQ(RushBoard::apply(c, RushBoard::inverse(m)), p.start);
            });
            for (const NaiveMove& m : naive_slides(canonical(text), n))
                if (metric == RushMetric::Moves || m.cells == 1) naive.insert(m.board);
            ASSERT_EQ(ours, naive) << text;
            EXPECT_EQ(p.board.is_goal(p.start), naive_solved(canonical(text), n)) << text;
        }
    }
}

// ---- Grading. ---------------------------------------------------------------------------------

TEST(RushGrade, EveryKnownBoardHasItsPublishedMovesAndClusterSize) {
    RushGrader grader;
    const auto known = known_boards();
    ASSERT_GE(known.size(), 70u);
    for (const KnownBoard& k : known) {
        const RushPuzzle p = parse_rush(k.board);
        const RushGrade g = grader.grade(p.board, p.start);
        EXPECT_TRUE(g.solvable) << k.board;
        EXPECT_EQ(g.moves, k.moves) << k.board;
        EXPECT_EQ(g.cluster_size, k.cluster) << k.board;
        EXPECT_GE(g.steps, g.moves) << k.board;
        EXPECT_GE(g.hardest_moves, g.moves) << k.board;
        EXPECT_GT(g.solved_states, 0u) << k.board;
    }
}

TEST(RushGrade, DatabaseBoardsAreTheHardestStartsOfTheirClusters) {
    RushGrader grader;
    for (const KnownBoard& k : known_boards()) {
        if (k.moves < 50) continue;  // the database's hardest rows
        const RushPuzzle p = parse_rush(k.board);
        const RushGrade g = grader.grade(p.board, p.start);
        EXPECT_EQ(g.hardest_moves, k.moves) << k.board;
        EXPECT_EQ(g.from_hardest, 0) << k.board;
    }
}

TEST(RushGrade, SimpleBoards) {
    RushGrader grader;
    // The primary car already at the exit.
    RushPuzzle p = parse_rush("ooooooooooooooooAAoooooooooooooooooo");
    RushGrade g = grader.grade(p.board, p.start);
    EXPECT_EQ(g.moves, 0);
    EXPECT_EQ(g.steps, 0);
    EXPECT_EQ(g.cluster_size, 5u);
    EXPECT_EQ(g.solved_states, 1u);
    EXPECT_EQ(g.hardest_moves, 1);
    EXPECT_EQ(g.from_hardest, 1);
    // AAoooo alone in row 2: one move, four steps.
    p = parse_rush("ooooooooooooAAoooooooooooooooooooooo");
    g = grader.grade(p.board, p.start);
    EXPECT_EQ(g.moves, 1);
    EXPECT_EQ(g.steps, 4);
    EXPECT_EQ(g.from_hardest, 0);
    // A horizontal piece right of the primary: unsolvable, a result with its cluster size.
    p = parse_rush("ooooooooooooAABBoooooooooooooooooooo");
    g = grader.grade(p.board, p.start);
    EXPECT_FALSE(g.solvable);
    EXPECT_EQ(g.moves, -1);
    EXPECT_EQ(g.cluster_size, 6u);  // A at 0..2 with B at least two cells further right
    EXPECT_EQ(g.solved_states, 0u);
    // A wall in the way.
    p = parse_rush("ooooooooooooAAooxooooooooooooooooooo");
    g = grader.grade(p.board, p.start);
    EXPECT_FALSE(g.solvable);
    EXPECT_EQ(g.cluster_size, 3u);
    // Smaller boards: the exit row of 4x4 is index 1.
    p = parse_rush("ooooAAoooooooooo");
    g = grader.grade(p.board, p.start);
    EXPECT_EQ(g.moves, 1);
    EXPECT_EQ(g.steps, 2);
}

// Grades random boards and compares every number with the naive reference.
TEST(RushGrade, MatchesAnIndependentNaiveBfs) {
    RushGrader grader;
    auto boards = random_boards(120, 6, 5);
    for (const auto& b : random_boards(30, 5, 6)) boards.push_back(b);
    boards.push_back("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    int solvable = 0, not_hardest = 0, compared = 0;
    for (const std::string& text : boards) {
        const RushPuzzle p = parse_rush(text);
        const int n = p.board.size();
        const RushGrade g = grader.grade(p.board, p.start);
        if (g.cluster_size > 2000) continue;  // the naive BFS is slow
        ++compared;
        const auto moves = naive_distances(text, n, false);
        const auto steps = naive_distances(text, n, true);
        const std::string start = canonical(text);
        ASSERT_EQ(g.cluster_size, moves.size()) << text;
        EXPECT_EQ(g.moves, moves.at(start)) << text;
        EXPECT_EQ(g.steps, steps.at(start)) << text;
        unsigned solved = 0;
        int hardest = -1;
        for (const auto& [s, d] : moves) {
            solved += d == 0;
            hardest = std::max(hardest, d);
        }
        EXPECT_EQ(g.solved_states, solved) << text;
        if (!g.solvable) continue;
        ++solvable;
        EXPECT_EQ(g.hardest_moves, hardest) << text;
        // from_hardest: moves from the start to the nearest state at the hardest distance.
        std::map<std::string, int> from{{start, 0}};
        std::deque<std::string> queue{start};
        int expected = -1;
        while (!queue.empty() && expected < 0) {
            const std::string s = queue.front();
            queue.pop_front();
            if (moves.at(s) == hardest) expected = from[s];
            for (const NaiveMove& m : naive_slides(s, n))
                if (from.emplace(m.board, from[s] + 1).second) queue.push_back(m.board);
        }
        EXPECT_EQ(g.from_hardest, expected) << text;
        not_hardest += expected > 0;
    }
    EXPECT_GT(compared, 80);
    EXPECT_GT(solvable, 40);
    EXPECT_GT(not_hardest, 15);
}

// The grader explores with explore_labelled (each step looked up from one end, the way back
// written from the legal steps): on random boards of every size, with walls, the graph must be
// the plain exploration's, edge for edge. The two graph objects swap roles from board to board
// (their arrays keep their size between explorations, whichever kind came before).
TEST(RushGrade, TheLabelledExplorationIsThePlainOne) {
    RushCluster one, two;
    std::size_t edges = 0, boards = 0;
    for (const int size : {4, 5, 6, 7})
        for (const std::string& text : random_boards(60, size, 70 + size)) {
            const RushPuzzle p = parse_rush(text, RushMetric::Steps);
            const auto all = [](RushState, std::uint32_t) { return true; };
            RushCluster& plain = boards % 2 ? one : two;
            RushCluster& labelled = boards++ % 2 ? two : one;
            plain.explore(p.board, p.start, RushStepLabels{}, all);
            labelled.explore_labelled(p.board, p.start, RushStepLabels{}, all);
            ASSERT_EQ(labelled.size(), plain.size()) << text;
            ASSERT_EQ(labelled.edge_count(), plain.edge_count()) << text;
            for (std::uint32_t i = 0; i < plain.size(); ++i) {
                ASSERT_EQ(labelled.state(i), plain.state(i)) << text;
                const auto a = plain.edges(i), b = labelled.edges(i);
                ASSERT_EQ(a.size(), b.size()) << text;
                for (std::size_t e = 0; e < a.size(); ++e) ASSERT_EQ(a[e].bits, b[e].bits) << text;
            }
            edges += plain.edge_count();
        }
    EXPECT_GT(edges, 10000u);
}

// Graders on plain std::threads (which ThreadSanitizer follows, unlike the uninstrumented
// system oneTBB) agree with a sequential run: no hidden shared state in the grading path.
TEST(RushGrade, GradersOnSeparateThreadsAgreeWithASequentialRun) {
    std::mt19937_64 rng(31);
    std::vector<std::string> boards;  // many pieces: small clusters, a fast test
    for (int i = 0; i < 240; ++i) boards.push_back(random_rush_text(rng, 6, 13 + i % 4, i % 3));
    boards.push_back("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    boards.push_back("not a board");
    std::vector<RushLineGrade> sequential(boards.size()), parallel(boards.size());
    RushGrader grader;
    for (std::size_t i = 0; i < boards.size(); ++i)
        sequential[i] = grade_rush_line(grader, boards[i]);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 3; ++t)
        threads.emplace_back([&, t] {
            RushGrader mine;
            for (std::size_t i = t; i < boards.size(); i += 3) {
                parallel[i] = grade_rush_line(mine, boards[i]);
                if (i < 60 && parallel[i].error.empty()) {  // the thread_local grader too
                    const RushPuzzle p = parse_rush(boards[i]);
                    EXPECT_EQ(DomainIO<RushBoard>::unsolvable_reason(p.board, p.start).empty(),
                              parallel[i].grade.solvable);
                }
            }
        });
    for (auto& t : threads) t.join();
    for (std::size_t i = 0; i < boards.size(); ++i) {
        EXPECT_EQ(parallel[i].grade, sequential[i].grade) << boards[i];
        EXPECT_EQ(parallel[i].error, sequential[i].error) << boards[i];
        EXPECT_EQ(parallel[i].board, sequential[i].board) << boards[i];
    }
    EXPECT_FALSE(sequential.back().error.empty());
}

// ---- Search: solutions replay and are optimal; heuristics are admissible. ---------------------

TEST(RushSearch, SolutionsReplayAndHaveTheBfsLength) {
    RushGrader grader;
    std::vector<std::string> boards;
    for (const KnownBoard& k : known_boards())
        if (k.cluster < 5000) boards.push_back(k.board);
    for (const auto& b : random_boards(40, 6, 77)) boards.push_back(b);
    int solved = 0;
    for (const std::string& text : boards) {
        const RushPuzzle p = parse_rush(text);
        const RushGrade g = grader.grade(p.board, p.start);
        for (RushMetric metric : {RushMetric::Moves, RushMetric::Steps}) {
            const RushBoard d = p.board.with_metric(metric);
            const int expected = metric == RushMetric::Moves ? g.moves : g.steps;
            const RushH3 h3(d);
            const std::vector<SearchResult<RushBoard>> results = {
                bfs(d, p.start), astar(d, p.start, ZeroHeuristic{}), astar(d, p.start, RushH1(d)),
                astar(d, p.start, RushH2(d)), astar(d, p.start, h3)};
            for (const auto& r : results) {
                if (!g.solvable) {
                    EXPECT_EQ(r.status, SearchStatus::Exhausted) << text;
                    EXPECT_EQ(r.stats.peak_closed, g.cluster_size) << text;
                    continue;
                }
                ASSERT_TRUE(r.solved()) << text;
                EXPECT_EQ(r.length(), expected) << text;
                EXPECT_TRUE(replays_to_goal(d, p.start, r.moves)) << text;
                ++solved;
            }
            if (g.solvable && expected <= 10) {
                const auto r = idastar(d, p.start, h3, SearchLimits{5'000'000});
                ASSERT_TRUE(r.solved()) << text;
                EXPECT_EQ(r.length(), expected) << text;
                EXPECT_TRUE(replays_to_goal(d, p.start, r.moves)) << text;
            }
        }
    }
    EXPECT_GT(solved, 500);
}

// h1 <= h2 <= h3 <= the true distance for every state of many clusters, in both metrics.
TEST(RushHeuristics, AreAdmissibleOverWholeClusters) {
    RushGrader grader;
    std::vector<std::string> boards;
    for (const KnownBoard& k : known_boards()) boards.push_back(k.board);
    for (const auto& b : random_boards(150, 6, 99)) boards.push_back(b);
    std::uint64_t states = 0, h3_above_h2 = 0, h3_exact = 0;
    std::vector<std::uint16_t> steps_to_goal;
    std::vector<std::uint32_t> solved;
    for (const std::string& text : boards) {
        const RushPuzzle p = parse_rush(text);
        const RushGrade g = grader.grade(p.board, p.start);
        if (!g.solvable) continue;
        const RushCluster& cluster = grader.cluster();
        const auto to_goal = grader.moves_to_solve();
        // Steps to a solved state: a plain BFS over the same stored step graph.
        solved.clear();
        for (std::uint32_t i = 0; i < cluster.size(); ++i)
            if (p.board.is_goal(cluster.state(i))) solved.push_back(i);
        cluster.distances(solved, steps_to_goal, RushCluster::Cost::Edges);
        for (RushMetric metric : {RushMetric::Moves, RushMetric::Steps}) {
            const RushBoard d = p.board.with_metric(metric);
            const RushExitBound exit_bound(d);
            for (std::uint32_t i = 0; i < cluster.size(); ++i) {
                const RushState s = cluster.state(i);
                const int truth = metric == RushMetric::Moves ? to_goal[i] : steps_to_goal[i];
                const int h1 = rush_heuristic(d, s, 1), h2 = rush_heuristic(d, s, 2),
                          h3 = rush_heuristic(d, s, 3);
                ASSERT_EQ(exit_bound(s), h2) << format_rush(d, s);
                ASSERT_EQ(exit_bound.tighter(s, h2), h3) << format_rush(d, s);
                // Updated from the parent's bound, as the bounded search does: the same.
                d.for_each_successor(s, [&](RushState child, RushMove m) {
                    ASSERT_EQ(exit_bound(child, m, h2), exit_bound(child))
                        << format_rush(d, s) << " " << format_rush_move(d, m);
                });
                ASSERT_LE(h1, h2) << format_rush(d, s);
                ASSERT_LE(h2, h3) << format_rush(d, s);
                ASSERT_LE(h3, truth) << format_rush(d, s) << " " << metric_name(metric);
                EXPECT_EQ(h1 == 0, truth == 0) << format_rush(d, s);
                ++states;
                h3_above_h2 += h3 > h2;
                h3_exact += h3 == truth;
            }
        }
    }
    EXPECT_GT(states, 500000u);
    EXPECT_GT(h3_above_h2, states / 100);  // h3 does add something
    EXPECT_GT(h3_exact, 0u);
}

// The probe of the census's minimality test (engine/enumerate/bounded_bfs.hpp) pruned by
// RushExitBound gives the unpruned answer, from states all over solvable and unsolvable clusters,
// at bounds below, at and above their true moves (the cluster grade's), and visits fewer states;
// asked for h3 where h2 keeps a state (tighter), it expands fewer than with h2 alone. So does the
// census's probe, which also never slides the piece just slid (two slides of one piece are one
// slide or none).
TEST(RushHeuristics, TheExitBoundPrunesTheBoundedSearchWithoutChangingIt) {
    RushGrader grader;
    BoundedBfs<RushBoard> plain, pruned;
    std::uint64_t checked = 0, plain_visited = 0, pruned_visited = 0, solved = 0;
    std::uint64_t h2_expanded = 0, pruned_expanded = 0;
    for (const auto& text : random_boards(120, 6, 23)) {
        const RushPuzzle p = parse_rush(text);
        const RushGrade g = grader.grade(p.board, p.start);
        const RushExitBound bound(p.board);
        const auto to_goal = grader.moves_to_solve();
        for (std::uint32_t i = 0; i < grader.cluster().size(); i += 97) {
            const RushState s = grader.cluster().state(i);
            const int truth = g.solvable ? to_goal[i] : -1;
            for (const int limit : {truth - 1, truth, truth + 2, 3}) {
                if (limit < 0) continue;
                const int want = truth >= 0 && truth <= limit ? truth : -1;
                ASSERT_EQ(plain.goal_distance(p.board, s, limit), want) << text;
                const auto h2 = [&](RushState x) { return bound(x); };
                ASSERT_EQ(pruned.goal_distance(p.board, s, limit, h2), want) << text;
                h2_expanded += pruned.expanded();
                ASSERT_EQ(pruned.goal_distance(p.board, s, limit, bound), want) << text;
                const std::size_t visited = pruned.visited();
                pruned_expanded += pruned.expanded();
                ASSERT_EQ(pruned.goal_distance(p.board, s, limit, bound, RushPieceGroup{}), want)
                    << text;
                EXPECT_EQ(pruned.visited(), visited) << text;  // the children skipped were met
                pruned_visited += visited;
                plain_visited += plain.visited();
                ++checked;
                solved += want >= 0;
            }
        }
    }
    EXPECT_GT(checked, 2000u);
    EXPECT_GT(solved, checked / 4);
    EXPECT_LT(pruned_visited, plain_visited / 2);
    EXPECT_LT(pruned_expanded, h2_expanded * 9 / 10);
}

// legal_steps (several pieces at a time where the CPU has AVX-512 or AVX2) equals the scalar one on
// boards shrunk piece by piece, as the universe's enumeration does, also on states that still
// hold offsets of removed pieces in their high bits (both ignore them).
TEST(RushBoard, LegalStepsAndBlockersEqualTheScalarTestsAfterPiecesComeAndGo) {
    std::uint64_t compared = 0, stopping = 0;
    const auto same_blockers = [&](const RushBoard& board, RushState s, const std::string& text) {
        std::uint64_t walls = 0, scalar_walls = 0;
        const std::uint32_t pieces = board.blockers(s, walls);
        ASSERT_EQ(pieces, board.blockers_scalar(s, scalar_walls)) << text;
        ASSERT_EQ(walls, scalar_walls) << text;
        stopping += pieces != 0;
    };
    for (const auto& text : random_boards(200, 6, 31)) {
        const RushPuzzle p = parse_rush(text);
        RushBoard board = p.board;
        for (int drop = 0; drop < 3 && board.piece_count() > 1; ++drop, board.pop_piece()) {
            const std::uint64_t kept = (std::uint64_t{1} << (3 * board.piece_count())) - 1;
            const RushState s{p.start.bits & kept};
            ASSERT_EQ(board.legal_steps(p.start), board.legal_steps_scalar(p.start)) << text;
            same_blockers(board, p.start, text);
            board.for_each_successor(s, [&](RushState c, RushMove) {
                ASSERT_EQ(board.legal_steps(c), board.legal_steps_scalar(c)) << text;
                same_blockers(board, c, text);
                ++compared;
            });
        }
    }
    EXPECT_GT(compared, 5000u);
    EXPECT_GT(stopping, compared / 2);
}

}  // namespace
}  // namespace frontier
