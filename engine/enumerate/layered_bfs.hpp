// Parallel layered breadth-first search over a perfect-hash domain, filling a distance table.
//
// Memory: the table (one byte per rank, kUnreached until visited) plus two frontier bitsets (one
// bit per rank each): 1.25 bytes per state. Nothing else grows with the space.
//
// Each layer scans the current frontier bitset in parallel (oneTBB parallel_for over 64-bit
// words), unranks every set bit, generates its successors and claims each unvisited child with a
// compare-and-swap kUnreached -> depth + 1 on its table byte; the winner counts it and sets its
// bit in the next frontier. Children are claimed in batches of 32 whose bytes are prefetched as
// they are ranked, so the random accesses into a table far larger than the caches overlap. Every
// claim writes the same value, so the table, the layer counts and the farthest states are identical
// whatever the thread count; the only shared writes are these atomic byte CASes and bit ORs
// (relaxed: the parallel_for's join orders them before the next layer reads them).
//
// Unranking each frontier state and ranking each child is most of the cost (two thirds of the 4x3
// puzzle's time, perf), so a domain may offer a RankWalker that lists a rank's children as ranks
// directly (RankWalkingDomain below; sliding tiles derive them from Lehmer digits kept between
// neighbouring ranks). The states, counts and table are the same with it or without it.
//
// A domain whose moves are shifts between planes of its ranks (PlanarRankedDomain: the sliding
// tiles of 9 to 14 cells) gets the planar search instead (planar_layered_bfs, one process): each
// layer compares 32 bytes at a time with vector loads, with no unranking, no atomics and no
// frontier bitsets, about twice as fast on the 4x3 puzzle (docs/performance.md), the same
// table, layers and farthest ranks.
//
// Depths are capped at 254 (kUnreached is 255); a deeper space is reported as an InputError.
//
// The same layer loop also runs on one slice of the rank space per process of a distributed run
// (engine/distributed/distributed_bfs.hpp): layered_bfs_over() takes a "space" that says which
// ranks are here and how children reach the others. For the whole space in one process (WholeSpace)
// every child is claimed here and the routing compiles away; for a slice, children of other slices
// are collected per owner, exchanged once per round and claimed by their owner, and the layer
// counts are summed over the processes.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <frontier/engine/big_array.hpp>
#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs_options.hpp>
#include <frontier/engine/enumerate/planar_layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

namespace detail {

class Bitset {
  public:
    explicit Bitset(std::uint64_t bits) : words_((bits + 63) / 64), data_(words_) {}
    std::uint64_t words() const { return words_; }
    std::uint64_t word(std::uint64_t i) const { return data_[i]; }
    void set_atomic(std::uint64_t bit) {
        std::atomic_ref<std::uint64_t>(data_[bit >> 6])
            .fetch_or(std::uint64_t{1} << (bit & 63), std::memory_order_relaxed);
    }
    void set(std::uint64_t bit) { data_[bit >> 6] |= std::uint64_t{1} << (bit & 63); }
    void clear_parallel() { data_.zero_parallel(); }
    void swap(Bitset& o) noexcept {
        std::swap(words_, o.words_);
        std::swap(data_, o.data_);
    }

  private:
    std::uint64_t words_;
    BigArray<std::uint64_t> data_;
};

// Children's ranks wait here in small batches before their table bytes are claimed. Each rank's
// byte is prefetched when it is added, and the batch is claimed only once full, so the cache
// misses of a whole batch (the table is far larger than the caches and the ranks are scattered)
// overlap instead of stalling one after another.
class ClaimBuffer {
  public:
    ClaimBuffer(std::span<std::uint8_t> table, Bitset& next, std::uint8_t depth)
        : table_(table), next_(next), depth_(depth) {}

    void add(std::uint64_t rank) {
        __builtin_prefetch(table_.data() + rank, 1);
        pending_[size_++] = rank;
        if (size_ == kBatch) flush();
    }
    // Claims what is left; returns how many states this buffer claimed in all.
    std::uint64_t finish() {
        flush();
        return claimed_;
    }

  private:
    static constexpr int kBatch = 32;

