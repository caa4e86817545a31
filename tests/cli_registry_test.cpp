// The command line's structure (docs/architecture.md): one registry of puzzles, verbs generic over
// them, layers that include only downwards; and the Towers of Hanoi, added through the registry
// recipe, answered through every generic verb.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

namespace fs = std::filesystem;
using test::expect_input_error;
using test::run_frontier;

nlohmann::json json_of(const test::CliResult& r) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out);
}

// Every name the registry's puzzles answer to (a prefix for families: "sliding:", "hanoi:").
const std::set<std::string> kPuzzleNames = {
    "8puzzle",       "15puzzle", "24puzzle",    "sliding:",       "rush",   "pocket-cube",
    "peg-solitaire", "klotski",  "dads-puzzle", "sliding-blocks", "queens", "sudoku",
    "cryptarithm",   "qubic",    "hanoi:",      "pancake:"};

// The puzzle names listed by a verb's help ("Domains" footer): "8puzzle, sliding:RxC (...)" gives
// 8puzzle and sliding:.
std::set<std::string> names_in_help(const std::string& verb) {
    const auto r = run_frontier(verb + " --help");
    EXPECT_EQ(r.exit_code, 0) << verb;
    std::set<std::string> names;
    const auto at = r.out.find("Domains");
    std::istringstream lines(r.out.substr(at == std::string::npos ? r.out.size() : at));
    std::string line;
    std::getline(lines, line);  // the "Domains (run ...)" line
    while (std::getline(lines, line)) {
        std::stringstream items(line);
        for (std::string item; std::getline(items, item, ',');) {
            const auto first = item.find_first_not_of(' ');
            if (first == std::string::npos) continue;
            std::string name = item.substr(first, item.find_first_of(" (", first) - first);
            if (const auto colon = name.find(':'); colon != std::string::npos)
                name = name.substr(0, colon + 1);
            if (!name.empty() && name.find_first_of("abcdefghijklmnopqrstuvwxyz0123456789") == 0)
                names.insert(name);
        }
    }
    return names;
}

TEST(CliRegistry, EveryListedPuzzleIsKnownToThisTest) {
    for (const char* verb : {"solve", "solve-batch", "compare", "count", "play", "enumerate"})
        for (const std::string& name : names_in_help(verb))
            EXPECT_TRUE(kPuzzleNames.count(name)) << verb << " lists " << name;
    EXPECT_EQ(names_in_help("solve").count("hanoi:"), 1u);
    EXPECT_EQ(names_in_help("enumerate").count("hanoi:"), 1u);
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p);
    return {std::istreambuf_iterator<char>(in), {}};
}

// The layers of tools/: cli names no puzzle and no algorithm; commands name no puzzle (the bench's
// fixed workload list excepted); includes point only down.
TEST(CliRegistry, CommandsNameNoPuzzleAndIncludesPointDown) {
    const fs::path tools = fs::path(FRONTIER_SOURCE_DIR) / "tools";
    int files = 0;
    for (const char* layer : {"cli", "commands"})
        for (const auto& entry : fs::directory_iterator(tools / layer)) {
            const std::string file = entry.path().filename().string();
            if (file.starts_with("bench")) continue;
            const std::string text = read_file(entry.path());
            ++files;
            for (const std::string& name : kPuzzleNames)
                EXPECT_EQ(text.find("\"" + name), std::string::npos) << file << " names " << name;
            EXPECT_EQ(text.find("#include <frontier/domains/"), std::string::npos) << file;
            EXPECT_EQ(text.find("#include \"tools/puzzles/"), std::string::npos) << file;
            if (std::string(layer) == "cli") {
                EXPECT_EQ(text.find("#include \"tools/commands/"), std::string::npos) << file;
                for (const char* algorithm : {"\"astar\"", "\"idastar\"", "\"hdastar\"", "\"bfs\""})
                    EXPECT_EQ(text.find(algorithm), std::string::npos) << file << algorithm;
            }
        }
    EXPECT_GE(files, 10);
}

TEST(CliRegistry, NoFileUnderToolsExceedsFourHundredLines) {
    const fs::path tools = fs::path(FRONTIER_SOURCE_DIR) / "tools";
    for (const auto& entry : fs::recursive_directory_iterator(tools)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        const std::string text = read_file(entry.path());
        EXPECT_LE(std::count(text.begin(), text.end(), '\n'), 400) << entry.path();
    }
}

// Table files are the engine's: tools/ parses, shows progress and prints, and may open a table
// to route a lookup, but never builds a header or writes a table, so a library user's tables are
// the program's (engine/two_bit/table_run.hpp, engine/tables/distance_table.hpp).
TEST(CliRegistry, NoFileUnderToolsBuildsATableHeaderOrWritesATable) {
    const fs::path tools = fs::path(FRONTIER_SOURCE_DIR) / "tools";
    const std::regex builds(R"(TableHeader\s+\w+\s*;|TableHeader\s*\{|\.set_field\(|)"
                            R"(\bwrite_table_(file|shard|manifest)\(|\bwrite_shards\(|)"
                            R"(\badd_block_checksums\(|\b(two_bit|distance)_header\()");
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(tools)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        ++files;
        const std::string text = read_file(entry.path());
        std::smatch m;
        EXPECT_FALSE(std::regex_search(text, m, builds)) << entry.path() << ": " << m.str();
    }
    EXPECT_GE(files, 50);
}

