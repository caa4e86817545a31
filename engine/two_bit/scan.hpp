// The scan both two-bit searches run over a range of table words (engine/two_bit/bfs.hpp in one
// process, engine/two_bit/distributed.hpp over the ranks of a cluster): one thread's chunk of
// work (TwoBitChunk): find the entries to expand or pull in each word, settle linked pairs with
// bit operations, walk the cursor for the rest, prefetch their neighbours and claim them a batch
// later. Where the entries lie and which way a layer goes: engine/two_bit/layout.hpp. Internal
// to the searches (namespace detail); one TwoBitChunk per task, the layout and space shared
// read-only.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include <frontier/engine/error.hpp>
#include <frontier/engine/two_bit/frontier.hpp>
#include <frontier/engine/two_bit/layout.hpp>
#include <frontier/engine/two_bit/space.hpp>
#include <frontier/engine/two_bit/table.hpp>
#include <frontier/engine/two_bit/zones.hpp>

namespace frontier {

namespace detail {

// Where a push sends a child outside the table it scans: nowhere in one process (the table is
// the whole space); to the child's owner in a distributed run (engine/two_bit/distributed.hpp).
struct NoTwoBitOutbox {
    static constexpr bool kRemote = false;
    void add(std::uint64_t) {}                 // push: a child for its owner to claim
    void ask(std::uint64_t, std::uint64_t) {}  // pull: is this neighbour of `local` nearer?
};

// Per-chunk scratch: the neighbour batch and the smallest claimed indices. The table holds the
// entries [base, base + table.size()) of the space: all of it in one process, one slice (base a
// multiple of 32 and of the period) in a distributed run, where the children outside the slice go
// to the outbox (push) and so do the questions about neighbours outside it (pull). Given a
// frontier (engine/two_bit/frontier.hpp), every claim is marked in it, and the push
// expands only the entries of its marked groups when it is valid.
template <class S, class Outbox = NoTwoBitOutbox>
class TwoBitChunk {
  public:
    TwoBitChunk(const S& space, TwoBitTable& table, std::size_t keep, std::uint64_t base = 0,
                Outbox* outbox = nullptr, TwoBitFrontier* frontier = nullptr)
        : space_(space),
          table_(table),
          cursor_(space.cursor()),
          keep_(keep),
          base_(base),
          space_size_(space.size()),
          outbox_(outbox),
          frontier_(frontier) {}

    // Expands the entries of the words [w0, w1) equal to `code` whose residue has `parity`
    // (push), or claims those equal to 0 that have a neighbour equal to `code` (pull).
    void scan(const TwoBitLayout& layout, std::uint64_t w0, std::uint64_t w1, int code, int parity,
              int next, bool pull);
    // A push of the entries of [w0, w1) equal to `code` with `parity`, visiting only the words
    // with a group marked in the frontier (which must be valid): for a layer much smaller than
    // the table, instead of scan(). Counts nothing in `current` (the layer's check needs the
    // whole table).
    void scan_marked(const TwoBitLayout& layout, std::uint64_t w0, std::uint64_t w1, int code,
                     int parity, int next);
    // Adds the entries of [w0, w1) of each code (1 to 3) in each parity class to `codes`: the
    // check after the search (check_codes).
    void count_codes(const TwoBitLayout& layout, std::uint64_t w0, std::uint64_t w1);
    // One process's push: children go to `zones` (engine/two_bit/zones.hpp), which claims them,
    // counts them and marks them in the frontier, instead of being claimed here.
    void use_zones(TwoBitZones* zones) {
        zones_ = zones;
        zone_local_ = &zones->local();
    }
    // Claims the table's entry `local` (a child another process sent) for depth code `next`.
    void claim_local(std::uint64_t local, int next) {
        if (table_.claim(local, next)) {
            note(base_ + local);
            if (frontier_) frontier_->mark(local);
        }
    }

    std::uint64_t claimed = 0;
    std::uint64_t visited = 0;  // entries walked: parents a push expanded, candidates a pull tried
    std::vector<std::uint64_t> smallest;  // ascending, at most keep_ (indices of the space)
    // Entries equal to `code` in the scanned class and in the other one (the layer's check).
    std::uint64_t current[2] = {0, 0};
    std::uint64_t codes[4][2] = {};  // count_codes(): entries of code c in parity class p

  private:
    struct Pending {
        std::uint64_t self;
        int count;
        std::uint64_t next[S::kMaxNeighbors + 1];  // + a linked partner in another word
    };
    static constexpr int kBatch = 64;
    static constexpr std::uint64_t kNear = 8192;

