// Peg solitaire (English and French boards): everything the program says about it.
#include <array>
#include <variant>

#include <frontier/domains/peg_solitaire/peg_solitaire_io.hpp>
#include "tools/commands/enumerate.hpp"
#include "tools/commands/search_verbs.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

struct PegOptions {
    std::string goal, board;

    void add(CLI::App& cmd, Use) {
        cmd.add_option("--goal", goal, "goal state (default: the board's central game)");
        cmd.add_option("--board", board, "english (33 holes, default) or french (37 holes)");
    }
    Json echo() const { return board.empty() ? Json::object() : Json{{"board", board}}; }
};

struct PegEntry {
    using Domain = PegSolitaire;
    using Heuristics = std::variant<ZeroHeuristic>;
    using Options = PegOptions;

    static constexpr std::string_view kNames = "peg-solitaire";
    static bool accepts(std::string_view n) { return n == "peg-solitaire"; }
    static PegSolitaire make_domain(const std::string&, const Options& o) {
        return make_peg_solitaire(parse_peg_board(o.board), o.goal);
    }
    static PegState default_start(const PegSolitaire& d) { return d.start(); }
    // The heuristics, by name (tools/commands/search_entry.hpp).
    using Choice = HeuristicChoice<Heuristics, PegSolitaire, Options>;
    static constexpr std::array kHeuristics{
        Choice{"zero,none", "every solution has the same number of jumps", kAdmissible,
               [](const PegSolitaire&, const Options&) -> Heuristics { return ZeroHeuristic{}; }},
    };
    // Depth-first search with the visited set as the memo of dead positions: every path to a
    // board has the same length, so the first solution found is as short as any.
    static Algorithm default_algorithm(const PegSolitaire&) { return Algorithm::dfs; }
    static constexpr std::string_view kDefaultHeuristic = "zero";
    static constexpr std::string_view kDefaultAlgorithmHelp = "dfs";
    static constexpr std::string_view kCompareAlgorithms = "dfs";
    static constexpr PuzzleExample kExample{"peg-solitaire",
                                            "'.../.x./...x.../......./......./.../...'",
                                            "peg-solitaire --max-depth 5"};
    static constexpr std::string_view kStateHelp =
        "Boards: one character per hole in reading order, x a peg and . an empty hole, rows\n"
        "optionally separated by '/' (English rows 3 3 7 7 7 3 3, French 3 5 7 7 7 5 3).\n"
        "Default problems: English, every hole filled but the centre, one peg left in the centre\n"
        "(31 jumps); French, d2 empty, one peg left on d6 (35 jumps). Jumps print as FROM-TO,\n"
        "columns a-g from the left, rows 1-7 from the top.";
};

}  // namespace

void register_peg_solitaire(Registry& registry) {
    add_search_verbs<PegEntry>(registry);
    add_enumerate_verb<PegEntry>(registry);
}

}  // namespace frontier::cli
