// Where the entries of a two-bit table lie and which way a layer goes, for both two-bit searches
// (engine/two_bit/bfs.hpp, engine/two_bit/distributed.hpp): the per-word residues, block offsets
// and parity masks (TwoBitLayout, built once per search and shared read-only), the states of
// each parity class, the rule that picks push or pull (two_bit_direction) and the count of the
// whole table's codes that checks it after the search. Internal to the searches (namespace
// detail).
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include <tbb/blocked_range.h>

#include <frontier/engine/parallel.hpp>
#include <frontier/engine/two_bit/space.hpp>

namespace frontier {

namespace detail {

// Where each entry of a word lies: for a word starting at residue o, entry i is residue
// (o + i) mod period of block start + (o + i) / period; and which entries have parity p (every
// entry when the filter is off).
struct TwoBitLayout {
    template <class S>
    TwoBitLayout(const S& space, const TwoBitParity& parity) : period(space.period()) {
        for (int o = 0; o < period; ++o)
            for (int i = 0; i < 32; ++i) {
                const int r = (o + i) % period;
                residue[o][i] = static_cast<std::uint8_t>(r);
                carry[o][i] = static_cast<std::uint8_t>((o + i) / period);
                for (int p = 0; p < 2; ++p)
                    if (!parity.filter || parity.of(r) == p)
                        parity_mask[o][p] |= std::uint64_t{1} << (2 * i);
            }
        for (int o = 0; o < period; ++o) {
            TwoBitGroup& g = group[o];
            for (int j = 0; j < kGroupWords; ++j) {
                const int r = (o + 32 * j) % period;
                g.start[j] = static_cast<std::uint8_t>(r);
                g.carry[j] = static_cast<std::uint16_t>((o + 32 * j) / period);
                for (int p = 0; p < 2; ++p) g.mask[p][j] = parity_mask[r][p];
            }
            g.next_start = static_cast<std::uint8_t>((o + 32 * kGroupWords) % period);
            g.next_carry = static_cast<std::uint16_t>((o + 32 * kGroupWords) / period);
        }
        if constexpr (LinkedTwoBitSpace<S>) {
            links = space.links();
            for (int o = 0; o < period; ++o)
                for (int i = 0; i + 1 < 32; ++i)
                    if (links >> residue[o][i] & 1) link_mask[o] |= std::uint64_t{1} << (2 * i);
        }
    }
    // Entry i is linked to entry i + 1 of the same word (low bit of entry i set).
    std::uint64_t linked(int o) const { return link_mask[o]; }
    // Whether entry i of a word starting at residue o has a linked partner in the next word
    // (i = 31) or the previous one (i = 0).
    bool linked_right(int r) const { return links >> r & 1; }
    bool linked_left(int r) const { return r > 0 && (links >> (r - 1) & 1); }

    // The scan's unit: kGroupWords words laid out together, so a word with nothing to do costs a
    // few operations and no division. Per start residue: each word's parity masks, start residue
    // and block offset, and those of the word after the group.
    static constexpr int kGroupWords = 8;
    struct TwoBitGroup {
        std::uint64_t mask[2][kGroupWords];
        std::uint8_t start[kGroupWords];
        std::uint16_t carry[kGroupWords];
        std::uint8_t next_start;
        std::uint16_t next_carry;
    };

    int period;
    TwoBitGroup group[64]{};
    std::uint8_t residue[64][32]{}, carry[64][32]{};
    std::uint64_t parity_mask[64][2]{};
    std::uint64_t links = 0, link_mask[64]{};
};

// A push layer with fewer states than the table has words / kSparseWords visits only the words
// of its marked groups (TwoBitChunk::scan_marked) instead of reading the whole table: the 7x2
// table's scan costs about 0.75 s on two threads, as much as expanding 35 million states, and its
// first 40 and last 20 layers are smaller than that. The check of a layer's counts needs the whole
// table, so it waits for the next full scan.
inline constexpr std::uint64_t kSparseWords = 16;

// The pull rule: layer depth + 1 is pulled when its candidates (the unreached states of its
// parity class) cost less than pushing depth's code, which also re-expands depth - 6, - 12, ...
// (- 3, - 6, ... without the parity filter). A pushed parent claims all its children; a pulled
// candidate stops at its first nearer neighbour: about half the probes (the best of 1, 2, 4, 8
// measured on 6x2).
// With valid frontier maps (`expand_layer_only`, engine/two_bit/frontier.hpp) a push expands the
// layer and the older states that share its marked groups, counted as an eighth more.
inline bool two_bit_pull(const std::vector<std::uint64_t>& layers,
                         const std::uint64_t class_size[2], bool filter,
                         bool expand_layer_only = false) {
    const int depth = static_cast<int>(layers.size()) - 1;
    std::uint64_t push_cost = 0, seen_next_class = 0;
    if (expand_layer_only)
        push_cost = layers[depth] + layers[depth] / 8;
    else
        for (int d = depth; d >= 0; d -= filter ? 6 : 3) push_cost += layers[d];
    for (int d = filter ? depth - 1 : depth; d >= 0; d -= filter ? 2 : 1)
        seen_next_class += layers[d];
    const std::uint64_t pull_cost = class_size[(depth + 1) & 1] - seen_next_class;
    return pull_cost < 2 * push_cost;
}

// How the next layer is made, as TwoBitBfsResult::directions writes it: 's' (sparse push) when
// the maps are valid (`maps`) and the last layer is small next to the table of `entries` (the
// whole space's, in every process), else 'u' (pull) or 'p' (push) by two_bit_pull. A sparse push
// is never replaced by a pull, which would read the whole table.
inline char two_bit_direction(const std::vector<std::uint64_t>& layers,
                              const std::uint64_t class_size[2], bool filter, std::uint64_t entries,
                              bool maps) {
    if (maps && layers.back() < entries / 32 / kSparseWords) return 's';
    return two_bit_pull(layers, class_size, filter, maps) ? 'u' : 'p';
}

// States per distance parity class (without the filter one class holds every state).
template <class S>
void two_bit_class_sizes(const S& space, const TwoBitParity& parity, std::uint64_t out[2]) {
    out[0] = out[1] = 0;
    for (int r = 0; r < space.period(); ++r)
        for (int p = 0; p < 2; ++p)
            if (!parity.filter || parity.of(r) == p)
                out[p] += space.size() / static_cast<std::uint64_t>(space.period());
}

// The check after a search (check_codes): adds the entries of each code in each parity class of
// the table words [0, words) to `codes`, counted in parallel (within the caller's thread arena)
// by chunks from make_chunk().
template <class MakeChunk>
void count_two_bit_codes(const TwoBitLayout& layout, std::uint64_t words, MakeChunk&& make_chunk,
                         std::uint64_t codes[4][2]) {
    std::mutex merge;
    parallel_for_each(tbb::blocked_range<std::uint64_t>(0, words, 1 << 16),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                          auto chunk = make_chunk();
                          chunk.count_codes(layout, range.begin(), range.end());
                          std::lock_guard lock(merge);
                          for (int c = 1; c <= 3; ++c)
                              for (int p = 0; p < 2; ++p) codes[c][p] += chunk.codes[c][p];
                      });
}

}  // namespace detail

}  // namespace frontier
