// The Towers of Hanoi with N disks (1..20) on three pegs A, B, C (0, 1, 2): 3^N positions.
//
// A position is any assignment of disks to pegs: on each peg the disks are stacked largest at
// the bottom, so the pegs alone fix the picture. Disks are numbered 0 (the smallest) to N-1 (the
// largest). State: one 64-bit word, two bits per disk, bits 2i..2i+1 holding the peg (0..2) of
// disk i; the other bits are 0. A state costs 8 bytes and no allocation.
//
// Moves: the top (smallest) disk of peg `from` goes onto peg `to` when `to` is empty or its top
// disk is larger. Finding the tops takes two masks and three countr_zero: with lo and hi the low
// and high bit of every 2-bit field, the disks on A are ~(lo|hi), on B lo & ~hi, on C hi & ~lo,
// and a peg's top disk is its mask's lowest set field (32 when the peg is empty). A move is then
// legal when top[from] < top[to], and the child flips two bits of the word. Successors come in
// the fixed order A>B, A>C, B>A, B>C, C>A, C>B (from 0..2, then to 0..2, from != to), the illegal
// ones skipped: 2 or 3 per state. Every move is undone by the move back (inverse swaps from
// and to).
//
// Start: every disk on A; goal: every disk on C (2^N - 1 moves, the largest distance in the
// graph). Every position can reach every other.
//
// Perfect hash: rank(s) = sum over disks of peg(i) * 3^i, dense in [0, 3^N); computed four disks
// (one byte of the word) at a time through a 256-entry table, and back through an 81-entry one.
//
// Limits: 20 disks (3^20 = 3,486,784,401 ranks, 40 bits of state). The engine's byte-table
// layered_bfs caps depths at 254, so enumerating the whole space from a goal or start with it
// works up to 7 disks (depth 127); from 8 disks on `frontier enumerate` runs the layered hash
// BFS (no depth cap; depth_bound() tells it) and a search does the rest.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>

namespace frontier {

struct HanoiState {
    std::uint64_t pegs = 0;  // bits 2i..2i+1: the peg of disk i (0 = smallest)

    int peg(int disk) const { return static_cast<int>(pegs >> (2 * disk) & 3); }
    friend bool operator==(HanoiState, HanoiState) = default;
    template <class H>
    friend H AbslHashValue(H h, HanoiState s) {
        return H::combine(std::move(h), s.pegs);
    }
};

struct HanoiMove {
    std::uint8_t from = 0, to = 0;  // pegs 0..2 (A, B, C)
    friend bool operator==(HanoiMove, HanoiMove) = default;
};

namespace detail {

// The base-3 value of four 2-bit pegs (one byte of the state), and the byte of a value 0..80.
constexpr std::array<std::uint8_t, 256> make_hanoi_byte_rank() {
    std::array<std::uint8_t, 256> t{};
    for (int b = 0; b < 256; ++b) {
        int r = 0;
        for (int k = 3; k >= 0; --k) r = r * 3 + (b >> (2 * k) & 3) % 3;  // field 3: not a state
        t[b] = static_cast<std::uint8_t>(r);
    }
    return t;
}
constexpr std::array<std::uint8_t, 81> make_hanoi_byte_unrank() {
    std::array<std::uint8_t, 81> t{};
    for (int r = 0; r < 81; ++r) {
        int b = 0;
        for (int k = 0, rest = r; k < 4; ++k, rest /= 3) b |= (rest % 3) << (2 * k);
        t[r] = static_cast<std::uint8_t>(b);
    }
    return t;
}
inline constexpr auto kHanoiByteRank = make_hanoi_byte_rank();
inline constexpr auto kHanoiByteUnrank = make_hanoi_byte_unrank();

}  // namespace detail

class Hanoi {
  public:
    using State = HanoiState;
    using Move = HanoiMove;
    static constexpr int kMinDisks = 1;
    static constexpr int kMaxDisks = 20;
    static constexpr int kPegs = 3;
    static constexpr int kGoalPeg = 2;  // C
    static constexpr int kNoDisk = 32;  // top_disk of an empty peg: larger than every disk
    // Successor order: A>B, A>C, B>A, B>C, C>A, C>B.
    static constexpr std::array<Move, 6> kMoveOrder = {
        {{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}}};

    // InputError unless 1 <= disks <= 20.
    explicit Hanoi(int disks);

    int disks() const { return disks_; }
    // The largest distance between two positions (2^N - 1, from a perfect tower to the other):
    // what a search may use to choose a table wide enough for every depth.
    std::uint64_t depth_bound() const { return (std::uint64_t{1} << disks_) - 1; }
    State start() const { return State{0}; }     // every disk on A
    State goal() const { return State{goal_}; }  // every disk on C
    bool is_goal(State s) const { return s.pegs == goal_; }

    // The disks on each peg, as masks with bit 2i set when disk i is on it.
    std::array<std::uint64_t, 3> disks_on(State s) const {
        const std::uint64_t lo = s.pegs & kLowBits, hi = s.pegs >> 1 & kLowBits;
        return {~(lo | hi) & fields_, lo & ~hi, hi & ~lo};
    }
    // The smallest disk on each peg, kNoDisk for an empty peg.
    std::array<int, 3> top_disks(State s) const {
        const auto on = disks_on(s);
        return {std::countr_zero(on[0]) / 2, std::countr_zero(on[1]) / 2,
                std::countr_zero(on[2]) / 2};
    }
    int top_disk(State s, int peg) const { return std::countr_zero(disks_on(s)[peg]) / 2; }
    bool legal(State s, Move m) const {
        return m.from != m.to && m.from < kPegs && m.to < kPegs &&
               top_disk(s, m.from) < top_disk(s, m.to);
    }

    template <class F>
    void for_each_successor(State s, F&& f) const {
        const std::array<int, 3> top = top_disks(s);
        for (const Move m : kMoveOrder)
            if (top[m.from] < top[m.to]) f(moved(s, top[m.from], m), m);
    }
    // The child of a legal move (for an illegal one the result is not a state of the puzzle).
    State apply(State s, Move m) const { return moved(s, top_disk(s, m.from), m); }
    static Move inverse(Move m) { return Move{m.to, m.from}; }

    std::uint64_t size() const { return size_; }
    std::uint64_t rank(State s) const {
        std::uint64_t r = 0;
        for (int k = bytes_ - 1; k >= 0; --k)
            r = r * 81 + detail::kHanoiByteRank[s.pegs >> (8 * k) & 0xFF];
        return r;
    }
    State unrank(std::uint64_t r) const {
        std::uint64_t pegs = 0;
        for (int k = 0; k < bytes_; ++k, r /= 81)
            pegs |= std::uint64_t{detail::kHanoiByteUnrank[r % 81]} << (8 * k);
        return State{pegs};
    }

  private:
    static constexpr std::uint64_t kLowBits = 0x5555555555555555ull;
    static State moved(State s, int disk, Move m) {
        return State{s.pegs ^ static_cast<std::uint64_t>(m.from ^ m.to) << (2 * disk)};
    }

    int disks_;
    int bytes_;             // state bytes that hold disks: ceil(disks / 4)
    std::uint64_t fields_;  // bit 2i for every disk i
    std::uint64_t goal_;    // every field 2
    std::uint64_t size_;    // 3^disks
};

}  // namespace frontier
