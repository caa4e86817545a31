// frontier play through the program: scripted games (--script and stdin), JSON, errors, and the
// real terminal interface driven under tmux (skipped, visibly, when tmux is not installed).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/search/astar.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

const std::string kStart24 = "1 8 _ 3 2 4 6 5 7";  // 24 moves from the goal
const std::string kOptimal24 = "moves 24 | left 0 | score 1.00 | solved: optimal (24 moves)";

// The moves `frontier solve --json` prints for the start, as its JSON array text.
std::string solve_moves_json(const std::string& start) {
    const auto r = run_frontier("solve 8puzzle '" + start + "' --json");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out)["moves"].dump();
}

TEST(CliPlay, ReplaysTheMovesOfSolve) {
    const std::string moves = solve_moves_json(kStart24);
    const auto r = run_frontier("play 8puzzle --start '" + kStart24 + "' --script '" + moves + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kOptimal24 + "\n");
    // The same moves on stdin (not a terminal), in the text form "L D ...".
    std::string letters;
    for (const auto& m : nlohmann::json::parse(moves)) letters += m.get<std::string>() + " ";
    const auto s = run_frontier("play 8puzzle --start '" + kStart24 + "'", letters + "\n");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    EXPECT_EQ(s.out, kOptimal24 + "\n");
}

TEST(CliPlay, ADetourLowersTheScore) {
    std::string letters;
    for (const auto& m : nlohmann::json::parse(solve_moves_json(kStart24)))
        letters += m.get<std::string>() + " ";
    // Away and back after the first move: 26 moves, net 24.
    const std::string detour = letters.substr(0, 2) + "D U " + letters.substr(2);
    const auto r =
        run_frontier("play 8puzzle --start '" + kStart24 + "' --script '" + detour + "' --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["moves"], 26);
    EXPECT_EQ(j["net"], 24);
    EXPECT_NEAR(j["score"].get<double>(), 24.0 / 26, 1e-12);
    EXPECT_EQ(j["solved"], true);
    EXPECT_EQ(j["optimal"], false);
    EXPECT_EQ(j["start_distance"], 24);
    EXPECT_EQ(j["left"], 0);
    EXPECT_EQ(j["start"], kStart24);
    EXPECT_EQ(j["position"], "1 2 3 4 5 6 7 8 _");
}

TEST(CliPlay, AnUnfinishedScriptReportsWhatIsLeft) {
    // Two moves from the goal, one move made the wrong way: 3 left, score -1.
    const auto r = run_frontier("play 8puzzle --start '1 2 3 4 5 6 _ 7 8' --script U");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "moves 1 | left 3 | score -1.00\n");
}

TEST(CliPlay, RandomStartsAtAnExactDistance) {
    for (int k : {0, 9, 31}) {
        const auto r = run_frontier("play 8puzzle --moves " + std::to_string(k) +
                                    " --seed 4 --script '' --json");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j["left"], k);
        const SlidingTiles d(3, 3);
        const auto s = parse_tiles(3, 3, j["start"].get<std::string>());
        EXPECT_EQ(astar(d, s, Manhattan<SlidingTiles>(d)).length(), k);
    }
    const auto a = run_frontier("play 8puzzle --moves 12 --seed 99 --script '' --json");
    const auto b = run_frontier("play 8puzzle --moves 12 --seed 99 --script '' --json");
    EXPECT_EQ(nlohmann::json::parse(a.out)["start"], nlohmann::json::parse(b.out)["start"]);
    // The 15-puzzle without pattern databases: a checked walk, IDA* with linear conflict.
    const auto f = run_frontier("play 15puzzle --moves 16 --seed 2 --script '' --json");
    ASSERT_EQ(f.exit_code, 0) << f.err;
    EXPECT_EQ(nlohmann::json::parse(f.out)["left"], 16);
}

