#include <frontier/domains/rush/rush_grade.hpp>

#include <algorithm>

#include <frontier/engine/error.hpp>

namespace frontier {

const char* rush_level(int moves) {
    if (moves < 0) return "unsolvable";
    if (moves <= 10) return "beginner";
    if (moves <= 20) return "intermediate";
    if (moves <= 30) return "advanced";
    if (moves <= 40) return "expert";
    return "grandmaster";
}

RushGrade RushGrader::finish(bool from_hardest) {
    RushGrade g;
    g.cluster_size = graph_.size();
    g.solved_states = static_cast<std::uint32_t>(solved_.size());
    if (solved_.empty()) return g;
    g.solvable = true;
    g.steps = graph_.depth(solved_.front());
    g.hardest_moves = graph_.distances(solved_, to_goal_, RushCluster::Cost::Runs);
    g.moves = to_goal_[0];
    for (std::uint32_t i = 0; i < graph_.size(); ++i)
        if (to_goal_[i] == g.hardest_moves) hardest_.push_back(i);
    if (g.moves == g.hardest_moves)
        g.from_hardest = 0;
    else if (from_hardest)
        g.from_hardest = graph_.distances(hardest_, scratch_, RushCluster::Cost::Runs, 0);
    return g;
}

std::span<const std::uint16_t> RushGrader::steps_to_solve() {
    if (steps_.empty() && !solved_.empty())
        graph_.distances(solved_, steps_, RushCluster::Cost::Edges);
    return steps_;
}

std::uint32_t RushGrader::hardest_start(const RushBoard& board, bool most_steps) {
    std::uint16_t most = 0;
    if (most_steps) {
        const auto steps = steps_to_solve();
        for (const std::uint32_t i : hardest_) most = std::max(most, steps[i]);
    }
    std::uint32_t best = RushCluster::kNone;
    std::pair<std::uint64_t, std::uint64_t> best_order;
    for (const std::uint32_t i : hardest_) {
        if (most_steps && steps_[i] != most) continue;
        const auto order = rush_layout_order(board, graph_.state(i));
        if (best == RushCluster::kNone || order < best_order) {
            best = i;
            best_order = order;
        }
    }
    return best;
}

std::pair<std::uint64_t, std::uint64_t> rush_layout_order(const RushBoard& board, RushState s) {
    std::uint64_t horizontal = board.walls(), vertical = 0;
    for (int p = 0; p < board.piece_count(); ++p)
        (board.piece(p).vertical ? vertical : horizontal) |=
            board.cells(p, RushBoard::offset(s, p));
    return {horizontal, vertical};
}

RushLineGrade grade_rush_line(RushGrader& grader, std::string_view line) {
    RushLineGrade out;
    try {
        out.record = parse_rush_record(line);
        const RushPuzzle p = parse_rush(out.record.board);
        out.board = format_rush(p.board, p.start);
        out.grade = grader.grade(p.board, p.start);
    } catch (const InputError& e) {
        out.error = e.what();
    }
    return out;
}

}  // namespace frontier