    void note(std::uint64_t i) {
        ++claimed;
        if (i < smallest_bound(smallest, keep_)) [[unlikely]]
            keep_smallest(smallest, i, keep_);
    }
    // The child `i` of a push without zones: claimed here when it is in the table, else sent to
    // its owner.
    void push_child(std::uint64_t i, int next) {
        if constexpr (Outbox::kRemote) {
            if (i - base_ >= table_.size()) return outbox_->add(i);
        }
        if (table_.claim(i - base_, next)) {
            note(i);
            if (frontier_) frontier_->mark(i - base_);
        }
    }
    // A parent's children, each checked against size() (the contract), then given to push(i).
    template <class Push>
    void push_children(const Pending& p, Push&& push) const {
        const std::uint64_t size = space_size_;
        for (int j = 0; j < p.count; ++j) {
            if (p.next[j] >= size) [[unlikely]]
                refuse(p);
            push(p.next[j]);
        }
    }
    bool in_table(std::uint64_t i) const { return !Outbox::kRemote || i - base_ < table_.size(); }
    // The entries of word w inside the table: all but in its last word.
    std::uint64_t entries_in_table(std::uint64_t w) const {
        const std::uint64_t size = table_.size();
        return w * 32 + 32 > size ? (std::uint64_t{1} << 2 * (size - w * 32)) - 1
                                  : ~std::uint64_t{0};
    }
    void flush(int code, int next, bool pull);
    // Walks the entries `hits` of word w (the block of its first entry and that entry's residue
    // given): settles linked pairs, then batches the rest for the cursor.
    void scan_word(const TwoBitLayout& layout, std::uint64_t w, std::uint64_t word,
                   std::uint64_t in_range, std::uint64_t at_code, std::uint64_t hits,
                   std::uint64_t block, int start, int code, int next, bool pull);
    [[noreturn]] void refuse(const Pending& p) const;

    static constexpr bool kLinked = LinkedTwoBitSpace<S>;
    // The linked pairs inside word w, by bit operations: a push claims the unreached partners of
    // its parents (`hits`), a pull claims the candidates (`hits`) with a partner at `code`.
    // Returns the entries the cursor must still walk: every parent (for its other neighbours),
    // or the candidates not settled.
    std::uint64_t settle_links(const TwoBitLayout& layout, std::uint64_t w, std::uint64_t word,
                               std::uint64_t in_range, std::uint64_t at_code, std::uint64_t hits,
                               int next, bool pull, std::uint64_t block, int start) {
        const std::uint64_t link = layout.linked(start);
        const auto partners = [&](std::uint64_t x) {
            return ((x & link) << 2) | ((x >> 2) & link);
        };
        const std::uint64_t claim = pull
                                        ? partners(at_code) & hits
                                        : partners(hits) & TwoBitTable::matches(word, 0) & in_range;
        if (claim != 0 && !Outbox::kRemote && zones_) {
            zones_->add_word(*zone_local_, w, claim);
        } else if (claim != 0) {
            std::uint64_t fresh = table_.claim_entries(w, claim, next);
            if (frontier_ && fresh) frontier_->mark_entries(w, fresh);
            for (; fresh; fresh &= fresh - 1) {
                const int i = std::countr_zero(fresh) / 2;
                note((block + layout.carry[start][i]) * static_cast<std::uint64_t>(layout.period) +
                     layout.residue[start][i]);
            }
        }
        return pull ? hits & ~claim : hits;
    }

