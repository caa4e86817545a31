// frontier started by mpiexec (--distributed): exact layer counts with 1, 2 and 3 ranks, a
// sharded table that answers lookup exactly like the one-file table, optimal HDA* lengths with
// only rank 0 printing, errors printed once, a failing or killed rank ending the whole job with a
// non-zero status in bounded time, and an interrupt answered with one line. The Rush Hour census
// under mpiexec: cli_mpi_rush_test.cpp.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/search/astar.hpp>
#include <nlohmann/json.hpp>
#include "tests/mpi/cli_mpi_support.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

using test::BackgroundJob;
using test::children;
using test::mpiexec;
using test::occurrences;
using test::read_text;

const std::vector<std::uint64_t> k8PuzzleLayers = {  // OEIS A089473
    1,     2,     4,     8,     16,    20,   39,   62,   116,   152,   286,
    396,   748,   1024,  1893,  2512,  4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760,  221,   2};

// Open MPI is loaded only by a distributed run: the program itself does not link it (its
// libraries would cost every run a megabyte), and a program whose MPI module is missing says so
// in one line, exit status 2.
TEST(CliMpi, OnlyADistributedRunLoadsMpi) {
    const auto libs = test::run_shell("ldd " + test::frontier_binary());
    ASSERT_EQ(libs.exit_code, 0) << libs.err;
    EXPECT_EQ(libs.out.find("libmpi"), std::string::npos) << libs.out;
    const std::string dir = test::temp_dir();
    fs::copy_file(test::frontier_binary(), dir + "/frontier");
    const auto r = test::run_shell(dir + "/frontier enumerate 8puzzle --distributed");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "frontier: error: --distributed: cannot load the MPI module "
              "libfrontier_mpi_session.so (not beside the program nor in its lib/frontier "
              "folder)\n");
    fs::remove_all(dir);
}

TEST(CliMpi, EnumerateLayersAreExactWithOneTwoAndThreeRanks) {
    for (int ranks : {1, 2, 3}) {
        const auto r = test::run_frontier_with(
            mpiexec(ranks), "enumerate 8puzzle --distributed --json --threads 1");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const json j = json::parse(r.out);  // one object: only rank 0 printed
        EXPECT_EQ(j["layers"].get<std::vector<std::uint64_t>>(), k8PuzzleLayers) << ranks;
        EXPECT_EQ(j["ranks"], ranks);
        EXPECT_EQ(j["reached"], 181440);
        EXPECT_EQ(j["farthest_count"], 2);
        if (ranks > 1) {
            EXPECT_GT(j["exchanged"].get<std::uint64_t>(), 0u);
        }
    }
}

TEST(CliMpi, ShardedTableAnswersLookupLikeTheOneFileTable) {
    const std::string dir = test::temp_dir();
    const SlidingTiles d(3, 3, parse_tiles(3, 3, "_ 1 2 3 4 5 6 7 8"));
    std::mt19937_64 rng(5);
    std::string states = "# random states, one unsolvable, the goal\n";
    for (int i = 0; i < 300; ++i) states += format_tiles(d, random_solvable(d, rng)) + "\n";
    states += "_ 2 1 3 4 5 6 7 8\n_ 1 2 3 4 5 6 7 8\n";
    const std::string goal = " --goal '_ 1 2 3 4 5 6 7 8'";
    ASSERT_EQ(test::run_frontier("enumerate 8puzzle --out " + dir + "/one.table" + goal).exit_code,
              0);
    const auto e = test::run_frontier_with(
        mpiexec(3), "enumerate 8puzzle --distributed --threads 1 --out " + dir + "/shards" + goal);
    ASSERT_EQ(e.exit_code, 0) << e.err;
    EXPECT_EQ(occurrences(e.out, "max depth"), 1) << e.out;  // only rank 0 printed
    EXPECT_NE(e.out.find("(3 shards"), std::string::npos) << e.out;
    EXPECT_TRUE(fs::exists(dir + "/shards/manifest"));
    const auto one = test::run_frontier("lookup --json " + dir + "/one.table", states);
    const auto sharded = test::run_frontier("lookup --json " + dir + "/shards", states);
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(sharded.exit_code, 0) << sharded.err;
    EXPECT_EQ(sharded.out, one.out);
    EXPECT_EQ(json::parse(one.out).size(), 302u);
    fs::remove_all(dir);
}

// Two-bit tables split across 1 to 4 ranks (push and pull layers, several slices): the one-file
// table's bytes, layers and lookup answers. The 4x3 and 6x2 boards are the long test's.
TEST(CliMpi, TwoBitShardsAreTheOneFileTable) {
    test::expect_two_bit_shards_are_the_one_file_table(2, 5, {1, 2, 3, 4});
}