    void flush() {
        for (int i = 0; i < size_; ++i) {
            const std::uint64_t c = pending_[i];
            std::atomic_ref<std::uint8_t> slot(table_[c]);
            if (slot.load(std::memory_order_relaxed) != kUnreached) continue;
            std::uint8_t expected = kUnreached;
            if (slot.compare_exchange_strong(expected, depth_, std::memory_order_relaxed)) {
                next_.set_atomic(c);
                ++claimed_;
            }
        }
        size_ = 0;
    }

    std::span<std::uint8_t> table_;
    Bitset& next_;
    std::uint8_t depth_;
    int size_ = 0;
    std::uint64_t claimed_ = 0;
    std::uint64_t pending_[kBatch];
};

// The ranks (first + bit index) of the first `limit` set bits, ascending.
inline std::vector<std::uint64_t> first_set_bits(const Bitset& bits, std::uint64_t first,
                                                 std::size_t limit) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t w = 0; w < bits.words(); ++w)
        for (std::uint64_t b = bits.word(w); b; b &= b - 1) {
            if (out.size() >= limit) return out;
            out.push_back(first + w * 64 + std::countr_zero(b));
        }
    return out;
}

inline constexpr std::uint64_t kNoRank = ~std::uint64_t{0};

inline void keep_smallest(std::atomic<std::uint64_t>& smallest, std::uint64_t value) {
    std::uint64_t seen = smallest.load(std::memory_order_relaxed);
    while (value < seen &&
           !smallest.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
    }
}

// The whole rank space in this process: every child is claimed here.
struct WholeSpace {
    static constexpr bool kDistributed = false;
    std::uint64_t first() const { return 0; }
    std::uint64_t sum(std::uint64_t v) { return v; }
    std::vector<std::uint64_t> gather_farthest(std::vector<std::uint64_t> local, std::size_t) {
        return local;
    }
    void report(LayeredBfsResult&) {}
};

// A domain that lists a rank's children as ranks, without unranking it or ranking them
// (SlidingTiles::RankWalker): the expansion then skips the two conversions that dominate it.
// A walker is one thread's; the frontier is scanned in ascending rank order, which walkers may
// exploit. The result is the same either way, only faster.
template <class D>
concept RankWalkingDomain = requires(const D& d, typename D::RankWalker& w, std::uint64_t r,
                                     std::uint64_t* out) {
    { D::RankWalker::kMaxChildren } -> std::convertible_to<int>;
    { d.rank_walker() } -> std::same_as<typename D::RankWalker>;
    { w.children(r, out) } -> std::convertible_to<int>;
};

// Expands the frontier states in words [lo, hi) of `current`: children in this table's range are
// claimed at `depth`; with a distributed space the others are collected per owner in `outbox`.
// Returns how many states were claimed here.
template <PerfectHashDomain D, class Space, class Outbox>
std::uint64_t expand_words(const D& domain, const Bitset& current, std::uint64_t lo,
                           std::uint64_t hi, std::span<std::uint8_t> table, Bitset& next,
                           std::uint8_t depth, Space& space, Outbox& outbox) {
    std::atomic<std::uint64_t> found{0};
    // The smallest child rank at or past the table's end (a rank() that breaks its promise to
    // stay below size()): refused after the layer, never written past the table.
    std::atomic<std::uint64_t> beyond{kNoRank};
    const std::uint64_t first = space.first();
    parallel_for_each(tbb::blocked_range<std::uint64_t>(lo, hi, 256), [&](auto range) {
        ClaimBuffer claims(table, next, depth);
        [[maybe_unused]] auto routed = outbox.local_part();
        auto claim = [&](std::uint64_t child_rank) {
            if constexpr (!Space::kDistributed) {
                if (child_rank < table.size()) [[likely]]
                    claims.add(child_rank);
                else
                    keep_smallest(beyond, child_rank);
            } else {
                const std::uint64_t c = child_rank - first;
                if (c < table.size())
                    claims.add(c);
                else
                    routed.add(child_rank);
            }
        };
        [[maybe_unused]] auto walker = [&] {
            if constexpr (RankWalkingDomain<D>)
                return domain.rank_walker();
            else
                return 0;
        }();
        for (std::uint64_t w = range.begin(); w != range.end(); ++w) {
            for (std::uint64_t bits = current.word(w); bits; bits &= bits - 1) {
                const std::uint64_t r = first + w * 64 + std::countr_zero(bits);
                if constexpr (RankWalkingDomain<D>) {
                    std::uint64_t children[D::RankWalker::kMaxChildren];
                    const int n = walker.children(r, children);
                    for (int i = 0; i < n; ++i) claim(children[i]);
                } else {
                    domain.for_each_successor(
                        domain.unrank(r),
                        [&](const auto& child, const auto&) { claim(domain.rank(child)); });
                }
            }
        }
        if constexpr (Space::kDistributed) outbox.merge(routed);
        found.fetch_add(claims.finish(), std::memory_order_relaxed);
    });
    if (beyond.load() != kNoRank) refuse_rank(beyond.load(), table.size());
    return found.load();
}

