// The program under conditions a careful user still meets: a symbolic link planted in a shared
// output directory, a signal while standard output is blocked, bytes that are not UTF-8 in a
// batch, an output path that cannot be written. Each test is the case, the exit status and what
// must (or must not) be left behind.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;
using test::run_shell;

std::string slurp_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A link at the temporary file's name (PATH.tmp-PID, where PID is the writer's, as a shell's
// exec makes it) does not make the run overwrite the file it names.
TEST(CliReliability, APlantedLinkAtTheTemporaryNameIsNotWrittenThrough) {
    const std::string dir = test::temp_dir();
    std::filesystem::create_directory(dir + "/out");
    std::ofstream(dir + "/victim.txt") << "precious data";
    const auto r =
        run_shell("cd " + dir + " && bash -c 'ln -s ../victim.txt out/t.table.tmp-$$; exec " +
                  test::frontier_binary() + " enumerate 8puzzle --out out/t.table'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp_file(dir + "/victim.txt"), "precious data");
    EXPECT_TRUE(
        std::filesystem::is_regular_file(std::filesystem::symlink_status(dir + "/out/t.table")));
    EXPECT_EQ(run_frontier("lookup " + dir + "/out/t.table '8 6 7 2 5 4 3 _ 1'").out,
              "8 6 7 2 5 4 3 _ 1: 31\n");
    std::filesystem::remove_all(dir);
}

// SIGTERM while the program is blocked writing to a full pipe: exit 130 and a whole JSON document
// of the answers so far, not a failed write (exit 3) and a document cut in the middle.
TEST(CliReliability, ASignalWhileStdoutIsBlockedEndsLikeAnyInterrupt) {
    const std::string dir = test::temp_dir();
    {
        // A board that grades at once: the JSON fills the pipe long before the signal.
        std::ofstream big(dir + "/big.txt");
        const std::string board = "ooooooooooooAAoooooooooooooooooooooo\n";
        for (int i = 0; i < 200000; ++i) big << board;
    }
    // The reader sleeps 3 s before reading: the pipe fills, the writer blocks in write(2), and
    // the signal comes at 1.5 s.
    const auto r =
        run_shell("cd " + dir + " && { { " + test::frontier_binary() +
                  " rush grade big.txt --threads 1 --format json 2>err & echo $! >pid; wait $!; "
                  "echo $? >rc; }"
                  " | { sleep 3; cat >out.json; } & } ; sleep 1.5; kill -TERM $(cat pid); wait");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp_file(dir + "/rc"), "130\n") << slurp_file(dir + "/err");
    const auto j = nlohmann::json::parse(slurp_file(dir + "/out.json"));
    EXPECT_EQ(j["interrupted"], true);
    EXPECT_GT(j["puzzles"].size(), 0u);
    EXPECT_LT(j["puzzles"].size(), 200000u);
    EXPECT_NE(slurp_file(dir + "/err").find("interrupted"), std::string::npos);
    std::filesystem::remove_all(dir);
}

// A Latin-1 byte in a batch id or a file name is written as U+FFFD, never a cut document.
TEST(CliReliability, JsonOfEveryBatchSurvivesLatin1) {
    const std::string dir = test::temp_dir();
    std::ofstream(dir + "/lat.tsv")
        << "id\tpuzzle\n\xe9t\xe9\t85...24..72......9..4.........1.7..23.5...9...4...........8..7."
           ".17..........36.4.\n";
    const auto sudoku = run_frontier("solve-batch sudoku " + dir + "/lat.tsv --json");
    ASSERT_EQ(sudoku.exit_code, 0) << sudoku.err;
    EXPECT_EQ(nlohmann::json::parse(sudoku.out)["results"][0]["id"], "\xEF\xBF\xBDt\xEF\xBF\xBD");
    std::ofstream(dir + "/crypt.tsv") << "id\tpuzzle\n\xe9\tSEND+MORE=MONEY\n";
    const auto crypt = run_frontier("solve-batch cryptarithm " + dir + "/crypt.tsv --json");
    ASSERT_EQ(crypt.exit_code, 0) << crypt.err;
    EXPECT_EQ(nlohmann::json::parse(crypt.out)["results"][0]["id"], "\xEF\xBF\xBD");
    const std::string name = dir + "/r\xe9.txt";
    std::ofstream(name) << "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n";
    const auto grade = run_frontier("rush grade '" + name + "' --format json");
    ASSERT_EQ(grade.exit_code, 0) << grade.err;
    EXPECT_EQ(nlohmann::json::parse(grade.out)["puzzles"][0]["moves"], 60);
    std::filesystem::remove_all(dir);
}

// rush enumerate checks --out before the census, not after hours of it, and leaves nothing.
TEST(CliReliability, RushEnumerateChecksItsOutputFirst) {
    const std::string dir = test::temp_dir();
    std::filesystem::create_directory(dir + "/d");
    expect_input_error(run_frontier("rush enumerate --size 5 --walls 1 --out " + dir + "/d"),
                       "--out " + dir + "/d: is a directory");
    EXPECT_FALSE(std::filesystem::exists(dir + "/d.checkpoint"));
    expect_input_error(run_frontier("rush enumerate --size 4 --out ''"),
                       "--out: the path is empty");
    expect_input_error(run_frontier("rush enumerate --size 4 --out " + dir + "/no/db.txt"),
                       "does not exist");
    expect_input_error(run_frontier("bench --out '' --workloads queens-8"),
                       "--out: the path is empty");
    std::filesystem::remove_all(dir);
}

// Sudoku and cryptarithm errors name the character, not a byte of it, at its character position.
TEST(CliReliability, ParseErrorsNameTheCharacter) {
    expect_input_error(run_frontier("solve sudoku '\xd9\xa3" + std::string(80, '.') + "'"),
                       "bad character '\xd9\xa3' at position 1");
    expect_input_error(run_frontier("solve cryptarithm 'S\xc3\x89ND+MORE=MONEY'"),
                       "bad character '\xc3\x89' at position 2");
}

// A table too big for the memory is refused with the next step, not only the shortfall.
TEST(CliReliability, ATableTooBigForTheMemorySaysWhatToDoInstead) {
    expect_input_error(run_frontier("enumerate 15puzzle"),
                       "is available; solve such boards with pattern databases instead (frontier "
                       "pdb build");
}

// The time spent reading the instances (here a slow pipe) is not reported as the heuristic's.
TEST(CliReliability, ReadingTheInstancesIsNotHeuristicLoading) {
    const auto r = run_shell("(sleep 1.5; echo 867254301) | " + test::frontier_binary() +
                             " solve-batch 8puzzle - --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_LT(nlohmann::json::parse(r.out)["heuristic_load_seconds"].get<double>(), 1.0) << r.out;
}

}  // namespace
}  // namespace frontier
