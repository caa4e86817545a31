// Batches that stream (issue 18): solve-batch, solve-batch sudoku and rush grade print each
// answer once it and every earlier one are done, keep them on Ctrl-C (exit 130), and print the
// same rows whatever --threads; and the one vocabulary of options (--format with its aliases,
// --max-expansions / --max-nodes, --algorithms / --methods, --list) that docs/reference/formats.md
// lists.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"
#include "tools/cli/stream.hpp"

namespace {

using frontier::test::count_lines;
using frontier::test::expect_input_error;
using frontier::test::run_frontier;

// The 15-puzzle with Korf's goal (blank first): three states one or two moves from it, then
// Korf's instance 1 (57 moves), which IDA* with the weak misplaced-tiles heuristic takes
// minutes to solve; --max-expansions bounds it in case the test cannot stop it.
const std::string kGoal = "'0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15'";
const std::string kSlowLast =
    "id\ttiles\n"
    "a\t1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
    "b\t1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
    "c\t4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15\n"
    "slow\t14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";

// A running `frontier ARGS` whose stdout is a pipe the test reads line by line.
class Running {
  public:
    explicit Running(const std::vector<std::string>& args, const std::string& err_path) {
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("pipe");
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(fds[1], STDOUT_FILENO);
            const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(err, STDERR_FILENO);
            ::close(fds[0]);
            ::close(fds[1]);
            std::vector<char*> argv;
            const std::string bin = frontier::test::frontier_binary();
            argv.push_back(const_cast<char*>(bin.c_str()));
            for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::execv(bin.c_str(), argv.data());
            ::_exit(127);
        }
        ::close(fds[1]);
        out_ = fds[0];
    }
    ~Running() {
        if (pid_ > 0 && !reaped_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        ::close(out_);
    }
    // Reads until `lines` complete lines have arrived (or EOF, or a minute without output).
    std::string read_lines(int lines) {
        while (count_lines(text_) < lines) {
            pollfd p{out_, POLLIN, 0};
            if (::poll(&p, 1, 60000) <= 0) break;
            char buf[4096];
            const ssize_t n = ::read(out_, buf, sizeof buf);
            if (n <= 0) break;
            text_.append(buf, static_cast<std::size_t>(n));
        }
        return text_;
    }
    bool still_running() { return ::waitpid(pid_, &status_, WNOHANG) == 0; }
    // Sends `sig`, reads stdout to its end and returns the exit status (-1 unless it exited).
    int stop_with(int sig) {
        ::kill(pid_, sig);
        read_lines(1 << 30);
        ::waitpid(pid_, &status_, 0);
        reaped_ = true;
        return WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
    }
    const std::string& text() const { return text_; }

  private:
    pid_t pid_ = -1;
    int out_ = -1;
    int status_ = 0;
    bool reaped_ = false;
    std::string text_;
};

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Line `n` (0-based) of the text table, split at spaces, without the expanded and seconds
// columns (the search's counts are not what these tests check).
std::vector<std::string> words(const std::string& text, int n) {
    std::istringstream in(text);
    std::string line;
    for (int i = 0; i <= n; ++i) std::getline(in, line);
    std::istringstream ws(line);
    std::vector<std::string> out;
    int column = 0;
    for (std::string w; ws >> w; ++column)
        if (column != 2 && column != 3) out.push_back(w);
    return out;
}

// The rows of a solve-batch tsv without the seconds column (the only one that varies).
std::string without_seconds(const std::string& tsv) {
    std::istringstream in(tsv);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> cells;
        std::istringstream fields(line);
        for (std::string f; std::getline(fields, f, '\t');) cells.push_back(f);
        if (cells.size() > 7) cells.erase(cells.begin() + 7);
        for (const auto& c : cells) out += c + '|';
        out += '\n';
    }
    return out;
}

}  // namespace