// Nothing leaves the process in a WholeSpace search.
struct NoOutbox {
    struct Part {};
    Part local_part() { return {}; }
};

// Layered BFS over the part of the rank space that `space` puts here; `table` holds that part's
// bytes (ranks space.first() .. + table.size()). See the top of this file.
template <PerfectHashDomain D, class Space>
LayeredBfsResult layered_bfs_over(const D& domain, std::span<const typename D::State> roots,
                                  std::span<std::uint8_t> table, Space& space,
                                  const LayeredBfsOptions& options) {
    const std::uint64_t n = table.size();
    const std::uint64_t first = space.first();
    LayeredBfsResult result;
    result.threads = resolve_threads(options.threads);
    Stopwatch clock;
    run_with_threads(result.threads, [&] {
        fill_parallel(table, kUnreached);
        Bitset current(n), next(n);
        current.clear_parallel();
        next.clear_parallel();
        std::uint64_t here = 0;
        for (const auto& s : roots) {
            const std::uint64_t r = domain.rank(s) - first;
            if (!Space::kDistributed && r >= n) refuse_rank(r, n);
            if (r >= n || table[r] != kUnreached) continue;
            table[r] = 0;
            current.set(r);
            ++here;
        }
        std::uint64_t count = space.sum(here);
        for (int depth = 0; count > 0; ++depth) {
            if (!record_layer(result, depth, count, options, clock.seconds())) break;
            const auto child_depth = static_cast<std::uint8_t>(depth + 1);
            if constexpr (!Space::kDistributed) {
                NoOutbox none;
                count = expand_words(domain, current, 0, current.words(), table, next, child_depth,
                                     space, none);
            } else {
                count = space.sum(space.expand_layer(domain, current, table, next, child_depth));
            }
            if (count == 0) break;
            current.swap(next);
            next.clear_parallel();
        }
        result.farthest = space.gather_farthest(
            first_set_bits(current, first, options.farthest_limit), options.farthest_limit);
    });
    space.report(result);
    result.seconds = clock.seconds();
    return result;
}

}  // namespace detail

// Searches from `roots` (depth 0) and writes every rank's depth into `table` (size() bytes).
//
// Input: a perfect-hash domain, the roots, a table of exactly domain.size() bytes (a
// DistanceTable's mutable_bytes(), or any buffer; its old contents are overwritten) and options
// (threads: 0 = all cores; max_depth; on_layer, called once after each layer, between layers,
// never concurrently). Output: the table (depth of every rank, kUnreached for the others) and the
// layer counts. Time O(reached states x successors), memory 1.25 bytes per rank of size(). Runs in
// a task arena of options.threads threads; the domain's const members are called from all of them
// at once. Deterministic: table and counts do not depend on the thread count. Throws InputError
// when the table size does not match, a root's or a child's rank() is not below size() (checked
// in every build, before anything is written there; the table's contents are then unspecified),
// or a depth would exceed 254.
template <PerfectHashDomain D>
LayeredBfsResult layered_bfs(const D& domain, std::span<const typename D::State> roots,
                             std::span<std::uint8_t> table, const LayeredBfsOptions& options = {}) {
    if (table.size() != domain.size())
        throw InputError("layered_bfs: table size does not match the domain");
    if constexpr (PlanarRankedDomain<D>)
        if (options.planar)
            if (auto r = detail::planar_if_offered(domain, roots, table, options)) return *r;
    detail::WholeSpace whole;
    return detail::layered_bfs_over(domain, roots, table, whole, options);
}

}  // namespace frontier
