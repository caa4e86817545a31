// rush enumerate and rush generate end to end: output format and order, checkpoints and
// --resume, thread-count independence, JSON, and one-line errors.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::expect_input_error;
using test::run_frontier;

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<RushDbEntry> parse_lines(const std::string& text) {
    std::vector<RushDbEntry> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const RushRecord r = parse_rush_record(line);
        out.push_back(
            RushDbEntry{r.expected_moves, r.board, static_cast<std::uint32_t>(r.expected_cluster)});
    }
    return out;
}

// The library's enumeration of a universe, in database order.
std::vector<RushDbEntry> library_database(int size, int walls) {
    const RushUniverse u(size, walls);
    RushCensus census;
    std::vector<RushDbEntry> out;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit)
        for (RushDbEntry& e : run_rush_unit(u, unit, census).entries) out.push_back(std::move(e));
    std::sort(out.begin(), out.end(), rush_db_before);
    return out;
}

TEST(CliRushEnumerate, PrintsTheDatabaseSortedAndTheSameForEveryThreadCount) {
    const auto one = run_frontier("rush enumerate --size 4 --walls 2 --threads 1");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const auto two = run_frontier("rush enumerate --size 4 --walls 2 --threads 2");
    ASSERT_EQ(two.exit_code, 0) << two.err;
    EXPECT_EQ(one.out, two.out);
    const std::vector<RushDbEntry> lines = parse_lines(one.out);
    EXPECT_EQ(lines, library_database(4, 2));
    ASSERT_GT(lines.size(), 10u);
    EXPECT_TRUE(std::is_sorted(lines.begin(), lines.end(), rush_db_before));
    // Every line exact: its board needs its moves, is a hardest start, and has its cluster size.
    RushGrader g;
    for (const RushDbEntry& e : lines) {
        const RushPuzzle p = parse_rush(e.board);
        const RushGrade graded = g.grade(p.board, p.start);
        ASSERT_EQ(graded.moves, e.moves) << e.board;
        ASSERT_EQ(graded.hardest_moves, e.moves) << e.board;
        ASSERT_EQ(graded.cluster_size, e.cluster_size) << e.board;
    }
}

TEST(CliRushEnumerate, ResumesAfterAStopWithoutLosingOrRepeatingAUnit) {
    const std::string dir = test::temp_dir();
    const std::string out = dir + "/db.txt", checkpoint = out + ".checkpoint";
    const auto whole = run_frontier("rush enumerate --size 4 --walls 1 --threads 2");
    ASSERT_EQ(whole.exit_code, 0) << whole.err;

    // Three sittings: 5 units, 7 more, then the rest.
    auto first = run_frontier("rush enumerate --size 4 --walls 1 --out " + out +
                              " --max-units 5 --json --threads 2");
    ASSERT_EQ(first.exit_code, 0) << first.err;
    auto j = nlohmann::json::parse(first.out);
    EXPECT_EQ(j["complete"], false);
    EXPECT_EQ(j["units_done"], 5);
    EXPECT_FALSE(std::filesystem::exists(out));
    EXPECT_TRUE(std::filesystem::exists(checkpoint));
    // Without --resume, the checkpoint is not overwritten.
    expect_input_error(run_frontier("rush enumerate --size 4 --walls 1 --out " + out),
                       "a checkpoint of an earlier run exists; resume it, or delete it");
    // A checkpoint of another universe is refused.
    expect_input_error(run_frontier("rush enumerate --size 4 --walls 2 --out " + out + " --resume"),
                       "written by a different computation");
    auto second = run_frontier("rush enumerate --size 4 --walls 1 --out " + out +
                               " --max-units 7 --resume --json --threads 1");
    ASSERT_EQ(second.exit_code, 0) << second.err;
    EXPECT_EQ(nlohmann::json::parse(second.out)["units_done"], 12);
    auto last = run_frontier("rush enumerate --size 4 --walls 1 --out " + out + " --resume --json");
    ASSERT_EQ(last.exit_code, 0) << last.err;
    j = nlohmann::json::parse(last.out);
    EXPECT_EQ(j["complete"], true);
    EXPECT_EQ(j["units_done"], j["units"]);
    EXPECT_EQ(j["candidates"], j["candidates_total"]);
    EXPECT_EQ(j["puzzles"], test::count_lines(whole.out));
    EXPECT_EQ(read_text(out), whole.out);
    EXPECT_FALSE(std::filesystem::exists(checkpoint));
    std::uint64_t by_moves = 0;
    for (const auto& [moves, n] : j["puzzles_by_moves"].items()) by_moves += n.get<std::uint64_t>();
    EXPECT_EQ(by_moves, j["puzzles"].get<std::uint64_t>());
    EXPECT_EQ(j["hardest"]["moves"], parse_lines(whole.out).front().moves);
    std::filesystem::remove_all(dir);
}

