#include "tools/play/rush_play.hpp"

#include <cctype>

namespace frontier::play {

namespace {

KeyResult<RushMove> result(Action a, RushMove m = {}, std::string message = "") {
    return KeyResult<RushMove>{a, m, std::move(message)};
}

bool separator(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == '[' || c == ']' ||
           c == '"' || c == '\'';
}

// "right", "up", ... for a move of piece p by delta.
const char* direction_name(const RushBoard& b, RushMove m) {
    const bool vertical = b.piece(m.piece).vertical;
    return m.delta < 0 ? (vertical ? "up" : "left") : (vertical ? "down" : "right");
}

// A random puzzle (domains/rush/rush_random.hpp). The library's messages name no option, so the
// one the user gave is put in front.
RushPuzzle random_start(std::mt19937_64& rng, int moves) {
    try {
        return random_rush_puzzle(rng, moves);
    } catch (const InputError& e) {
        if (moves < 0) throw;
        throw InputError("--moves " + std::to_string(moves) + ": " + e.what(), e.exit_code());
    }
}

}  // namespace

int RushOracle::distance_locked(RushState s) const {
    const auto to_goal = grader_.moves_to_solve();
    if (to_goal.empty()) return -1;
    const std::uint32_t i = grader_.cluster().find(s);
    const std::uint16_t d = to_goal[i];
    return d == RushCluster::kUnreached ? -1 : d;
}

Solution<RushMove> RushOracle::solve(RushState s) {
    std::lock_guard lock(mu_);
    if (!graded_ || grader_.cluster().find(s) == RushCluster::kNone) {
        grader_.grade(board_, s);
        graded_ = true;
    }
    Solution<RushMove> sol{distance_locked(s), {}};
    if (sol.distance < 0) return sol;
    // Walk down the distances: some slide always leads one move closer.
    RushState at = s;
    for (int left = sol.distance; left > 0; --left) {
        bool stepped = false;
        board_.for_each_successor(at, [&](const RushState& child, const RushMove& m) {
            if (stepped || distance_locked(child) != left - 1) return;
            sol.path.push_back(m);
            at = child;
            stepped = true;
        });
        if (!stepped) return Solution<RushMove>{-1, {}};  // cannot happen on a graded cluster
    }
    return sol;
}

RushRules::RushRules(const RushBoard& board, int moves)
    : board_(board.with_metric(RushMetric::Moves)),
      moves_(moves),
      oracle_(std::make_shared<RushOracle>(board_)) {}

std::string RushRules::keys_help() const {
    return "a letter selects a piece | arrows slide it (again: further, still one move) | "
           "u undo | h hint | n new | q quit";
}

int RushRules::piece_of_letter(char c) const {
    for (int p = 0; p < board_.piece_count(); ++p)
        if (board_.piece(p).letter == c) return p;
    return -1;
}

KeyResult<RushMove> RushRules::key(int k, RushState s) {
    if (const Action a = common_key_action(k); a != Action::None) return result(a);
    if (k >= 0 && k < 128 && std::isalpha(k)) {
        const char letter = static_cast<char>(std::toupper(k));
        const int p = piece_of_letter(letter);
        if (p < 0) return result(Action::None, {}, std::string("no piece ") + letter);
        selected_ = p;
        const bool vertical = board_.piece(p).vertical;
        return result(Action::Handled, {},
                      std::string("piece ") + letter + " selected: " +
                          (vertical ? "up and down" : "left and right") + " arrows slide it");
    }
    int sign = 0;
    bool vertical_key = false;
    switch (k) {
        case key::kUp:
            sign = -1, vertical_key = true;
            break;
        case key::kDown:
            sign = 1, vertical_key = true;
            break;
        case key::kLeft:
            sign = -1;
            break;
        case key::kRight:
            sign = 1;
            break;
        default:
            return result(Action::None, {},
                          "unknown key: a letter selects a piece, arrows slide it, u undo, "
                          "h hint, n new, q quit");
    }
    const RushPiece& piece = board_.piece(selected_);
    const std::string name = std::string("piece ") + piece.letter;
    if (piece.vertical != vertical_key)
        return result(Action::None, {},
                      name + " slides only " + (piece.vertical ? "up and down" : "left and right"));
    const RushMove m{static_cast<std::uint8_t>(selected_), static_cast<std::int8_t>(sign)};
    if (!board_.is_legal(s, m)) return result(Action::None, {}, name + " is blocked that way");
    return result(Action::Move, m);
}

std::optional<RushMove> RushRules::merge(RushMove last, RushMove next) const {
    if (last.piece != next.piece || (last.delta < 0) != (next.delta < 0)) return std::nullopt;
    return RushMove{last.piece, static_cast<std::int8_t>(last.delta + next.delta)};
}

BoardView RushRules::board(RushState s, std::optional<RushMove> hint) const {
    const int n = board_.size();
    BoardView v;
    v.rows = v.cols = n;
    v.exit_row = board_.exit_row();
    v.labels.assign(n * n, "");
    v.styles.assign(n * n, CellStyle::Empty);
    v.colours.assign(n * n, 0);
    v.selected.assign(n * n, false);
    for (int c = 0; c < n * n; ++c)
        if (board_.walls() >> c & 1) v.styles[c] = CellStyle::Wall;
    for (int p = 0; p < board_.piece_count(); ++p) {
        const RushPiece& piece = board_.piece(p);
        CellStyle style = p == 0 ? CellStyle::Primary : CellStyle::Piece;
        if (hint && hint->piece == p) style = CellStyle::Hint;
        for (int k = 0; k < piece.length; ++k) {
            const int c = board_.cell(p, RushBoard::offset(s, p), k);
            v.labels[c] = std::string(1, piece.letter);
            v.styles[c] = style;
            v.colours[c] = p;
            v.selected[c] = p == selected_;
        }
    }
    return v;
}

std::string RushRules::describe(RushState, RushMove m) const {
    const char letter = board_.piece(m.piece).letter;
    const int cells = m.delta < 0 ? -m.delta : m.delta;
    return std::string("slide ") + letter + " " + direction_name(board_, m) + " " +
           std::to_string(cells) + (cells == 1 ? " cell" : " cells") + " (" + letter + ", then " +
           direction_name(board_, m) + " arrow" + (cells == 1 ? "" : " x" + std::to_string(cells)) +
           "; script " + format_rush_move(board_, m) + ")";
}

std::vector<std::string> RushRules::split_script(std::string_view text) const {
    std::vector<std::string> out;
    std::string token;
    for (char c : text) {
        if (separator(c)) {
            if (!token.empty()) out.push_back(std::move(token));
            token.clear();
        } else {
            token += c;
        }
    }
    if (!token.empty()) out.push_back(std::move(token));
    return out;
}

RushMove RushRules::parse_move(RushState s, std::string_view token) const {
    const RushMove m = parse_rush_move(board_, token);
    if (!board_.is_legal(s, m))
        throw InputError(std::string("piece ") + board_.piece(m.piece).letter +
                         " cannot slide that far " + direction_name(board_, m));
    return m;
}

RushState RushRules::new_start(std::mt19937_64& rng) {
    const RushPuzzle p = random_start(rng, moves_);
    board_ = p.board.with_metric(RushMetric::Moves);
    oracle_ = std::make_shared<RushOracle>(board_);
    selected_ = 0;
    return p.start;
}

RushCoach::Solver RushRules::solver() const {
    return [oracle = oracle_](const RushState& s,
                              const std::atomic<bool>&) -> std::optional<Solution<RushMove>> {
        return oracle->solve(s);
    };
}

std::unique_ptr<RushSession> make_rush_session(const RushPlayOptions& o) {
    std::mt19937_64 rng(o.seed);
    RushPuzzle start;
    if (o.board.empty()) {
        start = random_start(rng, o.moves);
    } else {
        const RushPuzzle p = parse_rush(o.board);
        const std::string why = DomainIO<RushBoard>::unsolvable_reason(p.board, p.start);
        if (!why.empty())
            throw InputError("board " + format_rush(p.board, p.start) + " is unsolvable: " + why);
        start = p;
    }
    auto rules = std::make_unique<RushRules>(start.board, o.moves);
    return std::make_unique<RushSession>(std::move(rules), start.start, o.background, rng());
}

}  // namespace frontier::play
