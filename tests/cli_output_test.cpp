// Nothing wrong, nothing lost: output that cannot be written is an error, never a success; inputs
// that are no files of ours (directories, FIFOs, devices, endless lines) are refused at once;
// an expected answer that did not come out is a mismatch; options that would do nothing are
// refused; messages name whole characters and short ranges.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

// The commands of the audit whose stdout must be checked; each prints a few lines at least.
std::vector<std::string> output_commands(const std::string& table) {
    return {"enumerate 8puzzle",
            "solve 8puzzle '1 8 _ 3 2 4 6 5 7'",
            "count queens 8",
            "solve-batch 8puzzle docs/examples/course.txt",
            "lookup " + table + " '1 8 _ 3 2 4 6 5 7'",
            "rush enumerate --size 4 --walls 0"};
}

std::string make_8puzzle_table(const std::string& dir) {
    const std::string table = dir + "/8puzzle.table";
    EXPECT_EQ(run_frontier("enumerate 8puzzle --out " + table).exit_code, 0);
    return table;
}

// Runs `frontier ARGS` from the source root with stdout on a pipe whose reading end is closed
// before the program starts, so its first write fails (SIGPIPE, or EPIPE when ignored).
int run_with_closed_stdout(const std::string& args) {
    int fds[2];
    if (::pipe(fds) != 0) return -1;
    ::close(fds[0]);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(fds[1], STDOUT_FILENO);
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, STDERR_FILENO);
        const std::string cmd =
            "cd " FRONTIER_SOURCE_DIR " && exec " + test::frontier_binary() + " " + args;
        ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(fds[1]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(CliOutput, AFullStandardOutputIsAnError) {
    const std::string dir = test::temp_dir();
    for (const std::string& args : output_commands(make_8puzzle_table(dir))) {
        const std::string err = dir + "/err";
        const std::string cmd = "cd " FRONTIER_SOURCE_DIR " && " + test::frontier_binary() + " " +
                                args + " >/dev/full 2>" + err;
        const int status = std::system(cmd.c_str());
        ASSERT_TRUE(WIFEXITED(status)) << args;
        EXPECT_EQ(WEXITSTATUS(status), 3) << args;
        std::ifstream in(err);
        const std::string text((std::istreambuf_iterator<char>(in)), {});
        EXPECT_NE(text.find("frontier: error: cannot write standard output (No space left on "
                            "device)"),
                  std::string::npos)
            << args << ": " << text;
        EXPECT_EQ(text.find("enumerated"), std::string::npos) << args << ": " << text;
    }
    std::filesystem::remove_all(dir);
}

TEST(CliOutput, AClosedPipeIsAnError) {
    const std::string dir = test::temp_dir();
    for (const std::string& args : output_commands(make_8puzzle_table(dir)))
        EXPECT_NE(run_with_closed_stdout(args), 0) << args;
    std::filesystem::remove_all(dir);
}

// Korf's instances have the blank top-left in their goal; against the default goal every one is
// unsolvable, which must not read as "all lengths equal the file's".
TEST(CliOutput, AnExpectedLengthThatCameOutUnsolvableIsAMismatch) {
    const auto r = run_frontier("solve-batch 15puzzle " + test::data_file("korf100.tsv") +
                                " --algorithm astar --json");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["mismatches"], 100);
    EXPECT_EQ(j["solved"], 0);
    const auto text = run_frontier("solve-batch 15puzzle " + test::data_file("korf100.tsv") +
                                   " --algorithm astar");
    EXPECT_EQ(text.exit_code, 1);
    EXPECT_NE(text.out.find("100 lengths differ from the file's"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("MISMATCH: unsolvable, expected 57"), std::string::npos) << text.out;
}

// Numbers are JSON numbers: a file's expected length as the solved length is, and compare's
// objects carry the same counters as its CSV columns.
TEST(CliOutput, JsonNumbersAndColumnsAgree) {
    const auto batch = run_frontier("solve-batch 8puzzle - --json",
                                    "state\toptimal_length\n1 2 3 4 5 6 _ 7 8\t2\n");
    ASSERT_EQ(batch.exit_code, 0) << batch.err;
    const auto item = nlohmann::json::parse(batch.out)["instances"][0];
    EXPECT_TRUE(item["expected"].is_number_integer()) << item;
    EXPECT_EQ(item["expected"], item["length"]);
    const auto compared = run_frontier("compare 8puzzle " + std::string(FRONTIER_SOURCE_DIR) +
                                       "/docs/examples/course.txt --algorithms bfs,astar --json");
    ASSERT_EQ(compared.exit_code, 0) << compared.err;
    for (const auto& cell : nlohmann::json::parse(compared.out))
        for (const char* key : {"expanded", "generated", "duplicates", "seconds"})
            EXPECT_TRUE(cell.contains(key)) << key << " " << cell;
}

TEST(CliOutput, BatchInputsMustBeFilesWithLines) {
    const std::string dir = test::temp_dir();
    for (const std::string& cmd :
         {"solve-batch 8puzzle ", "compare 8puzzle ", "solve-batch sudoku ", "rush grade "})
        expect_input_error(run_frontier(cmd + dir), "is a directory");
    expect_input_error(run_frontier("solve-batch 8puzzle /dev/zero"), "line longer than");
    expect_input_error(run_frontier("lookup " + make_8puzzle_table(dir), std::string(2 << 20, '1')),
                       "line longer than");
    std::filesystem::remove_all(dir);
}

// A checkpoint or an import that is a FIFO would block the reader forever, /dev/zero would feed
// it without end: both are refused before a byte is read.
TEST(CliOutput, CheckpointsAndImportsMustBeRegularFiles) {
    const std::string dir = test::temp_dir();
    const std::string out = dir + "/db.txt";
    ASSERT_EQ(::mkfifo((out + ".checkpoint").c_str(), 0644), 0);
    expect_input_error(run_frontier("rush enumerate --size 4 --walls 0 --out " + out + " --resume"),
                       "not a regular file");
    std::filesystem::remove(out + ".checkpoint");
    // A link is refused as a link, whatever it names (a checkpoint is never written through one).
    std::filesystem::create_symlink("/dev/zero", out + ".checkpoint");
    expect_input_error(run_frontier("rush enumerate --size 4 --walls 0 --out " + out + " --resume"),
                       "is a symbolic link; refusing to write a checkpoint through it");
    std::filesystem::remove(out + ".checkpoint");
    ASSERT_EQ(::mkfifo((dir + "/fifo").c_str(), 0644), 0);
    for (const std::string& import : {dir + "/fifo", std::string("/dev/zero")})
        expect_input_error(
            run_frontier("rush enumerate --size 4 --walls 0 --out " + out + " --import " + import),
            "not a regular file");
    std::filesystem::remove_all(dir);
}

TEST(CliOutput, OptionsThatWouldDoNothingAreRefused) {
    expect_input_error(run_frontier("solve 8puzzle '1 8 _ 3 2 4 6 5 7' --pdb-dir /nonexistent"),
                       "--pdb-dir is read only by --heuristic pdb");
    expect_input_error(run_frontier("solve 8puzzle '1 8 _ 3 2 4 6 5 7' --hash zobrist"),
                       "--hash applies to hdastar only");
    expect_input_error(run_frontier("solve sudoku "
                                    "85...24..72......9..4.........1.7..23.5...9...4..........."
                                    "8..7..17..........36.4. --limit 3"),
                       "--limit requires --count");
    expect_input_error(run_frontier("solve cryptarithm SEND+MORE=MONEY --limit 3"),
                       "--limit requires --count");
    expect_input_error(run_frontier("solve-batch cryptarithm - --limit 3", "SEND+MORE=MONEY\n"),
                       "--limit requires --count");
    expect_input_error(run_frontier("bench --threads ''"), "no thread count given");
    // The same options where they apply still work.
    EXPECT_EQ(run_frontier("solve 15puzzle '13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11' --goal '0 1 2 "
                           "3 4 5 6 7 8 9 10 11 12 13 14 15' --algorithm hdastar --hash zobrist "
                           "--threads 2")
                  .exit_code,
              0);
}

TEST(CliOutput, MessagesNameCharactersAndShortRanges) {
    const auto minutes = run_frontier("enumerate sliding:3x3 --two-bit --checkpoint-minutes -1");
    expect_input_error(minutes, "must be 0 or more, not -1");
    EXPECT_LT(minutes.err.size(), 120u) << minutes.err;
    const auto threads = run_frontier("enumerate 8puzzle --threads -1");
    expect_input_error(threads, "--threads: -1: expected 0 (all cores)");
    EXPECT_EQ(threads.err.find("--threads: --threads"), std::string::npos) << threads.err;
    // 36 characters, 37 bytes: the character is named, not the length in bytes.
    expect_input_error(run_frontier("solve rush IBBxooIooLDDJAALooJoKEEMFFKooMGGHHH\xc3\xa9"),
                       "unknown character '\xc3\xa9' at position 36");
}

// A partition's databases are used together or not at all: one missing file (a build that did
// not finish) is refused instead of a weaker heuristic used silently.
TEST(CliOutput, AnIncompletePdbPartitionIsRefused) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(run_frontier("pdb build 8puzzle --partition 4-4 --out-dir " + dir).exit_code, 0);
    const std::string solve = "solve 8puzzle '1 8 _ 3 2 4 6 5 7' --heuristic pdb --pdb-dir " + dir;
    EXPECT_EQ(run_frontier(solve).exit_code, 0);
    std::filesystem::remove(dir + "/pattern-5-6-7-8.pdb");
    expect_input_error(run_frontier(solve), "the database of tiles 5,6,7,8 is missing");
    std::filesystem::remove_all(dir);
}

