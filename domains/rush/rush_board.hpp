// Rush Hour: the board layout (RushBoard, the domain) and the bit-packed state (RushState).
//
// A board is an N x N grid, N from 3 to 8 (6 is the real puzzle): fixed walls, and pieces that
// are straight lines of 2 or 3 cells, each sliding only along its own row (horizontal) or column
// (vertical). Piece 0 is the primary car: horizontal, 2 cells long, in the exit row
// exit_row() = (N - 1) / 2 (row 2 of a 6 x 6 board); the puzzle is solved when it occupies the
// two rightmost cells of that row. Everything that never changes (size, walls, each piece's
// line, length and letter) lives in RushBoard; a state holds only where each piece is.
//
// State: one 64-bit word, 3 bits per piece: bits [3p, 3p + 3) hold piece p's offset along its
// line (its leftmost column if horizontal, its top row if vertical), 0 .. N - length. Limits:
// at most 21 pieces (63 bits; a 6 x 6 board holds at most 18), and N <= 8 (offsets < 8 and the
// 64-bit bitboards). Unused high bits are zero, so equal positions are equal words.
//
// Moves: a piece slides one or more free cells along its line. The metric decides what one
// move is: with RushMetric::Moves a slide of any length costs 1 (the puzzle's usual count), with
// RushMetric::Steps only one-cell slides exist, so a k-cell slide costs k. A RushMove is the piece
// and its signed displacement (negative = left or up); inverse() negates it.
//
// Successor generation ORs one precomputed mask per piece into an occupancy bitboard (bit r*N + c).
// With RushMetric::Steps each piece then needs one cell test per direction, done branch-free for
// all pieces into one mask of legal steps. With RushMetric::Moves a column-major bitboard is built
// too, so that a piece's line is N consecutive bits of one of them and the free run on each side is
// one bit-width (left/up) and one count of trailing zeros (right/down). No loop over cells, no
// allocation. Order, fixed: pieces in index order; for each, the negative direction (nearest
// first) then the positive one.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>

#include <frontier/domains/rush/rush_lanes.hpp>

namespace frontier {

enum class RushMetric : std::uint8_t { Moves, Steps };

struct RushState {
    std::uint64_t bits = 0;

    friend bool operator==(RushState, RushState) = default;
    template <class H>
    friend H AbslHashValue(H h, RushState s) {
        return H::combine(std::move(h), s.bits);
    }
};

struct RushMove {
    std::uint8_t piece = 0;
    std::int8_t delta = 0;  // cells along the piece's line: < 0 left or up, > 0 right or down
    friend bool operator==(RushMove, RushMove) = default;
};

struct RushPiece {
    char letter = '?';
    bool vertical = false;
    std::uint8_t length = 2;
    std::uint8_t line = 0;  // its row if horizontal, its column if vertical
};

class RushBoard {
  public:
    using State = RushState;
    using Move = RushMove;
    static constexpr int kMinSize = 3;
    static constexpr int kMaxSize = 8;
    static constexpr int kMaxPieces = 21;
    static constexpr int kBitsPerPiece = 3;

    // An empty board of the given size (pieces are added with add_piece, walls with add_wall).
    // The caller (the parser) validates; these only assert the limits above.
    explicit RushBoard(int size = 6, RushMetric metric = RushMetric::Moves);
    void add_wall(int row, int col);
    // Adds a piece and returns its index; piece 0 must be the primary car.
    int add_piece(const RushPiece& piece);
    // Undo the last add_piece / an add_wall (for builders that extend and shrink one layout, like
    // the enumerator's depth-first search): O(1), nothing is recomputed.
    void pop_piece();
    void remove_wall(int row, int col);

    int size() const { return size_; }
    int exit_row() const { return (size_ - 1) / 2; }
    int piece_count() const { return piece_count_; }
    const RushPiece& piece(int p) const { return pieces_[p]; }
    std::uint64_t walls() const { return walls_; }
    RushMetric metric() const { return metric_; }
    // The same layout with another metric.
    RushBoard with_metric(RushMetric m) const {
        RushBoard b = *this;
        b.metric_ = m;
        return b;
    }
    // Same size, walls and pieces (letters included); the metric is not compared.
    bool same_layout(const RushBoard& other) const;

