// A game of `frontier play` as the terminal sees it: keys in, a View out. No drawing here.
//
// Session is what the terminal front end (terminal.hpp) and the script runner drive: handle() a
// key, update() from the coach, view() to draw. GameSession<Rules> implements it once for every
// domain on top of Game (moves, undo, score) and Coach (distances, hints); a Rules type supplies
// what differs per puzzle: which key is which move, how the board looks, the move notation of
// scripts, and how to pick a new random start. Keys are plain ints: printable characters as
// themselves, the arrows as the constants below (the terminal translates its own codes).
//
// Rules must provide (see sliding_play.hpp for the sliding puzzle's):
//   using Domain;  const Domain& domain() const;  bool unit_steps() const;
//   std::string title() const;  std::string coach_name() const;  std::string keys_help() const;
//   KeyResult<Move> key(int key, State current);          // what a key means now
//   std::optional<Move> merge(Move last, Move next) const; // one move made of two (or nothing)
//   BoardView board(State s, std::optional<Move> hint) const;
//   std::string describe(State s, Move m) const;           // "move tile 6 down (down arrow; ...)"
//   std::vector<std::string> split_script(std::string_view text) const;
//   Move parse_move(State s, std::string_view token) const; // InputError if not legal
//   State new_start(std::mt19937_64& rng);   // may change the domain (a new Rush Hour board)
//   typename Coach<Domain>::Solver solver() const;  // for the current domain
// A new puzzle (n) rebuilds the coach: its answers belong to one domain (a Rush Hour state means
// nothing on another board), and its worker must not run while the rules change the domain.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/engine/domain_io.hpp>
#include <frontier/engine/error.hpp>
#include "tools/play/coach.hpp"
#include "tools/play/game.hpp"

namespace frontier::play {

namespace key {
inline constexpr int kUp = 0x110000, kDown = 0x110001, kLeft = 0x110002, kRight = 0x110003;
inline constexpr int kCtrlC = 3, kEscape = 27;
}  // namespace key

// How a cell is drawn.
enum class CellStyle : std::uint8_t {
    Empty,    // the blank, an empty Rush Hour cell
    Home,     // a tile on its goal cell
    Away,     // a tile elsewhere
    Hint,     // the piece the hint says to move
    Wall,     // a Rush Hour wall
    Piece,    // a Rush Hour piece (coloured by its index)
    Primary,  // the Rush Hour car that must leave
};

struct BoardView {
    int rows = 0, cols = 0;
    std::vector<std::string> labels;  // row-major, at most 3 characters each
    std::vector<CellStyle> styles;
    std::vector<int> colours;  // per cell: a colour index for Piece cells (0 otherwise)
    // Per cell: part of the selected Rush Hour piece. A flag beside the style rather than a style
    // of its own, so the selected piece keeps its colour (the screen adds brackets and bold).
    std::vector<bool> selected;
    int exit_row = -1;  // Rush Hour: the row whose right edge is the exit
};

struct View {
    std::string title;
    std::string coach;  // which coach answers, and how fast
    BoardView board;
    std::string status;   // moves, optimal distance left, score
    std::string message;  // the hint, what a key did, the result
    std::string help;     // the keys
};

enum class Action { None, Move, Undo, Hint, New, Quit, Handled };

template <class Move>
struct KeyResult {
    Action action = Action::None;
    Move move{};          // for Action::Move
    std::string message;  // why nothing happened, or what a Handled key did (may be empty)
};

// The keys every game shares: u undo, h or ? hint, n new puzzle, q, Ctrl-C or Escape quit;
// Action::None for any other key.
inline Action common_key_action(int k) {
    switch (k) {
        case 'u':
            return Action::Undo;
        case 'h':
        case '?':
            return Action::Hint;
        case 'n':
            return Action::New;
        case 'q':
        case key::kCtrlC:
        case key::kEscape:
            return Action::Quit;
        default:
            return Action::None;
    }
}

class Session {
  public:
    virtual ~Session() = default;
    // Reacts to one key; false when the player quit.
    virtual bool handle(int key) = 0;
    // Takes in the coach's new answers; true when something changed that should be redrawn.
    virtual bool update() = 0;
    virtual View view() const = 0;
    // Plays one move written in the script notation; InputError when it is not legal here.
    virtual void play_script_move(std::string_view token, int index) = 0;
    virtual std::vector<std::string> split_script(std::string_view text) const = 0;
    // Waits for every distance the status needs (scripts print exact numbers).
    virtual void settle() = 0;
    // The status line; a finished game says so and whether it was optimal.
    virtual std::string status() const = 0;
    // The facts of the status line, for --json.
    struct Facts {
        std::string start, position;
        int moves = 0, left = -1, start_distance = -1, net = 0;
        double score = 0;
        bool solved = false, optimal = false, score_known = false;
    };
    virtual Facts facts() const = 0;
};

// "…" once the front end has said the terminal takes UTF-8, "..." otherwise (scripts, tests).
inline bool& unicode_output() {
    static bool on = false;
    return on;
}
inline std::string ellipsis() {
    return unicode_output() ? "\u2026" : "...";
}

// Score to two decimals: "0.92", "-1.00".
inline std::string format_score(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

// Plays every move of `text` (script notation) and returns the final status line. An unknown or
// illegal move, or a move after the goal was reached, is an InputError naming it. A leading
// "moves:" label is skipped, so the line `frontier solve` prints replays as it is.
inline std::string run_script(Session& s, std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first != std::string_view::npos && text.substr(first).starts_with("moves:"))
        text.remove_prefix(first + 6);
    int index = 0;
    for (const std::string& token : s.split_script(text)) s.play_script_move(token, ++index);
    s.settle();
    return s.status();
}

template <class Rules>
class GameSession : public Session {
  public:
    using D = typename Rules::Domain;
    using State = typename D::State;
    using Move = typename D::Move;

