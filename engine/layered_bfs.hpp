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
// Depths are capped at 254 (kUnreached is 255); a deeper space is reported as an InputError.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/big_array.hpp"
#include "engine/concepts.hpp"
#include "engine/error.hpp"
#include "engine/parallel.hpp"
#include "engine/timer.hpp"

namespace frontier {

inline constexpr std::uint8_t kUnreached = 0xFF;

struct LayeredBfsOptions {
    int threads = 0;                    // 0: all cores
    std::size_t farthest_limit = 1000;  // how many farthest ranks to keep (smallest first)
    int max_depth = -1;                 // stop after this depth (-1: search the whole space)
    // Called after each finished layer with its depth, state count and the elapsed seconds.
    std::function<void(int, std::uint64_t, double)> on_layer;
};

struct LayeredBfsResult {
    std::vector<std::uint64_t> layers;    // layers[d] = number of states at depth d
    std::vector<std::uint64_t> farthest;  // ranks at the maximum depth, ascending, capped
    std::uint64_t reached = 0;
    double seconds = 0;
    int threads = 0;
    bool complete = true;  // false when options.max_depth stopped it before the last layer ran out
    int max_depth() const { return static_cast<int>(layers.size()) - 1; }
};

// Bytes the search needs for a space of n states (table plus both frontiers).
inline std::uint64_t layered_bfs_bytes(std::uint64_t n) {
    return n + 2 * ((n + 63) / 64) * 8;
}

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
    void clear_parallel() {
        parallel_for_each(tbb::blocked_range<std::uint64_t>(0, words_, 1 << 14), [&](auto r) {
            std::fill(data_.data() + r.begin(), data_.data() + r.end(), 0);
        });
    }
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

inline void fill_parallel(std::span<std::uint8_t> bytes, std::uint8_t value) {
    parallel_for_each(tbb::blocked_range<std::size_t>(0, bytes.size(), 1 << 20), [&](auto r) {
        std::fill(bytes.begin() + r.begin(), bytes.begin() + r.end(), value);
    });
}

}  // namespace detail

// Searches from `roots` (depth 0) and writes every rank's depth into `table` (size() bytes).
template <PerfectHashDomain D>
LayeredBfsResult layered_bfs(const D& domain, std::span<const typename D::State> roots,
                             std::span<std::uint8_t> table, const LayeredBfsOptions& options = {}) {
    const std::uint64_t n = domain.size();
    if (table.size() != n) throw InputError("layered_bfs: table size does not match the domain");
    LayeredBfsResult result;
    result.threads = resolve_threads(options.threads);
    Stopwatch clock;
    run_with_threads(result.threads, [&] {
        detail::fill_parallel(table, kUnreached);
        detail::Bitset current(n), next(n);
        current.clear_parallel();
        next.clear_parallel();
        std::uint64_t count = 0;
        for (const auto& s : roots) {
            const std::uint64_t r = domain.rank(s);
            if (table[r] != kUnreached) continue;
            table[r] = 0;
            current.set(r);
            ++count;
        }
        for (int depth = 0; count > 0; ++depth) {
            result.layers.push_back(count);
            result.reached += count;
            if (options.on_layer) options.on_layer(depth, count, clock.seconds());
            if (depth == options.max_depth) {
                result.complete = false;
                break;
            }
            if (depth + 1 >= kUnreached)
                throw InputError("layered_bfs: depth exceeds 254, too deep for a byte table");
            const auto child_depth = static_cast<std::uint8_t>(depth + 1);
            std::atomic<std::uint64_t> found{0};
            parallel_for_each(
                tbb::blocked_range<std::uint64_t>(0, current.words(), 256), [&](auto range) {
                    detail::ClaimBuffer claims(table, next, child_depth);
                    for (std::uint64_t w = range.begin(); w != range.end(); ++w) {
                        for (std::uint64_t bits = current.word(w); bits; bits &= bits - 1) {
                            const std::uint64_t r = w * 64 + std::countr_zero(bits);
                            domain.for_each_successor(domain.unrank(r),
                                                      [&](const auto& child, const auto&) {
                                                          claims.add(domain.rank(child));
                                                      });
                        }
                    }
                    found.fetch_add(claims.finish(), std::memory_order_relaxed);
                });
            count = found.load();
            if (count == 0) break;
            current.swap(next);
            next.clear_parallel();
        }
        for (std::uint64_t w = 0; w < current.words(); ++w)
            for (std::uint64_t bits = current.word(w); bits; bits &= bits - 1) {
                if (result.farthest.size() >= options.farthest_limit) return;
                result.farthest.push_back(w * 64 + std::countr_zero(bits));
            }
    });
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
