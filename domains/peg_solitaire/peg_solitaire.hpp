// Peg solitaire on the English 33-hole and the French 37-hole board.
//
// Holes are numbered 0..N-1 in reading order on the 7x7 grid (the English board is the plus
// shape of rows and columns 2..4; the French board adds the four cells diagonally inside its
// corners). State: one 64-bit mask, bit i set when hole i holds a peg. A move is a jump: a peg
// jumps over an orthogonal neighbour into the empty hole beyond, and the neighbour is removed.
// Each jump is three precomputed bits: it is legal when (pegs & all3) == from|over, and the child
// is pegs ^ all3. Successors come in the order of the jump table: by the jumping peg's hole, then
// up, left, right, down.
//
// Every jump removes one peg, so a state's depth is fixed by its peg count (kGraded) and the mask
// itself is an injective index into [0, 2^N): the engine's bitmap BFS counts the reachable boards
// layer by layer with no visited set. The jump graph is not reversible.
//
// Symmetry: the boards have the 8 symmetries of the square; canonical() is the smallest mask of
// the 8 images (byte-wise lookup tables, 8 x ceil(N/8) lookups).
//
// Position classes: colour the cells by (row + col) mod 3 and by (row - col) mod 3. A jump covers
// three consecutive cells, one of each colour, and changes each colour's peg count by one, so the
// parities of the count differences (four bits, Conway's position class) never change. Two boards
// in different classes are never joined by jumps; position_class() is that invariant, used to
// reject impossible problems at once (on the French board, the central vacancy to any single
// peg).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace frontier {

struct PegState {
    std::uint64_t pegs = 0;
    friend bool operator==(PegState, PegState) = default;
    template <class H>
    friend H AbslHashValue(H h, PegState s) {
        return H::combine(std::move(h), s.pegs);
    }
};

struct PegMove {
    std::uint8_t from = 0, over = 0, to = 0;  // hole numbers
    friend bool operator==(PegMove, PegMove) = default;
};

enum class PegBoard : std::uint8_t { English, French };

class PegSolitaire {
  public:
    using State = PegState;
    using Move = PegMove;
    static constexpr bool kGraded = true;
    static constexpr int kSide = 7;

    // The standard problem. English: the central game, every hole filled but the centre, the
    // goal one peg in the centre (31 jumps). French: the central vacancy cannot end with one peg
    // anywhere (position classes), so the classic problem instead: vacant d2, last peg on d6
    // (35 jumps).
    explicit PegSolitaire(PegBoard board = PegBoard::English);
    PegSolitaire(PegBoard board, State start, State goal);

    PegBoard board() const { return board_; }
    int holes() const { return holes_; }
    // The hole at (row, col) of the 7x7 grid, or -1 off the board.
    int hole_at(int row, int col) const { return hole_at_[row * kSide + col]; }
    int row_of(int hole) const { return cell_of_[hole] / kSide; }
    int col_of(int hole) const { return cell_of_[hole] % kSide; }
    State full() const { return State{(std::uint64_t{1} << holes_) - 1}; }
    State centre_vacant() const { return State{full().pegs & ~bit(hole_at(3, 3))}; }
    State centre_peg() const { return State{bit(hole_at(3, 3))}; }

    State start() const { return start_; }
    State goal() const { return goal_; }
    bool is_goal(State s) const { return s == goal_; }

    template <class F>
    void for_each_successor(State s, F&& f) const {
        for (const Jump& j : jumps_)
            if ((s.pegs & j.all) == j.pegs) f(State{s.pegs ^ j.all}, j.move);
    }
    State apply(State s, Move m) const {
        return State{s.pegs ^ bit(m.from) ^ bit(m.over) ^ bit(m.to)};
    }
    std::size_t jump_count() const { return jumps_.size(); }

    int index_bits() const { return holes_; }
    std::uint64_t index(State s) const { return s.pegs; }
    State from_index(std::uint64_t i) const { return State{i}; }
    std::vector<State> enumeration_roots() const { return {start_}; }

    // The image of s under symmetry k (0 identity, 1..3 rotations, 4..7 reflections).
    State transform(State s, int k) const;
    State canonical(State s) const;
    int position_class(State s) const;
    static int pegs(State s) { return std::popcount(s.pegs); }

  private:
    struct Jump {
        std::uint64_t all, pegs;  // from|over|to, and from|over
        Move move;
    };
    static std::uint64_t bit(int hole) { return std::uint64_t{1} << hole; }

    PegBoard board_;
    int holes_ = 0;
    std::array<std::int8_t, kSide * kSide> hole_at_{};
    std::array<std::uint8_t, 64> cell_of_{};
    std::vector<Jump> jumps_;
    State start_, goal_;
    // symmetry_[k][b][v]: the image under symmetry k of byte b of a mask having value v.
    std::vector<std::array<std::array<std::uint64_t, 256>, 5>> symmetry_;
};

}  // namespace frontier