TEST(CliRushEnumerate, ShardsRunApartAndTheirCheckpointsMakeTheWholeDatabase) {
    const std::string dir = test::temp_dir();
    const std::string args = "rush enumerate --size 4 --walls 2 --threads 2 --out " + dir;
    const auto whole = run_frontier("rush enumerate --size 4 --walls 2 --threads 2");
    ASSERT_EQ(whole.exit_code, 0) << whole.err;
    const std::size_t units = RushUniverse(4, 2, RushCandidates::Goal).unit_count();

    // Three shards, as on three machines: each runs the units u with u % 3 == k and stops.
    std::string imports;
    std::size_t lengths = 0;  // move counts listed by the shards' JSON summaries
    for (int k = 0; k < 3; ++k) {
        const std::string part = dir + "/part" + std::to_string(k) + ".txt";
        const auto r = run_frontier(args + "/part" + std::to_string(k) + ".txt --shard " +
                                    std::to_string(k) + "/3" + (k > 0 ? " --json" : ""));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_FALSE(std::filesystem::exists(part));
        if (k == 0) {  // the text summary says what to do with the checkpoint
            EXPECT_NE(r.err.find("shard 0/3 is done"), std::string::npos) << r.err;
            EXPECT_NE(r.err.find("--import"), std::string::npos) << r.err;
        } else {
            const auto j = nlohmann::json::parse(r.out);
            EXPECT_EQ(j["complete"], false);
            EXPECT_EQ(j["shard"], std::to_string(k) + "/3");
            EXPECT_EQ(j["units_done"], (units + 2 - k) / 3);
            // Hardest first, though a shard's lines are not sorted (read in document order).
            int before = 1000;
            const auto listed = nlohmann::ordered_json::parse(r.out)["puzzles_by_moves"];
            for (const auto& [moves, n] : listed.items()) {
                EXPECT_LT(std::stoi(moves), before) << r.out;
                before = std::stoi(moves);
            }
            lengths += j["puzzles_by_moves"].size();
        }
        imports += " --import " + part + ".checkpoint";
    }
    EXPECT_GE(lengths, 2u);
    // The last shard's last record cut short, as by a machine stopped mid-write: that unit is
    // not imported, and the final run computes it itself.
    const std::string torn = dir + "/part2.txt.checkpoint";
    std::filesystem::resize_file(torn, std::filesystem::file_size(torn) - 3);

    const auto merged = run_frontier(args + "/db.txt --json" + imports);
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    const auto j = nlohmann::json::parse(merged.out);
    EXPECT_EQ(j["complete"], true);
    EXPECT_EQ(j["units_done"], units);
    EXPECT_EQ(j["imported_units"], units - 1);
    EXPECT_EQ(j["candidates"], j["candidates_total"]);
    EXPECT_EQ(read_text(dir + "/db.txt"), whole.out);

    // Checkpoints of another enumeration, or no checkpoint at all, are refused before this run
    // writes anything.
    expect_input_error(run_frontier("rush enumerate --size 4 --walls 1 --out " + dir +
                                    "/other.txt --import " + dir + "/part0.txt.checkpoint"),
                       "cannot be imported");
    expect_input_error(run_frontier("rush enumerate --size 4 --walls 2 --out " + dir +
                                    "/other2.txt --import " + dir + "/db.txt"),
                       "not a Frontier checkpoint");
    EXPECT_FALSE(std::filesystem::exists(dir + "/other.txt.checkpoint"));
    std::filesystem::remove_all(dir);
}

