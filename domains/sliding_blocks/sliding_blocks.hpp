// Sliding-block puzzles: rectangular pieces in a W x H tray (Dad's Puzzle, Klotski, ...).
//
// Pieces of the same size are interchangeable, except the goal piece, which is always a kind of
// its own. The state records, for each kind, which anchor positions (top-left cells) its pieces
// occupy, as one bit per possible anchor: kind k owns bits [offset_k, offset_k + anchors_k) with
// anchors_k = (W - w + 1) * (H - h + 1). Two arrangements that differ only by swapping identical
// pieces are the same bits, so the packing is canonical by construction. Limits: W * H <= 64
// (occupancy is one 64-bit word) and at most 128 anchor bits in all (Klotski and Dad's Puzzle
// need 63); walls ('#' cells) are fixed.
//
// Metrics (what one move is):
//   steps     one piece slides one cell up, left, right or down;
//   straight  one piece slides any distance in one direction;
//   piece     one piece moves anywhere it can reach through empty cells, turning corners (the
//             classic count: Dad's Puzzle 59, Klotski 81).
// A move names the kind and the anchor cells before and after; each is undone by the opposite
// move of the same metric, so the domain is reversible. Successors come by kind, then by the
// piece's anchor cell, then by direction (up, left, right, down) and distance, or for the piece
// metric by destination cell.
// Cost per expansion: an occupancy word built from the anchors, then per piece a mask test per
// candidate position (a flood fill over at most 64 anchors in the piece metric).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace frontier {

struct BlockState {
    std::array<std::uint64_t, 2> bits{};
    friend bool operator==(const BlockState&, const BlockState&) = default;
    template <class H>
    friend H AbslHashValue(H h, const BlockState& s) {
        return H::combine(std::move(h), s.bits[0], s.bits[1]);
    }
};

struct BlockMove {
    std::uint8_t kind = 0, from = 0, to = 0;  // from, to: anchor cells (row * W + col)
    friend bool operator==(BlockMove, BlockMove) = default;
};

enum class BlockMetric : std::uint8_t { Steps, Straight, Piece };

// "b4": column letter from a, row number from 1 at the top (used in messages).
std::string block_cell_name(int col, int row);

// A puzzle as given: the tray, the pieces where they start, the walls and the goal.
struct BlockLayout {
    struct Piece {
        char label;
        int width, height, col, row;  // size and top-left cell
    };
    int width = 0, height = 0;
    std::vector<Piece> pieces;
    std::uint64_t walls = 0;  // bit row * W + col
    char goal_label = 0;
    int goal_col = 0, goal_row = 0;  // where the goal piece's top-left cell must go
};

class SlidingBlocks {
  public:
    using State = BlockState;
    using Move = BlockMove;
    static constexpr int kMaxCells = 64;
    static constexpr int kMaxBits = 128;

    struct Kind {
        int width, height;
        bool goal;
        std::string labels;   // the layout's labels of these pieces, in reading order
        int offset, anchors;  // its bits in the state
    };

    // Checks the layout (pieces inside the tray, no overlaps, a goal piece that exists and a goal
    // position inside the tray, the packing limits); InputError otherwise.
    SlidingBlocks(std::string name, const BlockLayout& layout, BlockMetric metric);

    const std::string& name() const { return name_; }
    BlockMetric metric() const { return metric_; }
    int width() const { return width_; }
    int height() const { return height_; }
    std::uint64_t walls() const { return walls_; }
    const std::vector<Kind>& kinds() const { return kinds_; }
    int goal_kind() const { return goal_kind_; }
    int goal_cell() const { return goal_cell_; }

    State start() const { return start_; }
    bool is_goal(const State& s) const { return test(s, goal_kind_, goal_cell_); }
    std::vector<State> enumeration_roots() const { return {start_}; }

    template <class F>
    void for_each_successor(const State& s, F&& f) const;
    State apply(const State& s, Move m) const {
        State c = s;
        flip(c, m.kind, m.from);
        flip(c, m.kind, m.to);
        return c;
    }
    static Move inverse(Move m) { return Move{m.kind, m.to, m.from}; }

