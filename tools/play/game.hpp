// The rules of a game of `frontier play`, for any reversible search domain: the line of play,
// undo, and the score. No drawing, no terminal, no threads.
//
// Game<D> keeps every position of the current line, the start first. play(m) applies a move only
// when the domain lists it among the current position's successors (a move into a wall, or a
// move that does not exist, changes nothing and returns false); undo() takes the last move back,
// so the line, and the score with it, are as if the move had never been made.
//
// The score of a line of n moves: a move that brings the position one step closer to the goal
// (its optimal distance drops by exactly one) counts +1, any other move -1; the sum is divided
// by n (1.0: every move was optimal; 0 before the first move). score_line() computes it from the
// positions' optimal distances, where some may still be unknown (a background solve has not
// finished). On a domain where every move changes the distance by exactly one (unit_steps: the
// sliding puzzle, whose state graph is bipartite), a move's +1 or -1 is minus the change in
// distance, so the sum over any stretch telescopes to d(first) - d(last): only the start's and
// the current position's distances are needed, whatever lies between. Elsewhere (Rush Hour, where
// a move can leave the distance unchanged) every position's distance is needed.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <frontier/engine/concepts.hpp>

namespace frontier::play {

template <ReversibleDomain D>
class Game {
  public:
    using State = typename D::State;
    using Move = typename D::Move;

    // The domain must outlive the game.
    Game(const D& d, State start) : d_(&d), positions_{start} {}

    const D& domain() const { return *d_; }
    State start() const { return positions_.front(); }
    State current() const { return positions_.back(); }
    int moves_made() const { return static_cast<int>(moves_.size()); }
    bool solved() const { return d_->is_goal(current()); }
    // Every position of the line, start first: moves_made() + 1 of them.
    const std::vector<State>& positions() const { return positions_; }
    const std::vector<Move>& moves() const { return moves_; }

    // True when m is a legal move from the current position.
    bool legal(const Move& m) const {
        bool found = false;
        d_->for_each_successor(current(), [&](const State&, const Move& cm) {
            if (cm == m) found = true;
        });
        return found;
    }
    // Applies m if it is legal; otherwise changes nothing and returns false.
    bool play(const Move& m) {
        if (!legal(m)) return false;
        positions_.push_back(d_->apply(current(), m));
        moves_.push_back(m);
        return true;
    }
    // Takes the last move back; false (and no change) at the start.
    bool undo() {
        if (moves_.empty()) return false;
        positions_.pop_back();
        moves_.pop_back();
        return true;
    }
    // Starts a new game from s.
    void restart(State s) {
        positions_.assign(1, s);
        moves_.clear();
    }

  private:
    const D* d_;
    std::vector<State> positions_;
    std::vector<Move> moves_;
};

struct Score {
    int moves = 0;
    // +1 per move one step closer, -1 per other move, summed; empty while a distance it needs is
    // unknown.
    std::optional<int> net;
    bool known() const { return net.has_value(); }
    // net / moves, 0 before the first move (call only when known()).
    double value() const { return moves == 0 ? 0.0 : static_cast<double>(*net) / moves; }
};

// distances[i] is the optimal distance of position i of the line (0 the start), or -1 when it is
// not known yet. See the top of the file for unit_steps.
inline Score score_line(std::span<const int> distances, bool unit_steps) {
    Score s;
    s.moves = static_cast<int>(distances.size()) - 1;
    if (s.moves <= 0) {
        s.moves = 0;
        s.net = 0;
        return s;
    }
    if (distances.front() < 0 || distances.back() < 0) return s;
    int net = 0;
    std::size_t known = 0;  // the last position with a known distance
    for (std::size_t i = 1; i < distances.size(); ++i) {
        if (distances[i] < 0) continue;
        if (i == known + 1)
            net += distances[i] == distances[known] - 1 ? 1 : -1;
        else if (unit_steps)
            net += distances[known] - distances[i];
        else
            return s;
        known = i;
    }
    s.net = net;
    return s;
}

}  // namespace frontier::play
