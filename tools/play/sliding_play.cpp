#include "tools/play/sliding_play.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_pdb.hpp>
#include <frontier/domains/sliding/sliding_random.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/search/solver.hpp>

namespace frontier::play {

namespace {

// Boards this small get an in-memory distance table (10 cells: 1,814,400 states, 2.3 MB).
constexpr int kTableCells = 10;

const char* const kTileDirection[4] = {"down", "right", "left", "up"};  // by blank direction

std::string blank_direction_name(int dir) {
    static const char* const names[4] = {"up", "left", "right", "down"};
    return names[dir];
}

KeyResult<SlideMove> result(Action a, SlideMove m = {}, std::string message = "") {
    return KeyResult<SlideMove>{a, m, std::move(message)};
}

template <class H>
SlidingCoach::Solver ida_solve(const SlidingTiles& d, std::shared_ptr<const H> h) {
    return
        [d, h](const TileState& s, const std::atomic<bool>& stop) -> std::optional<SlideSolution> {
            SolverOptions o;
            o.limits.stop = &stop;
            const auto r = solve<Algorithm::idastar>(d, s, *h, o);
            if (r.status == SearchStatus::Solved) return SlideSolution{r.length(), r.moves};
            if (r.status == SearchStatus::Exhausted) return SlideSolution{-1, {}};
            return std::nullopt;  // stopped
        };
}

// A --table file of another kind or puzzle (a two-bit table, a pattern database, another board)
// is refused with what the file is and the command that makes the one play reads. A sharded
// table (a directory) is left to DistanceTable::open.
void refuse_other_tables(const SlidingTiles& d, const std::string& path) {
    if (std::filesystem::is_directory(path)) return;
    const TableHeader h = TableFile::open(path, /*verify_payload=*/false).header();
    const std::string spec = sliding_spec(d.rows(), d.cols());
    const std::string what = h.kind == "pdb"        ? "a pattern database"
                             : h.kind != "distance" ? "a " + h.kind + " table"
                             : h.entry_bits == 2    ? "a two-bit table"
                             : h.entry_bits != 8    ? "a table of other than one-byte entries"
                             : h.domain != spec     ? "a table"
                                                    : "";
    if (what.empty()) return;
    const std::string name = sliding_name(d.rows(), d.cols());
    throw InputError(path + " is " + what + " of " + h.domain + "; play " + name +
                     " needs the one-byte table of " + spec + " that 'frontier enumerate " + name +
                     " --out FILE' writes");
}

}  // namespace

std::string SlidingSolver::describe() const {
    if (kind == "table") return "coach: distance table";
    if (kind == "ida-pdb") return "coach: IDA* with pattern databases";
    return "coach: IDA* with linear conflict (slower than with --pdb-dir)";
}

std::shared_ptr<const DistanceTable> build_distance_table(const SlidingTiles& d, int threads) {
    auto table = std::make_shared<DistanceTable>(d.size());
    LayeredBfsOptions options;
    options.threads = threads;
    const TileState goal = d.goal();
    layered_bfs(d, std::span<const TileState>(&goal, 1), table->mutable_bytes(), options);
    return table;
}

std::shared_ptr<const DistanceTable> open_distance_table(const SlidingTiles& d,
                                                         const std::string& path) {
    refuse_other_tables(d, path);
    auto table = std::make_shared<DistanceTable>(DistanceTable::open(path));
    const TableHeader& h = *table->header();
    const std::string spec = sliding_spec(d.rows(), d.cols());
    if (h.domain != spec) throw InputError(path + ": a table of " + h.domain + ", not of " + spec);
    if (h.goal != format_tiles(d, d.goal()))
        throw InputError(path + ": made for the goal " + h.goal + ", not " +
                         format_tiles(d, d.goal()));
    if (table->size() != d.size())
        throw InputError(path + ": " + std::to_string(table->size()) + " entries, expected " +
                         std::to_string(d.size()));
    return table;
}

SlidingSolver table_solver(const SlidingTiles& d, std::shared_ptr<const DistanceTable> table) {
    SlidingSolver s;
    s.kind = "table";
    s.table = table;
    s.solve = [d, table](const TileState& start,
                         const std::atomic<bool>&) -> std::optional<SlideSolution> {
        const std::uint8_t v = table->at(d.rank(start));
        if (v == kUnreached) return SlideSolution{-1, {}};
        SlideSolution sol{v, {}};
        // Walk down the table: some neighbour is always exactly one closer.
        TileState at = start;
        for (int left = v; left > 0; --left) {
            bool stepped = false;
            d.for_each_successor(at, [&](const TileState& child, const SlideMove& m) {
                if (stepped || table->at(d.rank(child)) != left - 1) return;
                sol.path.push_back(m);
                at = child;
                stepped = true;
            });
            if (!stepped) return SlideSolution{-1, {}};  // not a BFS table of this board
        }
        return sol;
    };
    return s;
}

SlidingSolver ida_solver(const SlidingTiles& d, const std::string& pdb_dir, bool reflect) {
    SlidingSolver s;
    if (!pdb_dir.empty()) {
        auto h = std::make_shared<const PdbHeuristic<SlidingTiles>>(
            d, load_pdb_partitions(pdb_dir, d.rows(), d.cols(), goal_tiles_of(d)), reflect);
        s.kind = "ida-pdb";
        s.solve = ida_solve(d, h);
        s.heuristic = [h](TileState x) { return (*h)(x); };
    } else {
        auto h = std::make_shared<const LinearConflict<SlidingTiles>>(d);
        s.kind = "ida-lc";
        s.solve = ida_solve(d, h);
        s.heuristic = [h](TileState x) { return (*h)(x); };
    }
    return s;
}

SlidingRules::SlidingRules(const SlidingTiles& d, std::string name,
                           std::shared_ptr<SlidingSolver> solver, int moves)
    : d_(d), name_(std::move(name)), solver_(std::move(solver)), moves_(moves) {}

std::string SlidingRules::title() const {
    return "frontier play " + name_;
}

std::string SlidingRules::keys_help() const {
    return "arrows, WASD or HJKL (capitals) slide a tile into the blank | u undo | h hint | "
           "n new | q quit";
}

int SlidingRules::blank_direction(int k) {
    switch (k) {
        case key::kUp:
        case 'w':
        case 'K':
            return 3;  // the tile below moves up: the blank moves down
        case key::kDown:
        case 's':
        case 'J':
            return 0;
        case key::kLeft:
        case 'a':
        case 'H':
            return 2;
        case key::kRight:
        case 'd':
        case 'L':
            return 1;
        default:
            return -1;
    }
}

KeyResult<SlideMove> SlidingRules::key(int k, TileState s) const {
    if (const Action a = common_key_action(k); a != Action::None) return result(a);
    const int dir = blank_direction(k);
    if (dir < 0)
        return result(Action::None, {},
                      "unknown key: arrows or WASD move, u undo, h hint, n new, q quit");
    const int b = d_.blank(s);
    const int n = d_.neighbor(b, dir);
    if (n < 0)
        return result(Action::None, {},
                      std::string("no tile can move ") + kTileDirection[dir] + " into the blank");
    return result(Action::Move, SlideMove{std::uint8_t(dir), std::uint8_t(s.tile(n)),
                                          std::uint8_t(n), std::uint8_t(b)});
}

BoardView SlidingRules::board(TileState s, std::optional<SlideMove> hint) const {
    BoardView v;
    v.rows = d_.rows();
    v.cols = d_.cols();
    const TileState goal = d_.goal();
    for (int c = 0; c < d_.cells(); ++c) {
        const int t = s.tile(c);
        v.labels.push_back(t == 0 ? "" : std::to_string(t));
        CellStyle style = t == 0              ? CellStyle::Empty
                          : goal.tile(c) == t ? CellStyle::Home
                                              : CellStyle::Away;
        if (hint && t != 0 && hint->from == c) style = CellStyle::Hint;
        v.styles.push_back(style);
        v.colours.push_back(0);
    }
    return v;
}

std::string SlidingRules::describe(TileState, SlideMove m) const {
    const char* dir = kTileDirection[m.dir];
    return "move tile " + std::to_string(m.tile) + " " + dir + " (" + dir +
           " arrow; script letter " + kDirLetters[m.dir] + ")";
}

std::vector<std::string> SlidingRules::split_script(std::string_view text) const {
    // Letters, each one move; spaces, commas, brackets and quotes separate, so both the
    // "moves: U L R D" line and the JSON "moves" array of `frontier solve` replay as they are.
    std::vector<std::string> out;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == '[' || c == ']' ||
            c == '"' || c == '\'')
            continue;
        out.emplace_back(1, c);
    }
    return out;
}