// The 5 x 5 database with at most one wall: the same bytes from one process and from three
// shards imported into a final run (two walls: the long test of the same name).
TEST(CliRushEnumerate, FiveByFiveDatabasesAreTheSameBytesFromOneProcessOrFromShards) {
    for (const std::string walls : {"1"}) {
        const std::string dir = test::temp_dir();
        const std::string args = "rush enumerate --size 5 --walls " + walls + " --threads 2 --out ";
        ASSERT_EQ(run_frontier(args + dir + "/one.txt").exit_code, 0);
        std::string imports;
        for (const std::string k : {"0", "1", "2"}) {
            const auto r = run_frontier(args + dir + "/part" + k + ".txt --shard " + k + "/3");
            ASSERT_EQ(r.exit_code, 0) << r.err;
            imports += " --import " + dir + "/part" + k + ".txt.checkpoint";
        }
        const auto merged = run_frontier(args + dir + "/merged.txt --json" + imports);
        ASSERT_EQ(merged.exit_code, 0) << merged.err;
        EXPECT_EQ(nlohmann::json::parse(merged.out)["units_done"],
                  nlohmann::json::parse(merged.out)["imported_units"]);
        const std::string one = read_text(dir + "/one.txt");
        EXPECT_EQ(test::count_lines(one), walls == "1" ? 6041 : 7320);
        EXPECT_EQ(read_text(dir + "/merged.txt"), one) << walls;
        std::filesystem::remove_all(dir);
    }
}

TEST(CliRushEnumerate, BadOptionsAreOneLineErrors) {
    expect_input_error(run_frontier("rush enumerate --size 7"), "size 7");
    expect_input_error(run_frontier("rush enumerate --walls 3"), "wall count 3");
    expect_input_error(run_frontier("rush enumerate --size 4 --resume"), "--out");
    expect_input_error(run_frontier("rush enumerate --size 4 --json"), "--out");
    expect_input_error(run_frontier("rush enumerate --size 4 --shard 0/2"), "--out");
    expect_input_error(run_frontier("rush enumerate --size 4 --out x.txt --shard 2/2"),
                       "--shard \"2/2\" is not K/N");
    expect_input_error(run_frontier("rush enumerate --size 4 --out x.txt --shard 1"),
                       "--shard \"1\" is not K/N");
#if !FRONTIER_WITH_MPI
    expect_input_error(run_frontier("rush enumerate --size 4 --distributed"),
                       "--distributed needs MPI");
#endif
}

TEST(CliRushGenerate, DistinctExactPuzzlesTheSameForEveryThreadCount) {
    const std::string args = "rush generate --count 3 --size 5 --pieces 7 --walls 1 --seed 11";
    const auto one = run_frontier(args + " --threads 1");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const auto two = run_frontier(args + " --threads 2");
    ASSERT_EQ(two.exit_code, 0) << two.err;
    EXPECT_EQ(one.out, two.out);
    const std::vector<RushDbEntry> lines = parse_lines(one.out);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_TRUE(std::is_sorted(lines.begin(), lines.end(), rush_db_before));
    RushGrader g;
    std::set<std::string> clusters;
    for (const RushDbEntry& e : lines) {
        const RushPuzzle p = parse_rush(e.board);
        const RushGrade graded = g.grade(p.board, p.start);
        EXPECT_EQ(graded.moves, e.moves) << e.board;
        EXPECT_EQ(graded.hardest_moves, e.moves) << e.board;
        EXPECT_EQ(graded.cluster_size, e.cluster_size) << e.board;
        // Distinct clusters: the smallest state of each differs.
        RushState least = p.start;
        for (const RushState s : g.cluster().states())
            if (s.bits < least.bits) least = s;
        EXPECT_TRUE(clusters.insert(format_rush(p.board, least)).second) << e.board;
    }
    const auto json = run_frontier(args + " --json");
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const auto j = nlohmann::json::parse(json.out);
    ASSERT_EQ(j.size(), 3u);
    EXPECT_EQ(j[0]["board"], lines[0].board);
    EXPECT_EQ(j[0]["moves"], lines[0].moves);
    EXPECT_GE(j[0]["steps"].get<int>(), lines[0].moves);
}

TEST(CliRushGenerate, TooFewPuzzlesAndBadOptions) {
    const auto r =
        run_frontier("rush generate --count 2 --size 4 --pieces 3 --min-moves 90 --max-climbs 3");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("found 0 of 2"), std::string::npos) << r.err;
    expect_input_error(run_frontier("rush generate --count 0"), "--count");
    expect_input_error(run_frontier("rush generate --count 1 --size 3"), "--size 3");
    expect_input_error(run_frontier("rush generate --count 1 --pieces 40"), "--pieces 40");
}

}  // namespace
}  // namespace frontier
