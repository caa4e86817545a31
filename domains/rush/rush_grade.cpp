#include "domains/rush/rush_grade.hpp"

#include "engine/error.hpp"

namespace frontier {

const char* rush_level(int moves) {
    if (moves < 0) return "unsolvable";
    if (moves <= 10) return "beginner";
    if (moves <= 20) return "intermediate";
    if (moves <= 30) return "advanced";
    if (moves <= 40) return "expert";
    return "grandmaster";
}

RushGrade RushGrader::grade(const RushBoard& board, RushState start) {
    const RushBoard steps = board.with_metric(Metric::Steps);
    solved_.clear();
    hardest_.clear();
    to_goal_.clear();
    graph_.explore(steps, start, RushStepLabels{}, [&](RushState s, std::uint32_t i) {
        if (steps.is_goal(s)) solved_.push_back(i);
        return true;
    });
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
    g.from_hardest = g.moves == g.hardest_moves
                         ? 0
                         : graph_.distances(hardest_, scratch_, RushCluster::Cost::Runs, 0);
    return g;
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
