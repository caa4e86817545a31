// The frontier program on the pocket cube, peg solitaire and sliding blocks: enumerate, lookup
// with the metric recorded in the table, solve (scrambles, built-in starts, --show, --json) and
// one-line errors with exit code 2.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

nlohmann::json json_of(const test::CliResult& r) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
}

TEST(CliPocketCube, EnumerateBothMetrics) {
    const auto htm = json_of(run_frontier("enumerate pocket-cube --json --threads 2"));
    EXPECT_EQ(htm["states"], 3674160);
    EXPECT_EQ(htm["reached"], 3674160);
    EXPECT_EQ(htm["max_depth"], 11);
    EXPECT_EQ(htm["metric"], "htm");
    EXPECT_EQ(htm["farthest_count"], 2644);
    const auto qtm = json_of(run_frontier("enumerate pocket-cube --metric qtm --json"));
    EXPECT_EQ(qtm["max_depth"], 14);
    EXPECT_EQ(qtm["layers"][12], 782536);
    EXPECT_EQ(qtm["farthest_count"], 276);
}

TEST(CliPocketCube, LookupUsesTheMetricOfTheTable) {
    const std::string dir = test::temp_dir();
    ASSERT_EQ(
        run_frontier("enumerate pocket-cube --metric qtm --out " + dir + "/q.table").exit_code, 0);
    ASSERT_EQ(run_frontier("enumerate pocket-cube --out " + dir + "/h.table").exit_code, 0);
    std::ifstream header(dir + "/q.table");
    std::string text((std::istreambuf_iterator<char>(header)), {});
    EXPECT_NE(text.find("metric=qtm\n"), std::string::npos);
    // U2 R2: two moves in the half-turn metric, four in the quarter-turn metric.
    const auto u2r2 = run_frontier("solve pocket-cube --scramble 'U2 R2' --json");
    const std::string facelets = json_of(u2r2)["start"];
    const auto q = run_frontier("lookup " + dir + "/q.table '" + facelets + "'");
    const auto h = run_frontier("lookup " + dir + "/h.table '" + facelets + "'");
    EXPECT_EQ(q.out, facelets + ": 4\n") << q.err;
    EXPECT_EQ(h.out, facelets + ": 2\n") << h.err;
    // Solved in any colours.
    EXPECT_EQ(run_frontier("lookup " + dir + "/h.table 'WWWWRRRRGGGGYYYYOOOOBBBB'").out,
              "UUUU RRRR FFFF DDDD LLLL BBBB: 0\n");
    std::filesystem::remove_all(dir);
}

TEST(CliPocketCube, SolveIsOptimalInEveryAlgorithm) {
    const std::string scramble = "--scramble \"R U2 F' R U R' F2 U' R2 F\"";
    int length = -1;
    for (const char* algo : {"idastar:pdb", "idastar:distance", "astar:pdb"}) {
        const auto j =
            json_of(run_frontier("solve pocket-cube " + scramble + " -a " + algo + " --json"));
        EXPECT_EQ(j["status"], "solved");
        EXPECT_TRUE(j["optimal"].get<bool>());
        if (length < 0) length = j["length"];
        EXPECT_EQ(j["length"], length) << algo;
    }
    EXPECT_EQ(length, 9);
    const auto qtm =
        json_of(run_frontier("solve pocket-cube " + scramble + " --metric qtm --json"));
    EXPECT_GE(qtm["length"].get<int>(), length);
    for (const auto& m : qtm["moves"]) EXPECT_EQ(m.get<std::string>().find('2'), std::string::npos);
    const auto facelets = run_frontier("solve pocket-cube 'UUUU RRRR FFFF DDDD LLLL BBBB' --show");
    EXPECT_EQ(facelets.exit_code, 0);
    EXPECT_NE(facelets.out.find("0 moves"), std::string::npos) << facelets.out;
}

