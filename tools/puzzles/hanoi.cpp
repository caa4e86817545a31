// Towers of Hanoi (hanoi:N, 3 pegs): everything the program says about it. Added through the
// recipe of docs/architecture.md ("Adding a puzzle"): this file, one line in registry.hpp and one
// in tools/CMakeLists.txt.
#include <array>
#include <variant>

#include <frontier/domains/hanoi/hanoi_heuristics.hpp>
#include <frontier/domains/hanoi/hanoi_io.hpp>
#include "tools/commands/enumerate.hpp"
#include "tools/commands/lookup.hpp"
#include "tools/commands/search_verbs.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

// No options of its own: the goal is every disk on peg C.
struct HanoiOptions {
    void add(CLI::App&, Use) {}
    Json echo() const { return Json::object(); }
};

struct HanoiEntry {
    using Domain = Hanoi;
    using Heuristics = std::variant<ZeroHeuristic, HanoiOffGoal, HanoiRecursive>;
    using Options = HanoiOptions;

    static constexpr std::string_view kNames = "hanoi:N (N from 1 to 20 disks)";
    static bool accepts(std::string_view n) { return is_hanoi_name(n); }
    static Hanoi make_domain(const std::string& name, const Options&) {
        return parse_hanoi_name(name);
    }
    static Hanoi from_header(const TableHeader& h) { return parse_hanoi_name(h.domain); }
    static HanoiState default_start(const Hanoi& d) { return d.start(); }
    static constexpr bool kEveryStateSolvable = true;  // every position reaches any other
    // The heuristics, by name (tools/commands/search_entry.hpp).
    using Choice = HeuristicChoice<Heuristics, Hanoi, Options>;
    static constexpr std::array kHeuristics{
        Choice{"zero,none", "", kAdmissible,
               [](const Hanoi&, const Options&) -> Heuristics { return ZeroHeuristic{}; }},
        Choice{"off-goal", "the disks not on their goal peg", kAdmissible,
               [](const Hanoi& d, const Options&) -> Heuristics { return HanoiOffGoal(d); }},
        Choice{"recursive",
               "the exact distance by the classic recursion (largest disk first): A* then "
               "expands one state per move",
               kAdmissible,
               [](const Hanoi& d, const Options&) -> Heuristics { return HanoiRecursive(d); }},
    };
    static Algorithm default_algorithm(const Hanoi&) { return Algorithm::astar; }
    static constexpr std::string_view kDefaultHeuristic = "recursive";
    static constexpr std::string_view kDefaultAlgorithmHelp = "astar";
    static constexpr std::string_view kCompareAlgorithms = "bfs,astar:off-goal,astar:recursive";
    static constexpr PuzzleExample kExample{"hanoi:5", "BACCA", "hanoi:5"};
    static constexpr std::string_view kStateHelp =
        "States: the peg of each disk, A, B or C, largest disk first: \"AAAAA\" has all five\n"
        "disks on A (the default start); the goal has them all on C. Moves print as\n"
        "FROM>TO: A>C moves the top disk of A onto C.";
};

}  // namespace

void register_hanoi(Registry& registry) {
    add_search_verbs<HanoiEntry>(registry);
    add_enumerate_verb<HanoiEntry>(registry);
    add_distance_table_reader<HanoiEntry>(registry);
}

}  // namespace frontier::cli