    // The anchor cells of kind k's pieces in s, ascending.
    std::vector<int> anchors_of(const State& s, int kind) const;
    // The cells a piece of kind k covers with its top-left at `cell`.
    std::uint64_t cells_of(int kind, int cell) const { return footprint_[kind][cell]; }
    // A state from anchor cells per kind (the caller checks counts and overlaps).
    State pack(const std::vector<std::vector<int>>& anchors) const;
    std::uint64_t occupancy(const State& s) const;

  private:
    static constexpr int kNoAnchor = -1;
    bool test(const State& s, int kind, int cell) const {
        const int b = kinds_[kind].offset + anchor_index_[kind][cell];
        return s.bits[b >> 6] >> (b & 63) & 1;
    }
    void flip(State& s, int kind, int cell) const {
        const int b = kinds_[kind].offset + anchor_index_[kind][cell];
        s.bits[b >> 6] ^= std::uint64_t{1} << (b & 63);
    }
    // Kind k's anchor bits of s, as bits 0 .. anchors-1.
    std::uint64_t kind_bits(const State& s, int kind) const {
        const Kind& k = kinds_[kind];
        const int o = k.offset;
        std::uint64_t bits = s.bits[o >> 6] >> (o & 63);
        if (o < 64 && o != 0) bits |= s.bits[1] << (64 - o);
        return k.anchors == 64 ? bits : bits & ((std::uint64_t{1} << k.anchors) - 1);
    }
    // The anchor cells reachable by kind k from `cell` within `free`, by the metric, in order.
    template <class F>
    void for_each_destination(int kind, int cell, std::uint64_t free, F&& f) const;

    std::string name_;
    BlockMetric metric_;
    int width_, height_;
    std::uint64_t tray_, walls_;
    std::vector<Kind> kinds_;
    int goal_kind_ = 0, goal_cell_ = 0;
    State start_;
    // Per kind, per cell: the anchor's index in the kind's bits (kNoAnchor if the piece would
    // leave the tray there), its footprint, and the anchor cells of its bits in order.
    std::vector<std::array<int, kMaxCells>> anchor_index_;
    std::vector<std::array<std::uint64_t, kMaxCells>> footprint_;
    std::vector<std::vector<int>> anchor_cell_;
};

template <class F>
void SlidingBlocks::for_each_destination(int kind, int cell, std::uint64_t free, F&& f) const {
    static constexpr int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};  // up, left, right, down
    const Kind& k = kinds_[kind];
    auto fits = [&](int r, int c) {
        return r >= 0 && c >= 0 && r + k.height <= height_ && c + k.width <= width_ &&
               (footprint_[kind][r * width_ + c] & ~free) == 0;
    };
    const int r0 = cell / width_, c0 = cell % width_;
    if (metric_ != BlockMetric::Piece) {
        for (int d = 0; d < 4; ++d)
            for (int r = r0 + dr[d], c = c0 + dc[d]; fits(r, c); r += dr[d], c += dc[d]) {
                f(r * width_ + c);
                if (metric_ == BlockMetric::Steps) break;
            }
        return;
    }
    std::uint64_t reached = std::uint64_t{1} << cell, frontier = reached;
    while (frontier) {
        std::uint64_t next = 0;
        for (std::uint64_t b = frontier; b; b &= b - 1) {
            const int at = std::countr_zero(b), r = at / width_, c = at % width_;
            for (int d = 0; d < 4; ++d)
                if (fits(r + dr[d], c + dc[d]))
                    next |= std::uint64_t{1} << ((r + dr[d]) * width_ + c + dc[d]);
        }
        frontier = next & ~reached;
        reached |= frontier;
    }
    reached &= ~(std::uint64_t{1} << cell);
    for (std::uint64_t b = reached; b; b &= b - 1) f(std::countr_zero(b));
}

template <class F>
void SlidingBlocks::for_each_successor(const State& s, F&& f) const {
    const std::uint64_t occupied = occupancy(s);
    for (int kind = 0; kind < static_cast<int>(kinds_.size()); ++kind)
        for (std::uint64_t b = kind_bits(s, kind); b; b &= b - 1) {
            const int cell = anchor_cell_[kind][std::countr_zero(b)];
            const std::uint64_t free = tray_ & ~(occupied & ~footprint_[kind][cell]);
            for_each_destination(kind, cell, free, [&](int to) {
                const Move m{static_cast<std::uint8_t>(kind), static_cast<std::uint8_t>(cell),
                             static_cast<std::uint8_t>(to)};
                f(apply(s, m), m);
            });
        }
}

}  // namespace frontier
