// `frontier play rush`: keys (select, slide, merged slides), the cluster coach against plain BFS,
// scoring with moves that keep the distance, the errors of random puzzles.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/engine/search/bfs.hpp>
#include "tools/play/rush_play.hpp"
#include "tools/play/terminal.hpp"

namespace frontier::play {
namespace {

// Fogleman's database: 60 moves, a cluster of 2,332 states (tests/rush_test.cpp checks both).
const std::string kBoard60 = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

int bfs_moves(const RushBoard& b, RushState s) {
    return bfs(b.with_metric(RushMetric::Moves), s).length();
}

std::unique_ptr<RushSession> session(const std::string& board, bool background = false) {
    RushPlayOptions o;
    o.board = board;
    o.background = background;
    o.seed = 1;
    return make_rush_session(o);
}

std::string script_of(const RushBoard& b, const std::vector<RushMove>& moves) {
    std::string out;
    for (const RushMove& m : moves) {  // two appends: " " + string trips GCC 12's -Wrestrict
        if (!out.empty()) out += ' ';
        out += format_rush_move(b, m);
    }
    return out;
}

TEST(RushPlay, TheOracleKnowsThePublishedOptimum) {
    const RushPuzzle p = parse_rush(kBoard60);
    RushOracle oracle(p.board);
    const Solution<RushMove> sol = oracle.solve(p.start);
    EXPECT_EQ(sol.distance, 60);
    ASSERT_EQ(sol.path.size(), 60u);
    EXPECT_TRUE(replays_to_goal(p.board, p.start, sol.path));
}

TEST(RushPlay, AnOptimalReplayScoresOne) {
    auto s = session(kBoard60);
    const RushBoard& b = s->rules().domain();
    const auto moves = bfs(b, s->game().start()).moves;
    ASSERT_EQ(moves.size(), 60u);
    EXPECT_EQ(run_script(*s, script_of(b, moves)),
              "moves 60 | left 0 | score 1.00 | solved: optimal (60 moves)");
}

// A walk of moves chosen by their BFS distances: one that keeps the distance whenever the walk
// has not made one yet, otherwise alternately one away and one closer. After every move the
// coach's distance equals BFS's; the score counts a move that keeps the distance as -1, so the
// net is the telescoped d(start) - d(now) minus one per such move. Returns how many there were.
int walk_and_check(RushSession& s) {
    const RushBoard& b = s.rules().domain();
    const int start = bfs_moves(b, s.game().start());
    int net = 0, side = 0;
    for (int step = 0; step < 40; ++step) {
        const RushState now = s.game().current();
        const int d = bfs_moves(b, now);
        std::optional<RushMove> keep, away, closer;
        b.for_each_successor(now, [&](const RushState& c, const RushMove& m) {
            const int dc = bfs_moves(b, c);
            auto& slot = dc == d ? keep : dc > d ? away : closer;
            if (!slot) slot = m;
        });
        const std::optional<RushMove> pick = side == 0 && keep ? keep : step % 2 ? away : closer;
        if (!pick) continue;
        s.play_script_move(format_rush_move(b, *pick), step + 1);
        s.settle();
        const int after = bfs_moves(b, s.game().current());
        net += after == d - 1 ? 1 : -1;
        side += after == d;
        EXPECT_EQ(s.coach().distance(s.game().current()), after);
        EXPECT_NE(s.status().find("| left " + std::to_string(after) + " |"), std::string::npos)
            << s.status();
    }
    const Score sc = s.score();
    EXPECT_TRUE(sc.known());
    EXPECT_EQ(sc.net.value_or(-999), net);
    EXPECT_EQ(net, start - bfs_moves(b, s.game().current()) - side);
    return side;
}

TEST(RushPlay, TheDistanceShownEqualsBfsAfterEveryMoveAndSideMovesCostOne) {
    int side = walk_and_check(*session(kBoard60));
    // A random board with more free pieces has moves that keep the distance.
    std::mt19937_64 rng(3);
    const RushPuzzle p = random_rush_puzzle(rng, 8);
    side += walk_and_check(*session(format_rush(p.board, p.start)));
    EXPECT_GT(side, 0);
}

TEST(RushPlay, KeysSelectAndSlideAndRepeatedArrowsAreOneMove) {
    // A in the exit row (row 2) at the left; B, a vertical truck in column 2, blocks it and can
    // only go down, three cells: the optimum is B down 3, A right 4.
    const std::string board = std::string("ooBooo") + "ooBooo" + "AABooo" + std::string(18, 'o');
    auto s = session(board);
    EXPECT_EQ(s->rules().selected(), 0);  // A
    const RushState start = s->game().current();
    // Unknown keys, the wrong orientation and a blocked way change nothing.
    for (int k : std::vector<int>{'9', ' ', key::kUp, key::kLeft, 'z'}) {
        s->handle(k);
        EXPECT_EQ(s->game().current(), start) << k;
        EXPECT_EQ(s->game().moves_made(), 0);
    }
    EXPECT_NE(s->view().message.find("no piece Z"), std::string::npos) << s->view().message;
    s->handle(key::kUp);
    EXPECT_NE(s->view().message.find("piece A slides only left and right"), std::string::npos)
        << s->view().message;
    s->handle('b');  // lower case selects too
    EXPECT_EQ(s->rules().selected(), 1);
    // The selection is a flag beside the style: B keeps its piece style and colour index, and
    // A, no longer selected, is the primary car again.
    const BoardView picked = s->view().board;
    for (int c : {2, 8, 14}) {
        EXPECT_EQ(picked.styles[c], CellStyle::Piece) << c;
        EXPECT_EQ(picked.colours[c], 1) << c;
        EXPECT_TRUE(picked.selected[c]) << c;
    }
    EXPECT_EQ(picked.styles[12], CellStyle::Primary);
    EXPECT_FALSE(picked.selected[12]);
    EXPECT_EQ(std::count(picked.selected.begin(), picked.selected.end(), true), 3);
    s->handle(key::kUp);  // B is at the top edge
    EXPECT_EQ(s->game().moves_made(), 0);
    EXPECT_NE(s->view().message.find("piece B is blocked that way"), std::string::npos);
    // Down, down: one move of two cells, which still blocks A (distance 2 -> 2: -1) ...
    s->handle(key::kDown);
    s->handle(key::kDown);
    ASSERT_EQ(s->game().moves_made(), 1);
    EXPECT_EQ(s->game().moves().back(), (RushMove{1, 2}));
    EXPECT_EQ(s->status(), "moves 1 | left 2 | score -1.00");
    // ... and down once more makes it the optimal slide of three (2 -> 1: +1).
    s->handle(key::kDown);
    ASSERT_EQ(s->game().moves_made(), 1);
    EXPECT_EQ(s->game().moves().back(), (RushMove{1, 3}));
    EXPECT_EQ(s->status(), "moves 1 | left 1 | score 1.00");
    // Undo takes the whole slide back.
    s->handle('u');
    EXPECT_EQ(s->game().current(), start);
    // The hint names the optimal move and highlights its piece.
    s->handle('h');
    const View v = s->view();
    EXPECT_NE(v.message.find("hint: slide B down 3 cells"), std::string::npos) << v.message;
    EXPECT_EQ(v.board.styles[2], CellStyle::Hint);
    EXPECT_EQ(v.board.styles[14], CellStyle::Hint);
    EXPECT_EQ(v.board.exit_row, 2);
    for (int k : {key::kDown, key::kDown, key::kDown, int('A'), key::kRight, key::kRight,
                  key::kRight, key::kRight})
        s->handle(k);
    EXPECT_TRUE(s->game().solved());
    EXPECT_EQ(s->status(), "moves 2 | left 0 | score 1.00 | solved: optimal (2 moves)");
    EXPECT_FALSE(s->handle('q'));
}

TEST(RushPlay, NoColorSetAndNotEmptyTurnsColoursOff) {
    // no-color.org: an empty NO_COLOR counts as unset.
    EXPECT_TRUE(colours_allowed(nullptr));
    EXPECT_TRUE(colours_allowed(""));
    EXPECT_FALSE(colours_allowed("1"));
    EXPECT_FALSE(colours_allowed("0"));  // any non-empty value, even "0"
}

// The random puzzles are the library's (tests/rush_generate_test.cpp); play puts the option the
// user gave in front of their errors.
TEST(RushPlay, ErrorsOfRandomPuzzlesNameTheOption) {
    RushPlayOptions o;
    o.moves = kRushFarthest + 1;
    o.background = false;
    try {
        make_rush_session(o);
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("--moves 61: expected 0 to 60 (", 0), 0u) << e.what();
    }
}

TEST(RushPlay, NewPuzzleRebuildsTheCoachForTheNewBoard) {
    auto s = session(kBoard60, true);
    EXPECT_EQ(s->coach().wait(s->game().start()).distance, 60);
    s->handle('n');
    const RushBoard& b = s->rules().domain();
    const RushState start = s->game().start();
    EXPECT_EQ(s->game().moves_made(), 0);
    EXPECT_EQ(s->coach().wait(start).distance, bfs_moves(b, start));
}

TEST(RushPlay, BadScriptsAndBoards) {
    auto s = session(kBoard60);
    EXPECT_THROW(run_script(*s, "AR9"), InputError);
    EXPECT_THROW(run_script(*s, "ZR1"), InputError);
    EXPECT_THROW(run_script(*s, "BU1"), InputError);  // B is horizontal
    RushPlayOptions o;
    o.board = "AAoooo" + std::string(30, 'o');  // A not in the exit row
    EXPECT_THROW(make_rush_session(o), InputError);
    o.board = std::string(12, 'o') + "AAooxo" + std::string(18, 'o');  // a wall before the exit
    try {
        make_rush_session(o);
        ADD_FAILURE() << "an unsolvable board was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("unsolvable"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace frontier::play
