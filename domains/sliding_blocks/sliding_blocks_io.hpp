// Text forms of sliding-block puzzles, kept out of the domain type.
//
// Domain names: "klotski" and "dads-puzzle" (built in), "sliding-blocks" (give --layout and
// --goal). Metric: piece (default), straight or steps.
//
// Cells are written like chess squares: a column letter from a (left) and a row number from 1
// (top): b4 is the second column, fourth row.
//
// Layouts, two forms:
//   a grid, one character per cell, rows separated by '/' or line breaks: a letter or digit is a
//   piece (all cells with the same character form one piece, which must be a filled rectangle),
//   '.' or '_' an empty cell, '#' a wall; spaces are ignored. Klotski: "BAAC/BAAC/DEEF/DGHF/I..J".
//   a piece list, "WxH: LABEL WxH CELL, ...": the tray, then each piece's label, size (width x
//   height) and top-left cell; "# 1x1 CELL" adds a wall. Klotski starts "4x5: A 2x2 b1, B 1x2 a1,
//   ...". This form can state what a grid cannot, and bad input gets named: a piece outside the
//   tray, two pieces overlapping.
// Goal: "LABEL at CELL" (the piece's top-left cell) or "LABEL at CELL CELL ..." (all its cells):
// Klotski "A at b4", Dad's Puzzle "A at a4".
//
// States print as grids with '/' between rows. Pieces of one size are interchangeable, so each
// state is drawn with that size's labels handed out in reading order; a move is written
// "LABEL:FROM-TO" with the moving piece's label in the state before the move and its top-left
// cell before and after: "G:d4-c5".
#pragma once

#include <string>
#include <string_view>

#include <frontier/domains/sliding_blocks/sliding_blocks.hpp>
#include <frontier/engine/domain_io.hpp>

namespace frontier {

BlockMetric parse_block_metric(std::string_view text);  // "" = piece
const char* block_metric_name(BlockMetric m);

// The tray and pieces of a layout (either form); the goal is left unset.
BlockLayout parse_block_layout(std::string_view text);
// Sets the layout's goal from "LABEL at CELL ...".
void parse_block_goal(BlockLayout& layout, std::string_view goal);
// "klotski", "dads-puzzle" (layout empty; goal empty = the classic goal) or "sliding-blocks"
// (layout and goal required).
SlidingBlocks make_sliding_blocks(std::string_view name, std::string_view layout,
                                  std::string_view goal, BlockMetric metric);
bool is_sliding_blocks_name(std::string_view name);

// A grid of the puzzle's tray holding the same pieces (the goal piece under its label).
BlockState parse_blocks(const SlidingBlocks& d, std::string_view text);
std::string format_blocks(const SlidingBlocks& d, const BlockState& s);
std::string draw_blocks(const SlidingBlocks& d, const BlockState& s);
std::string format_block_move(const SlidingBlocks& d, const BlockState& before, BlockMove m);
std::string block_goal_text(const SlidingBlocks& d);

template <>
struct DomainIO<SlidingBlocks> {
    using State = BlockState;
    static std::string name(const SlidingBlocks& d) { return d.name(); }
    static std::string spec(const SlidingBlocks& d) { return d.name(); }
    static std::string metric(const SlidingBlocks& d) { return block_metric_name(d.metric()); }
    static std::string describe(const SlidingBlocks& d);
    static std::string goal_text(const SlidingBlocks& d) { return block_goal_text(d); }
    static State parse(const SlidingBlocks& d, std::string_view text) {
        return parse_blocks(d, text);
    }
    static std::string unsolvable_reason(const SlidingBlocks&, const State&) { return ""; }
    static std::string format(const SlidingBlocks& d, const State& s) {
        return format_blocks(d, s);
    }
    static std::string draw(const SlidingBlocks& d, const State& s) { return draw_blocks(d, s); }
    static std::string format_move(const SlidingBlocks& d, const State& s, BlockMove m) {
        return format_block_move(d, s, m);
    }
    static constexpr const char* kMoveNotation =
        "LABEL:FROM-TO moves that piece's top-left cell; columns a.. from the left, rows 1.. "
        "from the top";
};

}  // namespace frontier