TEST(CliStream, SolveBatchPrintsEarlyRowsBeforeTheSlowLastOneAndKeepsThemOnCtrlC) {
    const std::string dir = frontier::test::temp_dir();
    std::ofstream(dir + "/slow.tsv") << kSlowLast;
    Running run({"solve-batch", "15puzzle", dir + "/slow.tsv", "--goal",
                 "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "-a", "idastar", "--heuristic",
                 "misplaced", "--max-expansions", "4000000000", "--threads", "2"},
                dir + "/err");
    // The header and the three quick rows come while the slow instance is still searched.
    const std::string early = run.read_lines(4);
    ASSERT_EQ(count_lines(early), 4) << early;
    EXPECT_TRUE(run.still_running()) << "the batch ended before the test could interrupt it";
    EXPECT_EQ(early.rfind("id", 0), 0u) << early;
    EXPECT_EQ(words(early, 1), (std::vector<std::string>{"a", "1"})) << early;
    EXPECT_EQ(words(early, 2), (std::vector<std::string>{"b", "2"})) << early;
    EXPECT_EQ(words(early, 3), (std::vector<std::string>{"c", "1"})) << early;
    EXPECT_EQ(early.find("slow"), std::string::npos) << early;

    // Ctrl-C: exit 130, every finished row kept, the totals of those rows, one line on stderr.
    EXPECT_EQ(run.stop_with(SIGINT), 130);
    EXPECT_EQ(run.text().rfind(early, 0), 0u) << run.text();
    EXPECT_NE(run.text().find("3 instances, 3 solved"), std::string::npos) << run.text();
    EXPECT_EQ(run.text().find("slow"), std::string::npos) << run.text();
    const std::string err = slurp(dir + "/err");
    EXPECT_EQ(count_lines(err), 1) << err;
    EXPECT_NE(err.find("interrupted; 3 of 4 instances done and printed"), std::string::npos) << err;
    std::filesystem::remove_all(dir);
}

TEST(CliStream, SolveBatchFormatsAgreeWhateverTheThreads) {
    const std::string input =
        "_ 2 3 1 4 6 7 5 8\n2 4 3 1 5 6 _ 7 8\n2 3 _ 5 4 8 1 6 7\n1 8 _ 3 2 4 6 5 7\n"
        "_ 2 3 4 5 6 7 8 1\n";
    const auto one = run_frontier("solve-batch 8puzzle - --format tsv --threads 1", input);
    const auto two = run_frontier("solve-batch 8puzzle - --format tsv --threads 2", input);
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(without_seconds(one.out), without_seconds(two.out));
    EXPECT_EQ(one.out.rfind("id\tstate\tstatus\tlength\texpected\texpanded\tgenerated\tseconds", 0),
              0u)
        << one.out;
    EXPECT_EQ(count_lines(one.out), 6);
    EXPECT_NE(one.out.find("\t1 8 _ 3 2 4 6 5 7\tsolved\t24\t"), std::string::npos) << one.out;

    // jsonl: one object per instance, in input order, the same lengths as --format json.
    const auto lines = run_frontier("solve-batch 8puzzle - --format jsonl --threads 2", input);
    const auto whole =
        nlohmann::json::parse(run_frontier("solve-batch 8puzzle - --json", input).out);
    std::istringstream in(lines.out);
    std::size_t i = 0;
    for (std::string line; std::getline(in, line); ++i) {
        const auto j = nlohmann::json::parse(line);
        ASSERT_LT(i, whole["instances"].size());
        EXPECT_EQ(j["state"], whole["instances"][i]["state"]);
        EXPECT_EQ(j["length"], whole["instances"][i]["length"]);
    }
    EXPECT_EQ(i, 5u);
    EXPECT_EQ(whole["instances"][3]["length"], 24);

    // csv: a header and quoted cells only where needed.
    const auto csv = run_frontier("solve-batch 8puzzle - --format csv", input);
    EXPECT_NE(csv.out.find("\n4,1 8 _ 3 2 4 6 5 7,solved,24,,"), std::string::npos) << csv.out;
    // --format json and --json are one thing; both at once, or an unknown format, are refused.
    EXPECT_EQ(nlohmann::json::parse(run_frontier("solve-batch 8puzzle - --format json", input)
                                        .out)["instances"][3]["length"],
              24);
    expect_input_error(run_frontier("solve-batch 8puzzle - --format xml", input),
                       "unknown --format \"xml\" (expected text|json|jsonl|tsv|csv)");
    EXPECT_EQ(run_frontier("solve-batch 8puzzle - --json --format text", input).exit_code, 2);
}

