// Text I/O for a domain's states, as a trait beside the domain rather than inside it.
//
// Each domain that the command-line program exposes specialises DomainIO<D> in its own
// domains/<name>/<name>_io.hpp with:
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
// Algorithms never see this trait; only tools/ and tests do. A puzzle used through the library
// (docs/library.md) needs none of it: specialise DomainIO, with only the members you use, when
// your program wants one place for the text form of its states.
#pragma once

namespace frontier {

template <class D>
struct DomainIO;

}  // namespace frontier
