// Options that some domains take, shared by every command that builds a domain by name
// (enumerate, solve, compare, ...). Each domain reads the ones it understands and rejects the
// others; empty means the domain's default.
#pragma once

#include <string>

namespace frontier::cli {

struct DomainOptions {
    std::string goal;    // goal state text ("" = the domain's default goal)
    std::string metric;  // what one move is: htm|qtm (pocket-cube), piece|straight|steps (blocks)
    std::string board;   // english|french (peg-solitaire)
    std::string layout;  // the pieces and tray (sliding-blocks)
};

}  // namespace frontier::cli
