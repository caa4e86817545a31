// The pancake puzzle (pancake:N): everything the program says about it. Added through the recipe
// of docs/architecture.md ("Adding a puzzle").
#include <array>
#include <variant>

#include <frontier/domains/pancake/pancake_heuristics.hpp>
#include <frontier/domains/pancake/pancake_io.hpp>
#include <frontier/domains/pancake/pancake_two_bit.hpp>
#include "tools/commands/enumerate.hpp"
#include "tools/commands/lookup.hpp"
#include "tools/commands/search_verbs.hpp"
#include "tools/commands/two_bit.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

// No options of its own: the goal is the sorted stack, smallest on top.
struct PancakeOptions {
    void add(CLI::App&, Use) {}
    Json echo() const { return Json::object(); }
};

struct PancakeEntry {
    using Domain = Pancake;
    using Heuristics = std::variant<ZeroHeuristic, PancakeGaps>;
    using Options = PancakeOptions;

    static constexpr std::string_view kNames = "pancake:N (N from 2 to 16 pancakes)";
    static bool accepts(std::string_view n) { return is_pancake_name(n); }
    static Pancake make_domain(const std::string& name, const Options&) {
        return parse_pancake_name(name);
    }
    static Pancake from_header(const TableHeader& h) { return parse_pancake_name(h.domain); }
    static PancakeState default_start(const Pancake& d) { return d.reversed(); }
    static PancakeTwoBitSpace two_bit_space(const Pancake& d) { return PancakeTwoBitSpace(d); }
    static constexpr bool kEveryStateSolvable = true;  // flips reach every order
    // The heuristics, by name (tools/commands/search_entry.hpp).
    using Choice = HeuristicChoice<Heuristics, Pancake, Options>;
    static constexpr std::array kHeuristics{
        Choice{"zero,none", "", kAdmissible,
               [](const Pancake&, const Options&) -> Heuristics { return ZeroHeuristic{}; }},
        Choice{"gap",
               "the gaps: neighbours whose sizes are not consecutive, the plate counting as "
               "size N+1 (a flip closes at most one)",
               kAdmissible,
               [](const Pancake& d, const Options&) -> Heuristics { return PancakeGaps(d); }},
    };
    static Algorithm default_algorithm(const Pancake&) { return Algorithm::idastar; }
    static constexpr std::string_view kDefaultHeuristic = "gap";
    static constexpr std::string_view kDefaultAlgorithmHelp = "idastar";
    static constexpr std::string_view kCompareAlgorithms = "bfs,astar:gap,idastar:gap";
    static constexpr PuzzleExample kExample{"pancake:8", "'3 6 1 8 5 2 7 4'", "pancake:8"};
    static constexpr std::string_view kStateHelp =
        "States: the sizes 1..N of the pancakes from the top of the stack down, separated by\n"
        "spaces: \"3 1 2\" has the middle one on top. The goal is \"1 2 ... N\" (smallest on\n"
        "top); the default start is the stack upside down. A move K flips the top K over.";
};

}  // namespace

void register_pancake(Registry& registry) {
    add_search_verbs<PancakeEntry>(registry);
    add_enumerate_verb<PancakeEntry>(registry);
    add_distance_table_reader<PancakeEntry>(registry);
    registry.offer("two-bit", "pancake stacks");
    add_two_bit_table_reader<PancakeEntry>(registry);
}

}  // namespace frontier::cli
