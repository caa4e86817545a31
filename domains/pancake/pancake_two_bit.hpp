// PancakeTwoBitSpace: the stacks of N pancakes in the order the two-bit BFS scans them.
//
// Index: the Lehmer code of the stack read from the BOTTOM up. The pancake at position p from
// the top (0 = top) gives digit d[p] = how many of the pancakes above it are smaller (d[p] <= p),
// worth p!: index = sum d[p] * p!, a bijection onto [0, N!). The bottom pancake is the most
// significant digit, the top one the least (d[0] is always 0). It is Pancake::rank of the stack
// turned upside down, so index() and state() are one whole-stack flip from the puzzle's own
// rank and unrank.
//
// Why this order: a flip of the top k keeps the pancakes below position k, and with them their
// digits (each counts smaller pancakes above it, and the set above it is unchanged). Only the k
// least significant digits change, worth less than k! together, so every child of a flip of k
// lies in the same aligned block of k! indices as its parent: the flips of 2 to 4 stay in the
// parent's 24 entries (one table word or two), those of 5 to 7 within 5,040 entries (1.3 KB of
// table), so parents scanned in index order find most children in the cache. Read from the top
// instead (Pancake::rank), the bottom pancakes that a flip moves would be the most significant
// digits and nearly every child a random probe. Only the flips of the largest k go far.
//
// period() is 24 = 4! (N! below 4 pancakes), the largest factorial the contract's 64 allows: a
// residue is the order of the top four pancakes, a block the rest of the stack. A flip of k <= 4
// maps a residue to another residue of the same block, read from a table of 24. A flip of k > 4
// changes d[0 .. k-1]; the child's part of the index below k! is the sum over p < k of
// T[p] * (k-1-p)!, where T[p] counts the pancakes in positions p+1 .. k-1 smaller than the one at
// p (the flipped segment read from its new bottom, which is the parent's top). The terms of
// positions 4 .. k-1 depend on the block alone and are summed once per block; for p < 4, T[p]
// splits into the smaller ones among the top four (a table per residue) and those in positions
// 4 .. k-1 (per block, for each of the top four). So a child costs four small multiply-adds
// (Horner over k-1, k-2, k-3) and one multiply by (k-4)!, no ranking from scratch.
//
// Parity: from four pancakes on, the pancake graph has odd cycles (it holds cycles of every
// length from 6 to N!, Kanevsky and Feng 1995), so a flip can keep the distance and no
// 2-colouring exists: parity() is 0 everywhere (the BFS's filter off: a layer scans both
// classes) and the space is not bipartite. Two and three pancakes are bipartite (an edge, a
// 6-cycle), but the filter would only save a little on spaces of 2 and 6 states.
//
// The Cursor keeps the digits of one block and what each flip needs of it. go(m) to a later
// block is a mixed-radix addition into the low digits (amortised O(1) over a scan) and re-places
// only the pancakes whose digits changed; then O(N^2) popcounts per block (49 for N = 11, two
// per state) renew the per-block terms. An earlier block is decoded from scratch (O(N)). A
// Cursor is one thread's and points at its space, which must outlive it; the space is immutable
// and shared.
//
// Measured (Release, one thread, 2 cores shared with a busy job): the two-bit BFS of 10
// pancakes takes 0.14 s, against 0.52 s with a cursor that unranks each parent and ranks each
// child; for 11 pancakes the cursor costs about 15 ns per state (its 10 children), a quarter of
// the search's time (perf): the rest is the scan and the claims.
//
// Limits: those of Pancake (2 to 16 pancakes; 16! < 2^45).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include <frontier/domains/pancake/pancake.hpp>
#include <frontier/engine/select_bit.hpp>
#include <frontier/engine/two_bit/file.hpp>

namespace frontier {

class PancakeTwoBitSpace {
  public:
    static constexpr int kMaxNeighbors = Pancake::kMaxPancakes - 1;
    // A flip can keep the distance (the graph has odd cycles): two_bit_distance must not refuse
    // neighbouring entries holding the same value.
    static constexpr bool kBipartite = false;
    // Pancakes whose order a residue holds (the top four; fewer when the stack is smaller).
    static constexpr int kTop = 4;

    explicit PancakeTwoBitSpace(const Pancake& puzzle) : puzzle_(puzzle), n_(puzzle.pancakes()) {
        top_ = std::min(n_, kTop);
        factorial_[0] = 1;
        for (int i = 1; i <= Pancake::kMaxPancakes; ++i)
            factorial_[i] = factorial_[i - 1] * static_cast<std::uint64_t>(i);
        period_ = static_cast<int>(factorial_[top_]);
        build_residues();
    }

    const Pancake& puzzle() const { return puzzle_; }

