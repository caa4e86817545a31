// Text forms of sliding-tile boards and states, kept out of the domain type.
//
// Domain names: "8puzzle" (3x3), "15puzzle" (4x4), "24puzzle" (5x5), "sliding:RxC" (R, C >= 2,
// R * C <= 25; boards up to 16 cells use the 64-bit SlidingTiles, larger ones WideSlidingTiles).
// State syntax, row-major:
//   numbers separated by spaces, commas or '/' (row breaks):   "1 2 3 / 4 5 6 / 7 8 0"
//   one character per cell, for boards up to 16 cells, hex:   "123456780", "123456789ABCDEF0"
// '0', '_' and '.' are the blank. Output uses numbers and '_': "1 2 3 4 5 6 7 8 _".
// Every parse error is an InputError with a one-line message naming the problem.
#pragma once

#include <algorithm>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/domain_io.hpp>

namespace frontier {

struct SlidingShape {
    int rows = 0, cols = 0;
    int cells() const { return rows * cols; }
};

// Parses "8puzzle", "15puzzle", "24puzzle" or "sliding:RxC"; throws InputError otherwise.
SlidingShape parse_sliding_name(std::string_view name);
// True for the names above, well-formed or not ("sliding:9" too, so that its error is the
// parser's).
bool is_sliding_name(std::string_view name);
// Whether a sliding name needs the 128-bit board (more than 16 cells); false for a malformed
// name, whose error the narrow board's parser reports.
bool is_wide_sliding_name(std::string_view name);
// "8puzzle" for 3x3, "15puzzle" for 4x4, "24puzzle" for 5x5, "sliding:RxC" otherwise.
std::string sliding_name(int rows, int cols);
// The canonical spec stored in files: always "sliding:RxC".
std::string sliding_spec(int rows, int cols);

// The tiles of a state text, validated as an arrangement of 0 .. R*C-1 (no solvability check).
std::vector<int> parse_tile_list(int rows, int cols, std::string_view text);

template <class Word>
BasicTileState<Word> parse_tiles_as(int rows, int cols, std::string_view text) {
    const std::vector<int> tiles = parse_tile_list(rows, cols, text);
    return BasicSlidingTiles<Word>::pack(tiles.data(), rows * cols);
}
// Any arrangement on a board of at most 16 cells.
inline TileState parse_tiles(int rows, int cols, std::string_view text) {
    return parse_tiles_as<std::uint64_t>(rows, cols, text);
}

std::string format_tile_list(const int* tiles, int cells, int cols, bool rows);

template <class W>
std::vector<int> tiles_of(const BasicSlidingTiles<W>& d, BasicTileState<W> s) {
    std::vector<int> tiles(d.cells());
    for (int c = 0; c < d.cells(); ++c) tiles[c] = s.tile(c);
    return tiles;
}
template <class W>
std::string format_tiles(const BasicSlidingTiles<W>& d, BasicTileState<W> s) {
    return format_tile_list(tiles_of(d, s).data(), d.cells(), d.cols(), false);
}
// Rows separated by " / ": "1 2 3 / 4 5 6 / 7 8 _".
template <class W>
std::string format_rows(const BasicSlidingTiles<W>& d, BasicTileState<W> s) {
    return format_tile_list(tiles_of(d, s).data(), d.cells(), d.cols(), true);
}
// A drawn board, one line per row, for --show.
std::string draw_tile_list(const int* tiles, int rows, int cols);
template <class W>
std::string format_board(const BasicSlidingTiles<W>& d, BasicTileState<W> s) {
    return draw_tile_list(tiles_of(d, s).data(), d.rows(), d.cols());
}

// The reason a well-formed state cannot reach the goal, or "" when it can.
template <class W>
std::string unsolvable_reason(const BasicSlidingTiles<W>& d, BasicTileState<W> s) {
    if (d.same_half(s)) return "";
    return "its permutation parity puts it in the other half from the goal " +
           format_rows(d, d.goal());
}

[[noreturn]] void throw_unsolvable(const std::string& state, const std::string& why);

// An arrangement in the goal's half; a state of the other half is an InputError.
template <class W>
BasicTileState<W> parse_solvable(const BasicSlidingTiles<W>& d, std::string_view text) {
    const auto s = parse_tiles_as<W>(d.rows(), d.cols(), text);
    const std::string why = unsolvable_reason(d, s);
    if (!why.empty()) throw_unsolvable(format_tiles(d, s), why);
    return s;
}

// Builds the board with the given goal text (empty: the ordered goal).
template <class Board>
Board make_board(SlidingShape shape, std::string_view goal_text);
extern template SlidingTiles make_board<SlidingTiles>(SlidingShape, std::string_view);
extern template WideSlidingTiles make_board<WideSlidingTiles>(SlidingShape, std::string_view);
// The goal's tiles, cell by cell (empty text: tiles in order, the blank last), for any board up
// to 25 cells; an error names the goal.
std::vector<int> goal_tiles(SlidingShape shape, std::string_view goal_text);

// A uniformly random state of the goal's half.
template <class W>
BasicTileState<W> random_solvable(const BasicSlidingTiles<W>& d, std::mt19937_64& rng) {
    std::vector<int> tiles(d.cells());
    for (int i = 0; i < d.cells(); ++i) tiles[i] = i;
    std::shuffle(tiles.begin(), tiles.end(), rng);
    auto s = BasicSlidingTiles<W>::pack(tiles.data(), d.cells());
    if (d.same_half(s)) return s;
    // Swapping two tiles (not the blank) flips the half; both halves are equally likely.
    int a = 0, b = 1;
    if (tiles[a] == 0) a = 2;
    if (tiles[b] == 0) b = 2;
    std::swap(tiles[a], tiles[b]);
    return BasicSlidingTiles<W>::pack(tiles.data(), d.cells());
}

template <class W>
struct DomainIO<BasicSlidingTiles<W>> {
    using Board = BasicSlidingTiles<W>;
    using State = BasicTileState<W>;
    static std::string name(const Board& d) { return sliding_name(d.rows(), d.cols()); }
    static std::string spec(const Board& d) { return sliding_spec(d.rows(), d.cols()); }
    static std::string describe(const Board& d) {
        return name(d) + " (" + std::to_string(d.rows()) + "x" + std::to_string(d.cols()) +
               " sliding tiles), goal " + format_rows(d, d.goal());
    }
    static std::string goal_text(const Board& d) { return format_tiles(d, d.goal()); }
    static State parse(const Board& d, std::string_view text) {
        return parse_tiles_as<W>(d.rows(), d.cols(), text);
    }
    static std::string unsolvable_reason(const Board& d, State s) {
        return frontier::unsolvable_reason(d, s);
    }
    static std::string format(const Board& d, State s) { return format_tiles(d, s); }
    static std::string draw(const Board& d, State s) { return format_board(d, s); }
    // A move is written as the blank's direction: U, L, R or D.
    static std::string format_move(const Board&, State, SlideMove m) {
        return std::string(1, kDirLetters[m.dir]);
    }
    static constexpr const char* kMoveNotation =
        "blank moves: U up, L left, R right, D down (the tile on that side slides into the hole)";
};

}  // namespace frontier
