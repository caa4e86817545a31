// solve and compare for the 2x2x2 cube.
#include <variant>

#include "domains/pocket_cube/pocket_cube_heuristics.hpp"
#include "tools/domain_registry.hpp"
#include "tools/search_commands.hpp"

namespace frontier::cli {

namespace {

using CubeHeuristic = std::variant<ZeroHeuristic, CubePatternDatabases, CubeDistanceTable>;

CubeHeuristic make_cube_heuristic(const PocketCube& d, const std::string& name,
                                  const SearchSwitches&) {
    if (name == "zero" || name == "none") return ZeroHeuristic{};
    if (name == "pdb") return CubePatternDatabases(d);
    if (name == "distance") return CubeDistanceTable(d);
    throw InputError("unknown heuristic \"" + name +
                     "\" for pocket-cube (known: zero, pdb, distance)");
}

}  // namespace

void add_pocket_cube_commands(DomainCommands& commands) {
    SearchFamily<PocketCube, CubeHeuristic> family;
    family.domains = "pocket-cube";
    family.accepts = accept_names({"pocket-cube"});
    family.make_domain = [](const std::string& name, const DomainOptions& options) {
        return std::get<PocketCube>(make_domain(name, options));
    };
    family.make_heuristic = make_cube_heuristic;
    family.heuristic_names =
        "zero, pdb (max of the corner-orientation and corner-permutation pattern databases), "
        "distance (the full distance table, exact)";
    family.default_heuristic = "pdb";
    family.default_algorithm = [](const PocketCube&) { return std::string("idastar"); };
    family.default_algorithm_help = "idastar";
    family.compare_algorithms = "bfs,astar:pdb,idastar:pdb,idastar:distance";
    family.add_domain_options = [](CLI::App& cmd, DomainOptions& options) {
        cmd.add_option("--metric", options.metric,
                       "htm: quarter and half turns are one move each (default); qtm: quarter "
                       "turns only");
    };
    family.state_help =
        "States: 24 facelets, faces in the order U R F D L B, each read row by row from outside\n"
        "(U with B at the top, D with F at the top, the others with U at the top); any six\n"
        "symbols, spaces ignored: \"UUUU RRRR FFFF DDDD LLLL BBBB\" is solved. Or --scramble\n"
        "\"R U2 F' ...\" (faces U R F D L B; 2 a half turn, ' counter-clockwise). The DBL corner\n"
        "is held fixed, so solutions turn only U, R and F.";
    add_search_commands(commands, std::move(family));
}

}  // namespace frontier::cli
