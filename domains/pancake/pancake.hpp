// The pancake puzzle with N pancakes (2..16): a stack of N pancakes of distinct sizes, sorted by
// flipping the top k of them over (2 <= k <= N) with a spatula. N! stacks, every one solvable;
// the most flips any stack needs is the pancake number (OEIS A058986).
//
// State: one 64-bit word, four bits per position, nibble i holding the pancake at position i
// from the top (0 = top), pancakes numbered 0 (the smallest) to N-1; the other nibbles are 0.
// Goal: the stack sorted, smallest on top (nibble i holds i).
//
// Moves: a flip of the top k, which reverses nibbles 0..k-1 and keeps the others. The reversal
// is one byte swap and one nibble swap of the whole word (which reverses all 16 nibbles), then a
// shift that brings the reversed top k back down: a handful of instructions, no loop. Successors
// come in the order k = 2, 3, ..., N; each flip is its own inverse.
//
// Perfect hash: rank(s) is the Lehmer code of the sequence read from the top, dense in
// [0, N!): digit i is how many of the pancakes not yet read are smaller than the one at
// position i, found with one popcount of a mask of the pancakes read so far; unrank selects the
// digit-th unread pancake (select_bit).
//
// Limits: 16 pancakes (a nibble per position; 16! < 2^45). A one-byte table of every stack takes
// N! bytes: 479 MB for 12, 6.2 GB for 13.
#pragma once

#include <bit>
#include <cstdint>
#include <utility>

#include <frontier/engine/select_bit.hpp>

namespace frontier {

struct PancakeState {
    std::uint64_t cakes = 0;  // nibble i: the pancake at position i from the top

    int at(int position) const { return static_cast<int>(cakes >> (4 * position) & 0xF); }
    friend bool operator==(PancakeState, PancakeState) = default;
    template <class H>
    friend H AbslHashValue(H h, PancakeState s) {
        return H::combine(std::move(h), s.cakes);
    }
};

// A flip of the top `count` pancakes.
struct PancakeMove {
    std::uint8_t count = 0;
    friend bool operator==(PancakeMove, PancakeMove) = default;
};

class Pancake {
  public:
    using State = PancakeState;
    using Move = PancakeMove;
    static constexpr int kMinPancakes = 2;
    static constexpr int kMaxPancakes = 16;

    // InputError unless 2 <= pancakes <= 16.
    explicit Pancake(int pancakes);

    int pancakes() const { return n_; }
    State goal() const { return State{goal_}; }
    // The stack upside down (largest on top): the classic start.
    State reversed() const { return flip(goal(), n_); }
    bool is_goal(State s) const { return s.cakes == goal_; }

    template <class F>
    void for_each_successor(State s, F&& f) const {
        for (int k = 2; k <= n_; ++k) f(flip(s, k), Move{static_cast<std::uint8_t>(k)});
    }
    State apply(State s, Move m) const { return flip(s, m.count); }
    static Move inverse(Move m) { return m; }

    // The stack with its top k pancakes flipped over (2 <= k <= pancakes()).
    static State flip(State s, int k) {
        std::uint64_t r = __builtin_bswap64(s.cakes);                             // bytes reversed
        r = (r & 0x0F0F0F0F0F0F0F0Full) << 4 | (r >> 4 & 0x0F0F0F0F0F0F0F0Full);  // nibbles too
        const std::uint64_t top = k == 16 ? ~std::uint64_t{0} : (std::uint64_t{1} << 4 * k) - 1;
        return State{(s.cakes & ~top) | (r >> (64 - 4 * k))};
    }

    std::uint64_t size() const { return size_; }
    std::uint64_t rank(State s) const {
        std::uint64_t r = 0;
        std::uint32_t read = 0;  // bit p: pancake p already read
        for (int i = 0; i < n_; ++i) {
            const int p = s.at(i);
            const int smaller_unread = p - std::popcount(read & ((1u << p) - 1));
            r = r * static_cast<std::uint64_t>(n_ - i) + static_cast<std::uint64_t>(smaller_unread);
            read |= 1u << p;
        }
        return r;
    }
    State unrank(std::uint64_t r) const {
        int digits[kMaxPancakes];
        for (int i = n_ - 1; i >= 0; --i) {
            const auto base = static_cast<std::uint64_t>(n_ - i);
            digits[i] = static_cast<int>(r % base);
            r /= base;
        }
        std::uint32_t unread = (1u << n_) - 1;
        std::uint64_t cakes = 0;
        for (int i = 0; i < n_; ++i) {
            const int p = select_bit(unread, digits[i]);
            unread &= ~(1u << p);
            cakes |= static_cast<std::uint64_t>(p) << (4 * i);
        }
        return State{cakes};
    }

  private:
    int n_;
    std::uint64_t goal_;  // nibble i holds i
    std::uint64_t size_;  // n!
};

}  // namespace frontier