    const S& space_;
    TwoBitTable& table_;
    typename S::Cursor cursor_;
    std::size_t keep_;
    std::uint64_t base_, space_size_;
    Outbox* outbox_;
    TwoBitFrontier* frontier_;
    TwoBitZones* zones_ = nullptr;
    TwoBitZones::Local* zone_local_ = nullptr;
    Pending batch_[kBatch];
    int pending_ = 0;
};

template <class S, class Outbox>
void TwoBitChunk<S, Outbox>::flush(int code, int next, bool pull) {
    for (int b = 0; b < pending_; ++b) {
        const Pending& p = batch_[b];
        if (pull) {
            bool remote = false;
            for (int j = 0; j < p.count; ++j) {
                if (p.next[j] >= space_size_) [[unlikely]]
                    refuse(p);
                if (!in_table(p.next[j])) {
                    remote = true;
                    continue;
                }
                if (table_.get(p.next[j] - base_) == code) {
                    if (table_.claim(p.self - base_, next)) {
                        note(p.self);
                        if (frontier_) frontier_->mark(p.self - base_);
                    }
                    remote = false;
                    break;
                }
            }
            // Distributed: no neighbour here is nearer, so ask the owners of the others.
            if constexpr (Outbox::kRemote) {
                if (remote)
                    for (int j = 0; j < p.count; ++j)
                        if (!in_table(p.next[j])) outbox_->ask(p.self - base_, p.next[j]);
            }
        } else {
            push_children(p, [&](std::uint64_t i) { push_child(i, next); });
        }
    }
    pending_ = 0;
}

// The contract's per-state part: at most kMaxNeighbors neighbours (checked as they are made),
// each below size() (checked where flush() reads it: a compare the branch predictor never misses).
template <class S, class Outbox>
void TwoBitChunk<S, Outbox>::refuse(const Pending& p) const {
    const std::string self = "index " + std::to_string(p.self);
    if (p.count < 0 || p.count > S::kMaxNeighbors)
        throw InputError("two-bit BFS: the space's cursor gave " + std::to_string(p.count) +
                         " neighbours of " + self + ", not 0 to kMaxNeighbors (" +
                         std::to_string(S::kMaxNeighbors) + ")");
    for (int j = 0; j < p.count; ++j)
        if (p.next[j] >= space_size_)
            throw InputError("two-bit BFS: the space's cursor gave neighbour " +
                             std::to_string(p.next[j]) + " of " + self + ", not below size() " +
                             std::to_string(space_size_));
    throw InputError("two-bit BFS: the space broke its contract at " + self);
}

template <class S, class Outbox>
void TwoBitChunk<S, Outbox>::scan(const TwoBitLayout& layout, std::uint64_t w0, std::uint64_t w1,
                                  int code, int parity, int next, bool pull) {
    constexpr int kGroup = TwoBitLayout::kGroupWords;
    const auto period = static_cast<std::uint64_t>(layout.period);
    const std::uint64_t size = table_.size();
    const int code_parity = pull ? parity ^ 1 : parity;  // the class `code` should be in
    std::uint64_t block = (base_ + w0 * 32) / period;
    int start = static_cast<int>(base_ + w0 * 32 - block * period);
    // Groups of whole words first (masks and residues from the layout, no division per word), each
    // word loaded once: counted, then walked when it has something to expand or pull. Testing a
    // group first and walking it in a second pass made the 7x2 board's pushes about 4% slower (a
    // timing harness outside the repository): a third of the table holds the layer's code, so
    // nearly every group has something.
    const std::uint64_t whole = std::min(w1, size / 32);
    std::uint64_t w = w0;
    std::uint64_t counted[2] = {0, 0};
    // A push with a valid frontier expands only the entries of marked groups (the others of its
    // code are older states): `filter(w)` is all ones otherwise. Applied only to words with
    // entries of the code: most words of a sparse layer have none.
    const bool filtered = !pull && frontier_ != nullptr && frontier_->valid();
    const auto filter = [&](std::uint64_t word_index) {
        return filtered ? frontier_->entries(word_index) : ~std::uint64_t{0};
    };
    for (; w + kGroup <= whole; w += kGroup) {
        const TwoBitLayout::TwoBitGroup& g = layout.group[start];
        const std::uint64_t* in_class = g.mask[code_parity];
        const std::uint64_t* other_class = g.mask[code_parity ^ 1];
        const std::uint64_t* scanned_mask = g.mask[parity];
        for (int j = 0; j < kGroup; ++j) {
            const std::uint64_t word = table_.word(w + j);
            const std::uint64_t at_code = TwoBitTable::matches(word, code);
            counted[0] += static_cast<std::uint64_t>(std::popcount(at_code & in_class[j]));
            counted[1] += static_cast<std::uint64_t>(std::popcount(at_code & other_class[j]));
            const std::uint64_t candidates =
                (pull ? TwoBitTable::matches(word, 0) : at_code) & scanned_mask[j];
            if (candidates == 0) continue;
            const std::uint64_t hits = pull ? candidates : candidates & filter(w + j);
            if (hits != 0)
                scan_word(layout, w + j, word, ~std::uint64_t{0}, at_code, hits, block + g.carry[j],
                          g.start[j], code, next, pull);
        }
        block += g.next_carry;
        start = g.next_start;
    }
    current[0] += counted[0];
    current[1] += counted[1];
    const int advance = 32 % layout.period;
    const std::uint64_t blocks_per_word = 32 / period;
    for (; w < w1; ++w) {
        const std::uint64_t word = table_.word(w);
        const std::uint64_t in_range = entries_in_table(w);
        const std::uint64_t at_code = TwoBitTable::matches(word, code) & in_range;
        current[0] += static_cast<std::uint64_t>(
            std::popcount(at_code & layout.parity_mask[start][code_parity]));
        current[1] += static_cast<std::uint64_t>(
            std::popcount(at_code & layout.parity_mask[start][code_parity ^ 1]));
        const std::uint64_t hits =
            (pull ? TwoBitTable::matches(word, 0) & in_range : at_code & filter(w)) &
            layout.parity_mask[start][parity];
        if (hits != 0)
            scan_word(layout, w, word, in_range, at_code, hits, block, start, code, next, pull);
        block += blocks_per_word;
        start += advance;
        if (start >= layout.period) start -= layout.period, ++block;
    }
    flush(code, next, pull);
}

template <class S, class Outbox>
void TwoBitChunk<S, Outbox>::count_codes(const TwoBitLayout& layout, std::uint64_t w0,
                                         std::uint64_t w1) {
    const auto period = static_cast<std::uint64_t>(layout.period);
    int start = static_cast<int>((base_ + w0 * 32) % period);
    for (std::uint64_t w = w0; w < w1; ++w) {
        const std::uint64_t in_range = entries_in_table(w);
        const std::uint64_t word = table_.word(w);
        for (int c = 1; c <= 3; ++c)
            for (int p = 0; p < 2; ++p)
                codes[c][p] += static_cast<std::uint64_t>(std::popcount(
                    TwoBitTable::matches(word, c) & in_range & layout.parity_mask[start][p]));
        start = static_cast<int>((static_cast<std::uint64_t>(start) + 32) % period);
    }
}

template <class S, class Outbox>
void TwoBitChunk<S, Outbox>::scan_marked(const TwoBitLayout& layout, std::uint64_t w0,
                                         std::uint64_t w1, int code, int parity, int next) {
    const auto period = static_cast<std::uint64_t>(layout.period);
    for (std::uint64_t w = frontier_->next_marked(w0, w1); w < w1;
         w = frontier_->next_marked(w + 1, w1)) {
        const std::uint64_t word = table_.word(w);
        const std::uint64_t in_range = entries_in_table(w);
        const std::uint64_t at_code = TwoBitTable::matches(word, code) & in_range;
        const std::uint64_t first = base_ + w * 32;
        const std::uint64_t block = first / period;
        const int start = static_cast<int>(first - block * period);
        const std::uint64_t hits =
            at_code & frontier_->entries(w) & layout.parity_mask[start][parity];
        if (hits != 0)
            scan_word(layout, w, word, in_range, at_code, hits, block, start, code, next, false);
    }
    flush(code, next, false);
}

template <class S, class Outbox>
void TwoBitChunk<S, Outbox>::scan_word(const TwoBitLayout& layout, std::uint64_t w,
                                       std::uint64_t word, std::uint64_t in_range,
                                       std::uint64_t at_code, std::uint64_t hits,
                                       std::uint64_t block, int start, int code, int next,
                                       bool pull) {
    const auto period = static_cast<std::uint64_t>(layout.period);
    // A push marks the children it claims: their map words are fetched with their table words
    // (the 7x2 board's maps are 1.4 GB; a 12-cell board's 30 MB mostly stay in the cache).
    const bool prefetch_marks = !pull && frontier_ != nullptr;
    // A push into the zones hands the children over at once: the zones prefetch what they claim.
    const bool direct = !Outbox::kRemote && !pull && zones_ != nullptr;
    const TwoBitZones::Inbox inbox =
        direct ? zones_->inbox(*zone_local_) : TwoBitZones::Inbox{nullptr, nullptr, 0};
    Pending one;
    visited += static_cast<std::uint64_t>(std::popcount(hits));
    if constexpr (kLinked)
        hits = settle_links(layout, w, word, in_range, at_code, hits, next, pull, block, start);
    for (; hits; hits &= hits - 1) {
        const int i = std::countr_zero(hits) / 2;
        const int r = layout.residue[start][i];
        const std::uint64_t m = block + layout.carry[start][i];
        cursor_.go(m);
        Pending& p = direct ? one : batch_[pending_++];
        p.self = m * period + static_cast<std::uint64_t>(r);
        if constexpr (kLinked) {
            p.count = cursor_.far_neighbors(r, p.next);
            if (static_cast<unsigned>(p.count) > unsigned{S::kMaxNeighbors}) [[unlikely]]
                refuse(p);
            // The linked partner across the word's edge is the cursor path's.
            if (i == 31 && layout.linked_right(r)) p.next[p.count++] = p.self + 1;
            if (i == 0 && layout.linked_left(r)) p.next[p.count++] = p.self - 1;
        } else {
            p.count = cursor_.neighbors(r, p.next);
            if (static_cast<unsigned>(p.count) > unsigned{S::kMaxNeighbors}) [[unlikely]]
                refuse(p);
        }
        if (direct) {  // through the Inbox, whose buffers stay in registers
            push_children(p, [inbox](std::uint64_t i) { inbox.add(i); });
            continue;
        }
        // Only far neighbours are prefetched: those within kNear entries share the cache lines
        // the scan has just read (a prefetch for them cost 10% of the pull layers on 6x2).
        for (int j = 0; j < p.count; ++j)
            if (in_table(p.next[j]) && p.next[j] - p.self + kNear > 2 * kNear) {
                table_.prefetch(p.next[j] - base_);
                if (prefetch_marks) frontier_->prefetch(p.next[j] - base_);
            }
        if (pending_ == kBatch) flush(code, next, pull);
    }
}

}  // namespace detail

}  // namespace frontier
