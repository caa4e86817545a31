// solve and compare for sliding-tile puzzles: boards of up to 16 cells run on the 64-bit
// SlidingTiles, larger ones (the 24-puzzle) on the 128-bit WideSlidingTiles.
#include <map>
#include <variant>

#include "domains/sliding/sliding_hash.hpp"
#include "domains/sliding/sliding_heuristics.hpp"
#include "domains/sliding/sliding_io.hpp"
#include "domains/sliding/sliding_pdb.hpp"
#include "tools/search_commands.hpp"

namespace frontier::cli {

namespace {

template <class Board>
using SlidingHeuristic = std::variant<ZeroHeuristic, MisplacedTiles<Board>, Manhattan<Board>,
                                      LinearConflict<Board>, PdbHeuristic<Board>>;

// The databases of --pdb-dir, grouped into partitions; the files are mapped and verified once
// per process even when several searches (compare, solve-batch) use them.
template <class Board>
PdbHeuristic<Board> pdb_heuristic(const Board& d, const SearchSwitches& sw) {
    if (sw.pdb_dir.empty())
        throw InputError("--heuristic pdb needs --pdb-dir DIR (build one with frontier pdb build)");
    static std::map<std::string, std::vector<std::vector<SlidingPdb>>> loaded;
    const std::string key = sw.pdb_dir + "|" + format_tiles(d, d.goal());
    auto it = loaded.find(key);
    if (it == loaded.end()) {
        auto pdbs = load_sliding_pdb_dir(sw.pdb_dir, d.rows(), d.cols(), goal_tiles_of(d));
        it = loaded.emplace(key, group_partitions(std::move(pdbs))).first;
    }
    return PdbHeuristic<Board>(d, it->second, !sw.no_reflection);
}

template <class Board>
SlidingHeuristic<Board> make_sliding_heuristic(const Board& d, const std::string& name,
                                               const SearchSwitches& sw) {
    if (name == "zero" || name == "none") return ZeroHeuristic{};
    if (name == "misplaced") return MisplacedTiles<Board>(d);
    if (name == "manhattan") return Manhattan<Board>(d);
    if (name == "linear-conflict" || name == "lc") return LinearConflict<Board>(d);
    if (name == "pdb") return pdb_heuristic(d, sw);
    throw InputError("unknown heuristic \"" + name +
                     "\" for sliding tiles (known: zero, misplaced, manhattan, linear-conflict, "
                     "pdb)");
}

bool is_sliding_name(std::string_view n) {
    return n == "8puzzle" || n == "15puzzle" || n == "24puzzle" || n.starts_with("sliding:");
}

// Which board type a name runs on (a malformed name goes to the narrow family, whose parser
// reports the error).
bool is_wide(std::string_view n) {
    try {
        return parse_sliding_name(n).cells() > SlidingTiles::kMaxCells;
    } catch (const InputError&) {
        return false;
    }
}

template <class Board>
void add_family(DomainCommands& commands, bool wide) {
    SearchFamily<Board, SlidingHeuristic<Board>> family;
    family.domains = wide ? "24puzzle, sliding:RxC (17 to 25 cells)"
                          : "8puzzle, 15puzzle, sliding:RxC (up to 16 cells)";
    family.accepts = [wide](std::string_view n) {
        return is_sliding_name(n) && is_wide(n) == wide;
    };
    family.make_domain = [](const std::string& name, const DomainOptions& options) {
        return make_board<Board>(parse_sliding_name(name), options.goal);
    };
    family.make_heuristic = make_sliding_heuristic<Board>;
    family.heuristic_names =
        "zero, misplaced, manhattan, linear-conflict (lc), pdb (additive pattern databases from "
        "--pdb-dir)";
    family.default_heuristic = "manhattan";
    family.default_algorithm = [](const Board& d) {
        return d.cells() <= 12 ? std::string("astar") : std::string("idastar");
    };
    family.default_algorithm_help = "astar for small boards, idastar for large";
    family.compare_algorithms =
        "bfs,dfs,astar:misplaced,astar:manhattan,idastar:manhattan,greedy:manhattan";
    family.state_help =
        "States: tiles row by row, numbers separated by spaces or commas (rows may be separated\n"
        "by '/'), or one hex digit per cell (\"123456780\"); 0, _ or . is the blank. The default\n"
        "goal has the tiles in order and the blank last.";
    add_search_commands(commands, std::move(family));
}

}  // namespace

void add_sliding_commands(DomainCommands& commands) {
    add_family<SlidingTiles>(commands, false);
    add_family<WideSlidingTiles>(commands, true);
}

}  // namespace frontier::cli
