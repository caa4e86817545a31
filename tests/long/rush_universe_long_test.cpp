// Long checks of the Rush Hour universe (ctest -L long): the 6 x 6 candidate counts (minutes with
// walls), the 5 x 5 universes through the CLI against the public enumerator's figures and the
// brute force, the whole wall-free 6 x 6 enumeration (tens of minutes on 2 idle cores: run it
// alone, ctest -L long -R WallFree6x6), and the public database's rows with walls found in the
// units of the two-wall universe that hold them (about half an hour on 2 cores).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <tbb/enumerable_thread_specific.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/engine/parallel.hpp>
#include "tests/support/rush_brute_force.hpp"
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

// The public enumerator's MaxID for wall-free 6 x 6 is 243,502,785 (candidates numbered from 0).
TEST(LongRushUniverse, WallFree6x6HasThePublicCandidateCount) {
    const RushUniverse u(6, 0);
    std::uint64_t total = 0;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit) total += u.count_candidates(unit);
    EXPECT_EQ(total, 243'502'785u + 1);
}

// The public enumerator's MaxID + 1 for 6 x 6 with at most one and two walls (fogleman/rush,
// cpp/src/config.h). Counting never builds a board: 133 s for one wall and 426 s for two on the
// loaded 2-core machine (one thread).
std::uint64_t count_all(int size, int walls) {
    const RushUniverse u(size, walls);
    std::uint64_t total = 0;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit) total += u.count_candidates(unit);
    return total;
}

