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

#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/idastar.hpp>
#include "tests/support/test_support.hpp"
#include "tools/cli/common.hpp"

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
        EXPECT_NE(r.err.find("frontier: error: argument 2: invalid state"), std::string::npos)
            << r.err;
        const auto j = run_frontier("lookup " + t + " --json '1 2 3' '1 2 3 4 5 6 7 _ 8'");
        EXPECT_EQ(j.exit_code, 2);
        const auto a = nlohmann::json::parse(j.out);
        ASSERT_EQ(a.size(), 2u);
        EXPECT_EQ(a[0]["status"], "error");
        EXPECT_NE(a[0]["error"].get<std::string>().find("expected 9 tiles"), std::string::npos);
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
    // The character is named whole, at its place counted in characters, not bytes.
    EXPECT_NE(tile.err.find("unknown character '\xc3\xa9' at position 9"), std::string::npos)
        << tile.err;
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
    expect_input_error(huge, "more characters)");
    EXPECT_LT(huge.err.size(), 1000u);
    const std::string dir = test::temp_dir();
    std::ofstream(dir + "/bom.txt") << "\xEF\xBB\xBF"
                                    << "1 2 3 4 5 6 7 _ 8\n";
    const auto bom = run_frontier("solve-batch 8puzzle " + dir + "/bom.txt --json");
    EXPECT_EQ(bom.exit_code, 0) << bom.err;
    EXPECT_EQ(nlohmann::json::parse(bom.out)["solved"], 1);
    std::filesystem::remove_all(dir);
}