SlideMove SlidingRules::parse_move(TileState s, std::string_view token) const {
    const char c = token.size() == 1 ? static_cast<char>(std::toupper(token[0])) : '?';
    const char* at = std::find(kDirLetters, kDirLetters + 4, c);
    if (at == kDirLetters + 4) throw InputError("not a move (the blank's direction: U, L, R or D)");
    const int dir = static_cast<int>(at - kDirLetters);
    const int b = d_.blank(s);
    const int n = d_.neighbor(b, dir);
    if (n < 0)
        throw InputError("the blank cannot move " + blank_direction_name(dir) +
                         " (it is on that edge)");
    return SlideMove{std::uint8_t(dir), std::uint8_t(s.tile(n)), std::uint8_t(n), std::uint8_t(b)};
}

TileState SlidingRules::new_start(std::mt19937_64& rng) const {
    if (moves_ < 0) return random_solvable(d_, rng);
    try {
        if (solver_->table) return random_at_distance(d_, *solver_->table, moves_, rng);
        return walk_to_distance(d_, solver_->heuristic, moves_, rng);
    } catch (const InputError& e) {
        // The library's message names no option; the user's is put in front.
        throw InputError("--moves " + std::to_string(moves_) + ": " + e.what(), e.exit_code());
    }
}

std::unique_ptr<SlidingSession> make_sliding_session(const SlidingPlayOptions& o) {
    const SlidingTiles d = make_board<SlidingTiles>(parse_sliding_name(o.name), o.goal);
    auto solver = std::make_shared<SlidingSolver>();
    if (!o.table_file.empty())
        *solver = table_solver(d, open_distance_table(d, o.table_file));
    else if (o.pdb_dir.empty() && d.cells() <= kTableCells)
        *solver = table_solver(d, build_distance_table(d, o.threads));
    else
        *solver = ida_solver(d, o.pdb_dir, o.reflect);
    // Exact starts on a small board come from its table (milliseconds) even when the coach is
    // IDA* with pattern databases: uniform, and any distance up to the farthest.
    if (!solver->table && o.moves >= 0 && d.cells() <= kTableCells)
        solver->table = build_distance_table(d, o.threads);
    auto rules =
        std::make_unique<SlidingRules>(d, sliding_name(d.rows(), d.cols()), solver, o.moves);
    std::mt19937_64 rng(o.seed);
    const TileState start = o.start.empty() ? rules->new_start(rng) : parse_solvable(d, o.start);
    return std::make_unique<SlidingSession>(std::move(rules), start,
                                            o.background && !solver->instant(), rng());
}

}  // namespace frontier::play