TEST(CliMpi, TwoBitShardsAreChecked) {
    const std::string dir = test::temp_dir();
    const auto e = test::run_frontier_with(
        mpiexec(2),
        "enumerate sliding:2x5 --two-bit --distributed --threads 1 --out " + dir + "/t");
    ASSERT_EQ(e.exit_code, 0) << e.err;
    EXPECT_EQ(occurrences(e.out, "max depth 55"), 1) << e.out;
    EXPECT_NE(e.out.find("2 ranks x 1 threads"), std::string::npos) << e.out;
    EXPECT_NE(e.out.find("wrote " + dir + "/t (2 shards"), std::string::npos) << e.out;
    const std::string goal_far = "_ 9 3 7 1 5 4 8 2 6";
    const auto ok = test::run_frontier("lookup " + dir + "/t '" + goal_far + "' --path");
    ASSERT_EQ(ok.exit_code, 0) << ok.err;
    EXPECT_NE(ok.out.find(": 55 (moves: "), std::string::npos) << ok.out;
    {  // one byte of the second shard's payload changed: refused, never answered
        const std::string shard = dir + "/t/shard-0001-of-0002.table";
        std::fstream f(shard, std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(0, std::ios::end);
        const auto size = static_cast<std::streamoff>(f.tellg());
        f.seekg(size - 100);
        const char c = static_cast<char>(f.get() ^ 0x55);
        f.seekp(size - 100);
        f.put(c);
    }
    const auto bad = test::run_frontier("lookup " + dir + "/t '" + goal_far + "'");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.out, "");
    EXPECT_NE(bad.err.find("shard-0001-of-0002.table: corrupt: payload checksum mismatch"),
              std::string::npos)
        << bad.err;
    std::filesystem::remove_all(dir);
}

// Whether the two shards of DIR, joined, are the one-file table's payload byte for byte.
bool shards_are(const std::string& dir, const std::string& one_file) {
    const TableFile one = TableFile::open(one_file);
    std::vector<std::uint8_t> joined;
    for (const char* shard : {"/shard-0000-of-0002.table", "/shard-0001-of-0002.table"}) {
        const TableFile f = TableFile::open(dir + shard);
        joined.insert(joined.end(), f.payload().begin(), f.payload().end());
    }
    return std::equal(joined.begin(), joined.end(), one.payload().begin(), one.payload().end());
}

// A distributed two-bit run keeps one checkpoint per rank: stopped by --max-depth, it is refused
// as a table and as a fresh start, refused by another rank count, and --resume finishes it into
// the one-file table's bytes (checkpointing after every layer on the way).
TEST(CliMpi, TwoBitRunResumesFromEveryRanksCheckpoint) {
    const std::string dir = test::temp_dir();
    const std::string run =
        "enumerate sliding:2x5 --two-bit --distributed --threads 1 --out " + dir + "/t";
    ASSERT_EQ(
        test::run_frontier("enumerate sliding:2x5 --two-bit --out " + dir + "/one.2bit").exit_code,
        0);
    const auto part = test::run_frontier_with(mpiexec(2), run + " --max-depth 20");
    ASSERT_EQ(part.exit_code, 0) << part.err;
    EXPECT_NE(part.out.find("continue with --resume"), std::string::npos) << part.out;
    EXPECT_TRUE(fs::exists(dir + "/t/shard-0001-of-0002.checkpoint"));
    EXPECT_FALSE(fs::exists(dir + "/t/manifest"));
    const auto fresh = test::run_frontier_with(mpiexec(2), run);
    EXPECT_EQ(fresh.exit_code, 2);
    EXPECT_EQ(occurrences(fresh.err, "a checkpoint of an earlier run exists"), 1) << fresh.err;
    const auto other = test::run_frontier_with(mpiexec(3), run + " --resume");
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_EQ(occurrences(other.err, "no checkpoint to resume from"), 1) << other.err;
    const auto done =
        test::run_frontier_with(mpiexec(2), run + " --resume --checkpoint-minutes 0 --json");
    ASSERT_EQ(done.exit_code, 0) << done.err;
    EXPECT_EQ(json::parse(done.out)["max_depth"], 55);
    EXPECT_FALSE(fs::exists(dir + "/t/shard-0000-of-0002.checkpoint"));
    EXPECT_TRUE(shards_are(dir + "/t", dir + "/one.2bit"));
    fs::remove_all(dir);
}

