// Text forms of peg-solitaire boards, kept out of the domain type.
//
// Domain name "peg-solitaire"; the board is an option: english (33 holes, the default; the
// central game) or french (37 holes; vacant d2, last peg on d6).
//
// State syntax: one character per hole in reading order, x (or X, *, 1, P) for a peg and . (or o,
// O, 0, _) for an empty hole. Rows may be separated by '/' or line breaks (then each row's length
// is checked: 3 3 7 7 7 3 3 holes on the English board, 3 5 7 7 7 5 3 on the French); spaces are
// ignored. The English central game starts "xxx/xxx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx". Output uses
// x and . with '/' between rows.
//
// Moves are jumps written FROM-TO in board coordinates: columns a-g from the left, rows 1-7 from
// the top (the usual notation of Beasley and Bell): "d2-d4" jumps the peg on d2 over d3 into the
// centre.
#pragma once

#include <string>
#include <string_view>

#include <frontier/domains/peg_solitaire/peg_solitaire.hpp>
#include <frontier/engine/domain_io.hpp>

namespace frontier {

PegBoard parse_peg_board(std::string_view name);  // "english" ("" too) or "french"
const char* peg_board_name(PegBoard board);

PegState parse_pegs(const PegSolitaire& d, std::string_view text);
std::string format_pegs(const PegSolitaire& d, PegState s);
std::string draw_pegs(const PegSolitaire& d, PegState s);
std::string hole_name(const PegSolitaire& d, int hole);  // "d4"
// The board's standard problem (see PegSolitaire), with the given goal text if not empty.
PegSolitaire make_peg_solitaire(PegBoard board, std::string_view goal_text);
// Why no sequence of jumps leads from s to the goal, or "" when none of the checks rules it out.
std::string peg_unsolvable_reason(const PegSolitaire& d, PegState s);

template <>
struct DomainIO<PegSolitaire> {
    using State = PegState;
    static std::string name(const PegSolitaire&) { return "peg-solitaire"; }
    static std::string spec(const PegSolitaire& d) {
        return std::string("peg-solitaire:") + peg_board_name(d.board());
    }
    static std::string describe(const PegSolitaire& d);
    static std::string goal_text(const PegSolitaire& d) { return format_pegs(d, d.goal()); }
    static State parse(const PegSolitaire& d, std::string_view text) { return parse_pegs(d, text); }
    static std::string unsolvable_reason(const PegSolitaire& d, State s) {
        return peg_unsolvable_reason(d, s);
    }
    static std::string format(const PegSolitaire& d, State s) { return format_pegs(d, s); }
    static std::string draw(const PegSolitaire& d, State s) { return draw_pegs(d, s); }
    static std::string format_move(const PegSolitaire& d, State, PegMove m) {
        return hole_name(d, m.from) + "-" + hole_name(d, m.to);
    }
    static constexpr const char* kMoveNotation =
        "jumps FROM-TO, columns a-g from the left, rows 1-7 from the top; the peg jumped over "
        "is removed";
};

}  // namespace frontier
