// Text forms of Towers of Hanoi positions, kept out of the domain type.
//
// Domain name "hanoi:N", N the number of disks (1..20); it is also the spec stored in files.
//
// State syntax: the peg of every disk, one letter A, B or C per disk (lower case accepted), the
// LARGEST disk first: "AAAAA" is the 5-disk start, "CCCCC" the goal, "AACBA" has disks 5, 4 and
// 1 on A, 2 on B and 3 on C (disks numbered 1, the smallest, to N). Spaces, tabs and line breaks
// are ignored. Output uses upper-case letters without spaces.
//
// Moves: FROM>TO, "A>C" moves the top disk of A onto C.
//
// Every error is an InputError with a one-line message naming the problem; the messages never
// repeat a control character of the input (such a byte is shown as its hex code).
#pragma once

#include <string>
#include <string_view>

#include <frontier/domains/hanoi/hanoi.hpp>
#include <frontier/engine/domain_io.hpp>

namespace frontier {

// "hanoi:N" with 1 <= N <= 20; InputError otherwise ("hanoi", "hanoi:0", "hanoi:x", "hanoi:21").
Hanoi parse_hanoi_name(std::string_view name);
// True for "hanoi" and every name beginning "hanoi:", so a malformed one reaches the parser's
// error rather than "unknown domain".
bool is_hanoi_name(std::string_view name);
std::string hanoi_spec(const Hanoi& d);  // "hanoi:N"

HanoiState parse_hanoi_state(const Hanoi& d, std::string_view text);
std::string format_hanoi_state(const Hanoi& d, HanoiState s);
std::string format_hanoi_move(HanoiMove m);  // "A>C"
// The three pegs side by side, disk sizes 1..N as numbers, for --show.
std::string draw_hanoi(const Hanoi& d, HanoiState s);

template <>
struct DomainIO<Hanoi> {
    using State = HanoiState;
    static std::string name(const Hanoi& d) { return hanoi_spec(d); }
    static std::string spec(const Hanoi& d) { return hanoi_spec(d); }
    static std::string describe(const Hanoi& d);
    static std::string goal_text(const Hanoi& d) { return format_hanoi_state(d, d.goal()); }
    static State parse(const Hanoi& d, std::string_view text) { return parse_hanoi_state(d, text); }
    static std::string unsolvable_reason(const Hanoi&, State) { return ""; }  // all solvable
    static std::string format(const Hanoi& d, State s) { return format_hanoi_state(d, s); }
    static std::string draw(const Hanoi& d, State s) { return draw_hanoi(d, s); }
    static std::string format_move(const Hanoi&, State, HanoiMove m) {
        return format_hanoi_move(m);
    }
    static constexpr const char* kMoveNotation =
        "FROM>TO: the top disk of peg FROM (A, B or C) goes onto peg TO, which must be empty or "
        "have a larger disk on top";
};

}  // namespace frontier