// A save interrupted between the ranks' writes: rank 0 has written depth 21 (and still keeps 20
// as its previous checkpoint), rank 1 had only set its depth-20 checkpoint aside. --resume takes
// depth 20, which both hold, and finishes the table; with no common layers it refuses once.
TEST(CliMpi, ATwoBitSaveCutBetweenTheRanksStillResumes) {
    const std::string dir = test::temp_dir(), t = dir + "/t/shard-000";
    const std::string run =
        "enumerate sliding:2x5 --two-bit --distributed --threads 1 --out " + dir + "/t";
    ASSERT_EQ(
        test::run_frontier("enumerate sliding:2x5 --two-bit --out " + dir + "/one.2bit").exit_code,
        0);
    ASSERT_EQ(test::run_frontier_with(mpiexec(2), run + " --max-depth 20").exit_code, 0);
    for (const char* r : {"0", "1"})
        fs::copy_file(t + r + "-of-0002.checkpoint", dir + "/depth20-" + r);
    // One rank's checkpoint missing (a run stopped during its first save): the files to delete.
    const std::string every = dir + "/t/shard-*-of-0002.checkpoint*";
    fs::remove(t + "1-of-0002.checkpoint");
    const auto lone = test::run_frontier_with(mpiexec(2), run + " --resume");
    EXPECT_EQ(lone.exit_code, 2);
    EXPECT_EQ(occurrences(lone.err, "frontier: error:"), 1) << lone.err;
    EXPECT_NE(
        lone.err.find(
            "shard-0001-of-0002.checkpoint: no checkpoint, while other processes have theirs"),
        std::string::npos)
        << lone.err;
    EXPECT_NE(lone.err.find("delete " + every + " and start again"), std::string::npos) << lone.err;
    fs::copy_file(dir + "/depth20-1", t + "1-of-0002.checkpoint");
    ASSERT_EQ(test::run_frontier_with(mpiexec(2), run + " --resume --max-depth 21").exit_code, 0);
    EXPECT_FALSE(fs::exists(t + "0-of-0002.checkpoint.previous"));  // dropped after the save
    // No depth on both ranks: refused.
    fs::copy_file(dir + "/depth20-1", t + "1-of-0002.checkpoint",
                  fs::copy_options::overwrite_existing);
    const auto mixed = test::run_frontier_with(mpiexec(2), run + " --resume");
    EXPECT_EQ(mixed.exit_code, 2);
    EXPECT_EQ(occurrences(mixed.err, "the processes' checkpoints hold different layers"), 1)
        << mixed.err;
    EXPECT_NE(mixed.err.find("delete " + every + " and start again"), std::string::npos)
        << mixed.err;
    // The cut save: rank 0 {21, previous 20}, rank 1 {previous 20}.
    fs::copy_file(dir + "/depth20-0", t + "0-of-0002.checkpoint.previous");
    fs::rename(t + "1-of-0002.checkpoint", t + "1-of-0002.checkpoint.previous");
    const auto done = test::run_frontier_with(mpiexec(2), run + " --resume --json");
    ASSERT_EQ(done.exit_code, 0) << done.err;
    EXPECT_EQ(json::parse(done.out)["max_depth"], 55);
    for (const char* r : {"0", "1"}) {
        EXPECT_FALSE(fs::exists(t + r + "-of-0002.checkpoint"));
        EXPECT_FALSE(fs::exists(t + r + "-of-0002.checkpoint.previous"));
    }
    EXPECT_TRUE(shards_are(dir + "/t", dir + "/one.2bit"));
    fs::remove_all(dir);
}

