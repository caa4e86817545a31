// Registers solve, compare and solve-batch for one search puzzle.
#pragma once

#include "tools/cli/dispatch.hpp"
#include "tools/commands/compare.hpp"
#include "tools/commands/search_entry.hpp"
#include "tools/commands/solve.hpp"
#include "tools/commands/solve_batch.hpp"

namespace frontier::cli {

template <SearchPuzzle P>
void add_search_verbs(Registry& registry) {
    const auto handler = [](auto configure) {
        return PuzzleHandler{std::string(P::kNames), P::accepts, configure};
    };
    registry.add("solve", handler(configure_solve<P>));
    registry.add("compare", handler(configure_compare<P>));
    registry.add("solve-batch", handler(configure_batch<P>));
}

}  // namespace frontier::cli