TEST(LongRushUniverse, OneWall6x6HasThePublicCandidateCount) {
    EXPECT_EQ(count_all(6, 1), 3'670'622'351u + 1);
}

TEST(LongRushUniverse, TwoWalls6x6HasThePublicCandidateCount) {
    EXPECT_EQ(count_all(6, 2), 27'403'231'254u + 1);
}

std::string file_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The 5 x 5 database with at most two walls: the same bytes from one process and from three
// shards imported into a final run.
TEST(LongRushUniverse, FiveByFiveDatabasesAreTheSameBytesFromOneProcessOrFromShards) {
    const std::string dir = test::temp_dir();
    const std::string args = "rush enumerate --size 5 --walls 2 --threads 2 --out ";
    ASSERT_EQ(test::run_frontier(args + dir + "/one.txt").exit_code, 0);
    std::string imports;
    for (int k = 0; k < 3; ++k) {
        const std::string part = dir + "/part" + std::to_string(k) + ".txt";
        const auto r = test::run_frontier(args + part + " --shard " + std::to_string(k) + "/3");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        imports += " --import " + part + ".checkpoint";
    }
    const auto merged = test::run_frontier(args + dir + "/merged.txt" + imports);
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    const std::string one = file_text(dir + "/one.txt");
    EXPECT_EQ(test::count_lines(one), 7320);
    EXPECT_EQ(file_text(dir + "/merged.txt"), one);
    std::filesystem::remove_all(dir);
}

// 5 x 5 with at most 0, 1 and 2 walls through the CLI: the totals equal the public enumerator's
// own (its inputs, canonical, solvable and minimal counts, run side by side:
// docs/howto/rush-hour.md, where the database lines were equal character for character too), and
// the brute force's count of every legal board (the states of all clusters) and of the candidates.
TEST(LongRushUniverse, With5x5WallsTheTotalsEqualThePublicEnumeratorAndTheBruteForce) {
    struct Expected {
        int walls;
        std::uint64_t candidates, clusters, solvable, puzzles, states;
        int hardest;
    };
    for (const Expected& x :
         {Expected{0, 268'109, 130'299, 62'106, 1'730, 6'795'364, 20},
          Expected{1, 2'988'670, 1'655'079, 831'255, 6'041, 58'239'509, 21},
          Expected{2, 16'330'430, 10'030'334, 5'275'948, 7'320, 250'245'590, 21}}) {
        const std::string dir = test::temp_dir();
        const auto r =
            test::run_frontier("rush enumerate --size 5 --walls " + std::to_string(x.walls) +
                               " --all-clusters --out " + dir + "/db.txt --json");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j["pruned"], 0) << x.walls;
        // The default census prunes by layout: the same database, byte for byte.
        const auto pruned =
            test::run_frontier("rush enumerate --size 5 --walls " + std::to_string(x.walls) +
                               " --out " + dir + "/pruned.txt --json");
        ASSERT_EQ(pruned.exit_code, 0) << pruned.err;
        EXPECT_GT(nlohmann::json::parse(pruned.out)["pruned"], 0) << x.walls;
        EXPECT_EQ(file_text(dir + "/pruned.txt"), file_text(dir + "/db.txt")) << x.walls;
        EXPECT_EQ(j["candidates"], x.candidates) << x.walls;
        EXPECT_EQ(j["clusters"], x.clusters) << x.walls;
        EXPECT_EQ(j["solvable"], x.solvable) << x.walls;
        EXPECT_EQ(j["puzzles"], x.puzzles) << x.walls;
        EXPECT_EQ(j["cluster_states"], x.states) << x.walls;
        EXPECT_EQ(j["hardest"]["moves"], x.hardest) << x.walls;
        const test::BruteUniverse brute =
            test::brute_force_universe(5, x.walls, {.count_only = true});
        EXPECT_EQ(brute.boards, x.states) << x.walls;
        EXPECT_EQ(brute.candidates, x.candidates) << x.walls;
        std::filesystem::remove_all(dir);
    }
}

// The whole wall-free 5 x 5 universe against the brute force (about a minute): the same clusters,
// states and database lines.
TEST(LongRushUniverse, WallFree5x5EqualsTheBruteForce) {
    const test::BruteUniverse brute = test::brute_force_universe(5, 0);
    const RushUniverse u(5, 0);
    RushCensus census(/*all_clusters=*/true);
    RushCensusCounts counts;
    std::vector<RushDbEntry> ours, theirs = brute.entries;
    for (std::size_t unit = 0; unit < u.unit_count(); ++unit) {
        RushUnitResult r = run_rush_unit(u, unit, census);
        counts += r.counts;
        for (RushDbEntry& e : r.entries)
            ours.push_back(RushDbEntry{e.moves, reletter_rush(e.board), e.cluster_size});
    }
    for (RushDbEntry& e : theirs) e.board = reletter_rush(e.board);
    std::sort(ours.begin(), ours.end(), rush_db_before);
    std::sort(theirs.begin(), theirs.end(), rush_db_before);
    test::expect_counts_match(counts, brute);
    EXPECT_EQ(ours, theirs);
    EXPECT_EQ(ours.size(), 1'730u);
}

// Wall-free 5 x 5 through --out and --json: the summary agrees with the file; the hardest
// puzzles need 20 moves.
TEST(LongRushUniverse, WallFree5x5ThroughTheCli) {
    const std::string dir = test::temp_dir();
    const auto r = test::run_frontier("rush enumerate --size 5 --out " + dir + "/db.txt --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["candidates"], 268'108 + 1);
    std::ifstream in(dir + "/db.txt");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(j["puzzles"], test::count_lines(text.str()));
    EXPECT_EQ(j["hardest"]["moves"], 20);
    std::filesystem::remove_all(dir);
}

// The anchor: the hardest wall-free 6 x 6 puzzle needs 51 moves, in a 4,780-state
// cluster, and is the public database's GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo up to letter naming.
// Every wall-free line of the public database in rush_known.tsv is a line of ours (moves and
// cluster size equal). The totals are this enumerator's own signature (first complete run,
// docs/howto/rush-hour.md), not published figures: a change that moves them changes the database.
TEST(LongRushUniverse, WallFree6x6HardestIs51Moves) {
    const std::string dir = test::temp_dir();
    const auto r =
        test::run_frontier("rush enumerate --all-clusters --out " + dir + "/db6.txt --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["candidates"], 243'502'785 + 1);
    EXPECT_EQ(j["hardest"]["moves"], 51);
    EXPECT_EQ(j["hardest"]["cluster_size"], 4780);
    EXPECT_EQ(reletter_rush(j["hardest"]["board"].get<std::string>()),
              reletter_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"));
    EXPECT_EQ(j["puzzles"], 476'118);
    EXPECT_EQ(j["clusters"], 80'939'910);
    EXPECT_EQ(j["solvable"], 33'167'684);
    EXPECT_EQ(j["puzzles_by_moves"]["50"], 1);
    EXPECT_EQ(j["puzzles_by_moves"]["11"], 61'984);  // the most common length

    std::map<std::string, std::pair<int, long long>> ours;  // relettered board: moves, cluster
    std::ifstream in(dir + "/db6.txt");
    for (std::string text; std::getline(in, text);) {
        const RushRecord line = parse_rush_record(text);
        ours[reletter_rush(line.board)] = {line.expected_moves, line.expected_cluster};
    }
    EXPECT_EQ(ours.size(), 476'118u);
    int published = 0;
    for (const auto& row : test::read_tsv(test::data_file("rush_known.tsv"))) {
        if (row[0] == "board36" || row[0].find('x') != std::string::npos ||
            row[3].find("rush.txt") == std::string::npos)
            continue;
        ++published;
        const auto it = ours.find(reletter_rush(row[0]));
        ASSERT_NE(it, ours.end()) << row[0];
        EXPECT_EQ(it->second.first, std::stoi(row[1])) << row[0];
        EXPECT_EQ(it->second.second, std::stoll(row[2])) << row[0];
    }
    EXPECT_EQ(published, 8);
    std::printf("wall-free 6x6: %s\n", r.out.c_str());
    std::filesystem::remove_all(dir);
}

// The public database's rows in rush_known.tsv (with and without walls, the hardest 60-move one
// included), each found character for character, with its moves and cluster size, among the
// lines of the one unit of the 6 x 6 universe with at most two walls that holds its cluster
// (RushUniverse::unit_of): the whole two-wall universe takes about a day on 2 cores, these 17
// units 33 minutes (2,001 s; unit 0 alone holds 191 M candidates).
TEST(LongRushUniverse, TwoWalls6x6UnitsHoldThePublicRowsCharacterForCharacter) {
    const RushUniverse universe(6, 2);
    std::map<std::size_t, std::vector<std::vector<std::string>>> rows_by_unit;
    int published = 0, with_walls = 0;
    for (const auto& row : test::read_tsv(test::data_file("rush_known.tsv"))) {
        if (row[0] == "board36" || row[3].find("rush.txt") == std::string::npos) continue;
        ++published;
        with_walls += row[0].find('x') != std::string::npos;
        const RushPuzzle p = parse_rush(row[0]);
        rows_by_unit[universe.unit_of(p.board, p.start)].push_back(row);
    }
    EXPECT_EQ(published, 29);
    EXPECT_EQ(with_walls, 21);
    std::vector<std::size_t> units;
    for (const auto& [unit, rows] : rows_by_unit) units.push_back(unit);
    std::vector<std::vector<RushDbEntry>> lines(units.size());
    tbb::enumerable_thread_specific<RushCensus> censuses;
    run_with_threads(2, [&] {
        parallel_for_dynamic(units.size(), [&](std::size_t i) {
            lines[i] = run_rush_unit(universe, units[i], censuses.local()).entries;
        });
    });
    for (std::size_t i = 0; i < units.size(); ++i)
        for (const auto& row : rows_by_unit[units[i]]) {
            const auto it = std::find_if(lines[i].begin(), lines[i].end(),
                                         [&](const RushDbEntry& e) { return e.board == row[0]; });
            ASSERT_NE(it, lines[i].end()) << row[0] << " in unit " << units[i];
            EXPECT_EQ(it->moves, std::stoi(row[1])) << row[0];
            EXPECT_EQ(it->cluster_size, std::stoul(row[2])) << row[0];
        }
    std::printf("%d public rows found in %zu units\n", published, units.size());
}

}  // namespace
}  // namespace frontier
