// Regression tests for defects found by trying to break the program (issue 22): each is the bad
// input, the exit status and the single stderr line (or the right answer) it must give.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

// 7, 11: numbers with a leading zero are decimal, not octal.
TEST(CliHardening, LeadingZerosAreDecimal) {
    const auto r = run_frontier("count queens 010");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("queens 10: 724 solutions"), std::string::npos) << r.out;
    const auto e = run_frontier("enumerate 8puzzle --max-depth 010 --json");
    ASSERT_EQ(e.exit_code, 0) << e.err;
    EXPECT_EQ(nlohmann::json::parse(e.out)["max_depth"], 10);
}

// 1, 2, 5, 21: thread counts beyond the cap are refused at once, with a short line.
TEST(CliHardening, ThreadCountsAreCapped) {
    const auto start = std::chrono::steady_clock::now();
    for (const char* args : {"enumerate 8puzzle --threads 100000",
                             "solve 15puzzle '1 2 3 4 5 6 7 8 9 10 11 12 13 14 _ "
                             "15' --algorithm pidastar --threads 70000",
                             "rush grade - --threads 100000", "enumerate 8puzzle --threads -1"}) {
        const auto r = run_frontier(args);
        expect_input_error(r, "--threads");
        EXPECT_LT(r.err.size(), 160u) << r.err;
        EXPECT_NE(r.err.find("4 x the cores"), std::string::npos) << r.err;
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    expect_input_error(run_frontier("bench --threads 1,99999 --workloads queens-8"),
                       "bench --threads 99999");
}

// 12: an unsigned limit is not negative and fits in 64 bits.
TEST(CliHardening, UnsignedLimitsAreChecked) {
    const std::string solve = "solve 8puzzle '1 2 3 4 5 6 7 _ 8' --algorithm astar ";
    expect_input_error(run_frontier(solve + "--max-expansions -1"), "must be 0 or more");
    expect_input_error(run_frontier(solve + "--max-expansions 18446744073709551616"), "too large");
    EXPECT_EQ(run_frontier(solve + "--max-expansions 0100").exit_code, 0);
}

// 10: an empty workload list is refused, not read as "all".
TEST(CliHardening, EmptyBenchWorkloadsAreRefused) {
    expect_input_error(run_frontier("bench --workloads ''"), "the list is empty");
}

// 6: a FIFO given as a table is refused instead of blocking forever.
TEST(CliHardening, AFifoIsNotATable) {
    const std::string dir = test::temp_dir();
    const std::string fifo = dir + "/fifo.table";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    expect_input_error(run_frontier("lookup " + fifo + " '1 2 3 4 5 6 7 8 _'"),
                       "not a regular file");
    expect_input_error(run_frontier("pdb info " + fifo), "not a regular file");
    std::filesystem::create_directories(dir + "/shards");
    ASSERT_EQ(::mkfifo((dir + "/shards/manifest").c_str(), 0600), 0);
    expect_input_error(run_frontier("lookup " + dir + "/shards '1 2 3 4 5 6 7 8 _'"),
                       "not a regular file");
}

// 16, 26: a checkpoint in use by another run is refused; --resume without one says so.
TEST(CliHardening, CheckpointsHaveOneWriter) {
    const std::string out = test::temp_dir() + "/db.txt";
    const auto fresh =
        run_frontier("rush enumerate --size 4 --walls 0 --out " + out + " --resume --max-units 2");
    ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
    EXPECT_NE(fresh.err.find("no checkpoint"), std::string::npos) << fresh.err;
    const std::string checkpoint = out + ".checkpoint";
    ASSERT_TRUE(std::filesystem::exists(checkpoint));
    const int fd = ::open(checkpoint.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX), 0);  // as a running enumeration holds it
    expect_input_error(run_frontier("rush enumerate --size 4 --walls 0 --out " + out + " --resume"),
                       "another run is using this checkpoint");
    ::close(fd);
    EXPECT_EQ(
        run_frontier("rush enumerate --size 4 --walls 0 --out " + out + " --resume").exit_code, 0);
}

}  // namespace
}  // namespace frontier

