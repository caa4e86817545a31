// frontier bench on tiny workloads: the CSV and JSON have the documented structure with positive
// numbers, the SVG is well-formed XML, and the markdown lands between its markers.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stack>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Well-formedness: every element closes in order, attributes are quoted, one root element.
bool well_formed_xml(const std::string& xml) {
    std::stack<std::string> open;
    std::size_t i = 0, roots = 0;
    while ((i = xml.find('<', i)) != std::string::npos) {
        const std::size_t end = xml.find('>', i);
        if (end == std::string::npos) return false;
        std::string tag = xml.substr(i + 1, end - i - 1);
        i = end + 1;
        if (tag.empty()) return false;
        if (tag[0] == '?' || tag[0] == '!') continue;
        if (tag[0] == '/') {
            if (open.empty() || open.top() != tag.substr(1)) return false;
            open.pop();
            continue;
        }
        if (std::count(tag.begin(), tag.end(), '"') % 2) return false;
        const bool self_closing = tag.back() == '/';
        const std::string name = tag.substr(0, tag.find_first_of(" /"));
        if (open.empty()) ++roots;
        if (!self_closing) open.push(name);
    }
    return open.empty() && roots == 1;
}

// A file without the section's markers is refused before any workload runs: nothing is
// measured or written for a report that has nowhere to go.
TEST(CliBench, AMarkdownFileWithoutMarkersIsRefusedBeforeTheRun) {
    const std::string dir = test::temp_dir();
    const std::string md = dir + "/perf.md";
    std::ofstream(md) << "# Perf\n<!-- bench:other begin -->\n<!-- bench:other end -->\n";
    const auto r = test::run_frontier("bench --workloads queens-8 --threads 1 --repeat 1 --out " +
                                      dir + "/out --markdown-into " + md + " --section test");
    test::expect_input_error(r, "no markers <!-- bench:test begin -->");
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(std::filesystem::exists(dir + "/out/results.csv"));
    EXPECT_EQ(slurp(md), "# Perf\n<!-- bench:other begin -->\n<!-- bench:other end -->\n");
    std::filesystem::remove_all(dir);
}

TEST(CliBench, TinyWorkloadsProduceEveryReport) {
    const std::string dir = test::temp_dir();
    const std::string md = dir + "/perf.md";
    std::ofstream(md) << "# Perf\n<!-- bench:test begin -->\nold\n<!-- bench:test end -->\ntail\n";
    const auto r = test::run_frontier(
        "bench --workloads enumerate-sliding:2x3,queens-8 "
        "--threads 1,2 --repeat 2 --out " +
        dir + "/out --markdown-into " + md + " --section test");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("speedup"), std::string::npos);

    const std::string csv = slurp(dir + "/out/results.csv");
    EXPECT_EQ(test::count_lines(csv), 1 + 2 * 2);
    EXPECT_EQ(csv.substr(0, csv.find('\n')),
              "workload,threads,oversubscribed,runs,median_seconds,min_seconds,max_seconds,rate,"
              "unit,speedup,efficiency,load_before,load_after,other_cores");

    const auto j = nlohmann::json::parse(slurp(dir + "/out/results.json"));
    for (const char* key : {"cpu", "cores", "memory", "compiler", "build_type"})
        EXPECT_TRUE(j["machine"].contains(key)) << key;
    ASSERT_EQ(j["results"].size(), 4u);
    for (const auto& p : j["results"]) {
        EXPECT_EQ(p["runs"].size(), 2u);
        for (const char* key : {"median_seconds", "min_seconds", "max_seconds", "rate", "speedup"})
            EXPECT_GT(p[key].get<double>(), 0.0) << p["workload"] << " " << key;
        for (const char* key : {"load_average_before", "load_average_after", "busy"})
            EXPECT_TRUE(p.contains(key)) << p["workload"] << " " << key;
    }
    EXPECT_EQ(j["results"][0]["workload"], "enumerate-sliding:2x3");
    EXPECT_EQ(j["results"][0]["speedup"], 1.0);

    EXPECT_TRUE(well_formed_xml(slurp(dir + "/out/speedup.svg")));
    const std::string doc = slurp(md);
    EXPECT_EQ(doc.find("old"), std::string::npos);
    EXPECT_NE(doc.find("| queens-8 | 2 |"), std::string::npos) << doc;
    EXPECT_NE(doc.find("tail"), std::string::npos);
    EXPECT_EQ(test::run_frontier("bench --workloads nosuch --out " + dir).exit_code, 2);
    EXPECT_EQ(test::run_frontier("bench --workloads queens-8 --threads 0 --out " + dir).exit_code,
              2);
    std::filesystem::remove_all(dir);
}

// A second process spinning on a core while the benchmark runs: every report says the machine was
// busy, and the point is marked. (On a machine already loaded by other tests the warning comes
// all the more; what cannot happen is a busy point reported as quiet.)
TEST(CliBench, ABusyMachineIsNamedInEveryReport) {
    const std::string dir = test::temp_dir();
    const auto r = test::run_shell("(timeout 30 sh -c 'while :; do :; done' & echo $! > " + dir +
                                   "/spin; sleep 0.3; " + test::frontier_binary() +
                                   " bench --workloads queens-14 --threads 1 --repeat 3 --out " +
                                   dir + "/out; s=$?; kill $(cat " + dir + "/spin); exit $s)");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("WARNING: the machine was busy"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" !"), std::string::npos) << r.out;
    const auto j = nlohmann::json::parse(slurp(dir + "/out/results.json"));
    EXPECT_TRUE(j.contains("warning"));
    EXPECT_TRUE(j["results"][0]["busy"].get<bool>());
    EXPECT_GT(j["results"][0]["other_cores"].get<double>(), 0.25);
    EXPECT_NE(slurp(dir + "/out/report.md").find("**WARNING: the machine was busy"),
              std::string::npos);
    EXPECT_NE(slurp(dir + "/out/speedup.svg").find("WARNING: the machine was busy"),
              std::string::npos);
    std::filesystem::remove_all(dir);
}

// The Rush Hour and peg-solitaire workloads do real, checkable work at every thread count: the
// grading reaches each database cluster in full (377 + 770 + ... + 12,020 = 57,003 states, 20
// rounds), and the first 6 jumps reach 1 + 4 + 12 + 60 + 296 + 1,338 + 5,648 boards (OEIS
// A112737).
TEST(CliBench, RushAndPegWorkloadsDoTheirWholeWork) {
    const std::string dir = test::temp_dir();
    const auto r = test::run_frontier(
        "bench --workloads rush-grade,peg-6 --threads 1,2 --repeat 1 "
        "--out " +
        dir + "/out");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(slurp(dir + "/out/results.json"));
    ASSERT_EQ(j["results"].size(), 4u);
    for (const auto& p : j["results"]) {
        EXPECT_GT(p["rate"].get<double>(), 0.0);
        if (p["workload"] == "rush-grade") {
            EXPECT_EQ(p["extra"]["cluster_states"], 57003u * 20);
            EXPECT_EQ(p["unit"], "puzzles/s");
        } else {
            EXPECT_EQ(p["workload"], "peg-6");
            EXPECT_EQ(p["extra"]["states"], 7359u);
        }
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