// The instance reader takes its input in large blocks and cuts the lines in place: lines across
// the blocks' ends, a comment longer than a block, CR LF endings, a byte-order mark and a last
// line without its newline read as line by line, from a file or a pipe, whatever --threads.
TEST(CliStream, SudokuBatchReadsLinesAcrossBlocks) {
    const std::string dir = frontier::test::temp_dir();
    const std::string puzzle =
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    std::string text = "\xEF\xBB\xBF";
    for (int i = 0; i < 3000; ++i) {
        if (i == 1000) text += "# " + std::string(200000, 'c') + "\n";
        text += puzzle + (i % 2 == 0 ? "\n" : "\r\n");
    }
    text += puzzle;  // line 3002, no newline
    const std::string path = dir + "/blocks.txt";
    std::ofstream(path) << text;
    const auto one = run_frontier("solve-batch sudoku " + path + " --threads 1");
    const auto two = run_frontier("solve-batch sudoku " + path + " --threads 2");
    const auto piped =
        frontier::test::run_shell("cat " + path + " | " + frontier::test::frontier_binary() +
                                  " solve-batch sudoku - --threads 2");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(piped.exit_code, 0) << piped.err;
    const auto rows = [](const std::string& out) {
        return out.substr(0, out.find("3001 puzzles"));
    };
    EXPECT_EQ(count_lines(rows(one.out)), 3001);
    EXPECT_EQ(rows(one.out), rows(two.out));
    EXPECT_EQ(rows(one.out), rows(piped.out));
    EXPECT_EQ(one.out.rfind("1\t859612437", 0), 0u) << one.out.substr(0, 200);
    // Line numbers count the comment: the row after it is line 1002, the last one 3002.
    EXPECT_NE(one.out.find("\n1000\t859612437"), std::string::npos);
    EXPECT_EQ(one.out.find("\n1001\t"), std::string::npos);
    EXPECT_NE(one.out.find("\n1002\t859612437"), std::string::npos);
    EXPECT_NE(one.out.find("\n3002\t859612437"), std::string::npos);
    EXPECT_NE(one.out.find("3001 puzzles: 3001 solved"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(CliStream, SudokuBatchAndRushGradeStreamInInputOrder) {
    const std::string file = frontier::test::data_file("sudoku.tsv");
    const auto one = run_frontier("solve-batch sudoku " + file + " --threads 1");
    const auto two = run_frontier("solve-batch sudoku " + file + " --threads 2");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    // The puzzle lines (not the timing summary) are the same, in the file's order.
    const auto rows = [](const std::string& out) { return out.substr(0, out.find("16 puzzles")); };
    EXPECT_EQ(rows(one.out), rows(two.out));
    EXPECT_EQ(count_lines(rows(one.out)), 16);
    const auto rush = run_frontier("rush grade - --format jsonl --threads 2",
                                   "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n"
                                   "ooBoCCooBoooAABoooDDDooEoooooEoooooE\n");
    ASSERT_EQ(rush.exit_code, 0) << rush.err;
    ASSERT_EQ(count_lines(rush.out), 2) << rush.out;
    EXPECT_EQ(nlohmann::json::parse(rush.out.substr(0, rush.out.find('\n')))["line"], 1);
}

TEST(CliStream, OneVocabularyKeepsTheOldSpellings) {
    // --max-nodes is --max-expansions, for the search verbs as for sudoku and qubic.
    for (const char* name : {"--max-expansions", "--max-nodes"}) {
        const auto r = run_frontier(std::string("solve 8puzzle '8 6 7 2 5 4 3 0 1' -a bfs ") +
                                    name + " 100 --json");
        EXPECT_EQ(r.exit_code, 1) << name << r.err;
        EXPECT_EQ(nlohmann::json::parse(r.out)["status"], "limit") << name;
    }
    // --methods is --algorithms in compare, for sudoku and the search puzzles alike.
    const std::string file = frontier::test::data_file("sudoku.tsv");
    const auto a = run_frontier("compare sudoku " + file + " --algorithms csp --format json");
    const auto m = run_frontier("compare sudoku " + file + " --methods csp --json");
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(nlohmann::json::parse(a.out).size(), 16u);
    EXPECT_EQ(nlohmann::json::parse(m.out).size(), 16u);
    const auto c =
        run_frontier("compare 8puzzle - --methods bfs --format csv", "2 4 3 1 5 6 _ 7 8\n");
    EXPECT_NE(c.out.find(",bfs,solved,"), std::string::npos) << c.out << c.err;
    // cryptarithm lists solutions with --list N (its old --show N still works).
    for (const char* list : {"--list", "--show"}) {
        const auto r =
            run_frontier(std::string("solve cryptarithm 'A+B=C' --count ") + list + " 2");
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_NE(r.out.find("raise --list"), std::string::npos) << r.out;
    }
    // Without a terminal there is no progress line, so stderr stays empty.
    EXPECT_EQ(run_frontier("enumerate 8puzzle --format json").err, "");
}

// What a terminal shows of `frontier ARGS >/dev/null`: script(1) runs it on a pseudo-terminal, so
// this is stderr as a person would see it.
std::string on_terminal(const std::string& args) {
    return frontier::test::run_shell("script -qec \"" + frontier::test::frontier_binary() + " " +
                                     args + " >/dev/null\" /dev/null")
        .out;
}

TEST(CliStream, ProgressLineOnlyOnATerminalAndNotWithQuiet) {
    if (std::system("script -qec true /dev/null >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "no script(1) to give the program a terminal";
    // solve: drawn at once (even a short search shows it), then erased.
    const std::string solve = "solve 8puzzle '8 6 7 2 5 4 3 0 1' -a idastar";
    const std::string shown = on_terminal(solve);
    EXPECT_NE(shown.find("solving with idastar:manhattan: 0 expanded, "), std::string::npos)
        << shown;
    EXPECT_NE(shown.find(" nodes/s, 0 s"), std::string::npos) << shown;
    EXPECT_EQ(on_terminal(solve + " --quiet"), "");
    // solve-batch: the count of the instances, their rate and the elapsed time.
    const std::string dir = frontier::test::temp_dir();
    std::ofstream(dir + "/two.txt") << "2 4 3 1 5 6 _ 7 8\n_ 2 3 1 4 6 7 5 8\n";
    const std::string batch = "solve-batch 8puzzle " + dir + "/two.txt";
    EXPECT_NE(on_terminal(batch).find("solve-batch: 0/2 instances, "), std::string::npos);
    EXPECT_EQ(on_terminal(batch + " --quiet"), "");
    std::filesystem::remove_all(dir);
}

TEST(CliStream, InOrderHandsValuesOverInIndexOrder) {
    std::vector<int> seen;
    frontier::cli::InOrder<int> in_order([&](std::size_t i, int& v) {
        EXPECT_EQ(static_cast<int>(i) * 10, v);
        seen.push_back(v);
    });
    in_order.done(2, 20);
    in_order.done(1, 10);
    EXPECT_TRUE(seen.empty());  // 0 is not done: nothing may come out yet
    in_order.done(0, 0);
    EXPECT_EQ(seen, (std::vector<int>{0, 10, 20}));
    in_order.done(4, 40);
    EXPECT_EQ(in_order.emitted(), 3u);
    in_order.done(3, 30);
    EXPECT_EQ(seen, (std::vector<int>{0, 10, 20, 30, 40}));
}

// Ctrl-C on a checkpointed unit job: one line that says what was kept and how to continue, exit
// 130, the checkpoint whole; --resume then finishes the database.
TEST(CliStream, InterruptedRushEnumerateSaysHowToResume) {
    const std::string dir = frontier::test::temp_dir();
    const std::string db = dir + "/5x5.db";
    Running run({"rush", "enumerate", "--size", "5", "--walls", "2", "--out", db, "--threads", "2"},
                dir + "/err");
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    ASSERT_TRUE(run.still_running()) << "the run ended before the test could interrupt it";
    EXPECT_EQ(run.stop_with(SIGINT), 130);
    const std::string err = slurp(dir + "/err");
    EXPECT_EQ(count_lines(err), 1) << err;
    EXPECT_EQ(err, "frontier: interrupted; " + db +
                       ".checkpoint holds every finished unit: run the same command with "
                       "--resume to continue\n");
    EXPECT_TRUE(std::filesystem::exists(db + ".checkpoint"));
    EXPECT_FALSE(std::filesystem::exists(db));

    // (That a resumed database is the uninterrupted one's, byte for byte, CliMpiRush checks
    // after runs killed at random points.)
    const auto resumed =
        run_frontier("rush enumerate --size 5 --walls 2 --threads 2 --resume --out " + db);
    EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_TRUE(std::filesystem::exists(db));
    EXPECT_FALSE(std::filesystem::exists(db + ".checkpoint"));
    std::filesystem::remove_all(dir);
}

// Ctrl-C on a two-bit enumeration after a checkpoint: the line names the checkpoint's depth.
TEST(CliStream, InterruptedTwoBitEnumerateNamesItsCheckpoint) {
    const std::string dir = frontier::test::temp_dir();
    const std::string table = dir + "/4x3.2bit";
    Running run({"enumerate", "sliding:4x3", "--two-bit", "--out", table, "--checkpoint-minutes",
                 "0", "--threads", "2", "--quiet"},
                dir + "/err");
    for (int i = 0; i < 600 && !std::filesystem::exists(table + ".checkpoint"); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the note follows the rename
    ASSERT_TRUE(run.still_running()) << "the run ended before the test could interrupt it";
    EXPECT_EQ(run.stop_with(SIGINT), 130);
    const std::string err = slurp(dir + "/err");
    EXPECT_EQ(count_lines(err), 1) << err;
    EXPECT_EQ(
        err.rfind("frontier: interrupted; " + table + ".checkpoint holds the layers to depth ", 0),
        0u)
        << err;
    EXPECT_NE(err.find(": run the same command with --resume to continue\n"), std::string::npos)
        << err;
    std::filesystem::remove_all(dir);
}
