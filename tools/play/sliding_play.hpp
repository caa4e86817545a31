// `frontier play` for the sliding puzzle: keys, board view, script notation, coaches, random
// starts. Boards of up to 16 cells (8puzzle, 15puzzle, sliding:RxC).
//
// Keys move a TILE into the blank: the up arrow (w, K) slides the tile below the blank up, which
// is the blank moving down, and so on; the coach's moves and scripts use the notation `frontier
// solve` prints, the BLANK's direction (U L R D). So the up arrow plays the script letter D.
//
// Coaches (the exact distance and an optimal next move of any position):
//   table     a distance table: --table FILE, or built in memory by the engine's layered BFS when
//             the board has at most 10 cells (the 8-puzzle's 181,440 states take milliseconds).
//             Instant, so it runs in the game's thread.
//   ida-pdb   IDA* with the additive pattern databases of --pdb-dir (frontier pdb build): a
//             random 15-puzzle in about half a second. In a background thread.
//   ida-lc    IDA* with linear conflict when no --pdb-dir is given: correct but about ten times
//             slower (seconds, tens of seconds for some); the game shows "solving…" meanwhile.
//
// Random starts: uniform over the solvable positions; with --moves K, exactly K moves from the
// goal (domains/sliding/sliding_random.hpp): uniform over all such positions from a distance
// table (boards of up to 10 cells, or --table), otherwise by a random walk whose every step is
// proven to go away from the goal, for K up to walk_reach(board) (48 on the 15-puzzle).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include "tools/play/session.hpp"

namespace frontier::play {

using SlidingCoach = Coach<SlidingTiles>;
using SlideSolution = Solution<SlideMove>;

// The solver a coach runs, with what it needs besides.
struct SlidingSolver {
    std::string kind;  // "table", "ida-pdb" or "ida-lc"
    SlidingCoach::Solver solve;
    std::function<int(TileState)> heuristic;     // an admissible lower bound (IDA* kinds), or null
    std::shared_ptr<const DistanceTable> table;  // table kind; else for exact starts, or null
    bool instant() const { return kind == "table"; }
    std::string describe() const;
};

// The distance table of the board's whole space, built in memory by layered BFS.
std::shared_ptr<const DistanceTable> build_distance_table(const SlidingTiles& d, int threads);
// Opens a table file and checks that it was made for this board and goal.
std::shared_ptr<const DistanceTable> open_distance_table(const SlidingTiles& d,
                                                         const std::string& path);

SlidingSolver table_solver(const SlidingTiles& d, std::shared_ptr<const DistanceTable> table);
// IDA* with the pattern databases of `pdb_dir`, or with linear conflict when it is empty.
SlidingSolver ida_solver(const SlidingTiles& d, const std::string& pdb_dir, bool reflect);

class SlidingRules {
  public:
    using Domain = SlidingTiles;
    using State = TileState;
    using Move = SlideMove;

    // `moves` < 0: uniform random new starts; otherwise starts exactly `moves` from the goal.
    SlidingRules(const SlidingTiles& d, std::string name, std::shared_ptr<SlidingSolver> solver,
                 int moves);

    const Domain& domain() const { return d_; }
    bool unit_steps() const { return true; }
    std::string title() const;
    std::string coach_name() const { return solver_->describe(); }
    std::string keys_help() const;
    KeyResult<Move> key(int k, State s) const;
    std::optional<Move> merge(Move, Move) const { return std::nullopt; }
    BoardView board(State s, std::optional<Move> hint) const;
    std::string describe(State s, Move m) const;
    std::vector<std::string> split_script(std::string_view text) const;
    Move parse_move(State s, std::string_view token) const;
    State new_start(std::mt19937_64& rng) const;
    SlidingCoach::Solver solver() const { return solver_->solve; }

    // The blank direction (0 up, 1 left, 2 right, 3 down) a key asks for, or -1: the arrows
    // and their letters move a tile, i.e. the blank the opposite way.
    static int blank_direction(int key);

  private:
    SlidingTiles d_;
    std::string name_;
    std::shared_ptr<SlidingSolver> solver_;
    int moves_;
};

using SlidingSession = GameSession<SlidingRules>;

struct SlidingPlayOptions {
    std::string name = "8puzzle";  // 8puzzle, 15puzzle or sliding:RxC (up to 16 cells)
    std::string goal, start;       // "" = the standard goal / a random start
    std::string table_file, pdb_dir;
    bool reflect = true;     // pattern databases: the diagonal reflection lookup
    int moves = -1;          // --moves K, -1 = not given
    std::uint64_t seed = 0;  // random starts
    int threads = 0;         // building the in-memory table
    bool background = true;  // false: every answer in the caller's thread (scripts)
};

std::unique_ptr<SlidingSession> make_sliding_session(const SlidingPlayOptions& o);

}  // namespace frontier::play
