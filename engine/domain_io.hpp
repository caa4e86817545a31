// Text I/O for a domain's states, as a trait beside the domain rather than inside it.
//
// Each domain that the command-line program exposes specialises DomainIO<D> in its own
// domains/<name>/<name>_io.hpp. The whole contract, checked by the DomainText concept where a
// puzzle is registered (tools/commands/search_entry.hpp):
//   static std::string name(const D&);            // user-facing name ("8puzzle", "sliding:4x3")
//   static std::string spec(const D&);            // canonical name stored in files
//   static std::string describe(const D&);        // one line for reports
//   static std::string goal_text(const D&);       // goal in the state syntax
//   static State parse(const D&, std::string_view);   // InputError on bad or unreachable input
//   static std::string format(const D&, const State&);
//   static std::string unsolvable_reason(const D&, const State&);  // "" if the goal is reachable
//   static std::string format_move(const D&, const State& before, const Move&);
//   static constexpr const char* kMoveNotation;       // one line explaining format_move
//   static std::string draw(const D&, const State&);  // multi-line board for --show
// Optional members, each with its concept:
//   static std::string metric(const D&);          // HasMetricText: what one move is, for table
//                                                 // headers and reports ("htm", "qtm")
//   static std::string cost_unit(const D&);       // HasCostUnit: what a solution's length
//                                                 // counts ("moves", "steps"); "moves" otherwise
//   static State scramble(const D&, std::string_view moves);  // HasScramble: the state these
//                                                 // moves reach from the goal (solve --scramble)
// Algorithms never see this trait; only tools/ and tests do. A puzzle used through the library
// (docs/howto/library.md) needs none of it: specialise DomainIO, with only the members you use,
// when your program wants one place for the text form of its states.
#pragma once

#include <concepts>
#include <string>
#include <string_view>

namespace frontier {

template <class D>
struct DomainIO;

template <class D>
concept DomainText = requires(const D& d, const typename D::State& s, const typename D::Move& m,
                              std::string_view text) {
    { DomainIO<D>::name(d) } -> std::convertible_to<std::string>;
    { DomainIO<D>::spec(d) } -> std::convertible_to<std::string>;
    { DomainIO<D>::describe(d) } -> std::convertible_to<std::string>;
    { DomainIO<D>::goal_text(d) } -> std::convertible_to<std::string>;
    { DomainIO<D>::parse(d, text) } -> std::same_as<typename D::State>;
    { DomainIO<D>::format(d, s) } -> std::convertible_to<std::string>;
    { DomainIO<D>::unsolvable_reason(d, s) } -> std::convertible_to<std::string>;
    { DomainIO<D>::format_move(d, s, m) } -> std::convertible_to<std::string>;
    { DomainIO<D>::draw(d, s) } -> std::convertible_to<std::string>;
    std::string_view{DomainIO<D>::kMoveNotation};
};

template <class D>
concept HasMetricText = requires(const D& d) {
    { DomainIO<D>::metric(d) } -> std::convertible_to<std::string>;
};

template <class D>
concept HasCostUnit = requires(const D& d) {
    { DomainIO<D>::cost_unit(d) } -> std::convertible_to<std::string>;
};

template <class D>
concept HasScramble = requires(const D& d, std::string_view moves) {
    { DomainIO<D>::scramble(d, moves) } -> std::same_as<typename D::State>;
};

}  // namespace frontier
