// The game logic of `frontier play`: moves, undo, score, keys, the coach and its cancellation,
// the errors of random starts at an exact distance. The distances are checked against A* with
// Manhattan distance (optimal, and independent of the distance table the coach reads).
#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_pdb.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/idastar.hpp>
#include "tests/support/test_support.hpp"
#include "tools/play/sliding_play.hpp"

namespace frontier::play {
namespace {

const SlidingTiles k8(3, 3);
const std::string kStart24 = "1 8 _ 3 2 4 6 5 7";  // 24 moves from the goal

int optimal(const SlidingTiles& d, TileState s) {
    return astar(d, s, Manhattan<SlidingTiles>(d)).length();
}

// The optimal solution of a state as script letters.
std::string solution_script(const SlidingTiles& d, TileState s) {
    std::string out;
    for (const SlideMove& m : astar(d, s, Manhattan<SlidingTiles>(d)).moves)
        out += std::string(out.empty() ? "" : " ") + kDirLetters[m.dir];
    return out;
}

std::unique_ptr<SlidingSession> session_8(const std::string& start, bool background = false) {
    SlidingPlayOptions o;
    o.name = "8puzzle";
    o.start = start;
    o.background = background;
    o.seed = 7;
    return make_sliding_session(o);
}

TEST(PlayScore, ZeroBeforeTheFirstMove) {
    const std::vector<int> one{7};
    const Score s = score_line(one, true);
    ASSERT_TRUE(s.known());
    EXPECT_EQ(s.moves, 0);
    EXPECT_EQ(s.value(), 0.0);
}

TEST(PlayScore, PlusOneCloserMinusOneOtherwise) {
    // 3 -> 2 (+1) -> 3 (-1) -> 2 (+1) -> 1 (+1): net 2 over 4 moves.
    const std::vector<int> d{3, 2, 3, 2, 1};
    const Score s = score_line(d, false);
    ASSERT_TRUE(s.known());
    EXPECT_EQ(*s.net, 2);
    EXPECT_DOUBLE_EQ(s.value(), 0.5);
    // A move that keeps the distance (Rush Hour) is not closer: -1.
    const std::vector<int> flat{3, 3, 2, 1, 2};
    EXPECT_EQ(*score_line(flat, false).net, 0);
    const std::vector<int> perfect{4, 3, 2, 1, 0};
    EXPECT_DOUBLE_EQ(score_line(perfect, true).value(), 1.0);
}

TEST(PlayScore, UnknownDistancesAndTheUnitStepBridge) {
    // Sliding tiles: every move changes the distance by exactly one, so the net of any stretch
    // is d(first) - d(last), whatever lies between.
    const std::vector<int> gap{5, -1, -1, 4};
    const Score s = score_line(gap, true);
    ASSERT_TRUE(s.known());
    EXPECT_EQ(*s.net, 1);
    EXPECT_DOUBLE_EQ(s.value(), 1.0 / 3);
    EXPECT_FALSE(score_line(gap, false).known());  // elsewhere each position is needed
    const std::vector<int> no_start{-1, 4, 3};
    EXPECT_FALSE(score_line(no_start, true).known());
    const std::vector<int> no_end{5, 4, -1};
    EXPECT_FALSE(score_line(no_end, true).known());
}

TEST(PlayGame, IllegalMovesChangeNothingAndUndoRestores) {
    const TileState start = parse_tiles(3, 3, "_ 1 2 3 4 5 6 7 8");  // blank top left
    Game<SlidingTiles> g(k8, start);
    const SlideMove up{0, 0, 0, 0};  // the blank cannot move up from the top row
    EXPECT_FALSE(g.play(up));
    EXPECT_EQ(g.moves_made(), 0);
    EXPECT_EQ(g.current(), start);
    EXPECT_FALSE(g.undo());
    const SlideMove right{2, 1, 1, 0};
    ASSERT_TRUE(g.play(right));
    EXPECT_EQ(g.moves_made(), 1);
    EXPECT_EQ(g.current(), parse_tiles(3, 3, "1 _ 2 3 4 5 6 7 8"));
    const SlideMove wrong_tile{3, 7, 4, 1};  // the tile below the blank is 4, not 7
    EXPECT_FALSE(g.play(wrong_tile));
    EXPECT_EQ(g.moves_made(), 1);
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.current(), start);
    EXPECT_EQ(g.positions().size(), 1u);
}

TEST(PlayKeys, ArrowsMoveATileIntoTheBlank) {
    // The up arrow slides the tile below the blank up: the blank moves down (script D).
    EXPECT_EQ(SlidingRules::blank_direction(key::kUp), 3);
    EXPECT_EQ(SlidingRules::blank_direction('w'), 3);
    EXPECT_EQ(SlidingRules::blank_direction('K'), 3);
    EXPECT_EQ(SlidingRules::blank_direction(key::kDown), 0);
    EXPECT_EQ(SlidingRules::blank_direction(key::kLeft), 2);
    EXPECT_EQ(SlidingRules::blank_direction('H'), 2);
    EXPECT_EQ(SlidingRules::blank_direction(key::kRight), 1);
    EXPECT_EQ(SlidingRules::blank_direction('h'), -1);  // h is the hint
    auto s = session_8("_ 1 2 3 4 5 6 7 8");
    s->handle(key::kUp);
    EXPECT_EQ(s->game().current(), parse_tiles(3, 3, "3 1 2 _ 4 5 6 7 8"));
}

TEST(PlayKeys, InvalidKeysAndMovesIntoWallsChangeNothing) {
    auto s = session_8(kStart24);  // blank top right
    const TileState before = s->game().current();
    const std::string status = s->status();
    for (int k : std::vector<int>{'z', 'x', '1', ' ', 0, key::kLeft, 'a'}) {  // kLeft, a: a wall
        EXPECT_TRUE(s->handle(k));
        EXPECT_EQ(s->game().current(), before) << k;
        EXPECT_EQ(s->game().moves_made(), 0);
        EXPECT_EQ(s->status(), status);
    }
    s->handle(key::kDown);  // nothing above the blank either
    EXPECT_EQ(s->game().moves_made(), 0);
    EXPECT_NE(s->view().message.find("no tile can move down"), std::string::npos)
        << s->view().message;
    EXPECT_FALSE(s->handle('q'));
    EXPECT_FALSE(s->handle(key::kCtrlC));
}

TEST(PlayCoach, TheDistanceShownEqualsTheOptimumAfterEveryMove) {
    auto s = session_8(kStart24);
    // A game that wanders: good and bad moves, an undo, and a finish along the hints.
    const std::vector<int> keys{key::kRight, key::kUp, key::kRight, key::kDown, key::kLeft,
                                'u',         key::kUp, key::kLeft,  key::kDown, key::kRight};
    std::vector<int> distances{optimal(k8, s->game().current())};
    ASSERT_EQ(distances[0], 24);
    auto check = [&] {
        const TileState now = s->game().current();
        const int best = optimal(k8, now);
        EXPECT_EQ(s->coach().distance(now), best);
        EXPECT_NE(s->status().find("| left " + std::to_string(best) + " |"), std::string::npos)
            << s->status();
    };
    for (int k : keys) {
        s->handle(k);
        check();
    }
    // Follow the hints home: each hinted move brings the position one step closer.
    while (!s->game().solved()) {
        s->handle('h');
        const View v = s->view();
        int hinted = 0;
        for (CellStyle c : v.board.styles) hinted += c == CellStyle::Hint;
        ASSERT_EQ(hinted, 1);
        const int before = optimal(k8, s->game().current());
        const SlideMove m = *s->coach().advice(s->game().current())->next;
        s->handle(m.dir == 0   ? key::kDown
                  : m.dir == 1 ? key::kRight
                  : m.dir == 2 ? key::kLeft
                               : key::kUp);
        ASSERT_EQ(optimal(k8, s->game().current()), before - 1);
        check();
    }
    // The score from the optimal distances of every position of the final line.
    int net = 0;
    const auto& line = s->game().positions();
    for (std::size_t i = 1; i < line.size(); ++i)
        net += optimal(k8, line[i]) == optimal(k8, line[i - 1]) - 1 ? 1 : -1;
    const Score sc = s->score();
    ASSERT_TRUE(sc.known());
    EXPECT_EQ(*sc.net, net);
    EXPECT_EQ(*sc.net, 24);  // telescopes: d(start) - d(goal)
    EXPECT_EQ(sc.moves, s->game().moves_made());
    EXPECT_NE(s->status().find("score " + format_score(24.0 / sc.moves)), std::string::npos)
        << s->status();
    EXPECT_NE(s->view().message.find("Solved in"), std::string::npos);
}

TEST(PlayScript, AnOptimalReplayScoresOne) {
    auto s = session_8(kStart24);
    const std::string script = solution_script(k8, s->game().start());
    EXPECT_EQ(run_script(*s, script),
              "moves 24 | left 0 | score 1.00 | solved: optimal (24 moves)");
    const Session::Facts f = s->facts();
    EXPECT_TRUE(f.solved);
    EXPECT_TRUE(f.optimal);
    EXPECT_EQ(f.start_distance, 24);
}

TEST(PlayScript, ADetourCostsTwoMoves) {
    // The optimal solution with "D U" (away and back, or back and away) after its first move:
    // one good and one bad move, so the net stays 24 over 26 moves.
    auto s = session_8(kStart24);
    const std::string script = solution_script(k8, s->game().start());
    const std::string detour = script.substr(0, 1) + " D U" + script.substr(1);
    EXPECT_EQ(run_script(*s, detour),
              "moves 26 | left 0 | score 0.92 | solved: 2 moves over the optimal 24");
    EXPECT_FALSE(s->facts().optimal);
}

TEST(PlayScript, BadMovesAreErrorsNamingTheMove) {
    auto expect_error = [](const std::string& script, const std::string& fragment) {
        auto s = session_8(kStart24);
        try {
            run_script(*s, script);
            ADD_FAILURE() << "no error for " << script;
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
        }
    };
    expect_error("L X", "move 2 'X': not a move");
    expect_error("U", "move 1 'U': the blank cannot move up");
    expect_error("L L L", "move 3 'L': the blank cannot move left");
    auto s = session_8("1 2 3 4 5 6 7 _ 8");
    EXPECT_THROW(run_script(*s, "R L"), InputError);  // R solves it; L comes after the goal
}

TEST(PlayScript, ReadsTheNotationOfSolveInBothForms) {
    auto a = session_8(kStart24);
    auto b = session_8(kStart24);
    const std::string plain = solution_script(k8, a->game().start());
    std::string json = "[";
    for (char c : plain)
        if (c != ' ') json += std::string(json.size() > 1 ? ", " : "") + "\"" + c + "\"";
    json += "]";
    EXPECT_EQ(run_script(*a, plain), run_script(*b, json));
    EXPECT_TRUE(b->game().solved());
    auto c = session_8(kStart24);  // the whole line solve prints, label included
    EXPECT_EQ(run_script(*c, "moves: " + plain), run_script(*session_8(kStart24), plain));
    EXPECT_TRUE(c->game().solved());
}

// The starts at an exact distance are the library's (tests/sliding_tiles_test.cpp); play puts
// the option the user gave in front of their errors.
TEST(PlayStart, ErrorsOfExactStartsNameTheOption) {
    auto message = [](const std::string& name, int moves) {
        SlidingPlayOptions o;
        o.name = name;
        o.moves = moves;
        o.background = false;
        try {
            make_sliding_session(o);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message("8puzzle", 32),
              "--moves 32: no position of 8puzzle is that far from the goal (0 to 31)");
    EXPECT_EQ(message("15puzzle", 49).rfind("--moves 49: 15puzzle starts are drawn 0 to 48 ", 0),
              0u);
}

TEST(PlayCoach, IdaWithLinearConflictOrPatternDatabasesAgreesWithTheTable) {
    const std::string dir = test::temp_dir();
    const std::vector<int> goal{1, 2, 3, 4, 5, 6, 7, 8, 0};
    for (const std::vector<int>& group : {std::vector<int>{1, 2, 3, 4}, {5, 6, 7, 8}}) {
        SlidingPdb pdb = build_sliding_pdb(3, 3, goal, group, {});
        pdb.partition = "1,2,3,4/5,6,7,8";
        save_sliding_pdb(dir + "/" + pdb_file_name(group), pdb);
    }
    const auto table = build_distance_table(k8, 1);
    const SlidingSolver by_table = table_solver(k8, table);
    const SlidingSolver by_lc = ida_solver(k8, "", true);
    const SlidingSolver by_pdb = ida_solver(k8, dir, true);
    EXPECT_EQ(by_pdb.kind, "ida-pdb");
    std::mt19937_64 rng(3);
    const std::atomic<bool> never{false};
    for (int i = 0; i < 20; ++i) {
        const TileState s = random_solvable(k8, rng);
        const int d = table->at(k8.rank(s));
        for (const SlidingSolver* solver : {&by_table, &by_lc, &by_pdb}) {
            const auto sol = solver->solve(s, never);
            ASSERT_TRUE(sol.has_value());
            EXPECT_EQ(sol->distance, d) << solver->kind;
            EXPECT_TRUE(replays_to_goal(k8, s, sol->path)) << solver->kind;
            EXPECT_EQ(static_cast<int>(sol->path.size()), d);
        }
    }
    // A session on the pattern databases plays the same game as one on the table.
    SlidingPlayOptions o;
    o.start = kStart24;
    o.pdb_dir = dir;
    o.background = false;
    auto s = make_sliding_session(o);
    EXPECT_EQ(run_script(*s, solution_script(k8, s->game().start())),
              "moves 24 | left 0 | score 1.00 | solved: optimal (24 moves)");
    std::filesystem::remove_all(dir);
}

TEST(PlayCoach, AStopFlagEndsIdaStar) {
    // Korf's instance #1 (57 moves with his goal, blank first) takes far longer than this test.
    const SlidingTiles korf(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    const TileState s = parse_tiles(4, 4, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
    std::atomic<bool> stop{true};
    SearchLimits limits;
    limits.stop = &stop;
    const auto r = idastar(korf, s, Manhattan<SlidingTiles>(korf), limits);
    EXPECT_EQ(r.status, SearchStatus::LimitReached);
    EXPECT_EQ(r.stats.expanded, 0u);
}

TEST(PlayCoach, ANewWantCancelsAStaleSolve) {
    // A solver that works on state A until it is told to stop, and answers anything else at
    // once: wanting B instead of A must stop A's solve and answer B.
    const TileState a = parse_tiles(3, 3, "1 2 3 4 5 6 7 _ 8");
    const TileState b = k8.goal();
    std::atomic<bool> a_started{false}, a_stopped{false};
    SlidingCoach::Solver solver =
        [&](const TileState& s, const std::atomic<bool>& stop) -> std::optional<SlideSolution> {
        if (s == a) {
            a_started = true;
            while (!stop.load()) std::this_thread::yield();
            a_stopped = true;
            return std::nullopt;
        }
        return SlideSolution{0, {}};
    };
    SlidingCoach coach(k8, solver, true);
    coach.want({a});
    while (!a_started) std::this_thread::yield();
    EXPECT_TRUE(coach.solving());
    EXPECT_FALSE(coach.advice(a).has_value());
    coach.want({b});
    EXPECT_EQ(coach.wait(b).distance, 0);
    EXPECT_TRUE(a_stopped);
    EXPECT_FALSE(coach.advice(a).has_value());  // a cancelled solve stores nothing
}

TEST(PlayCoach, BackgroundAnswersArriveAndFillThePath) {
    const SlidingTiles d15(4, 4);
    SlidingPlayOptions o;
    o.name = "15puzzle";
    o.moves = 18;
    o.seed = 9;
    o.background = true;
    auto s = make_sliding_session(o);
    const TileState start = s->game().start();
    const auto advice = s->coach().wait(start);
    EXPECT_EQ(advice.distance, 18);
    // Every position along the solution is answered too: following the hint never waits.
    TileState at = start;
    for (int left = 18; left > 0; --left) {
        const auto a = s->coach().advice(at);
        ASSERT_TRUE(a.has_value());
        EXPECT_EQ(a->distance, left);
        at = d15.apply(at, *a->next);
    }
    EXPECT_TRUE(d15.is_goal(at));
}

}  // namespace
}  // namespace frontier::play