// A distributed enumerate refused over a finished table (a mistaken --resume, a checkpoint left
// by a rank that died after the final barrier, a bad --plot path) leaves the table readable:
// the old manifest is removed only once every check has passed.
TEST(CliMpi, ARefusedRunKeepsTheFinishedTable) {
    const std::string dir = test::temp_dir();
    const std::string two_bit =
        "enumerate sliding:3x3 --two-bit --distributed --threads 1 --out " + dir + "/t";
    const std::string lookup = "lookup " + dir + "/t '8 6 7 2 5 4 3 _ 1'";
    ASSERT_EQ(test::run_frontier_with(mpiexec(2), two_bit).exit_code, 0);
    const auto resume = test::run_frontier_with(mpiexec(2), two_bit + " --resume");
    EXPECT_EQ(resume.exit_code, 2);
    EXPECT_EQ(occurrences(resume.err, "no checkpoint to resume from"), 1) << resume.err;
    EXPECT_EQ(test::run_frontier(lookup).out, "8 6 7 2 5 4 3 _ 1: 31\n");
    fs::copy_file(dir + "/t/shard-0001-of-0002.table", dir + "/t/shard-0001-of-0002.checkpoint");
    const auto left = test::run_frontier_with(mpiexec(2), two_bit);
    EXPECT_EQ(left.exit_code, 2);
    EXPECT_EQ(occurrences(left.err, "a checkpoint of an earlier run exists"), 1) << left.err;
    EXPECT_EQ(test::run_frontier(lookup).out, "8 6 7 2 5 4 3 _ 1: 31\n");
    const std::string one_byte = "enumerate 8puzzle --distributed --threads 1 --out " + dir + "/b";
    ASSERT_EQ(test::run_frontier_with(mpiexec(2), one_byte).exit_code, 0);
    const auto plot =
        test::run_frontier_with(mpiexec(2), one_byte + " --plot " + dir + "/none/x.svg");
    EXPECT_EQ(plot.exit_code, 2);
    EXPECT_NE(plot.err.find("--plot " + dir + "/none/x.svg"), std::string::npos) << plot.err;
    const auto after = test::run_frontier("lookup " + dir + "/b '8 6 7 2 5 4 3 _ 1'");
    EXPECT_EQ(after.out, "8 6 7 2 5 4 3 _ 1: 31\n") << after.err;
    fs::remove_all(dir);
}