TEST(CliPlay, The15PuzzleWithPatternDatabases) {
    const std::string dir = test::temp_dir();
    const auto b = run_frontier("pdb build 15puzzle --partition 5-5-5 --out-dir " + dir);
    ASSERT_EQ(b.exit_code, 0) << b.err;
    const auto r = run_frontier("play 15puzzle --pdb-dir " + dir +
                                " --moves 30 --seed 8 --script 'U L' --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["start_distance"], 30);
    const int left = j["left"];
    EXPECT_TRUE(left == 28 || left == 30 || left == 32) << left;  // two moves, each +-1
    EXPECT_EQ(j["net"], 30 - left);
    std::filesystem::remove_all(dir);
}

TEST(CliPlay, BadInput) {
    expect_input_error(run_frontier("play 8puzzle --start '" + kStart24 + "' --script 'L Q'"),
                       "move 2 'Q': not a move");
    expect_input_error(run_frontier("play 8puzzle --start '" + kStart24 + "' --script 'R'"),
                       "move 1 'R': the blank cannot move right");
    expect_input_error(run_frontier("play 8puzzle --start '_ 2 3 4 5 6 7 8 1' --script ''"),
                       "unsolvable");
    expect_input_error(run_frontier("play 8puzzle --moves 32 --script ''"), "--moves 32");
    expect_input_error(run_frontier("play 8puzzle --moves 3 --start 123456780 --script ''"),
                       "not both");
    expect_input_error(run_frontier("play 24puzzle --script ''"), "unknown domain");
    expect_input_error(run_frontier("play 8puzzle --table /nonexistent --script ''"),
                       "/nonexistent");
    expect_input_error(run_frontier("play 15puzzle --pdb-dir /nonexistent --script ''"),
                       "not a directory");
}

TEST(CliPlay, ATableFileMustBeThisBoards) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(run_frontier("enumerate 8puzzle --out " + dir + "/8.table").exit_code, 0);
    ASSERT_EQ(run_frontier("enumerate sliding:2x3 --out " + dir + "/6.table").exit_code, 0);
    const auto r = run_frontier("play 8puzzle --table " + dir + "/8.table --start '" + kStart24 +
                                "' --script '" + solve_moves_json(kStart24) + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, kOptimal24 + "\n");
    expect_input_error(run_frontier("play 8puzzle --table " + dir + "/6.table --script ''"),
                       dir +
                           "/6.table is a table of sliding:2x3; play 8puzzle needs the one-byte "
                           "table of sliding:3x3 that 'frontier enumerate 8puzzle --out FILE' "
                           "writes");
    // A two-bit table, of this board or another, and a pattern database say what they are.
    ASSERT_EQ(run_frontier("enumerate 8puzzle --two-bit --out " + dir + "/8.2bit").exit_code, 0);
    ASSERT_EQ(run_frontier("pdb build 8puzzle --partition 4-4 --out-dir " + dir + "/pdb").exit_code,
              0);
    expect_input_error(run_frontier("play 8puzzle --table " + dir + "/8.2bit --script ''"),
                       "8.2bit is a two-bit table of sliding:3x3; play 8puzzle needs the one-byte "
                       "table of sliding:3x3 that 'frontier enumerate 8puzzle --out FILE' writes");
    const auto pdb = run_frontier("play 8puzzle --table " + dir + "/pdb/" + "$(ls " + dir +
                                  "/pdb | head -1) --script ''");
    expect_input_error(pdb, "is a pattern database of sliding:3x3; play 8puzzle needs");
    std::filesystem::remove_all(dir);
}

const std::string kRush60 = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";  // 60 moves (Fogleman)
// A blocked by the vertical truck B: B down 3, A right 4.
const std::string kRush2 = "ooBoooooBoooAABooo" + std::string(18, 'o');

TEST(CliPlay, RushReplaysTheMovesOfSolve) {
    const auto sol = run_frontier("solve rush " + kRush60 + " --json");
    ASSERT_EQ(sol.exit_code, 0) << sol.err;
    const std::string moves = nlohmann::json::parse(sol.out)["moves"].dump();
    const auto r = run_frontier("play rush --board " + kRush60 + " --script '" + moves + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "moves 60 | left 0 | score 1.00 | solved: optimal (60 moves)\n");
    // From stdin; a script's moves are never merged: B down 2 keeps the distance (2 -> 2: -1),
    // B down 1 gains (+1), A right 4 solves (+1).
    expect_input_error(run_frontier("play rush --board " + kRush2, "AL0\n"), "move 1 'AL0'");
    const auto k = run_frontier("play rush --board " + kRush2 + " --json", "BD2 BD1 AR4\n");
    ASSERT_EQ(k.exit_code, 0) << k.err;
    const auto f = nlohmann::json::parse(k.out);
    EXPECT_EQ(f["moves"], 3);
    EXPECT_EQ(f["net"], 1);
    EXPECT_EQ(f["start_distance"], 2);
    EXPECT_EQ(f["solved"], true);
    EXPECT_EQ(f["optimal"], false);
}