// 9: play --moves has a stated range; a K inside it starts at once exactly K moves away, a K
// outside it is refused at once with the range (it once ran 55 s and then wrongly said there was
// no such position, or hung).
TEST(CliHardening, PlayMovesHaveAStatedRange) {
    const auto seconds = [](auto start) {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    auto start = std::chrono::steady_clock::now();
    const auto refused = run_frontier("play 15puzzle --moves 55 --script ''");
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_EQ(refused.err,
              "frontier: error: --moves 55: 15puzzle starts are drawn 0 to 48 moves from the goal "
              "(a random walk whose every step is proven to go away from it; farther positions "
              "exist, but proving their distance takes too long)\n");
    EXPECT_EQ(run_frontier("play 15puzzle --moves 80 --script ''").exit_code, 2);
    const auto rush = run_frontier("play rush --moves 99 --script ''");
    EXPECT_EQ(rush.exit_code, 2);
    EXPECT_EQ(rush.err,
              "frontier: error: --moves 99: expected 0 to 60 (no 6x6 Rush Hour puzzle is known to "
              "need more than 60 moves)\n");
    EXPECT_EQ(run_frontier("play 15puzzle --moves -1 --script ''").err,
              "frontier: error: --moves -1: a distance from the goal, 0 or more\n");
    EXPECT_EQ(run_frontier("play rush --moves -3 --script ''").err,
              "frontier: error: --moves -3: expected 0 to 60\n");
    EXPECT_LT(seconds(start), 3.0);  // five refusals, none of them searching

    // In range: exactly K from the goal, checked by an independent IDA* and the Rush solver.
    start = std::chrono::steady_clock::now();
    const auto far = run_frontier("play 15puzzle --moves 44 --seed 7 --script '' --json");
    ASSERT_EQ(far.exit_code, 0) << far.err;
    const auto j = nlohmann::json::parse(far.out);
    EXPECT_EQ(j["start_distance"], 44);
    const SlidingTiles d15(4, 4);
    EXPECT_EQ(idastar(d15, parse_tiles(4, 4, j["start"].get<std::string>()),
                      LinearConflict<SlidingTiles>(d15))
                  .length(),
              44);
    const auto hard = run_frontier("play rush --moves 55 --seed 3 --script '' --json");
    ASSERT_EQ(hard.exit_code, 0) << hard.err;
    const auto h = nlohmann::json::parse(hard.out);
    EXPECT_EQ(h["start_distance"], 55);
    const auto check = run_frontier("solve rush " + h["start"].get<std::string>() + " --json");
    EXPECT_EQ(nlohmann::json::parse(check.out)["length"], 55) << check.out;
    EXPECT_LT(seconds(start), 8.0);
}

// 20: one_line cuts between characters and counts characters, not bytes; invisible characters
// (the byte-order mark, line separators, direction overrides) are shown escaped.
TEST(CliHardening, OneLineCountsCharacters) {
    using cli::one_line;
    const std::string e = "\xC3\xA9";             // é, 2 bytes
    const std::string euro = "\xE2\x82\xAC";      // €, 3 bytes
    const std::string clef = "\xF0\x9D\x84\x9E";  // U+1D11E, 4 bytes
    EXPECT_EQ(one_line(e + e + e, 2), e + e + "... (1 more character)");
    EXPECT_EQ(one_line(euro + clef + "abc", 2), euro + clef + "... (3 more characters)");
    EXPECT_EQ(one_line(clef + clef, 2), clef + clef);  // exactly the limit: nothing cut
    EXPECT_EQ(one_line(std::string(700, 'x')).size(),
              600 + std::string("... (100 more characters)").size());
    // A stray byte counts as one character and is escaped; the cut never splits a character.
    EXPECT_EQ(one_line("\xFF" + e + "z", 2), "\\xff" + e + "... (1 more character)");
    EXPECT_EQ(one_line("ab" + e.substr(0, 1), 5), "ab\\xc3");
    // Not UTF-8 although well formed bytewise: overlong forms, surrogates, past U+10FFFF.
    EXPECT_EQ(one_line("\xC0\xAF"), "\\xc0\\xaf");
    EXPECT_EQ(one_line("\xE0\x80\xAF"), "\\xe0\\x80\\xaf");
    EXPECT_EQ(one_line("\xED\xA0\x80"), "\\xed\\xa0\\x80");
    EXPECT_EQ(one_line("\xF4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
    // Valid but invisible or line-breaking: escaped as code points.
    EXPECT_EQ(one_line("\xEF\xBB\xBF"
                       "1 2 3"),
              "\\ufeff1 2 3");
    EXPECT_EQ(one_line("a\xE2\x80\xA8"
                       "b"),
              "a\\u2028b");
    EXPECT_EQ(one_line("\xE2\x80\xAE"
                       "abc"),
              "\\u202eabc");
    EXPECT_EQ(one_line("\xC2\x9B"
                       "31m"),
              "\\u009b31m");
    EXPECT_EQ(one_line("tab\there\r\n"), "tab\\there\\x0d\\n");
}

// 20: a byte-order mark at the start of stdin (lookup's states, play's script) is skipped.
TEST(CliHardening, ByteOrderMarksOnStdin) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(run_frontier("enumerate 8puzzle --out " + dir + "/8.table").exit_code, 0);
    const auto lookup = run_frontier("lookup " + dir + "/8.table",
                                     "\xEF\xBB\xBF"
                                     "1 2 3 4 5 6 7 _ 8\n");
    EXPECT_EQ(lookup.exit_code, 0) << lookup.err;
    EXPECT_EQ(lookup.out, "1 2 3 4 5 6 7 _ 8: 1\n");
    const auto play = run_frontier("play 8puzzle --start '1 2 3 4 5 6 7 _ 8'", "\xEF\xBB\xBFR");
    EXPECT_EQ(play.exit_code, 0) << play.err;
    EXPECT_EQ(play.out, "moves 1 | left 0 | score 1.00 | solved: optimal (1 moves)\n");
    std::filesystem::remove_all(dir);
}

// 19: parsers quote their input with line breaks and control characters escaped, so what() is
// one line for every caller (a JSON "reason", a library user's log), not only on stderr.
TEST(CliHardening, ParsersQuoteInputOnOneLine) {
    const auto message = [](auto&& parse) -> std::string {
        try {
            parse();
        } catch (const InputError& e) {
            return e.what();
        }
        return "(accepted)";
    };
    const std::string tiles = message([] { parse_tiles(3, 3, "1 2 3\n4 5 6\r\x01"); });
    EXPECT_EQ(tiles.find('\n'), std::string::npos) << tiles;
    EXPECT_EQ(tiles.find('\r'), std::string::npos) << tiles;
    EXPECT_NE(tiles.find("\"1 2 3\\n4 5 6\\x0d\\x01\""), std::string::npos) << tiles;
    const std::string rush = message([] { parse_rush("AAo\rooooo"); });
    EXPECT_EQ(rush.find('\r'), std::string::npos) << rush;
    EXPECT_NE(rush.find("unknown character '\\x0d' at position 4"), std::string::npos) << rush;
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
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    // AddressSanitizer and ThreadSanitizer reserve terabytes of address space at start (shadow
    // memory, TSan's allocator): under `ulimit -v` the program cannot even start (the asan and
    // tsan presets). The release build runs this test.
    GTEST_SKIP() << "ulimit -v and the sanitizers' address-space reservations do not mix";
#endif
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

// 24: the cryptarithm "-A=B", the queens range and the checkpoint messages say plainly what is
// wrong (they blamed a missing word, gave the upper end's reason for N = 0, and called a
// finished table or another run's checkpoint merely "not a checkpoint" / "of another run").
TEST(CliHardening, MessagesSayPlainlyWhatIsWrong) {
    const auto exact = [](const test::CliResult& r, const std::string& line) {
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_EQ(r.err, "frontier: error: " + line + "\n");
    };
    exact(run_frontier("solve cryptarithm '-A=B'"),
          "'-A=B' is not an option of 'solve cryptarithm'; an argument that starts with '-' goes "
          "after '--': frontier solve cryptarithm -- '-A=B'");
    exact(run_frontier("solve cryptarithm -- '-A=B'"),
          "cryptarithm: '-' at position 1 starts the left side: + and - go only between words "
          "(e.g. SEND+MORE=MONEY)");
    exact(run_frontier("solve cryptarithm -- 'A=-B'"),
          "cryptarithm: '-' at position 3 starts the right side: + and - go only between words "
          "(e.g. SEND+MORE=MONEY)");
    exact(run_frontier("count queens 0"),
          "queens: counting takes 1 <= N <= 27 (got 0): a board has at least one row");
    exact(run_frontier("count queens 28"),
          "queens: counting takes 1 <= N <= 27 (got 28): 27 is the largest N whose count is "
          "known, and each N takes about 7 times as long as the one before");
    const std::string dir = test::temp_dir();
    const std::string out = dir + "/u.txt";
    std::ofstream(out + ".checkpoint") << "garbage\n";
    exact(run_frontier("rush enumerate --size 4 --walls 1 --out " + out + " --resume"),
          out +
              ".checkpoint: not a Frontier checkpoint (it does not start with "
              "\"FRONTIER-UNITLOG 1\"); give another path, or delete it");
    std::filesystem::remove(out + ".checkpoint");
    ASSERT_EQ(
        run_frontier("rush enumerate --size 4 --walls 1 --max-units 2 --threads 1 --out " + out)
            .exit_code,
        0);
    exact(run_frontier("rush enumerate --size 4 --walls 2 --out " + out + " --resume"),
          out +
              ".checkpoint: the checkpoint was written by a different computation (\"rush "
              "enumerate size=4 walls=1 units=1728 format=1 census=pruned3 candidates=goal\"), not "
              "this one "
              "(\"rush enumerate size=4 walls=2 units=6336 format=1 census=pruned3 "
              "candidates=goal\"); resume "
              "it with the options it was started with, or delete it");
    const std::string table = dir + "/t.table";
    ASSERT_EQ(run_frontier("enumerate sliding:2x3 --two-bit --out " + table).exit_code, 0);
    // A finished table where the checkpoint should be (copied there by hand).
    std::filesystem::copy_file(table, table + ".checkpoint");
    exact(run_frontier("enumerate sliding:2x3 --two-bit --resume --out " + table),
          table +
              ".checkpoint: a finished table, not a checkpoint: nothing to resume (delete it "
              "to compute it again)");
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