    GameSession(std::unique_ptr<Rules> rules, State start, bool background, std::uint64_t seed)
        : rules_(std::move(rules)),
          game_(rules_->domain(), start),
          background_(background),
          coach_(std::make_unique<Coach<D>>(rules_->domain(), rules_->solver(), background)),
          rng_(seed) {
        ask_coach();
    }

    const Game<D>& game() const { return game_; }
    Coach<D>& coach() { return *coach_; }
    Rules& rules() { return *rules_; }

    bool handle(int k) override {
        const KeyResult<Move> r = rules_->key(k, game_.current());
        switch (r.action) {
            case Action::Quit:
                return false;
            case Action::None:
            case Action::Handled:
                message_ = r.message;
                return true;
            case Action::Undo:
                hint_ = false;
                message_ = game_.undo() ? "" : "nothing to undo";
                ask_coach();
                return true;
            case Action::Hint:
                hint_ = true;
                message_.clear();
                return true;
            case Action::New:
                new_puzzle();
                return true;
            case Action::Move:
                move(r.move, r.message);
                return true;
        }
        return true;
    }

    bool update() override {
        const std::uint64_t v = coach_->version();
        const bool solving = coach_->solving();
        const bool changed = v != seen_version_ || solving != seen_solving_;
        seen_version_ = v;
        seen_solving_ = solving;
        return changed;
    }

    View view() const override {
        View v;
        v.title = rules_->title();
        v.coach = rules_->coach_name();
        const auto advice = coach_->advice(game_.current());
        std::optional<Move> hint;
        if (hint_ && advice && advice->next) hint = advice->next;
        v.board = rules_->board(game_.current(), hint);
        v.status = status();
        v.message = message_;
        if (hint_ && !game_.solved()) {
            if (!advice)
                v.message = "hint: solving" + ellipsis() + " (shown when ready)";
            else if (hint)
                v.message = "hint: " + rules_->describe(game_.current(), *hint);
            else
                v.message = "hint: no solution from here";
        }
        if (game_.solved()) v.message = finish_message();
        v.help = rules_->keys_help();
        return v;
    }

    void play_script_move(std::string_view token, int index) override {
        const std::string where = "move " + std::to_string(index) + " '" + std::string(token) + "'";
        if (game_.solved()) throw InputError(where + ": the puzzle is already solved");
        Move m;
        try {
            m = rules_->parse_move(game_.current(), token);
        } catch (const InputError& e) {
            throw InputError(where + ": " + e.what());
        }
        if (!game_.play(m)) throw InputError(where + ": not a legal move here");
    }
    std::vector<std::string> split_script(std::string_view text) const override {
        return rules_->split_script(text);
    }