    std::uint64_t size() const { return puzzle_.size(); }  // N!
    int period() const { return period_; }
    // Unknown (odd cycles): 0 for every residue turns the two-bit BFS's parity filter off.
    int parity(int) const { return 0; }

    using State = PancakeState;
    std::uint64_t index(State s) const { return puzzle_.rank(Pancake::flip(s, n_)); }
    State state(std::uint64_t index) const { return Pancake::flip(puzzle_.unrank(index), n_); }
    // The sorted stack read from the bottom: every digit at its largest, N! - 1.
    std::uint64_t goal_index() const { return index(puzzle_.goal()); }

    // One thread's walk over the blocks (see the top of this file).
    class Cursor {
      public:
        explicit Cursor(const PancakeTwoBitSpace& space) : space_(&space), n_(space.n_) {
            upto_[n_ - 1] = (std::uint32_t{1} << n_) - 1;
        }

        std::uint64_t block() const { return block_; }
        void go(std::uint64_t block) {
            if (block == block_) return;
            if (block_ != kNone && block > block_)
                advance(block - block_);
            else
                decode(block);
            block_ = block;
            derive();
        }
        // The indices of the children of the state (block(), residue) for k = 2 .. N; returns
        // their number, N - 1.
        int neighbors(int residue, std::uint64_t* out) const {
            const Residue& res = space_->residues_[residue];
            const std::uint64_t* f = space_->factorial_.data();
            const std::uint64_t start = block_ * static_cast<std::uint64_t>(space_->period_);
            int count = 0;
            for (int k = 2; k <= space_->top_; ++k) out[count++] = start + res.child[k];
            const std::uint8_t* g0 = below_[res.rank[0]].data();
            const std::uint8_t* g1 = below_[res.rank[1]].data();
            const std::uint8_t* g2 = below_[res.rank[2]].data();
            const std::uint8_t* g3 = below_[res.rank[3]].data();
            // T[p] = res.below[p] + g_p[k]; res.below[3] is 0 (no top pancake below the fourth).
            const unsigned t0 = res.below[0], t1 = res.below[1], t2 = res.below[2];
            for (int k = kTop + 1; k <= n_; ++k) {
                const unsigned k1 = static_cast<unsigned>(k) - 1;
                const unsigned top =
                    (((t0 + g0[k]) * k1 + t1 + g1[k]) * (k1 - 1) + t2 + g2[k]) * (k1 - 2) + g3[k];
                out[count++] = base_[k] + top * f[k - 4];
            }
            return count;
        }

      private:
        static constexpr std::uint64_t kNone = ~std::uint64_t{0};

        // The digits of positions 4 .. N-1 from a block number (mixed radix, 5 .. N).
        void decode(std::uint64_t block) {
            for (int p = kTop; p < n_; ++p) {
                const auto radix = static_cast<std::uint64_t>(p + 1);
                digit_[p] = static_cast<std::uint8_t>(block % radix);
                block /= radix;
            }
            place(n_ - 1);
        }
        // Adds `steps` blocks to the digits, carrying upwards; re-places only the pancakes whose
        // digits changed. Divides only where a carry goes on (one block in five).
        void advance(std::uint64_t steps) {
            int p = kTop;
            for (std::uint64_t carry = steps; p < n_; ++p) {
                const auto radix = static_cast<std::uint64_t>(p + 1);
                const std::uint64_t v = digit_[p] + carry;
                if (v < radix) {
                    digit_[p] = static_cast<std::uint8_t>(v);
                    break;
                }
                digit_[p] = static_cast<std::uint8_t>(v % radix);
                carry = v / radix;
            }
            place(std::min(p, n_ - 1));
        }
        // Positions `from` down to 4 from their digits: the pancake at p is the d[p]-th smallest
        // of those at positions 0 .. p (upto_[p], unchanged above `from`).
        void place(int from) {
            for (int p = from; p >= kTop; --p) {
                cake_[p] = static_cast<std::uint8_t>(select_bit(upto_[p], digit_[p]));
                upto_[p - 1] = upto_[p] & ~(std::uint32_t{1} << cake_[p]);
            }
        }
        // The per-block terms of every flip of k > 4 (see the top of this file): base_[k] is the
        // block's start less its digits of positions 4 .. k-1 plus the child's terms of those
        // positions; below_[q][k] counts the pancakes in positions 4 .. k-1 smaller than the q-th
        // smallest of the top four (a row per top pancake, so a residue reads four rows).
        void derive() {
            const std::uint64_t* f = space_->factorial_.data();
            const std::uint32_t top = upto_[kTop - 1];
            std::uint32_t four[kTop];  // the top four pancakes' "smaller than" masks, ascending
            for (std::uint32_t m = top, q = 0; m != 0; m &= m - 1, ++q)
                four[q] = (std::uint32_t{1} << std::countr_zero(m)) - 1;
            std::uint64_t digits = 0;  // the parent's digits of positions 4 .. k-1
            for (int k = kTop + 1; k <= n_; ++k) {
                digits += digit_[k - 1] * f[k - 1];
                const std::uint32_t segment = upto_[k - 1];  // positions 0 .. k-1
                std::uint64_t child = 0;  // the child's terms of positions 4 .. k-1
                for (int p = kTop; p < k - 1; ++p) {
                    const std::uint32_t smaller = (std::uint32_t{1} << cake_[p]) - 1;
                    child +=
                        static_cast<std::uint64_t>(std::popcount(segment & ~upto_[p] & smaller)) *
                        f[k - 1 - p];
                }
                base_[k] = block_ * static_cast<std::uint64_t>(space_->period_) - digits + child;
                for (int q = 0; q < kTop; ++q)
                    below_[q][k] =
                        static_cast<std::uint8_t>(std::popcount(segment & ~top & four[q]));
            }
        }

