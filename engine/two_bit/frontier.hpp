// TwoBitFrontier: which groups of a two-bit table hold states of the layer being expanded, so a
// push scan expands those states and skips the older ones that share their code.
//
// A two-bit entry holds depth mod 3 and the space's parity rules out depth - 3, so a push of
// depth d cannot tell its parents from the states of depth d - 6, d - 12, ..., whose children
// are all reached already; expanding them again is pure waste, about a third of the push
// expansions of the 6x2 board's search (half of its expansions near the widest layer). Two bitmaps
// of one bit per group of G consecutive entries fix most of it: `now` has the bit of every group
// that holds a state of depth d (set when that state was claimed, during the previous layer),
// `next` collects the groups of the states claimed in this layer. A state of depth d - 6k in a
// group with no state of depth d is skipped; one in a marked group is still expanded (harmless: its
// children are all claimed). So the filter never changes the table, only the work.
//
// Cost: 2 / G bits per entry, against the table's 2 bits; G = 2 while the two maps fit in
// kSmallMapBytes (every sliding board of up to 12 cells), else 8: an eighth of the table (the 7x2
// puzzle: 1.36 GB beside its 10.9 GB table). On the 6x2 board, one thread, groups of 2 made the
// search about 15% faster, groups of 8 about 12%. A claimed state costs an atomic load of its map
// word and, when its group is not marked yet, an atomic OR (in one process's pushes, a plain OR
// by the zone that claimed it: engine/two_bit/zones.hpp); a push pays a table lookup per scanned
// word with entries of its code.
// Thread safety: mark() and mark_entries() from any thread during a layer, the marks of an
// OwnedMarks only by the one writer of the map word (never mixed with the others in a layer);
// entries() reads `now`, which no one writes during a layer; begin_layer() and end_layer()
// between layers only.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <utility>

#include <frontier/engine/big_array.hpp>

namespace frontier {

class TwoBitFrontier {
  public:
    static constexpr std::uint64_t kSmallMapBytes = std::uint64_t{64} << 20;

    // log2 of the group size for a table of `entries`: 2 entries while the two maps fit in
    // kSmallMapBytes, else 8 (the maps are then an eighth of the table).
    static int group_shift(std::uint64_t entries) {
        return 2 * map_words(entries, 1) * 8 <= kSmallMapBytes ? 1 : 3;
    }
    // Bytes of the two maps for a table of `entries`.
    static std::uint64_t bytes(std::uint64_t entries) {
        return 2 * map_words(entries, group_shift(entries)) * 8;
    }

    // Maps for a table of `entries` with groups of 2^shift entries (1 or 3; default: the size's).
    explicit TwoBitFrontier(std::uint64_t entries, int shift = 0)
        : shift_(shift != 0 ? shift : group_shift(entries)),
          now_(map_words(entries, shift_)),
          next_(map_words(entries, shift_)) {
        // expand_[b]: the low bit of every entry of the groups set in byte b (8 groups of G
        // entries, at most 64 bits: G = 2 fills 32 of them).
        const int g = 1 << shift_;
        for (int b = 0; b < 256; ++b)
            for (int j = 0; j < 8 && j * g < 32; ++j)
                if (b >> j & 1)
                    for (int e = j * g; e < (j + 1) * g; ++e)
                        expand_[b] |= std::uint64_t{1} << 2 * e;
    }

    // Whether `now` names the states of the layer to expand: true after a layer marked whole
    // (pushes and pulls both mark their claims); false before the first layer of a resumed run
    // (its states were claimed before the restart, unmarked).
    bool valid() const { return valid_; }

    // The low bit of each entry of table word w whose group is marked in `now`.
    std::uint64_t entries(std::uint64_t w) const {
        const std::uint64_t first = (w * 32) >> shift_;  // the word's first group
        const std::uint64_t bits = now_.data()[first >> 6] >> (first & 63);
        if (shift_ == 1) return expand_[bits & 0xFF] | expand_[bits >> 8 & 0xFF] << 32;
        return expand_[bits & 0xFF];
    }