TEST(CliPlay, RushRandomPuzzles) {
    const auto r = run_frontier("play rush --moves 7 --seed 5 --script '' --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["left"], 7);
    const auto check = run_frontier("solve rush " + j["start"].get<std::string>() + " --json");
    EXPECT_EQ(nlohmann::json::parse(check.out)["length"], 7);
    const auto h = run_frontier("play rush --seed 5 --script '' --json");
    ASSERT_EQ(h.exit_code, 0) << h.err;
    EXPECT_GE(nlohmann::json::parse(h.out)["left"].get<int>(), 10);
    expect_input_error(run_frontier("play rush --board " + kRush2 + " --moves 3 --script ''"),
                       "not both");
    expect_input_error(run_frontier("play rush --board " + kRush2 + " --script 'BU1'"),
                       "move 1 'BU1'");
    expect_input_error(run_frontier("play rush --board AAoo --script ''"), "");
}

// ---- The terminal interface under tmux ----------------------------------------------------

bool have_tmux() {
    return std::system("command -v tmux >/dev/null 2>&1") == 0;
}

std::string shell_output(const std::string& cmd) {
    std::string out;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return out;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    pclose(p);
    return out;
}

// One detached tmux server with one pane running a command; the pane stays after the command
// ends. The script then prints the terminal's canonical-mode and echo settings and, last, the
// exit status: a test that has waited for "PLAY-EXIT=" sees the settings too (printed after the
// status, they could still be missing from the capture: a race CI once lost).
class TmuxPane {
  public:
    // `env`: extra variable assignments for the game's environment ("NO_COLOR=1").
    TmuxPane(const std::string& args, int width, int height, const std::string& env = "") {
        static int counter = 0;
        dir_ = test::temp_dir();
        socket_ = "frontier-play-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
        std::ofstream(dir_ + "/run.sh")
            << "export TERM=screen LC_ALL=C.UTF-8 " << env << "\nunset TMUX\n"
            << FRONTIER_BIN << " " << args << "\nstatus=$?\n"
            << "stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo\n"
            << "echo PLAY-EXIT=$status\nsleep 120\n";
        tmux("new-session -d -s play -x " + std::to_string(width) + " -y " +
             std::to_string(height) + " 'sh " + dir_ + "/run.sh'");
    }
    ~TmuxPane() {
        tmux("kill-server");
        std::filesystem::remove_all(dir_);
    }
    std::string tmux(const std::string& args) const {
        return shell_output("tmux -L " + socket_ + " -f /dev/null " + args + " 2>&1");
    }
    std::string capture() const { return tmux("capture-pane -p -t play"); }
    // The screen with its attributes as escape sequences (SGR: colours, bold, reverse).
    std::string capture_attributes() const { return tmux("capture-pane -e -p -t play"); }
    void keys(const std::string& names) const { tmux("send-keys -t play " + names); }
    // Waits until the pane shows `text` (up to 60 s: a loaded CI machine is slow); returns
    // whether it did.
    bool wait_for(const std::string& text) const {
        for (int i = 0; i < 1200; ++i) {
            if (capture().find(text) != std::string::npos) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return false;
    }

  private:
    std::string dir_, socket_;
};

// The tmux key that plays a blank move: the arrows move a tile, i.e. the blank the other way.
std::string arrow_for(char blank_move) {
    switch (blank_move) {
        case 'U':
            return "Down";
        case 'L':
            return "Right";
        case 'R':
            return "Left";
        default:
            return "Up";
    }
}

TEST(CliPlayTerminal, KeysMoveUndoHintAndFinishUnderTmux) {
    if (!have_tmux()) GTEST_SKIP() << "tmux is not installed: the terminal interface is untested";
    TmuxPane pane("play 8puzzle --start '" + kStart24 + "'", 80, 24);
    ASSERT_TRUE(pane.wait_for("moves 0 | left 24 | score 0.00")) << pane.capture();
    EXPECT_NE(pane.capture().find("coach: distance table"), std::string::npos);
    // An unknown key and a move into the wall change nothing.
    pane.keys("z");
    ASSERT_TRUE(pane.wait_for("unknown key")) << pane.capture();
    pane.keys("Left");  // the blank is on the right edge: no tile to its right
    ASSERT_TRUE(pane.wait_for("no tile can move left")) << pane.capture();
    EXPECT_NE(pane.capture().find("moves 0 | left 24 | score 0.00"), std::string::npos);
    // The up arrow slides the 4 under the blank up; the coach's number is the optimum.
    const SlidingTiles d(3, 3);
    const int after =
        astar(d, parse_tiles(3, 3, "1 8 4 3 2 _ 6 5 7"), Manhattan<SlidingTiles>(d)).length();
    pane.keys("Up");
    ASSERT_TRUE(pane.wait_for("moves 1 | left " + std::to_string(after) + " | score " +
                              (after == 23 ? "1.00" : "-1.00")))
        << pane.capture();
    pane.keys("u");
    ASSERT_TRUE(pane.wait_for("moves 0 | left 24 | score 0.00")) << pane.capture();
    pane.keys("h");
    ASSERT_TRUE(pane.wait_for("hint: move tile")) << pane.capture();
    // Play the optimal solution with the arrows.
    std::string keys;
    for (const SlideMove& m :
         astar(d, parse_tiles(3, 3, kStart24), Manhattan<SlidingTiles>(d)).moves)
        keys += arrow_for(kDirLetters[m.dir]) + " ";
    pane.keys(keys);
    ASSERT_TRUE(pane.wait_for(kOptimal24)) << pane.capture();
    EXPECT_NE(pane.capture().find("an optimal game!"), std::string::npos) << pane.capture();
    // q restores the terminal (the alternate screen is gone, canonical mode and echo are back)
    // and prints the final status line.
    pane.keys("q");
    ASSERT_TRUE(pane.wait_for("PLAY-EXIT=0")) << pane.capture();
    const std::string end = pane.capture();
    EXPECT_NE(end.find(kOptimal24), std::string::npos) << end;
    EXPECT_EQ(end.find("u undo"), std::string::npos) << end;
    EXPECT_NE(end.find("\nicanon\n"), std::string::npos) << end;
    EXPECT_NE(end.find("\necho\n"), std::string::npos) << end;
}

TEST(CliPlayTerminal, CtrlCAndATooSmallTerminal) {
    if (!have_tmux()) GTEST_SKIP() << "tmux is not installed: the terminal interface is untested";
    TmuxPane pane("play 15puzzle --moves 10 --seed 1", 30, 10);
    ASSERT_TRUE(pane.wait_for("terminal too small:\n30x10, need ")) << pane.capture();
    pane.tmux("resize-window -t play -x 80 -y 24");
    ASSERT_TRUE(pane.wait_for("moves 0 | left 10 | score 0.00")) << pane.capture();
    pane.keys("C-c");
    ASSERT_TRUE(pane.wait_for("PLAY-EXIT=0")) << pane.capture();
    const std::string end = pane.capture();
    EXPECT_NE(end.find("\nicanon\n"), std::string::npos) << end;
    EXPECT_EQ(end.find("terminal too small"), std::string::npos) << end;
}

TEST(CliPlayTerminal, RushSelectAndSlideUnderTmux) {
    if (!have_tmux()) GTEST_SKIP() << "tmux is not installed: the terminal interface is untested";
    TmuxPane pane("play rush --board " + kRush2, 80, 24);
    ASSERT_TRUE(pane.wait_for("moves 0 | left 2 | score 0.00")) << pane.capture();
    EXPECT_NE(pane.capture().find("exit"), std::string::npos);
    pane.keys("b Down Down");  // one slide of two cells: still blocking
    ASSERT_TRUE(pane.wait_for("moves 1 | left 2 | score -1.00")) << pane.capture();
    pane.keys("Down");  // the same slide, now three cells
    ASSERT_TRUE(pane.wait_for("moves 1 | left 1 | score 1.00")) << pane.capture();
    pane.keys("A Right Right Right Right");
    ASSERT_TRUE(pane.wait_for("solved: optimal (2 moves)")) << pane.capture();
    pane.keys("q");
    ASSERT_TRUE(pane.wait_for("PLAY-EXIT=0")) << pane.capture();
}

// The background colour (SGR 40-49) in effect where `text` first appears on an attribute
// capture: the last background code before it ("49" is the terminal's default).
std::string background_at(const std::string& screen, const std::string& text) {
    const std::size_t at = screen.find(text);
    if (at == std::string::npos) return "(" + text + " not on screen)";
    static const std::regex sgr("\x1b\\[([0-9;]*)m");
    std::string background = "49";
    const std::string before = screen.substr(0, at);
    for (std::sregex_iterator it(before.begin(), before.end(), sgr), end; it != end; ++it) {
        std::stringstream codes((*it)[1].str());
        for (std::string code; std::getline(codes, code, ';');)
            if (code.size() == 2 && code[0] == '4')
                background = code;
            else if (code == "0" || code.empty())
                background = "49";
    }
    return background;
}

// Whether a capture sets any foreground or background colour (SGR 30-37, 40-47, 38, 48, 90-107).
bool sets_a_colour(const std::string& screen) {
    static const std::regex colour("\x1b\\[([0-9]+;)*(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9]+)*m");
    return std::regex_search(screen, colour);
}

TEST(CliPlayTerminal, TheSelectedRushPieceKeepsItsColour) {
    if (!have_tmux()) GTEST_SKIP() << "tmux is not installed: the terminal interface is untested";
    TmuxPane pane("play rush --board " + kRush2, 80, 24);
    ASSERT_TRUE(pane.wait_for("moves 0 | left 2 | score 0.00")) << pane.capture();
    const std::string before = pane.capture_attributes();
    ASSERT_TRUE(sets_a_colour(before)) << before;
    const std::string b_colour = background_at(before, " B ");
    ASSERT_NE(b_colour, "49") << before;                        // B has a piece colour
    const std::string a_colour = background_at(before, "[A]");  // A is selected at the start
    ASSERT_NE(a_colour, "49") << before;
    pane.keys("b");
    ASSERT_TRUE(pane.wait_for("[B]")) << pane.capture();
    const std::string after = pane.capture_attributes();
    // B is drawn with brackets in its own colour; A, deselected, keeps the colour it had.
    EXPECT_EQ(background_at(after, "[B]"), b_colour) << after;
    EXPECT_EQ(background_at(after, " A "), a_colour) << after;
    EXPECT_EQ(after.find("[A]"), std::string::npos) << after;
    pane.keys("q");
    ASSERT_TRUE(pane.wait_for("PLAY-EXIT=0")) << pane.capture();
}

TEST(CliPlayTerminal, NoColorMeansNoColours) {
    if (!have_tmux()) GTEST_SKIP() << "tmux is not installed: the terminal interface is untested";
    TmuxPane pane("play rush --board " + kRush2, 80, 24, "NO_COLOR=1");
    ASSERT_TRUE(pane.wait_for("moves 0 | left 2 | score 0.00")) << pane.capture();
    pane.keys("b");
    ASSERT_TRUE(pane.wait_for("[B]")) << pane.capture();  // the selection shows without colour
    const std::string screen = pane.capture_attributes();
    EXPECT_FALSE(sets_a_colour(screen)) << screen;
    EXPECT_NE(screen.find("\x1b[1m"), std::string::npos) << screen;  // bold is not a colour
    pane.keys("q");
    ASSERT_TRUE(pane.wait_for("PLAY-EXIT=0")) << pane.capture();
}

}  // namespace
}  // namespace frontier
