// frontier enumerate --two-bit and lookup of two-bit tables, through the program: the same layer
// counts as the one-byte BFS, distances equal to the one-byte table and to IDA*, optimal paths
// that replay to the goal, checkpoints that resume to the same file, one-line errors.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

nlohmann::json run_json(const std::string& args) {
    const auto r = run_frontier(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return nlohmann::json::parse(r.out);
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The whole 6x2 board (239,500,800 states) both ways. Under ThreadSanitizer that takes longer
// than the test's 300 s, so the tsan preset compares the 5x2 board (10!/2 = 1,814,400 states)
// instead: the same code, push and pull layers included.
#if defined(__SANITIZE_THREAD__)
constexpr const char* kTwoByBoard = "sliding:5x2";
constexpr std::uint64_t kTwoByStates = 1814400;
#else
constexpr const char* kTwoByBoard = "sliding:6x2";
constexpr std::uint64_t kTwoByStates = 239500800;
#endif

TEST(CliTwoBit, SixByTwoLayersEqualTheOneByteBfs) {
    const std::string board = kTwoByBoard;
    const auto two = run_json("enumerate " + board + " --two-bit --json --threads 2");
    const auto one = run_json("enumerate " + board + " --json --threads 2");
    EXPECT_EQ(two["states"], kTwoByStates);
    EXPECT_EQ(two["reached"], kTwoByStates);
    EXPECT_EQ(two["max_depth"], one["max_depth"]);
    EXPECT_EQ(two["layers"], one["layers"]);
    using Set = std::set<std::string>;
    EXPECT_EQ(two["farthest"].get<Set>(), one["farthest"].get<Set>());
    EXPECT_EQ(two["table_bytes"], (kTwoByStates + 3) / 4);
}

// Applies blank moves (U L R D) to a state of a rows x cols board.
TileState replay(const SlidingTiles& board, TileState s, const std::string& moves) {
    for (char m : moves) {
        const int dir = std::string("ULRD").find(m);
        const int b = board.blank(s), n = board.neighbor(b, dir);
        EXPECT_GE(n, 0) << "move " << m << " leaves the board";
        if (n < 0) return s;
        s = SlidingTiles::slide(s, b, n);
    }
    return s;
}

TEST(CliTwoBit, LookupsEqualTheOneByteTableAndIdaStarWithOptimalPaths) {
    const std::string dir = test::temp_dir();
    const std::string two = dir + "/4x2.2bit", one = dir + "/4x2.table";
    ASSERT_EQ(run_frontier("enumerate sliding:4x2 --two-bit --out " + two).exit_code, 0);
    ASSERT_EQ(run_frontier("enumerate sliding:4x2 --out " + one).exit_code, 0);
    const SlidingTiles board(4, 2);
    std::mt19937_64 rng(5);
    std::vector<std::string> states;
    for (int i = 0; i < 40; ++i) states.push_back(format_tiles(board, random_solvable(board, rng)));
    std::string args;
    for (const auto& s : states) args += " '" + s + "'";
    const auto a = run_json("lookup " + two + " --path --json" + args);
    const auto b = run_json("lookup " + one + " --json" + args);
    ASSERT_EQ(a.size(), states.size());
    for (std::size_t i = 0; i < states.size(); ++i) {
        EXPECT_EQ(a[i]["distance"], b[i]["distance"]) << states[i];
        std::string moves;  // one letter per move in the JSON array
        for (const auto& m : a[i]["moves"]) moves += m.get<std::string>();
        EXPECT_EQ(moves.size(), a[i]["distance"].get<std::size_t>());
        EXPECT_EQ(replay(board, parse_tiles(4, 2, states[i]), moves), board.goal()) << states[i];
        if (i < 8) {  // an independent search on a few
            const auto s = run_json("solve sliding:4x2 '" + states[i] +
                                    "' --algorithm idastar --heuristic manhattan --json");
            EXPECT_EQ(s["length"], a[i]["distance"]) << states[i];
        }
    }
    const auto text = run_frontier("lookup " + two + " '_ 1 3 2 5 4 7 6' --path");
    EXPECT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find(" (moves: "), std::string::npos) << text.out;
}

TEST(CliTwoBit, AnInterruptedRunResumesToTheSameFile) {
    const std::string dir = test::temp_dir();
    const std::string whole = dir + "/whole.2bit", parts = dir + "/parts.2bit";
    ASSERT_EQ(run_frontier("enumerate sliding:3x3 --two-bit --out " + whole).exit_code, 0);
    const auto first =
        run_frontier("enumerate sliding:3x3 --two-bit --max-depth 12 --out " + parts);
    ASSERT_EQ(first.exit_code, 0) << first.err;
    EXPECT_NE(first.out.find("continue with --resume"), std::string::npos) << first.out;
    EXPECT_FALSE(std::filesystem::exists(parts));
    const auto partial = run_frontier("lookup " + parts + ".checkpoint '1 2 3 4 5 6 7 _ 8'");
    expect_input_error(partial, "unfinished two-bit table");
    const auto rest = run_frontier("enumerate sliding:3x3 --two-bit --resume --out " + parts);
    ASSERT_EQ(rest.exit_code, 0) << rest.err;
    EXPECT_FALSE(std::filesystem::exists(parts + ".checkpoint"));
    EXPECT_EQ(file_bytes(parts), file_bytes(whole));
    // Another goal's checkpoint is refused, not mixed in.
    ASSERT_EQ(
        run_frontier("enumerate sliding:3x3 --two-bit --max-depth 3 --out " + parts).exit_code, 0);
    expect_input_error(run_frontier("enumerate sliding:3x3 --two-bit --resume --goal "
                                    "'_ 1 2 3 4 5 6 7 8' --out " +
                                    parts),
                       "the checkpoint is of another table");
}

TEST(CliTwoBit, ANewRunDoesNotOverwriteTheCheckpointOfAnEarlierOne) {
    const std::string dir = test::temp_dir();
    const std::string out = dir + "/x.2bit", checkpoint = out + ".checkpoint";
    const std::string run = "enumerate sliding:3x3 --two-bit --checkpoint-minutes 0 --out " + out;
    ASSERT_EQ(run_frontier(run + " --max-depth 20").exit_code, 0);
    const std::string earlier = file_bytes(checkpoint);
    ASSERT_FALSE(earlier.empty());
    const auto again = run_frontier(run);
    expect_input_error(again, checkpoint +
                                  ": a checkpoint of an earlier run exists; resume it, or "
                                  "delete it");
    EXPECT_EQ(again.out, "");
    EXPECT_EQ(file_bytes(checkpoint), earlier);
    EXPECT_EQ(run_frontier("enumerate sliding:3x3 --two-bit --resume --out " + out).exit_code, 0);
    std::filesystem::remove_all(dir);
}

// `lookup` maps the table; another process truncating it meanwhile makes the next read of a lost
// page raise SIGBUS. Made deterministic: the lookup waits for its states on a pipe, the test
// waits until the table shows in its memory maps, truncates it, then sends the state. A small
// table's checksum is read between the mapping and the first state, so the truncation may land
// there instead: then the lookup stops with the same line before the state is sent, and the
// test's write meets a closed pipe (EPIPE, with SIGPIPE ignored for it).
TEST(CliTwoBit, ATableTruncatedWhileMappedIsOneLineNotACrash) {
    const std::string dir = test::temp_dir();
    const std::string table = dir + "/t.2bit", err = dir + "/err";
    ASSERT_EQ(run_frontier("enumerate sliding:3x3 --two-bit --out " + table).exit_code, 0);
    int in[2];
    ASSERT_EQ(::pipe(in), 0);
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::dup2(in[0], 0);
        ::close(in[0]);
        ::close(in[1]);
        const std::string cmd =
            "exec " + test::frontier_binary() + " lookup " + table + " >/dev/null 2>" + err;
        ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(in[0]);
    const std::string canonical = std::filesystem::canonical(table).string();
    const std::string maps = "/proc/" + std::to_string(pid) + "/maps";
    bool mapped = false;
    for (int i = 0; i < 2000 && !mapped; ++i) {  // 20 s at most
        mapped = file_bytes(maps).find(canonical) != std::string::npos;
        if (!mapped) ::usleep(10000);
    }
    EXPECT_TRUE(mapped) << "the lookup never mapped " << canonical;
    std::filesystem::resize_file(table, 4096);  // the header page stays, the payload goes
    const std::string state = "8 6 7 2 5 4 3 _ 1\n";
    const auto previous = ::signal(SIGPIPE, SIG_IGN);
    const ssize_t written = ::write(in[1], state.data(), state.size());
    const int write_errno = errno;
    ::signal(SIGPIPE, previous);
    if (written < 0)
        EXPECT_EQ(write_errno, EPIPE);
    else
        EXPECT_EQ(written, static_cast<ssize_t>(state.size()));
    ::close(in[1]);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 2);
    const std::string message = file_bytes(err);
    EXPECT_EQ(test::count_lines(message), 1) << message;
    EXPECT_EQ(message.rfind("frontier: error: " + table + ": the file shrank", 0), 0u) << message;
    std::filesystem::remove_all(dir);
}