namespace frontier {
namespace {

// 25: a bad state in a lookup list is reported (one line) and the others are still answered.
TEST(CliHardening, LookupGoesOnAfterABadState) {
    const std::string dir = test::temp_dir();
    const std::string table = dir + "/8.table", two = dir + "/8.2bit";
    ASSERT_EQ(run_frontier("enumerate 8puzzle --out " + table).exit_code, 0);
    ASSERT_EQ(run_frontier("enumerate 8puzzle --two-bit --out " + two).exit_code, 0);
    for (const std::string& t : {table, two}) {
        const auto r =
            run_frontier("lookup " + t + " '1 2 3 4 5 6 7 _ 8' '1 2 3' '1 2 3 4 5 _ 7 8 6'");
        EXPECT_EQ(r.exit_code, 2) << t;
        EXPECT_EQ(r.out, "1 2 3 4 5 6 7 _ 8: 1\n1 2 3 4 5 _ 7 8 6: 1\n") << t;
        EXPECT_EQ(test::count_lines(r.err), 1) << r.err;
        EXPECT_NE(r.err.find("expected 9 tiles"), std::string::npos) << r.err;
        const auto j = run_frontier("lookup " + t + " --json '1 2 3' '1 2 3 4 5 6 7 _ 8'");
        EXPECT_EQ(j.exit_code, 2);
        const auto a = nlohmann::json::parse(j.out);
        ASSERT_EQ(a.size(), 2u);
        EXPECT_EQ(a[0]["status"], "invalid");
        EXPECT_EQ(a[1]["distance"], 1);
    }
}

// 13, 27, 15: output paths are checked before the work, and only regular files are replaced.
TEST(CliHardening, OutputPathsAreCheckedFirst) {
    expect_input_error(run_frontier("enumerate 8puzzle --out ''"), "--out: the path is empty");
    expect_input_error(run_frontier("enumerate sliding:4x3 --out /no/such/dir/t.table"),
                       "does not exist");
    expect_input_error(run_frontier("enumerate sliding:4x3 --two-bit --out /no/such/dir/t.2bit"),
                       "does not exist");
    expect_input_error(run_frontier("enumerate 8puzzle --out /dev/null"), "not a regular file");
    const std::string dir = test::temp_dir();
    expect_input_error(run_frontier("enumerate 8puzzle --out " + dir), "is a directory");
    // A link is written through: the link stays, the file it names gets the table.
    std::filesystem::create_directories(dir + "/real");
    std::filesystem::create_symlink(dir + "/real/8.table", dir + "/link.table");
    ASSERT_EQ(run_frontier("enumerate 8puzzle --out " + dir + "/link.table").exit_code, 0);
    EXPECT_TRUE(std::filesystem::is_symlink(dir + "/link.table"));
    EXPECT_TRUE(std::filesystem::is_regular_file(dir + "/real/8.table"));
    EXPECT_EQ(run_frontier("lookup " + dir + "/link.table '1 2 3 4 5 6 7 _ 8'").out,
              "1 2 3 4 5 6 7 _ 8: 1\n");
}

// 19, 20: errors are one line of valid UTF-8, however the input looks; a byte-order mark
// starts a file harmlessly.
TEST(CliHardening, ErrorsAreOneLineOfUtf8) {
    const auto peg = run_frontier(
        "solve peg-solitaire \"$(printf 'xxx\\nxxx\\nxxxxxxx\\nxxx.xxx\\nxxxxxxx\\nxxx\\nxx')\"");
    expect_input_error(peg, "row 7 has 2 holes");
    EXPECT_NE(peg.err.find("\\n"), std::string::npos) << peg.err;  // the break, escaped
    const auto tile = run_frontier("solve 8puzzle '12345678\xc3\xa9'");
    expect_input_error(tile, "unknown character");
    EXPECT_NE(tile.err.find("\\xc3"), std::string::npos) << tile.err;
    EXPECT_NE(tile.err.find("12345678\xc3\xa9"), std::string::npos) << tile.err;  // kept whole
    // No half character anywhere: every lead byte is followed by its continuation bytes.
    for (std::size_t i = 0; i < tile.err.size(); ++i) {
        const auto b = static_cast<unsigned char>(tile.err[i]);
        if (b < 0x80) continue;
        ASSERT_EQ(b >> 5, 0x6u) << tile.err;  // only 2-byte characters in this message
        ASSERT_LT(i + 1, tile.err.size());
        EXPECT_EQ(static_cast<unsigned char>(tile.err[++i]) >> 6, 0x2u) << tile.err;
    }
    const auto huge = run_frontier(
        "solve sliding-blocks --layout \"$(printf 'AA.\\n%.0s' "
        "$(seq 1 3000))..!\" --goal 'A at b3'");
    expect_input_error(huge, "more bytes");
    EXPECT_LT(huge.err.size(), 1000u);
    const std::string dir = test::temp_dir();
    std::ofstream(dir + "/bom.txt") << "\xEF\xBB\xBF"
                                    << "1 2 3 4 5 6 7 _ 8\n";
    const auto bom = run_frontier("solve-batch 8puzzle " + dir + "/bom.txt --json");
    EXPECT_EQ(bom.exit_code, 0) << bom.err;
    EXPECT_EQ(nlohmann::json::parse(bom.out)["solved"], 1);
    std::filesystem::remove_all(dir);
}

// 18: JSON survives input that is not UTF-8 (a Latin-1 id).
TEST(CliHardening, JsonSurvivesInvalidUtf8) {
    const std::string dir = test::temp_dir();
    std::ofstream(dir + "/ids.tsv") << "id\ttiles\n\xff\x80\t1 2 3 4 5 6 7 _ 8\n";
    const auto r = run_frontier("solve-batch 8puzzle " + dir + "/ids.tsv --json");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["solved"], 1);
    EXPECT_EQ(j["instances"][0]["id"], "\xEF\xBF\xBD\xEF\xBF\xBD");  // U+FFFD for each bad byte
    std::filesystem::remove_all(dir);
}

// 14: out of memory is its own exit status (3), not "no solution" (1).
TEST(CliHardening, OutOfMemoryExitsThree) {
    const auto r = test::run_frontier_with("ulimit -v 400000;",
                                           "solve 15puzzle 0FEDCBA987654321 -a astar --threads 1");
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_EQ(test::count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("out of memory"), std::string::npos) << r.err;
}

// 22, 23, 24: messages that name what they complain about.
TEST(CliHardening, MessagesNameTheProblem) {
    expect_input_error(run_frontier("solve qubic --x 99999999999999999999"),
                       "cell 99999999999999999999 at position 1 is out of range");
    expect_input_error(run_frontier("solve rush 'abc IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332'"),
                       "must be non-negative numbers");
    expect_input_error(run_frontier("count queens 100"), "counting takes 1 <= N <= 27 (got 100");
}

}  // namespace
}  // namespace frontier