TEST(CliRegistry, AnOptionThePuzzleDoesNotTakeIsRefusedByName) {
    expect_input_error(run_frontier("solve hanoi:3 --pdb-dir /nonexistent"),
                       "hanoi:3 takes no --pdb-dir option");
    expect_input_error(
        run_frontier("solve rush IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM --pdb-dir /nonexistent"),
        "rush takes no --pdb-dir option");
    expect_input_error(run_frontier("enumerate pocket-cube --layout x"),
                       "pocket-cube takes no --layout option");
}

TEST(CliRegistry, PidastarPrintsItsIterations) {
    const auto ida = run_frontier("solve 8puzzle '8 6 7 2 5 4 3 0 1' -a idastar");
    const auto pida = run_frontier("solve 8puzzle '8 6 7 2 5 4 3 0 1' -a pidastar --threads 2");
    ASSERT_EQ(pida.exit_code, 0) << pida.err;
    EXPECT_NE(ida.out.find("iterations 6"), std::string::npos) << ida.out;
    EXPECT_NE(pida.out.find("iterations 6"), std::string::npos) << pida.out;
    EXPECT_NE(pida.out.find("31 moves (optimal)"), std::string::npos) << pida.out;
}

TEST(CliRegistry, SolveBatchAppliesTheBoundCheck) {
    // Sliding blocks cannot tell every unsolvable start, so a tree search needs a bound there,
    // in a batch as in solve and compare.
    expect_input_error(
        run_frontier("solve-batch klotski - -a idastar", "BAAC/BAAC/DEEF/DGHF/I..J\n"),
        "keeps no visited set");
    expect_input_error(run_frontier("solve klotski -a idastar"), "keeps no visited set");
}

// The way in (issue 18, part): --version, help COMMAND, and a suggestion for a mistyped command
// or puzzle.
TEST(CliRegistry, VersionHelpAndSuggestions) {
    for (const char* flag : {"--version", "-V"}) {
        const auto v = run_frontier(flag);
        EXPECT_EQ(v.exit_code, 0) << flag;
        EXPECT_EQ(v.out.rfind("frontier 0.", 0), 0u) << v.out;
        EXPECT_NE(v.out.find("(commit "), std::string::npos) << v.out;
    }
    const auto help = run_frontier("help solve rush");
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_EQ(help.out, run_frontier("solve rush --help").out);
    EXPECT_NE(help.out.find("--metric"), std::string::npos);
    EXPECT_EQ(run_frontier("help").out, run_frontier("--help").out);
    expect_input_error(run_frontier("slove 8puzzle 123456780"), "did you mean 'solve'?");
    expect_input_error(run_frontier("solve 8puzle 123456780"), "did you mean \"8puzzle\"?");
    expect_input_error(run_frontier("enumerate hanio:3"), "did you mean \"hanoi:N\"?");
    const auto far = run_frontier("frobnicate");
    EXPECT_EQ(far.err.find("did you mean"), std::string::npos) << far.err;
}

// A verb reads its puzzle and the puzzle's arguments itself; its Usage line names them.
TEST(CliRegistry, EachVerbsUsageNamesThePuzzleAndItsArguments) {
    const std::vector<std::pair<std::string, std::string>> usages = {
        {"solve", "PUZZLE STATE [OPTIONS]"},  {"solve-batch", "PUZZLE FILE [OPTIONS]"},
        {"compare", "PUZZLE FILE [OPTIONS]"}, {"count", "PUZZLE ARGUMENTS [OPTIONS]"},
        {"play", "PUZZLE [OPTIONS]"},         {"enumerate", "PUZZLE [OPTIONS]"}};
    for (const auto& [verb, arguments] : usages) {
        const auto help = run_frontier("help " + verb);
        EXPECT_EQ(help.exit_code, 0) << verb;
        EXPECT_NE(help.out.find("\nUsage: frontier " + verb + " " + arguments + "\n"),
                  std::string::npos)
            << help.out;
    }
    // A puzzle's own page keeps the usage of its arguments.
    EXPECT_NE(run_frontier("help solve 8puzzle").out.find("Usage: frontier solve 8puzzle"),
              std::string::npos);
}

