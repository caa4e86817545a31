// Sliding-block puzzles (Klotski, Dad's Puzzle, any layout): everything the program says about
// them.
#include <array>
#include <variant>

#include <frontier/domains/sliding_blocks/sliding_blocks_heuristics.hpp>
#include <frontier/domains/sliding_blocks/sliding_blocks_io.hpp>
#include "tools/commands/enumerate.hpp"
#include "tools/commands/search_verbs.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

struct BlockOptions {
    std::string goal, metric, layout;

    void add(CLI::App& cmd, Use) {
        cmd.add_option("--goal", goal, "goal: \"A at b4\" (default: the puzzle's own)");
        cmd.add_option("--metric", metric,
                       "piece: a piece moving anywhere is one move (default, the classic "
                       "count); straight: one slide in one direction; steps: one cell");
        cmd.add_option("--layout", layout,
                       "sliding-blocks: the tray and pieces, a grid \"BAAC/BAAC/DEEF/DGHF/I..J\" "
                       "or a list \"4x5: A 2x2 b1, B 1x2 a1, ...\"");
    }
    Json echo() const {
        Json j = Json::object();
        if (!metric.empty()) j["metric"] = metric;
        if (!layout.empty()) j["layout"] = layout;
        return j;
    }
};

struct BlockEntry {
    using Domain = SlidingBlocks;
    using Heuristics = std::variant<ZeroHeuristic, BlockGoalDistance>;
    using Options = BlockOptions;

    static constexpr std::string_view kNames = "klotski, dads-puzzle, sliding-blocks";
    static bool accepts(std::string_view n) { return is_sliding_blocks_name(n); }
    static SlidingBlocks make_domain(const std::string& name, const Options& o) {
        return make_sliding_blocks(name, o.layout, o.goal, parse_block_metric(o.metric));
    }
    static BlockState default_start(const SlidingBlocks& d) { return d.start(); }
    // The heuristics, by name (tools/commands/search_entry.hpp).
    using Choice = HeuristicChoice<Heuristics, SlidingBlocks, Options>;
    static constexpr std::array kHeuristics{
        Choice{"zero,none", "", kAdmissible,
               [](const SlidingBlocks&, const Options&) -> Heuristics { return ZeroHeuristic{}; }},
        Choice{"goal", "the goal piece's distance in the metric, alone", kAdmissible,
               [](const SlidingBlocks& d, const Options&) -> Heuristics {
                   return BlockGoalDistance(d);
               }},
    };
    static Algorithm default_algorithm(const SlidingBlocks&) { return Algorithm::astar; }
    static constexpr bool kSolvabilityKnown = false;  // no cheap test tells a blocked goal
    static constexpr std::string_view kDefaultHeuristic = "goal";
    static constexpr std::string_view kDefaultAlgorithmHelp = "astar";
    static constexpr std::string_view kCompareAlgorithms = "bfs,astar:zero,astar:goal";
    static constexpr PuzzleExample kExample{"klotski", "BAAC/BAAC/DEEF/DGHF/I..J", "klotski"};
    static constexpr std::string_view kStateHelp =
        "Layouts: a grid, one character per cell, rows separated by '/': letters and digits are\n"
        "pieces (each a filled rectangle), . empty, # a wall; or a list \"WxH: A 2x2 b1, ...\"\n"
        "(label, size, top-left cell). Cells are like b4: column a.., row 1.. from the top.\n"
        "Goal: \"A at b4\" (the goal piece's top-left cell). Built in: klotski (goal A at b4,\n"
        "81 moves), dads-puzzle (goal A at a4, 59 moves). The state argument is another start\n"
        "grid with the same pieces; pieces of one size are interchangeable.";
};

}  // namespace

void register_sliding_blocks(Registry& registry) {
    add_search_verbs<BlockEntry>(registry);
    add_enumerate_verb<BlockEntry>(registry);
}

}  // namespace frontier::cli