    static int offset(State s, int p) {
        return static_cast<int>((s.bits >> (kBitsPerPiece * p)) & 7);
    }
    static State with_offset(State s, int p, int offset) {
        const int shift = kBitsPerPiece * p;
        return State{(s.bits & ~(std::uint64_t{7} << shift)) |
                     (static_cast<std::uint64_t>(offset) << shift)};
    }
    // Row-major bit index of the k-th cell of piece p at the given offset.
    int cell(int p, int offset, int k) const {
        const RushPiece& pc = pieces_[p];
        return pc.vertical ? (offset + k) * size_ + pc.line : pc.line * size_ + offset + k;
    }

    // The cells of piece p at the given offset, row-major (bit r*N + c).
    std::uint64_t cells(int p, int offset) const { return masks_[p][offset].row_major; }
    // Row-major occupancy (walls and pieces): bit r*N + c.
    std::uint64_t occupancy(State s) const {
        std::uint64_t occ = walls_;
        for (int p = 0; p < piece_count_; ++p) occ |= masks_[p][offset(s, p)].row_major;
        return occ;
    }

    bool is_goal(State s) const { return offset(s, 0) == size_ - 2; }

    template <class F>
    void for_each_successor(State s, F&& f) const {
        if (metric_ == RushMetric::Steps)
            for_each_step(s, f);
        else
            for_each_slide(s, f);
    }

    // The legal one-cell steps of s as a mask: bit 2p for piece p stepping back (left or up),
    // bit 2p + 1 for stepping ahead (right or down). One cell test per piece and direction on
    // the occupancy, branch-free; with AVX-512 or AVX2 several pieces at a time (rush_lanes.hpp).
    std::uint64_t legal_steps(State s) const {
#if FRONTIER_RUSH_SIMD
        return lanes_.legal_steps(s.bits, walls_, piece_count_);
#else
        return legal_steps_scalar(s);
#endif
    }
    std::uint64_t legal_steps_scalar(State s) const {
        const Mask* at[kMaxPieces];
        std::uint64_t occ = walls_, rest = s.bits;
        const int n = piece_count_;
        for (int p = 0; p < n; ++p, rest >>= kBitsPerPiece) {
            at[p] = &masks_[p][rest & 7];
            occ |= at[p]->row_major;
        }
        std::uint64_t legal = 0;
        for (int p = n - 1; p >= 0; --p)
            legal = legal << 2 | std::uint64_t((occ & at[p]->after) == 0) << 1 |
                    std::uint64_t((occ & at[p]->before) == 0);
        return legal;
    }

    // The pieces (bit p) and walls (their cells) that stop some other piece's step in s: they
    // hold a cell next to a piece, on its line. A piece or wall that stops nothing in any state
    // of a cluster can be removed without changing any distance in it (every path of the smaller
    // puzzle is legal with it in place), which is how the census rejects, before grading them,
    // the clusters of that kind that the layout check (rush_layout.hpp) let through
    // (rush_census.hpp). With AVX-512 or AVX2, from the lanes of the legal steps.
    std::uint32_t blockers(State s, std::uint64_t& walls) const {
#if FRONTIER_RUSH_SIMD
        return lanes_.blockers(s.bits, walls_, piece_count_, walls);
#else
        return blockers_scalar(s, walls);
#endif
    }
    std::uint32_t blockers_scalar(State s, std::uint64_t& walls) const {
        const Mask* at[kMaxPieces];
        std::uint64_t occ = walls_, needed = 0, rest = s.bits;
        const int n = piece_count_;
        for (int p = 0; p < n; ++p, rest >>= kBitsPerPiece) {
            at[p] = &masks_[p][rest & 7];
            occ |= at[p]->row_major;
            needed |= at[p]->next_to;
        }
        const std::uint64_t stopped = occ & needed;
        walls = walls_ & stopped;
        std::uint32_t pieces = 0;
        for (int p = 0; p < n; ++p) pieces |= std::uint32_t((at[p]->row_major & stopped) != 0) << p;
        return pieces;
    }