TEST(CliPegSolitaire, SolveAndShow) {
    const auto r = run_frontier("solve peg-solitaire --show");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("31 moves (optimal)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("moves: d2-d4 "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("move 31: "), std::string::npos);
    // The last board: one peg, in the centre.
    EXPECT_NE(r.out.find("    . . .\n    . . .\n. . . . . . .\n. . . x . . .\n"),
              std::string::npos);
    const auto j = json_of(run_frontier("solve peg-solitaire --json"));
    EXPECT_EQ(j["length"], 31);
    EXPECT_EQ(j["moves"].size(), 31u);
}

TEST(CliPegSolitaire, EnumerateFirstLayersUpToSymmetry) {
    const auto j = json_of(run_frontier("enumerate peg-solitaire --symmetry --max-depth 9 --json"));
    EXPECT_EQ(j["layers"], nlohmann::json::parse("[1,1,2,8,39,171,719,2757,9751,31312]"));
    EXPECT_EQ(j["complete"], false);
    EXPECT_EQ(j["symmetry"], true);
    EXPECT_EQ(j["start"], "xxx/xxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx");
    const auto plain = json_of(run_frontier("enumerate peg-solitaire --max-depth 3 --json"));
    EXPECT_EQ(plain["layers"], nlohmann::json::parse("[1,4,12,60]"));
}

TEST(CliSlidingBlocks, SolveAndEnumerateTheClassics) {
    const auto dads = json_of(run_frontier("solve dads-puzzle --json"));
    EXPECT_EQ(dads["length"], 59);
    EXPECT_EQ(dads["goal"], "A at a4");
    const auto klotski = json_of(run_frontier("solve klotski -a bfs --json"));
    EXPECT_EQ(klotski["length"], 81);
    const auto e = json_of(run_frontier("enumerate klotski --json --threads 2"));
    EXPECT_EQ(e["reached"], 25955);
    EXPECT_EQ(e["complete"], true);
    const auto custom =
        run_frontier("solve sliding-blocks --layout 'AA./B../...' --goal 'A at b3' --metric steps");
    ASSERT_EQ(custom.exit_code, 0) << custom.err;
    EXPECT_NE(custom.out.find("moves (optimal)"), std::string::npos);
}

TEST(CliDomains, BadInputIsOneLineAndExitCodeTwo) {
    expect_input_error(run_frontier("solve sliding-blocks --layout '3x3: A 2x2 a1, B 2x1 b2' "
                                    "--goal 'A at a1'"),
                       "overlaps piece A");
    expect_input_error(
        run_frontier("solve sliding-blocks --layout '3x3: A 2x2 c2' --goal 'A at a1'"),
        "outside the 3x3 tray");
    expect_input_error(run_frontier("solve sliding-blocks --layout 'AB./.../...' --goal 'Z at a1'"),
                       "goal names piece Z");
    expect_input_error(
        run_frontier("enumerate sliding-blocks --layout 'AA./A../...' --goal 'A at a1'"),
        "not a rectangle");
    expect_input_error(run_frontier("solve klotski --metric moves"), "piece, straight or steps");
    expect_input_error(run_frontier("solve klotski -a idastar"), "--max-expansions");
    expect_input_error(run_frontier("solve pocket-cube --scramble 'R U Q'"), "invalid move \"Q\"");
    expect_input_error(run_frontier("solve pocket-cube"), "give a state or --scramble");
    expect_input_error(run_frontier("solve pocket-cube UUUURRRR"), "expected 24 stickers");
    expect_input_error(run_frontier("enumerate pocket-cube --metric ftm"), "htm or qtm");
    expect_input_error(run_frontier("enumerate peg-solitaire --board german"), "english or french");
    // Another position class than the goal is a question without a solution: a result, exit 1.
    const auto french = run_frontier(
        "solve peg-solitaire --board french xxx/xxxxx/xxxxxxx/xxx.xxx/xxxxxxx/xxxxx/xxx --goal "
        ".../...../......./...x.../......./...../...");
    EXPECT_EQ(french.exit_code, 1) << french.err;
    EXPECT_NE(french.out.find("unsolvable: it is in another position class"), std::string::npos)
        << french.out;
    expect_input_error(run_frontier("enumerate klotski --out /tmp/x.table"), "no dense rank");
    expect_input_error(run_frontier("enumerate 8puzzle --symmetry"), "no symmetry reduction");
    expect_input_error(run_frontier("enumerate 8puzzle --metric qtm"), "takes no --metric");
}

TEST(CliDomains, HelpNamesTheNewDomains) {
    for (const char* args : {"solve pocket-cube --help", "solve peg-solitaire --help",
                             "solve klotski --help", "enumerate --help"}) {
        const auto r = run_frontier(args);
        EXPECT_EQ(r.exit_code, 0) << args;
        EXPECT_NE(r.out.find("--"), std::string::npos) << args;
    }
    EXPECT_NE(run_frontier("solve pocket-cube --help").out.find("--scramble"), std::string::npos);
    EXPECT_NE(run_frontier("solve klotski --help").out.find("--layout"), std::string::npos);
    EXPECT_NE(run_frontier("enumerate --help").out.find("--symmetry"), std::string::npos);
}

}  // namespace
}  // namespace frontier