TEST(CliTwoBit, RefusesWhatItCannotDo) {
    expect_input_error(run_frontier("enumerate pocket-cube --two-bit"), "--two-bit: only sliding");
    expect_input_error(run_frontier("enumerate sliding:5x5 --two-bit"), "--two-bit: only sliding");
    // 16!/2 states at two bits each: 2.6 TB, refused up front.
    expect_input_error(run_frontier("enumerate 15puzzle --two-bit"), "two-bit table of");
    expect_input_error(run_frontier("enumerate 8puzzle --two-bit --resume"),
                       "--resume needs --out");
    const std::string dir = test::temp_dir();
    expect_input_error(run_frontier("enumerate 8puzzle --two-bit --resume --out " + dir + "/x"),
                       "no checkpoint");
    expect_input_error(run_frontier("enumerate 8puzzle --resume --out " + dir + "/x"),
                       "--resume: only with --two-bit");
    ASSERT_EQ(run_frontier("enumerate 8puzzle --out " + dir + "/8.table").exit_code, 0);
    // A one-byte table gives a path too, in the puzzle's move notation.
    const auto path = run_frontier("lookup " + dir + "/8.table --path '1 2 3 4 5 6 7 _ 8'");
    EXPECT_EQ(path.exit_code, 0) << path.err;
    EXPECT_EQ(path.out, "1 2 3 4 5 6 7 _ 8: 1 (moves: R)\n");
}