    static Move inverse(Move m) {
        return Move{m.piece, std::int8_t(-m.delta)};
    }
    static State apply(State s, Move m) {
        return State{s.bits + (static_cast<std::uint64_t>(static_cast<std::int64_t>(m.delta))
                               << (kBitsPerPiece * m.piece))};
    }
    // True when the move is legal in s under this board's metric.
    bool is_legal(State s, Move m) const;

  private:
    // Per piece and offset: its cells in both bitboard orders, and the single cell it needs free
    // to step back (left or up) and ahead (right or down); ~0 when the board's edge is there,
    // which never tests free because the occupancy always holds the piece itself. next_to: the
    // cells before and after that are on the board.
    struct Mask {
        std::uint64_t row_major = 0, col_major = 0, before = ~std::uint64_t{0},
                      after = ~std::uint64_t{0}, next_to = 0;
    };

    // RushMetric::Steps: the legal steps as a mask (bit 2p back, bit 2p + 1 ahead), then one
    // callback per set bit, without a branch on the direction.
    template <class F>
    void for_each_step(State s, F& f) const {
        std::uint64_t legal = legal_steps(s);
        while (legal) {
            const int bit = std::countr_zero(legal);
            legal &= legal - 1;
            const int p = bit >> 1, ahead = bit & 1;
            const std::uint64_t unit = std::uint64_t{1} << (kBitsPerPiece * p);
            f(State{s.bits + (ahead ? unit : -unit)},
              Move{std::uint8_t(p), std::int8_t(2 * ahead - 1)});
        }
    }

    // RushMetric::Moves: the free run on each side of a piece is N consecutive bits of one bitboard
    // (row-major for horizontal pieces, column-major for vertical ones): one bit-width back, one
    // count of trailing zeros ahead.
    template <class F>
    void for_each_slide(State s, F& f) const {
        std::uint64_t boards[2] = {walls_, walls_t_};  // [0] row-major, [1] column-major
        for (int p = 0; p < piece_count_; ++p) {
            const Mask& m = masks_[p][offset(s, p)];
            boards[0] |= m.row_major;
            boards[1] |= m.col_major;
        }
        const std::uint64_t sentinel = std::uint64_t{1} << size_;
        for (int p = 0; p < piece_count_; ++p) {
            const Line& ln = lines_[p];
            const int o = offset(s, p);
            const std::uint64_t bits = (boards[ln.vertical] >> ln.base) & line_mask_;
            const int back = o - std::bit_width(bits & ((std::uint64_t{1} << o) - 1));
            const int ahead = std::countr_zero((bits | sentinel) >> (o + ln.length));
            const int shift = kBitsPerPiece * p;
            for (int k = 1; k <= back; ++k)
                f(State{s.bits - (std::uint64_t(k) << shift)},
                  Move{std::uint8_t(p), std::int8_t(-k)});
            for (int k = 1; k <= ahead; ++k)
                f(State{s.bits + (std::uint64_t(k) << shift)},
                  Move{std::uint8_t(p), std::int8_t(k)});
        }
    }
    struct Line {
        std::uint8_t vertical = 0, base = 0, length = 2;  // base: first bit of the line
    };
    RushLanes lanes_{};     // the pieces in SIMD lanes (rush_lanes.hpp)
    void set_lanes(int p);  // from pieces_[p], or zero when p >= piece_count_

    int size_;
    RushMetric metric_;
    int piece_count_ = 0;
    std::uint64_t line_mask_;
    std::uint64_t walls_ = 0, walls_t_ = 0;
    std::array<RushPiece, kMaxPieces> pieces_{};
    std::array<Line, kMaxPieces> lines_{};
    std::array<std::array<Mask, 8>, kMaxPieces> masks_{};
};

}  // namespace frontier