// Hanoi, through the generic verbs: the farthest state from the goal is 2^N - 1 moves away (the
// start, every disk on A, among them), and the space has 3^N states.
TEST(CliHanoi, EnumerateSolveLookupCompare) {
    const auto e = json_of(run_frontier("enumerate hanoi:6 --json --threads 2"));
    EXPECT_EQ(e["states"], 729);
    EXPECT_EQ(e["reached"], 729);
    EXPECT_EQ(e["max_depth"], 63);
    std::uint64_t sum = 0;
    for (const auto& n : e["layers"]) sum += n.get<std::uint64_t>();
    EXPECT_EQ(sum, 729u);
    const std::vector<std::string> farthest = e["farthest"];
    EXPECT_NE(std::find(farthest.begin(), farthest.end(), "AAAAAA"), farthest.end());

    const auto s = json_of(run_frontier("solve hanoi:7 --json"));
    EXPECT_EQ(s["length"], 127);
    EXPECT_EQ(s["optimal"], true);
    EXPECT_EQ(s["start"], "AAAAAAA");

    const std::string dir = test::temp_dir();
    ASSERT_EQ(run_frontier("enumerate hanoi:5 --out " + dir + "/h5.table").exit_code, 0);
    const auto l = run_frontier("lookup " + dir + "/h5.table AAAAA CCCCC --json");
    EXPECT_EQ(json_of(l)[0]["distance"], 31);
    EXPECT_EQ(json_of(l)[1]["distance"], 0);
    // Every state's table distance is the length A* finds (a sample of them).
    for (const char* state : {"BCCCC", "CBABA", "ABCAB", "BBBBA"}) {
        const auto t = json_of(run_frontier("lookup " + dir + "/h5.table " + state + " --json"));
        const auto a = json_of(run_frontier(std::string("solve hanoi:5 ") + state + " --json"));
        EXPECT_EQ(t[0]["distance"], a["length"]) << state;
    }

    std::ofstream(dir + "/h.txt") << "AAA\nBBB\nCAB\n";
    const auto c = run_frontier("compare hanoi:3 " + dir + "/h.txt --json");
    const auto cells = json_of(c);
    ASSERT_EQ(cells.size(), 9u);
    for (const auto& cell : cells) EXPECT_EQ(cell["status"], "solved");
    EXPECT_EQ(cells[0]["length"], 7);
    fs::remove_all(dir);
}

// Every help page reads in a terminal of 100 columns (descriptions wrapped at spaces and commas)
// and shows none of the parser's "Excludes:" notes.
TEST(CliRegistry, EveryHelpPageFitsOneHundredColumns) {
    const std::vector<std::string> pages = {"",
                                            "solve",
                                            "solve-batch",
                                            "compare",
                                            "count",
                                            "play",
                                            "enumerate",
                                            "pdb",
                                            "rush",
                                            "lookup",
                                            "bench",
                                            "rush grade",
                                            "rush generate",
                                            "rush enumerate",
                                            "pdb build",
                                            "pdb info",
                                            "solve 8puzzle",
                                            "solve 24puzzle",
                                            "solve sudoku",
                                            "solve rush",
                                            "solve pocket-cube",
                                            "solve peg-solitaire",
                                            "solve klotski",
                                            "solve hanoi:3",
                                            "solve queens",
                                            "solve cryptarithm",
                                            "solve qubic",
                                            "solve-batch 8puzzle",
                                            "solve-batch sudoku",
                                            "compare 8puzzle",
                                            "compare sudoku",
                                            "count queens",
                                            "play 8puzzle",
                                            "play rush",
                                            "enumerate 8puzzle",
                                            "enumerate pocket-cube",
                                            "enumerate hanoi:3"};
    for (const std::string& page : pages) {
        const auto r = run_frontier(page + " --help");
        EXPECT_EQ(r.exit_code, 0) << page << ": " << r.err;
        EXPECT_EQ(r.out.find("Excludes:"), std::string::npos) << page;
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);)
            EXPECT_LE(line.size(), 100u) << "frontier " << page << " --help: " << line;
    }
}

// A heuristic's name is spelled in its puzzle's table (kHeuristics) and compared with a typed
// name nowhere else (the tables' lookup is tools/commands/search_entry.hpp).
TEST(CliRegistry, NoHeuristicNameIsComparedOutsideTheTables) {
    const fs::path tools = fs::path(FRONTIER_SOURCE_DIR) / "tools";
    int tables = 0;
    for (const auto& entry : fs::recursive_directory_iterator(tools)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        const std::string text = read_file(entry.path());
        tables += text.find("static constexpr std::array kHeuristics") != std::string::npos;
        for (const char* name :
             {"zero", "none", "misplaced", "manhattan", "linear-conflict", "lc", "pdb", "h0", "h1",
              "h2", "h3", "off-goal", "goal", "distance", "gap"}) {
            const std::string quoted = std::string("\"") + name + "\"";
            for (const std::string& compared : {"name == " + quoted, "heuristic == " + quoted,
                                                quoted + " == name", "name != " + quoted})
                EXPECT_EQ(text.find(compared), std::string::npos) << entry.path() << " " << name;
        }
    }
    // sliding (both sizes), rush, pocket cube, peg solitaire, blocks, hanoi, pancake
    EXPECT_EQ(tables, 7);
}

}  // namespace
}  // namespace frontier
