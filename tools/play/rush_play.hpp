// `frontier play rush`: Rush Hour in the terminal, coached from the cluster BFS.
//
// Keys: a letter selects the piece with that letter (either case; lower-case u, h, n and q are
// the commands, so pieces U, H, N and Q are selected with capitals); an arrow slides the
// selected piece one cell along its line. Arrows pressed again in the same direction extend the
// same slide: a slide of any length is one move (the puzzle's usual count, RushMetric::Moves), so
// "right, right" is the move B R 2. The primary car A is selected at the start.
//
// Coach: RushOracle grades the board's whole cluster once (RushGrader: a BFS of every position
// reachable from the start, then every position's optimal moves), in the background thread, and
// answers every later position of the game from it. A move can leave the optimal distance
// unchanged, so the score needs every position's distance (Rules::unit_steps() is false); one
// grade gives them all.
//
// Random puzzles (domains/rush/rush_random.hpp): one of the hardest positions of a random board's
// cluster (at least 10 moves from solved), or with --moves K (0 to 60) a random position exactly
// K moves from solved, of a random board or of one of the hardest known boards. Either way well
// under a second; a K over 60 is refused at once.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/domains/rush/rush_board.hpp>
#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/domains/rush/rush_random.hpp>
#include "tools/play/session.hpp"

namespace frontier::play {

using RushCoach = Coach<RushBoard>;

// The optimal moves of every position of one board's cluster, graded on first use. Thread-safe
// (one mutex; the grade of a cluster takes well under a second, so it is not cancelled).
class RushOracle {
  public:
    explicit RushOracle(const RushBoard& board) : board_(board.with_metric(RushMetric::Moves)) {}
    // The distance and an optimal path of s (grading the cluster of s if it is not the one
    // graded); distance -1 when the cluster has no solved position.
    Solution<RushMove> solve(RushState s);

  private:
    int distance_locked(RushState s) const;  // -1: unsolvable (mu_ held, s in the cluster)

    std::mutex mu_;
    RushBoard board_;
    RushGrader grader_;
    bool graded_ = false;
};

class RushRules {
  public:
    using Domain = RushBoard;
    using State = RushState;
    using Move = RushMove;

    RushRules(const RushBoard& board, int moves);

    const Domain& domain() const { return board_; }
    bool unit_steps() const { return false; }
    std::string title() const { return "frontier play rush"; }
    std::string coach_name() const { return "coach: cluster BFS (every position of the board)"; }
    std::string keys_help() const;
    KeyResult<Move> key(int k, State s);
    std::optional<Move> merge(Move last, Move next) const;
    BoardView board(State s, std::optional<Move> hint) const;
    std::string describe(State s, Move m) const;
    std::vector<std::string> split_script(std::string_view text) const;
    Move parse_move(State s, std::string_view token) const;
    State new_start(std::mt19937_64& rng);
    RushCoach::Solver solver() const;

    int selected() const { return selected_; }

  private:
    int piece_of_letter(char c) const;  // -1 when no piece has it

    RushBoard board_;
    int moves_;
    int selected_ = 0;
    std::shared_ptr<RushOracle> oracle_;
};

using RushSession = GameSession<RushRules>;

struct RushPlayOptions {
    std::string board;       // "" = a random puzzle
    int moves = -1;          // --moves K
    std::uint64_t seed = 0;  // random puzzles
    bool background = true;  // false: every answer in the caller's thread (scripts)
};

std::unique_ptr<RushSession> make_rush_session(const RushPlayOptions& o);

}  // namespace frontier::play
