#include "tools/play/sliding_play.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "domains/sliding/sliding_heuristics.hpp"
#include "domains/sliding/sliding_pdb.hpp"
#include "engine/layered_bfs.hpp"
#include "engine/solver.hpp"

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

TileState random_at_distance(const SlidingTiles& d, const DistanceTable& table, int k,
                             std::mt19937_64& rng) {
    std::uint64_t count = 0;
    int farthest = 0;
    for (std::uint8_t v : table.bytes()) {
        if (v == kUnreached) continue;
        count += v == k;
        farthest = std::max<int>(farthest, v);
    }
    if (k < 0 || count == 0)
        throw InputError("--moves " + std::to_string(k) + ": no position of " +
                         sliding_name(d.rows(), d.cols()) + " is that far from the goal (0 to " +
                         std::to_string(farthest) + ")");
    std::uint64_t pick = std::uniform_int_distribution<std::uint64_t>(0, count - 1)(rng);
    const auto bytes = table.bytes();
    for (std::uint64_t r = 0; r < bytes.size(); ++r)
        if (bytes[r] == k && pick-- == 0) return d.unrank(r);
    throw InputError("random_at_distance: table changed while reading");  // unreachable
}

namespace {

// The checked walk's budget, in heuristic evaluations and expansions of the bounded search below
// (a few million per second): enough for every K up to walk_reach() (a second at most, most
// walks far less), and a bound on the time of the rare walk that fails.
constexpr std::uint64_t kCheckBudget = 20'000;
constexpr std::uint64_t kWalkBudget = 3'000'000;

// Whether some path of at most `limit` moves leads from s to the goal: one IDA* iteration with
// threshold `limit`. nullopt when it needs more than `budget` expansions (taken from budget).
std::optional<bool> within(const SlidingTiles& d, const std::function<int(TileState)>& h,
                           TileState s, int limit, std::uint64_t& budget) {
    bool over = false;
    auto dfs = [&](auto& self, TileState at, int g, int back_dir) -> bool {
        if (d.is_goal(at)) return true;
        if (g + h(at) > limit) return false;
        if (budget == 0) {
            over = true;
            return false;
        }
        --budget;
        bool found = false;
        d.for_each_successor(at, [&](const TileState& c, const SlideMove& m) {
            if (found || over || m.dir == back_dir) return;
            found = self(self, c, g + 1, m.dir ^ 3);
        });
        return found;
    };
    const bool found = dfs(dfs, s, 0, -1);
    if (over) return std::nullopt;
    return found;
}

}  // namespace

int walk_reach(const SlidingTiles& d) {
    // Measured with linear conflict (the weakest heuristic a coach uses) on a loaded machine:
    // the largest K (rounded down a little) that the walk reached for each of 30 seeds within
    // its budget, at most about a second each; past it, failures and multi-second walks begin.
    // The farthest positions are much farther (80 on the 15-puzzle, 53 on 3x4).
    const int narrow = std::min(d.rows(), d.cols());
    switch (d.cells()) {
        case 12:
            return narrow == 2 ? 33 : 38;
        case 14:
            return 38;
        case 15:
            return 42;
        case 16:
            return narrow == 2 ? 40 : 48;
        default:
            return 30;  // boards of up to 10 cells use a table; not measured
    }
}

TileState walk_to_distance(const SlidingTiles& d, const SlidingSolver& solver, int k,
                           std::mt19937_64& rng) {
    const int reach = walk_reach(d);
    if (k < 0 || k > reach)
        throw InputError("--moves " + std::to_string(k) + ": " + sliding_name(d.rows(), d.cols()) +
                         " starts are drawn 0 to " + std::to_string(reach) +
                         " moves from the goal (a random walk whose every step is proven to go "
                         "away from it; farther positions exist, but proving their distance "
                         "takes too long)");
    // Every move changes the distance by exactly one, so a neighbour c of a position d away is
    // d + 1 away unless it is d - 1: proven when the heuristic says c is at least d away, or
    // when a bounded search finds no path of d - 1 moves from c. At each step the neighbours
    // the heuristic proves are tried first (in random order), then those it misses by at most
    // kGap, so that the walk stays where the heuristic is nearly exact and every check is cheap.
    // A walk that finds no step away starts again from the goal, until the budget is spent
    // (backtracking instead measured slower: it keeps digging where the heuristic is weak).
    constexpr int kGap = 4;
    std::uint64_t budget = kWalkBudget;
    while (budget > 0) {
        TileState s = d.goal();
        int dist = 0;
        int back_dir = -1;
        while (dist < k && budget > 0) {
            std::vector<std::pair<TileState, int>> next;  // neighbour, blank direction
            d.for_each_successor(s, [&](const TileState& c, const SlideMove& m) {
                if (m.dir != back_dir) next.emplace_back(c, m.dir);
            });
            std::shuffle(next.begin(), next.end(), rng);
            std::vector<int> bound;
            for (const auto& [c, dir] : next) bound.push_back(solver.heuristic(c));
            budget -= std::min<std::uint64_t>(budget, next.size());
            std::optional<std::size_t> pick;
            for (std::size_t i = 0; i < next.size() && !pick; ++i)
                if (bound[i] >= dist) pick = i;
            for (std::size_t i = 0; i < next.size() && !pick && budget > 0; ++i) {
                if (bound[i] < dist - kGap) continue;
                std::uint64_t check = std::min(budget, kCheckBudget);
                const std::uint64_t given = check;
                const auto closer = within(d, solver.heuristic, next[i].first, dist - 1, check);
                budget -= given - check;
                if (closer && !*closer) pick = i;
            }
            if (!pick) break;
            s = next[*pick].first;
            back_dir = next[*pick].second ^ 3;
            ++dist;
        }
        if (dist == k) return s;
    }
    throw InputError("--moves " + std::to_string(k) + ": the random walk found no " +
                     sliding_name(d.rows(), d.cols()) +
                     " position that far from the goal within its budget (try fewer moves)");
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
    if (solver_->table) return random_at_distance(d_, *solver_->table, moves_, rng);
    return walk_to_distance(d_, *solver_, moves_, rng);
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
