// Text forms of sliding-tile boards and states, kept out of the domain type.
//
// Domain names: "8puzzle" (3x3), "15puzzle" (4x4), "sliding:RxC" (R, C >= 2, R * C <= 16).
// State syntax, row-major:
//   numbers separated by spaces, commas or '/' (row breaks):   "1 2 3 / 4 5 6 / 7 8 0"
//   one character per cell, for boards up to 16 cells, hex:   "123456780", "123456789ABCDEF0"
// '0', '_' and '.' are the blank. Output uses numbers and '_': "1 2 3 4 5 6 7 8 _".
// Every parse error is an InputError with a one-line message naming the problem.
#pragma once

#include <random>
#include <string>
#include <string_view>

#include "domains/sliding/sliding_tiles.hpp"
#include "engine/domain_io.hpp"

namespace frontier {

struct SlidingShape {
    int rows = 0, cols = 0;
};

// Parses "8puzzle", "15puzzle" or "sliding:RxC"; throws InputError otherwise.
SlidingShape parse_sliding_name(std::string_view name);
// "8puzzle" for 3x3, "15puzzle" for 4x4, "sliding:RxC" otherwise.
std::string sliding_name(int rows, int cols);
// The canonical spec stored in files: always "sliding:RxC".
std::string sliding_spec(int rows, int cols);

// Any arrangement of the tiles 0 .. R*C-1 (no solvability check).
TileState parse_tiles(int rows, int cols, std::string_view text);
// An arrangement in the goal's half; a state of the other half is an InputError.
TileState parse_solvable(const SlidingTiles& domain, std::string_view text);
// Builds the domain with the given goal text (empty: the ordered goal).
SlidingTiles make_sliding(SlidingShape shape, std::string_view goal_text);

std::string format_tiles(const SlidingTiles& domain, TileState s);
// Rows separated by " / ": "1 2 3 / 4 5 6 / 7 8 _".
std::string format_rows(const SlidingTiles& domain, TileState s);
// A drawn board, one line per row, for --show.
std::string format_board(const SlidingTiles& domain, TileState s);

// A uniformly random state of the goal's half.
TileState random_solvable(const SlidingTiles& domain, std::mt19937_64& rng);

// The reason a well-formed state cannot reach the goal, or "" when it can.
std::string unsolvable_reason(const SlidingTiles& domain, TileState s);

template <>
struct DomainIO<SlidingTiles> {
    using State = TileState;
    static std::string name(const SlidingTiles& d) { return sliding_name(d.rows(), d.cols()); }
    static std::string spec(const SlidingTiles& d) { return sliding_spec(d.rows(), d.cols()); }
    static std::string describe(const SlidingTiles& d);
    static std::string goal_text(const SlidingTiles& d) { return format_tiles(d, d.goal()); }
    static State parse(const SlidingTiles& d, std::string_view text) {
        return parse_tiles(d.rows(), d.cols(), text);
    }
    static std::string unsolvable_reason(const SlidingTiles& d, State s) {
        return frontier::unsolvable_reason(d, s);
    }
    static std::string format(const SlidingTiles& d, State s) { return format_tiles(d, s); }
    static std::string draw(const SlidingTiles& d, State s) { return format_board(d, s); }
    // A move is written as the blank's direction: U, L, R or D.
    static std::string format_move(const SlidingTiles&, State, SlideMove m) {
        return std::string(1, kDirLetters[m.dir]);
    }
    static constexpr const char* kMoveNotation =
        "blank moves: U up, L left, R right, D down (the tile on that side slides into the hole)";
};

}  // namespace frontier
