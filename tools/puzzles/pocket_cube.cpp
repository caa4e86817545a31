// The 2x2x2 cube: everything the program says about it (solve, compare, solve-batch, enumerate,
// lookup of its distance tables).
#include <array>
#include <variant>

#include <frontier/domains/pocket_cube/pocket_cube_heuristics.hpp>
#include <frontier/domains/pocket_cube/pocket_cube_io.hpp>
#include "tools/commands/enumerate.hpp"
#include "tools/commands/lookup.hpp"
#include "tools/commands/search_verbs.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

struct CubeOptions {
    std::string goal, metric;

    void add(CLI::App& cmd, Use) {
        cmd.add_option("--goal", goal, "goal state (always the solved cube)");
        cmd.add_option("--metric", metric,
                       "htm: quarter and half turns are one move each (default); qtm: quarter "
                       "turns only");
    }
    Json echo() const { return metric.empty() ? Json::object() : Json{{"metric", metric}}; }
};

struct CubeEntry {
    using Domain = PocketCube;
    using Heuristics = std::variant<ZeroHeuristic, CubePatternDatabases, CubeDistanceTable>;
    using Options = CubeOptions;

    static constexpr std::string_view kNames = "pocket-cube";
    static bool accepts(std::string_view n) { return n == "pocket-cube"; }
    static PocketCube make_domain(const std::string&, const Options& o) {
        if (!o.goal.empty() && parse_facelets(o.goal) != PocketCube::solved())
            throw InputError("pocket-cube's goal is always the solved cube");
        return PocketCube(parse_cube_metric(o.metric));
    }
    static PocketCube from_header(const TableHeader& h) {
        return make_domain(h.domain, Options{h.goal, h.field("metric")});
    }
    // The heuristics, by name (tools/commands/search_entry.hpp).
    using Choice = HeuristicChoice<Heuristics, PocketCube, Options>;
    static constexpr std::array kHeuristics{
        Choice{"zero,none", "", kAdmissible,
               [](const PocketCube&, const Options&) -> Heuristics { return ZeroHeuristic{}; }},
        Choice{"pdb", "max of the corner-orientation and corner-permutation pattern databases",
               kAdmissible,
               [](const PocketCube& d, const Options&) -> Heuristics {
                   return CubePatternDatabases(d);
               }},
        Choice{
            "distance", "the full distance table, exact", kAdmissible,
            [](const PocketCube& d, const Options&) -> Heuristics { return CubeDistanceTable(d); }},
    };
    static Algorithm default_algorithm(const PocketCube&) { return Algorithm::idastar; }
    static constexpr std::string_view kDefaultHeuristic = "pdb";
    static constexpr std::string_view kDefaultAlgorithmHelp = "idastar";
    static constexpr std::string_view kCompareAlgorithms =
        "bfs,astar:pdb,idastar:pdb,idastar:distance";
    static constexpr PuzzleExample kExample{"pocket-cube", "'UULD FBFR FRDR RUDB FDLB LLUB'",
                                            "pocket-cube"};
    static constexpr std::string_view kStateHelp =
        "States: 24 facelets, faces in the order U R F D L B, each read row by row from outside\n"
        "(U with B at the top, D with F at the top, the others with U at the top); any six\n"
        "symbols, spaces ignored: \"UUUU RRRR FFFF DDDD LLLL BBBB\" is solved. Or --scramble\n"
        "\"R U2 F' ...\" (faces U R F D L B; 2 a half turn, ' counter-clockwise). The DBL corner\n"
        "is held fixed, so solutions turn only U, R and F.";
};

}  // namespace

void register_pocket_cube(Registry& registry) {
    add_search_verbs<CubeEntry>(registry);
    add_enumerate_verb<CubeEntry>(registry);
    add_distance_table_reader<CubeEntry>(registry);
}

}  // namespace frontier::cli
