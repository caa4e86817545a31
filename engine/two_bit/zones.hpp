// TwoBitZones: the claims of a one-process push layer, applied zone by zone by one thread at a
// time, so that a claim is a plain read-modify-write with no branch instead of an atomic one.
//
// The table is cut into at most kZones zones of a power-of-two number of words (a multiple of 64,
// so a zone's frontier map words are its own too). A thread appends each child to its own buffer
// for the child's zone; a full buffer is applied under that zone's lock: each entry read, set to
// the layer's code when it is 0, counted and marked, with no atomic read-modify-write and no
// branch on whether the entry was free. The 12-cell boards' searches took 5-12% less time than
// with atomic claims, 7x2's full pushes about 10% less (docs/notes/measurements.md). The children
// a scan finds in the word it is reading (a linked space's partners: half of a sliding board's
// children) come as one mask per word instead, into a buffer for the zone the scan is in, and are
// claimed a word at a time the same way (4x3 3-6% faster again).
//
// The loops that claim keep the table's and the maps' addresses in registers
// (TwoBitTable::OwnedClaims, TwoBitFrontier::OwnedMarks), and a push adds its children through an
// Inbox holding its buffers: the stores of a claim, and the call that applies a full buffer, made
// the compiler reload every member for every child, about 50 instructions a claim. Without the
// reloads the 7x2 board's full pushes took about 14% less time (60 s against 69-71 s for layers
// 44 to 51 in a timing harness, dev-2c-xeon).
//
// Thread safety: an Inbox's add() and add_word() from any thread during a layer (each thread its
// own buffers and Inbox); every table and map word a zone holds is written only by the holder of
// its lock, through relaxed atomics, so the searches' concurrent reads stay defined. finish()
// after the layer's parallel loop, in the caller's thread arena. Memory: kZones * kBuffer * 8
// bytes (128 KiB) and kWordBuffer * 16 bytes (1 KiB) per thread.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <mutex>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>

#include <frontier/engine/parallel.hpp>
#include <frontier/engine/two_bit/frontier.hpp>
#include <frontier/engine/two_bit/table.hpp>

namespace frontier::detail {

// Claimed indices below this may belong among the `keep` smallest: all while there are fewer.
inline std::uint64_t smallest_bound(const std::vector<std::uint64_t>& smallest, std::size_t keep) {
    if (smallest.size() < keep) return ~std::uint64_t{0};
    return keep == 0 ? 0 : smallest.back();
}
// Adds index i to `smallest` (ascending, at most `keep`) when it belongs there: the farthest
// states a layer keeps, for the zones and for TwoBitChunk. Returns the new smallest_bound().
// Callers test the bound first, inline: past the first `keep` claims of a layer nearly every
// claim is larger.
inline std::uint64_t keep_smallest(std::vector<std::uint64_t>& smallest, std::uint64_t i,
                                   std::size_t keep) {
    if (smallest.size() < keep || (keep > 0 && i < smallest.back())) {
        smallest.insert(std::lower_bound(smallest.begin(), smallest.end(), i), i);
        if (smallest.size() > keep) smallest.pop_back();
    }
    return smallest_bound(smallest, keep);
}

class TwoBitZones {
  public:
    static constexpr int kZones = 64;
    static constexpr int kBuffer = 256;
    static constexpr int kAhead = 16;  // claims prefetched ahead of the one being made
    static constexpr int kWordBuffer = 64;

    TwoBitZones(TwoBitTable& table, TwoBitFrontier* frontier, std::size_t keep)
        : table_(table), frontier_(frontier), keep_(keep) {
        const std::uint64_t per_zone =
            std::max<std::uint64_t>(64, (table.word_count() + kZones - 1) / kZones);
        shift_ = std::bit_width(per_zone - 1);
    }

    // Entries claimed and the smallest of them (ascending, at most keep).
    struct Claims {
        std::uint64_t claimed = 0;
        std::vector<std::uint64_t> smallest;
    };
    // One thread's buffers, and what it claimed applying them.
    struct Local {
        std::uint64_t items[kZones][kBuffer];
        int fill[kZones] = {};
        // add_word()'s words and masks, all in zone `word_zone`.
        std::uint64_t words[kWordBuffer];
        std::uint64_t masks[kWordBuffer];
        int word_fill = 0;
        int word_zone = 0;
        Claims claims;
    };
    Local& local() { return locals_.local(); }

    // Starts a layer whose claims write `code`.
    void begin_layer(int code) { code_ = code; }

    // Where a thread adds children, each for its zone's holder to claim: the thread's buffers and
    // the zone size (a shift) held in a copy, so that a loop of adds keeps them in registers (the
    // call that applies a full buffer would otherwise make the compiler reload them every child).
    struct Inbox {
        TwoBitZones* zones;
        Local* local;
        int shift;

        void add(std::uint64_t i) const {
            const auto z = static_cast<int>((i >> 5) >> shift);
            local->items[z][local->fill[z]++] = i;
            if (local->fill[z] == kBuffer) [[unlikely]]
                zones->apply_locked(*local, z);
        }
    };
    Inbox inbox(Local& l) { return {this, &l, shift_}; }