    void settle() override {
        coach_->wait(game_.current());
        if (rules_->unit_steps()) {
            coach_->wait(game_.start());
        } else {
            for (const State& s : game_.positions()) coach_->wait(s);
        }
    }

    std::string status() const override {
        const int left = coach_->distance(game_.current());
        const Score sc = score();
        std::string line = "moves " + std::to_string(game_.moves_made()) + " | left ";
        if (game_.solved())
            line += "0";
        else if (const auto a = coach_->advice(game_.current()))
            line += a->distance < 0 ? "none (unsolvable)" : std::to_string(left);
        else
            line += "solving" + ellipsis();
        line += " | score " + (sc.known() ? format_score(sc.value()) : ellipsis());
        if (game_.solved()) {
            const int best = coach_->distance(game_.start());
            if (best < 0)
                line += " | solved";
            else if (game_.moves_made() == best)
                line += " | solved: optimal (" + std::to_string(best) + " moves)";
            else
                line += " | solved: " + std::to_string(game_.moves_made() - best) +
                        " moves over the optimal " + std::to_string(best);
        }
        return line;
    }

    Facts facts() const override {
        Facts f;
        f.start = DomainIO<D>::format(rules_->domain(), game_.start());
        f.position = DomainIO<D>::format(rules_->domain(), game_.current());
        f.moves = game_.moves_made();
        f.left = coach_->distance(game_.current());
        f.start_distance = coach_->distance(game_.start());
        const Score sc = score();
        f.score_known = sc.known();
        f.net = sc.known() ? *sc.net : 0;
        f.score = sc.known() ? sc.value() : 0;
        f.solved = game_.solved();
        f.optimal = f.solved && f.moves == f.start_distance;
        return f;
    }

    Score score() const {
        std::vector<int> d;
        d.reserve(game_.positions().size());
        for (const State& s : game_.positions()) d.push_back(coach_->distance(s));
        return score_line(d, rules_->unit_steps());
    }

  private:
    void new_puzzle() {
        coach_.reset();  // stops and joins its worker before the rules may change the domain
        try {
            game_.restart(rules_->new_start(rng_));
            message_ = "new puzzle";
        } catch (const InputError& e) {
            message_ = e.what();
        }
        coach_ = std::make_unique<Coach<D>>(rules_->domain(), rules_->solver(), background_);
        hint_ = false;
        ask_coach();
    }

    void move(const Move& m, const std::string& note) {
        if (game_.solved()) {
            message_ = "solved: press n for a new puzzle, u to undo, q to quit";
            return;
        }
        if (!game_.legal(m)) {
            message_ = note.empty() ? "that way is blocked" : note;
            return;
        }
        // Two slides of one piece in one direction in a row are one move (Rush Hour).
        std::optional<Move> merged;
        if (game_.moves_made() > 0) merged = rules_->merge(game_.moves().back(), m);
        if (merged) {
            const Move last = game_.moves().back();
            game_.undo();
            if (!game_.play(*merged)) {
                game_.play(last);
                game_.play(m);
            }
        } else {
            game_.play(m);
        }
        message_.clear();
        hint_ = false;
        ask_coach();
    }

    std::string finish_message() const {
        const int best = coach_->distance(game_.start());
        const Score sc = score();
        std::string m = "Solved in " + std::to_string(game_.moves_made()) + " moves";
        if (sc.known()) m += ", score " + format_score(sc.value());
        if (best >= 0)
            m += game_.moves_made() == best ? ": an optimal game!"
                                            : " (the optimum was " + std::to_string(best) + ")";
        return m + "  n: new puzzle, q: quit";
    }

    // The current position first, then what the score still needs.
    void ask_coach() {
        std::vector<State> wanted{game_.current()};
        if (rules_->unit_steps()) {
            wanted.push_back(game_.start());
        } else {
            for (auto it = game_.positions().rbegin(); it != game_.positions().rend(); ++it)
                wanted.push_back(*it);
        }
        coach_->want(std::move(wanted));
    }

    std::unique_ptr<Rules> rules_;
    Game<D> game_;
    bool background_;
    std::unique_ptr<Coach<D>> coach_;
    std::mt19937_64 rng_;
    bool hint_ = false;
    std::string message_;
    std::uint64_t seen_version_ = ~std::uint64_t{0};
    bool seen_solving_ = false;
};

}  // namespace frontier::play