// Both kinds of table write a path the same way, and as solve does: moves separated by spaces in
// text, an array of moves in JSON.
TEST(CliTwoBit, OneByteAndTwoBitTablesWriteAPathAlike) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(run_frontier("enumerate 8puzzle --out " + dir + "/8.table").exit_code, 0);
    ASSERT_EQ(run_frontier("enumerate 8puzzle --two-bit --out " + dir + "/8.2bit").exit_code, 0);
    const std::string state = "'1 2 3 4 5 6 _ 7 8'";
    for (const char* table : {"/8.table", "/8.2bit"}) {
        const auto text = run_frontier("lookup " + dir + table + " --path " + state);
        EXPECT_EQ(text.out, "1 2 3 4 5 6 _ 7 8: 2 (moves: R R)\n") << table;
        const auto j = run_json("lookup " + dir + table + " --path --json " + state)[0];
        EXPECT_EQ(j["moves"], nlohmann::json::parse(R"(["R", "R"])")) << table;
    }
    const auto solved = run_json("solve 8puzzle " + state + " --json");
    EXPECT_EQ(solved["moves"], nlohmann::json::parse(R"(["R", "R"])"));
    std::filesystem::remove_all(dir);
}

// A two-bit table of an encoding this program does not read is named as such, with its path.
TEST(CliTwoBit, AnUnknownEncodingIsNamed) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(run_frontier("enumerate sliding:2x3 --two-bit --out " + dir + "/t.2bit").exit_code,
              0);
    const TableFile file = TableFile::open(dir + "/t.2bit");
    TableHeader h = file.header();
    h.set_field("encoding", "depth");
    write_table_file(dir + "/enc.2bit", h, file.payload());
    expect_input_error(run_frontier("lookup " + dir + "/enc.2bit '_ 1 2 3 4 5'"),
                       dir +
                           "/enc.2bit: a two-bit table with an unsupported encoding \"depth\" "
                           "(header field encoding; this program reads depth-mod-3)");
    std::filesystem::remove_all(dir);
}

// A table that does not fit the address space left to the program is out of memory (exit
// status 3), not bad input. The file is sparse: its 1 GiB take no disk.
TEST(CliTwoBit, ATableThatCannotBeMappedIsOutOfMemory) {
    if (test::run_shell("command -v prlimit").exit_code != 0) GTEST_SKIP() << "no prlimit";
    const std::string dir = test::temp_dir();
    const std::string big = dir + "/big.table";
    std::ofstream(big).close();
    std::filesystem::resize_file(big, std::uint64_t{1} << 30);
    const auto r = test::run_shell("prlimit --as=400000000 " + test::frontier_binary() +
                                   " lookup " + big + " '_ 1 2 3 4 5'");
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_EQ(r.err, "frontier: error: " + big + ": cannot map file: Cannot allocate memory\n");
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
