// Text forms of pancake stacks, kept out of the domain type.
//
// Domain name "pancake:N", N the number of pancakes (2..16); it is also the spec stored in files.
//
// State syntax: the sizes 1..N of the pancakes from the top of the stack to the bottom, each
// once, separated by spaces (or tabs, commas, line breaks): "3 1 2" has the middle-sized pancake
// on top and the largest at the bottom. The goal is "1 2 ... N", the smallest on top.
//
// Moves: the number of pancakes flipped, "4" flips the top four over.
//
// Every error is an InputError with a one-line message naming the problem.
#pragma once

#include <string>
#include <string_view>

#include <frontier/domains/pancake/pancake.hpp>
#include <frontier/engine/domain_io.hpp>

namespace frontier {

// "pancake:N" with 2 <= N <= 16; InputError otherwise.
Pancake parse_pancake_name(std::string_view name);
// True for "pancake" and every name beginning "pancake:", so a malformed one reaches the
// parser's error rather than "unknown domain".
bool is_pancake_name(std::string_view name);
std::string pancake_spec(const Pancake& d);  // "pancake:N"

PancakeState parse_pancake_state(const Pancake& d, std::string_view text);
std::string format_pancake_state(const Pancake& d, PancakeState s);
// The stack drawn from the top down, each pancake as wide as its size, for --show.
std::string draw_pancakes(const Pancake& d, PancakeState s);

template <>
struct DomainIO<Pancake> {
    using State = PancakeState;
    static std::string name(const Pancake& d) { return pancake_spec(d); }
    static std::string spec(const Pancake& d) { return pancake_spec(d); }
    static std::string describe(const Pancake& d);
    static std::string goal_text(const Pancake& d) { return format_pancake_state(d, d.goal()); }
    static State parse(const Pancake& d, std::string_view text) {
        return parse_pancake_state(d, text);
    }
    static std::string unsolvable_reason(const Pancake&, State) { return ""; }  // all solvable
    static std::string format(const Pancake& d, State s) { return format_pancake_state(d, s); }
    static std::string draw(const Pancake& d, State s) { return draw_pancakes(d, s); }
    static std::string format_move(const Pancake&, State, PancakeMove m) {
        return std::to_string(m.count);
    }
    static std::string cost_unit(const Pancake&) { return "flips"; }
    static constexpr const char* kMoveNotation =
        "K: flip the top K pancakes over (K from 2 to the number of pancakes)";
};

}  // namespace frontier
