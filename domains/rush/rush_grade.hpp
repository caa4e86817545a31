// Grading Rush Hour puzzles exactly, by a full BFS of each puzzle's cluster.
//
// The cluster of a board is every state reachable from it (the moves are reversible, so it is a
// connected component). RushGrader explores it once on the step graph (one-cell slides, labelled
// "piece p, direction d") with a ClusterGraph, then answers everything from the stored graph:
//   steps          the BFS layer of the first solved state met (discovery is a step BFS);
//   moves          a multi-source BFS from all solved states with Cost::Runs (a run of steps of
//                  one piece in one direction is one move) gives every state's optimal moves;
//                  the start's entry is the answer, the largest entry the cluster's hardest;
//   from_hardest   a second run-cost BFS from the hardest states, stopped at the start.
// A grader keeps its buffers (hash map arrays included) between puzzles: give each worker one.
//
// Difficulty levels by optimal moves (documented in docs/reference/formats.md): 0-10 beginner,
// 11-20 intermediate, 21-30 advanced, 31-40 expert, 41 and more grandmaster.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <frontier/domains/rush/rush_board.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/engine/distributed/cluster_graph.hpp>

namespace frontier {

struct RushGrade {
    bool solvable = false;
    int moves = -1;                   // optimal moves, -1 when unsolvable
    int steps = -1;                   // optimal steps (one-cell slides), -1 when unsolvable
    std::uint32_t cluster_size = 0;   // states reachable from the board, the board included
    std::uint32_t solved_states = 0;  // states of the cluster with the primary car at the exit
    int hardest_moves = -1;           // the largest optimal moves of any state of the cluster
    int from_hardest = -1;            // moves from the board to the nearest hardest state
    friend bool operator==(const RushGrade&, const RushGrade&) = default;
};

// "beginner", ..., "grandmaster", or "unsolvable" for moves < 0 (thresholds above).
const char* rush_level(int moves);

using RushCluster = ClusterGraph<RushBoard>;

// Edge labels of the step graph: piece * 2, plus 1 for the positive direction (right or down).
// Unique among a state's steps, and generated in increasing order (Cost::Runs needs both).
// Also the steps of ClusterGraph::explore_labelled: a state's labels are its legal steps
// (RushBoard::legal_steps), label l moves piece l / 2 one cell back (l even) or ahead (l odd),
// and l ^ 1 undoes it.
struct RushStepLabels {
    std::uint8_t operator()(RushMove m) const {
        return static_cast<std::uint8_t>(m.piece * 2 + (m.delta > 0));
    }
    static std::uint64_t set(const RushBoard& board, RushState s) { return board.legal_steps(s); }
    static RushState step(const RushBoard&, RushState s, std::uint8_t l) {
        return RushBoard::apply(s, RushMove{static_cast<std::uint8_t>(l >> 1),
                                            static_cast<std::int8_t>(l & 1 ? 1 : -1)});
    }
    static std::uint8_t reverse(std::uint8_t l) { return l ^ 1; }
};

class RushGrader {
  public:
    // Grades the board in both metrics (the board's own metric does not matter).
    RushGrade grade(const RushBoard& board, RushState start) {
        explore(board, start, [](RushState, std::uint32_t) { return true; });
        return finish();
    }

    // grade() in two halves, for callers that may give up early (the enumerator drops a cluster
    // as soon as a state smaller than its start appears): explore() runs the cluster BFS and
    // calls visit(state, index) -> bool for each new state, the start first; false stops it, and
    // explore() then returns false (nothing else is valid until the next exploration). finish()
    // grades the start of a complete exploration; without from_hardest it skips the BFS that
    // measures the start's distance to the hardest states (from_hardest is then -1).
    // (A board already in the step metric is used as it is, without a copy.)
    template <class Visit>
    bool explore(const RushBoard& board, RushState start, Visit&& visit) {
        if (board.metric() != RushMetric::Steps)
            return explore(board.with_metric(RushMetric::Steps), start, visit);
        solved_.clear();
        hardest_.clear();
        to_goal_.clear();
        steps_.clear();
        return graph_.explore_labelled(board, start, RushStepLabels{},
                                       [&](RushState s, std::uint32_t i) {
                                           if (board.is_goal(s)) solved_.push_back(i);
                                           return visit(s, i);
                                       });
    }
    RushGrade finish(bool from_hardest = true);
    // After a complete explore(): whether the cluster has a solved state (before finish()).
    bool solvable() const { return !solved_.empty(); }

    // After grade(): the explored cluster (index 0 is the start), each state's optimal moves to a
    // solved state (empty when unsolvable), and the hardest states' indices.
    const RushCluster& cluster() const { return graph_; }
    std::span<const std::uint16_t> moves_to_solve() const { return to_goal_; }
    std::span<const std::uint32_t> hardest() const { return hardest_; }

    // After grade(): each state's optimal steps to a solved state (a BFS over the stored graph,
    // run on the first call after each exploration); empty when unsolvable.
    std::span<const std::uint16_t> steps_to_solve();

    // After grading a solvable board: the index of one state of hardest(), picked
    // deterministically. By default the smallest in rush_layout_order; with most_steps, the
    // smallest of those farthest from a solved state in steps (steps break the tie between states
    // equally hard in moves).
    std::uint32_t hardest_start(const RushBoard& board, bool most_steps = false);

  private:
    RushCluster graph_;
    std::vector<std::uint32_t> solved_, hardest_;
    std::vector<std::uint16_t> to_goal_, steps_, scratch_;
};

// The order in which the enumerator and the public database pick one state among equals: the
// row-major occupancy of the horizontal pieces (and walls), then that of the vertical pieces, as
// 64-bit numbers (bit r * N + c). Sliding a piece left or up makes a state smaller.
std::pair<std::uint64_t, std::uint64_t> rush_layout_order(const RushBoard& board, RushState s);

// One input line of a grading run, graded: what `frontier rush grade` prints for it.
struct RushLineGrade {
    std::string error;  // not empty: the line is no valid puzzle, and this says why
    RushRecord record;  // the line's database columns, when it had them
    std::string board;  // the board as written back (the input's letters, `o` for empty)
    RushGrade grade;
};
// Parses one line (a bare board or a database line "MOVES BOARD CLUSTER_SIZE") and grades it.
// Input errors are returned in `error`, never thrown.
RushLineGrade grade_rush_line(RushGrader& grader, std::string_view line);

}  // namespace frontier