    // The first table word in [w, w1) with a marked group in `now`, or w1: a sparse layer's push
    // visits only those words instead of scanning the table (engine/two_bit/bfs.hpp).
    std::uint64_t next_marked(std::uint64_t w, std::uint64_t w1) const {
        std::uint64_t group = (w * 32) >> shift_;
        const std::uint64_t end = std::min((w1 * 32) >> shift_, now_.size() * 64);
        while (group < end) {
            const std::uint64_t bits = now_.data()[group >> 6] >> (group & 63);
            if (bits != 0) return std::min(w1, ((group + std::countr_zero(bits)) << shift_) / 32);
            group = (group | 63) + 1;
        }
        return w1;
    }

    // Prefetches the `next` word that mark(i) would write: on a table of gigabytes the maps are
    // far larger than the caches, and a push marks its fresh children in random order.
    void prefetch(std::uint64_t i) const {
        __builtin_prefetch(next_.data() + (i >> shift_ >> 6), 1);
    }

    // Marks the group of table entry i in `next`.
    void mark(std::uint64_t i) {
        const std::uint64_t group = i >> shift_;
        merge(group >> 6, std::uint64_t{1} << (group & 63));
    }
    // Marks in `next` by a plain read-modify-write, for a caller that alone writes the map words
    // it marks in (TwoBitZones, engine/two_bit/zones.hpp): a copy of the map's address and the
    // group size, kept in registers across a loop of claims.
    struct OwnedMarks {
        std::uint64_t* words;
        int shift;

        void prefetch(std::uint64_t i) const { __builtin_prefetch(words + (i >> shift >> 6), 1); }
        // Marks the group of table entry i when `fresh`.
        void mark(std::uint64_t i, bool fresh) const {
            const std::uint64_t group = i >> shift;
            std::atomic_ref<std::uint64_t> w(words[group >> 6]);
            w.store(w.load(std::memory_order_relaxed) | std::uint64_t{fresh} << (group & 63),
                    std::memory_order_relaxed);
        }
        // Marks the groups of the entries of table word w whose low bit is set in `fresh`.
        void mark_entries(std::uint64_t w, std::uint64_t fresh) const {
            const std::uint64_t first = (w * 32) >> shift;
            std::atomic_ref<std::uint64_t> m(words[first >> 6]);
            m.store(m.load(std::memory_order_relaxed) | group_bits(fresh, shift) << (first & 63),
                    std::memory_order_relaxed);
        }
    };
    OwnedMarks owned_marks() { return {next_.data(), shift_}; }
    // Marks the groups of the entries of table word w whose low bit is set in `fresh`: one
    // atomic OR for them all (a word's groups share a map word).
    void mark_entries(std::uint64_t w, std::uint64_t fresh) {
        const std::uint64_t first = (w * 32) >> shift_;
        merge(first >> 6, group_bits(fresh, shift_) << (first & 63));
    }
    // Starts marking a layer: `next` cleared (in parallel, within the caller's thread arena).
    void begin_layer() { next_.zero_parallel(); }
    // Ends a layer: what was marked becomes the layer to expand.
    void end_layer() {
        std::swap(now_, next_);
        valid_ = true;
    }

  private:
    // The groups, counted from the word's first, of the entries whose low bit is set in `fresh`.
    static std::uint64_t group_bits(std::uint64_t fresh, int shift) {
        std::uint64_t bits = 0;
        for (; fresh; fresh &= fresh - 1)
            bits |= std::uint64_t{1} << (std::countr_zero(fresh) / 2 >> shift);
        return bits;
    }
    // next[word] |= bits, from any thread (the load spares the atomic when they are all set).
    void merge(std::uint64_t word, std::uint64_t bits) {
        std::atomic_ref<std::uint64_t> w(next_.data()[word]);
        if ((w.load(std::memory_order_relaxed) & bits) != bits)
            w.fetch_or(bits, std::memory_order_relaxed);
    }
    static std::uint64_t map_words(std::uint64_t entries, int shift) {
        const std::uint64_t groups = (entries + (std::uint64_t{1} << shift) - 1) >> shift;
        return (groups + 63) / 64;
    }

    int shift_;
    BigArray<std::uint64_t> now_, next_;
    std::uint64_t expand_[256]{};
    bool valid_ = false;
};

}  // namespace frontier