// A lookup without states reads standard input; at a terminal it says so in one stderr line
// (under `script`, a terminal whose input ends at once), and in a pipe it stays silent.
TEST(CliOutput, ALookupWaitingAtATerminalSaysWhatItReads) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(test::run_frontier("enumerate sliding:2x3 --out " + dir + "/t.table").exit_code, 0);
    const std::string hint = "reading states from standard input (one per line; Ctrl-D ends)";
    const auto piped = test::run_frontier("lookup " + dir + "/t.table", "1 2 3 4 5 _\n");
    EXPECT_EQ(piped.exit_code, 0) << piped.err;
    EXPECT_EQ(piped.err, "");
    if (test::run_shell("command -v script").exit_code != 0) GTEST_SKIP() << "no script(1)";
    const auto typed = test::run_shell("script -qec '" + test::frontier_binary() + " lookup " +
                                       dir + "/t.table' /dev/null < /dev/null");
    EXPECT_NE(typed.out.find(hint), std::string::npos) << typed.out << typed.err;
    // The help says which tables --path works on: one-byte ones as well as two-bit.
    EXPECT_NE(test::run_frontier("lookup --help").out.find("one-byte and two-bit tables"),
              std::string::npos);
    const auto path = test::run_frontier("lookup " + dir + "/t.table --path '1 2 3 4 _ 5'");
    EXPECT_EQ(path.exit_code, 0) << path.err;
    EXPECT_NE(path.out.find("1 (moves: R)"), std::string::npos) << path.out;
}

}  // namespace
}  // namespace frontier