    // The entries of table word w whose low bit is set in `entries`, for the zone's holder to
    // claim together. Meant for words a thread walks in order: the buffer is applied when it is
    // full or the next word is in another zone.
    void add_word(Local& l, std::uint64_t w, std::uint64_t entries) {
        const auto z = static_cast<int>(w >> shift_);
        if (z != l.word_zone || l.word_fill == kWordBuffer) [[unlikely]] {
            if (l.word_fill > 0) {
                std::lock_guard lock(locks_[l.word_zone]);
                apply_words(l, l.claims);
            }
            l.word_zone = z;
        }
        l.words[l.word_fill] = w;
        l.masks[l.word_fill++] = entries;
    }

    // Applies what every thread left in its buffers (zones in parallel) and returns the layer's
    // claims and smallest claimed indices (ascending, at most keep); resets the counts.
    std::uint64_t finish(std::vector<std::uint64_t>& smallest) {
        std::mutex merge;
        std::uint64_t claimed = 0;
        parallel_for_each(
            tbb::blocked_range<int>(0, kZones, 1), [&](const tbb::blocked_range<int>& r) {
                Claims sum;
                for (int z = r.begin(); z < r.end(); ++z)
                    for (Local& l : locals_) {
                        apply(l, z, sum);
                        if (l.word_zone == z) apply_words(l, sum);
                    }
                std::lock_guard lock(merge);
                claimed += sum.claimed;
                smallest.insert(smallest.end(), sum.smallest.begin(), sum.smallest.end());
            });
        for (Local& l : locals_) {
            claimed += l.claims.claimed;
            smallest.insert(smallest.end(), l.claims.smallest.begin(), l.claims.smallest.end());
            l.claims = Claims{};
        }
        return claimed;
    }

  private:
    // Applies `from`'s full buffer for zone z under the zone's lock (out of the adding loop).
    [[gnu::noinline]] void apply_locked(Local& from, int z) {
        std::lock_guard lock(locks_[z]);
        apply(from, z, from.claims);
    }
    // Claims the entries of `from`'s buffer for zone z, counting them in `to`.
    void apply(Local& from, int z, Claims& to) {
        if (frontier_)
            apply_items(from.items[z], from.fill[z], to, frontier_->owned_marks());
        else
            apply_items(from.items[z], from.fill[z], to, NoMarks{});
        from.fill[z] = 0;
    }
    struct NoMarks {
        void prefetch(std::uint64_t) const {}
        void mark(std::uint64_t, bool) const {}
        void mark_entries(std::uint64_t, std::uint64_t) const {}
    };
    // The claims of apply(), with the table's and the maps' addresses in registers (about 50
    // instructions a claim before, most of them reloads: the 7x2 pushes' largest part).
    template <class Marks>
    void apply_items(const std::uint64_t* items, int n, Claims& to, const Marks marks) {
        const TwoBitTable::OwnedClaims table = table_.owned_claims(code_);
        for (int j = 0; j < std::min(n, kAhead); ++j) {
            table.prefetch(items[j]);
            marks.prefetch(items[j]);
        }
        std::uint64_t claimed = 0, bound = smallest_bound(to.smallest, keep_);
        for (int j = 0; j < n; ++j) {
            if (j + kAhead < n) {
                table.prefetch(items[j + kAhead]);
                marks.prefetch(items[j + kAhead]);
            }
            const std::uint64_t i = items[j];
            const bool fresh = table.claim(i);
            claimed += fresh;
            marks.mark(i, fresh);
            if (fresh && i < bound) [[unlikely]] {
                bound = keep_smallest(to.smallest, i, keep_);
            }
        }
        to.claimed += claimed;
    }
    // Claims the entries of `from`'s word buffer (zone from.word_zone), counting them in `to`.
    void apply_words(Local& from, Claims& to) {
        if (frontier_)
            apply_word_items(from, to, frontier_->owned_marks());
        else
            apply_word_items(from, to, NoMarks{});
        from.word_fill = 0;
    }
    template <class Marks>
    void apply_word_items(const Local& from, Claims& to, const Marks marks) {
        const TwoBitTable::OwnedClaims table = table_.owned_claims(code_);
        std::uint64_t claimed = 0, bound = smallest_bound(to.smallest, keep_);
        for (int j = 0; j < from.word_fill; ++j) {
            const std::uint64_t w = from.words[j];
            const std::uint64_t fresh = table.claim_entries(w, from.masks[j]);
            if (fresh == 0) continue;
            claimed += static_cast<std::uint64_t>(std::popcount(fresh));
            marks.mark_entries(w, fresh);
            // Ascending: stop at the first too big.
            for (std::uint64_t f = fresh; f; f &= f - 1) {
                const std::uint64_t i =
                    w * 32 + static_cast<std::uint64_t>(std::countr_zero(f) / 2);
                if (i >= bound) break;
                bound = keep_smallest(to.smallest, i, keep_);
            }
        }
        to.claimed += claimed;
    }

    TwoBitTable& table_;
    TwoBitFrontier* frontier_;
    std::size_t keep_;
    int shift_ = 0;
    int code_ = 0;
    std::mutex locks_[kZones];
    tbb::enumerable_thread_specific<Local> locals_;
};

}  // namespace frontier::detail