        const PancakeTwoBitSpace* space_;
        int n_;
        std::uint64_t block_ = kNone;
        std::array<std::uint8_t, 16> digit_{};  // d[p] for p >= 4
        std::array<std::uint8_t, 16> cake_{};   // the pancake at position p >= 4
        std::array<std::uint32_t, 16> upto_{};  // upto_[p]: the pancakes at positions 0 .. p
        std::array<std::uint64_t, 17> base_{};  // per flip k > 4
        std::array<std::array<std::uint8_t, 17>, kTop> below_{};  // per flip k > 4
    };
    Cursor cursor() const { return Cursor(*this); }

  private:
    // What a residue (the order of the top four) gives every flip: child[k] the residue after a
    // flip of k <= 4; rank[p] the rank among the top four of the pancake at position p; below[p]
    // how many of the top four under it (positions p+1 .. 3) are smaller.
    struct Residue {
        std::array<std::uint8_t, kTop + 1> child{};
        std::array<std::uint8_t, kTop> rank{};
        std::array<std::uint8_t, kTop> below{};
    };

    // The residue of the top `top_` pancakes in order `rank` (digits as in the index).
    std::uint64_t residue_of(const std::array<std::uint8_t, kTop>& rank) const {
        std::uint64_t r = 0;
        for (int p = 1; p < top_; ++p) {
            int smaller_above = 0;
            for (int q = 0; q < p; ++q) smaller_above += rank[q] < rank[p];
            r += static_cast<std::uint64_t>(smaller_above) * factorial_[p];
        }
        return r;
    }
    // The order of the top `top_` pancakes a residue holds: its digits decoded as the cursor
    // decodes a block's (the pancake at p is the d[p]-th smallest of positions 0 .. p).
    std::array<std::uint8_t, kTop> order_of(int residue) const {
        std::array<std::uint8_t, kTop> rank{};
        std::uint32_t left = (std::uint32_t{1} << top_) - 1;  // the ranks of positions 0 .. p
        for (int p = top_ - 1; p >= 0; --p) {
            const auto digit = static_cast<std::uint64_t>(residue) / factorial_[p] %
                               static_cast<std::uint64_t>(p + 1);
            rank[p] = static_cast<std::uint8_t>(select_bit(left, static_cast<int>(digit)));
            left &= ~(std::uint32_t{1} << rank[p]);
        }
        return rank;
    }
    // Every order of the top four, with what its flips need of it (Residue).
    void build_residues() {
        for (int r = 0; r < period_; ++r) {
            const std::array<std::uint8_t, kTop> rank = order_of(r);
            Residue& res = residues_[r];
            res.rank = rank;
            for (int p = 0; p < kTop; ++p)
                for (int q = p + 1; q < top_; ++q) res.below[p] += rank[q] < rank[p];
            for (int k = 2; k <= top_; ++k) {
                std::array<std::uint8_t, kTop> flipped{};
                for (int p = 0; p < kTop; ++p) flipped[p] = rank[p < k ? k - 1 - p : p];
                res.child[k] = static_cast<std::uint8_t>(residue_of(flipped));
            }
        }
    }

    Pancake puzzle_;
    int n_;
    int top_;     // min(N, 4)
    int period_;  // top_!
    std::array<std::uint64_t, Pancake::kMaxPancakes + 1> factorial_{};
    std::array<Residue, 24> residues_{};
};

// What names the space's tables (engine/two_bit/file.hpp): pancake:N, the sorted stack, and
// index=bottom-lehmer (this order).
TwoBitIdentity two_bit_identity(const PancakeTwoBitSpace& space);

}  // namespace frontier
