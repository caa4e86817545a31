// The recorded runs of the 6x6 Rush Hour database: with at most one wall
// (bench/data/rush_6x6_1wall), its shards' summaries, per-unit costs and merged summary agree with
// each other, and its hardest lines grade to their recorded moves and cluster sizes, each a row of
// the reference data; with at most two walls (bench/data/rush_6x6_2walls), each shard recorded so
// far is whole and adds up.

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/rush/rush_grade.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

const std::string kRecordDir = FRONTIER_SOURCE_DIR "/bench/data/rush_6x6_1wall/";
const char* const kRecordShards[] = {"0of4", "1of8", "2of8", "3of8", "5of8", "6of8", "7of8"};

nlohmann::json read_record_json(const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    return nlohmann::json::parse(in);
}

// A summary's "puzzles_by_moves" (keys are move counts as text) as numbers.
std::map<int, std::uint64_t> puzzles_by_moves(const nlohmann::json& summary) {
    std::map<int, std::uint64_t> counts;
    for (const auto& [moves, n] : summary["puzzles_by_moves"].items())
        counts[std::stoi(moves)] = n.get<std::uint64_t>();
    return counts;
}

TEST(RushOneWallRecord, ShardsCoverEveryUnitOnceAndSumToTheMergedSummary) {
    const nlohmann::json whole = read_record_json(kRecordDir + "database.json");
    ASSERT_EQ(whole["complete"], true);
    const std::uint64_t units = whole["units"];
    std::vector<int> seen(units, 0);
    std::map<std::string, std::uint64_t> sums;
    std::map<int, std::uint64_t> by_moves;
    int hardest = 0;
    for (const char* shard : kRecordShards) {
        const nlohmann::json j = read_record_json(kRecordDir + "shard-" + shard + ".json");
        for (const char* key : {"units_done", "candidates", "pruned", "clusters", "solvable",
                                "puzzles", "cluster_states"})
            sums[key] += j[key].get<std::uint64_t>();
        for (const auto& [moves, n] : puzzles_by_moves(j)) by_moves[moves] += n;
        hardest = std::max(hardest, j["hardest"]["moves"].get<int>());
        // "KofN": the shard runs the units u with u % N == K.
        const int k = shard[0] - '0', n = shard[3] - '0';
        std::ifstream costs(kRecordDir + "shard-" + shard + "-units.txt");
        std::uint64_t lines = 0, kept = 0, tried = 0;
        for (std::string line; std::getline(costs, line);) {
            if (line.empty() || line[0] == '#') continue;
            std::istringstream fields(line);
            std::uint64_t unit = 0, candidates = 0, puzzles = 0;
            double seconds = 0;  // read past: timings are not checked
            fields >> unit >> candidates >> seconds >> puzzles;
            ASSERT_LT(unit, units) << line;
            EXPECT_EQ(static_cast<int>(unit % n), k) << shard << ": " << line;
            ++seen[unit];
            ++lines;
            kept += puzzles;
            tried += candidates;
        }
        EXPECT_EQ(lines, j["units_done"].get<std::uint64_t>()) << shard;
        EXPECT_EQ(kept, j["puzzles"].get<std::uint64_t>()) << shard;
        EXPECT_EQ(tried, j["candidates"].get<std::uint64_t>()) << shard;
    }
    for (std::uint64_t u = 0; u < units; ++u) EXPECT_EQ(seen[u], 1) << "unit " << u;
    for (const auto& [key, sum] : sums) EXPECT_EQ(whole[key].get<std::uint64_t>(), sum) << key;
    EXPECT_EQ(puzzles_by_moves(whole), by_moves);
    EXPECT_EQ(whole["hardest"]["moves"].get<int>(), hardest);
}

TEST(RushOneWallRecord, HardestLinesGradeAsRecordedAndAreKnownRows) {
    std::set<std::string> known;
    for (const auto& row : test::read_tsv(test::data_file("rush_known.tsv")))
        known.insert(row[0] + " " + row[1] + " " + row[2]);
    std::uint64_t from_50 = 0;
    for (const auto& [moves, n] : puzzles_by_moves(read_record_json(kRecordDir + "database.json")))
        if (moves >= 50) from_50 += n;

    std::ifstream in(kRecordDir + "hardest.txt");
    RushGrader grader;
    std::uint64_t lines = 0;
    for (std::string line; std::getline(in, line); ++lines) {
        const RushLineGrade g = grade_rush_line(grader, line);
        ASSERT_TRUE(g.error.empty()) << line << ": " << g.error;
        EXPECT_EQ(g.grade.moves, g.record.expected_moves) << line;
        EXPECT_EQ(g.grade.cluster_size, g.record.expected_cluster) << line;
        EXPECT_EQ(g.grade.hardest_moves, g.grade.moves) << line;
        const std::string row = g.board + " " + std::to_string(g.record.expected_moves) + " " +
                                std::to_string(g.record.expected_cluster);
        EXPECT_TRUE(known.count(row)) << row;
    }
    EXPECT_EQ(lines, from_50);
    EXPECT_EQ(lines, 12u);
}

// The two-wall run so far (bench/data/rush_6x6_2walls): each recorded shard K/N is whole (its units
// file lists every unit u < units with u % N == K once) and its units add up to its summary.
TEST(RushTwoWallRecord, EachRecordedShardIsWholeAndAddsUp) {
    const std::string dir = FRONTIER_SOURCE_DIR "/bench/data/rush_6x6_2walls/";
    int shards = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        int k = 0, n = 0;
        if (std::sscanf(name.c_str(), "shard-%dof%d.json", &k, &n) != 2 ||
            name != "shard-" + std::to_string(k) + "of" + std::to_string(n) + ".json")
            continue;
        ++shards;
        const nlohmann::json j = read_record_json(entry.path().string());
        EXPECT_EQ(j["walls"], 2);
        EXPECT_EQ(j["shard"], std::to_string(k) + "/" + std::to_string(n));
        const std::uint64_t units = j["units"];
        std::set<std::uint64_t> listed;
        std::uint64_t kept = 0, tried = 0;
        std::ifstream costs(dir + "shard-" + std::to_string(k) + "of" + std::to_string(n) +
                            "-units.txt");
        for (std::string line; std::getline(costs, line);) {
            if (line.empty() || line[0] == '#') continue;
            std::istringstream fields(line);
            std::uint64_t unit = 0, candidates = 0, puzzles = 0;
            double seconds = 0;
            fields >> unit >> candidates >> seconds >> puzzles;
            EXPECT_EQ(unit % n, static_cast<std::uint64_t>(k)) << name << ": " << line;
            EXPECT_TRUE(listed.insert(unit).second) << name << ": unit " << unit << " twice";
            kept += puzzles;
            tried += candidates;
        }
        const std::uint64_t expected = units / n + (static_cast<std::uint64_t>(k) < units % n);
        EXPECT_EQ(listed.size(), expected) << name;
        EXPECT_EQ(j["units_done"].get<std::uint64_t>(), expected) << name;
        EXPECT_EQ(kept, j["puzzles"].get<std::uint64_t>()) << name;
        EXPECT_EQ(tried, j["candidates"].get<std::uint64_t>()) << name;
    }
    EXPECT_GE(shards, 1);
}

}  // namespace
}  // namespace frontier