TEST(CliMpi, SolveIsOptimalAndOnlyRankZeroPrints) {
    const std::string korf55 = "'13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11'";
    const std::string goal = " --goal '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15'";
    const auto text =
        test::run_frontier_with(mpiexec(2), "solve 15puzzle " + korf55 + goal +
                                                " --heuristic lc --distributed --threads 1");
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_EQ(occurrences(text.out, "41 moves (optimal)"), 1) << text.out;
    EXPECT_EQ(occurrences(text.out, "\nmoves: "), 1);
    EXPECT_NE(text.out.find("2 ranks, 2 threads in all"), std::string::npos) << text.out;
    const auto r = test::run_frontier_with(
        mpiexec(3), "solve 15puzzle " + korf55 + goal +
                        " -a hdastar --heuristic lc --hash azh --distributed --threads 1 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["length"], 41);
    EXPECT_EQ(j["ranks"], 3);
    EXPECT_EQ(j["workers"].size(), 3u);
    EXPECT_GT(j["remote_bytes"].get<std::uint64_t>(), 0u);
    // Replay the moves (the blank's directions) from the start.
    const SlidingTiles d(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    TileState s = parse_tiles(4, 4, "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11");
    for (const auto& m : j["moves"]) {
        const std::string letter = m.get<std::string>();
        bool moved = false;
        d.for_each_successor(s, [&](TileState c, SlideMove mv) {
            if (!moved && std::string(1, kDirLetters[mv.dir]) == letter) {
                s = c;
                moved = true;
            }
        });
        ASSERT_TRUE(moved) << letter;
    }
    EXPECT_TRUE(d.is_goal(s));
}

TEST(CliMpi, SolveBatchMatchesAStarOnRandomEightPuzzles) {
    const SlidingTiles d(3, 3);
    const Manhattan h(d);
    std::mt19937_64 rng(77);
    std::string tsv = "id\ttiles\toptimal_length\n";
    for (int i = 0; i < 8; ++i) {
        const TileState s = random_solvable(d, rng);
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on the chained operator+.
        tsv += std::to_string(i);
        tsv += '\t';
        tsv += format_tiles(d, s);
        tsv += '\t';
        tsv += std::to_string(astar(d, s, h).length());
        tsv += '\n';
    }
    const auto r = test::run_frontier_with(
        mpiexec(3), "solve-batch 8puzzle - --distributed --threads 1 --json", tsv);
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["solved"], 8);
    EXPECT_EQ(j["mismatches"], 0);
}

TEST(CliMpi, ErrorsEveryRankMeetsArePrintedOnce) {
    const auto bad = test::run_frontier_with(mpiexec(3), "solve 8puzzle '1 2 3' --distributed");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(occurrences(bad.err, "frontier: error:"), 1) << bad.err;
    const auto algo =
        test::run_frontier_with(mpiexec(2), "solve 8puzzle 123456780 -a astar --distributed");
    EXPECT_EQ(algo.exit_code, 2);
    EXPECT_NE(algo.err.find("--distributed runs hdastar only"), std::string::npos) << algo.err;
}

TEST(CliMpi, AFailureOnOneRankStopsTheJob) {
    const std::string dir = test::temp_dir();
    // Rank 1 cannot put its shard in place: a directory has the shard's name (and only a
    // regular file is ever replaced).
    fs::create_directories(dir + "/shards/shard-0001-of-0002.table");
    const auto start = std::chrono::steady_clock::now();
    const auto r = test::run_frontier_with(
        mpiexec(2), "enumerate 8puzzle --distributed --threads 1 --out " + dir + "/shards");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("frontier: error: rank 1: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not a regular file; refusing to replace it"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/shards/manifest"));
    EXPECT_LT(seconds, 60);
    fs::remove_all(dir);
}

TEST(CliMpi, KillingOneRankEndsTheJobInBoundedTime) {
    // The 4x3 enumeration takes many seconds on two ranks: kill one rank while it runs.
    const BackgroundJob background(mpiexec(2) + " " + test::frontier_binary() +
                                   " enumerate sliding:4x3 --distributed --threads 1 "
                                   ">/dev/null 2>&1");
    ASSERT_NE(background.pid, 0);
    const pid_t job = background.pid;
    auto elapsed = [&] { return background.elapsed(); };
    std::vector<pid_t> ranks;
    while (elapsed() < 30 && (ranks = children(job, "frontier")).size() < 2)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_EQ(ranks.size(), 2u) << "the ranks did not start";
    std::this_thread::sleep_for(std::chrono::seconds(1));  // let them get to work
    const auto killed_at = elapsed();
    ::kill(ranks[1], SIGKILL);
    int status = 0;
    pid_t done = 0;
    while ((done = ::waitpid(job, &status, WNOHANG)) == 0 && elapsed() < killed_at + 60)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (done == 0) {  // still running: clean up, then fail
        ::kill(job, SIGKILL);
        for (pid_t p : ranks) ::kill(p, SIGKILL);
        ::waitpid(job, &status, 0);
        FAIL() << "the job outlived a killed rank by 60 s";
    }
    EXPECT_TRUE(!WIFEXITED(status) || WEXITSTATUS(status) != 0);
    EXPECT_LT(elapsed() - killed_at, 60);
}

// Ctrl-C on a distributed two-bit run once its checkpoints are saved: the job ends, one line
// (rank 0's) names every rank's checkpoint and its depth, and --resume finishes the whole table.
// The ranks get SIGTERM, as mpirun sends them on Ctrl-C; signalling mpirun itself lost the
// line in one of six runs here (the suite busy beside it): mpirun may exit before it has copied
// the ranks' last output (its own teardown, not something a rank can wait for).
TEST(CliMpi, AnInterruptedTwoBitRunSaysOnceWhatItKeptAndResumes) {
    const std::string dir = test::temp_dir();
    const std::string args =
        "enumerate sliding:4x3 --two-bit --distributed --threads 1 --out " + dir + "/t";
    const BackgroundJob background(mpiexec(2) + " " + test::frontier_binary() + " " + args +
                                   " --checkpoint-minutes 0 >/dev/null 2>" + dir + "/err");
    ASSERT_NE(background.pid, 0);
    const pid_t job = background.pid;
    auto elapsed = [&] { return background.elapsed(); };
    auto saved = [&] {
        return fs::exists(dir + "/t/shard-0000-of-0002.checkpoint") &&
               fs::exists(dir + "/t/shard-0001-of-0002.checkpoint");
    };
    while (elapsed() < 60 && !saved()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the note follows the barrier
    int status = 0;
    ASSERT_EQ(::waitpid(job, &status, WNOHANG), 0) << "the run ended before the interrupt";
    const std::vector<pid_t> ranks = children(job, "frontier");
    ASSERT_EQ(ranks.size(), 2u);
    for (pid_t rank : ranks) ::kill(rank, SIGTERM);
    while (::waitpid(job, &status, WNOHANG) == 0 && elapsed() < 120)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_LT(elapsed(), 120) << "the job outlived the interrupt";
    EXPECT_TRUE(!WIFEXITED(status) || WEXITSTATUS(status) != 0);
    const std::string err = read_text(dir + "/err");
    EXPECT_EQ(occurrences(err, "frontier: interrupted; "), 1) << err;
    EXPECT_NE(err.find("frontier: interrupted; " + dir +
                       "/t/shard-*-of-0002.checkpoint hold the layers to depth "),
              std::string::npos)
        << err;
    const auto resumed = test::run_frontier_with(mpiexec(2), args + " --resume --json");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    const json j = json::parse(resumed.out);
    EXPECT_EQ(j["reached"], 239500800);
    EXPECT_EQ(j["max_depth"], 53);
    EXPECT_FALSE(fs::exists(dir + "/t/shard-0000-of-0002.checkpoint"));
    fs::remove_all(dir);
}

}  // namespace
}  // namespace frontier
