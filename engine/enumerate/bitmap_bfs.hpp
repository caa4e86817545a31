// Parallel layered BFS over a domain whose states map injectively into [0, 2^k), counting the
// states of every layer; for spaces too sparse for a dense rank (peg solitaire: 187 million
// reachable boards among 2^33 masks).
//
// It needs an IndexedDomain (engine/concepts.hpp): index(s) injective into [0, 2^k). Unlike a
// PerfectHashDomain's rank, most indices need not be states. For a GradedDomain (every path from
// the roots to a state has the same length: each peg-solitaire jump removes one peg) a state can
// only ever be met in one layer, and the search keeps no visited set.
//
// Memory: two layer bitmaps of 2^k bits (the current layer and the next), plus a visited bitmap
// of 2^k bits unless the domain is graded; 2 GiB for peg solitaire's 2^33. The bitmaps are
// anonymous zero pages (mmap), so memory no layer touches is never committed, and each keeps one
// summary bit per 4 KiB block so that sparse layers scan only the blocks that hold states. They
// are advised to use transparent huge pages: a child lands anywhere in gigabytes, so with 4 KiB
// pages nearly every claim missed the TLB and the first touches of pages serialised in the
// kernel (two threads ran slower than one); with 2 MiB pages English peg solitaire enumerates in
// half the time on one thread and scales to two (docs/performance.md). The price is that a
// sparse run commits 2 MiB around each touched bit, at most the bitmaps' full size, which is
// what bitmap_bfs_bytes() asks the caller to have anyway.
//
// Each layer is a parallel loop (parallel_for_each) over the marked blocks of the current bitmap; a
// task reads each word, clears it (so the bitmap is empty again when the layer ends) and expands
// its states. Each child's word is prefetched when the child is generated, and the child is claimed
// a batch of 256 later with an atomic fetch_or on its bit in the next bitmap (and, for ungraded
// domains, first in the visited bitmap); the thread that flips the bit counts it. Bits are sets,
// so the layer counts and the farthest indices (the smallest ones of the last layer) are the same
// whatever the thread count.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <vector>

#include <tbb/blocked_range.h>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/io/mapped_region.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

// Bytes the bitmap BFS needs for indices of `bits` bits.
inline std::uint64_t bitmap_bfs_bytes(int bits, bool graded) {
    const std::uint64_t bitmap = (std::uint64_t{1} << bits) / 8 + 8;
    return bitmap * (graded ? 2 : 3);
}

namespace detail {

inline constexpr std::size_t kClaimBatch = 256;

// 2^k bits, zero-initialised lazily, with a summary bit per block of kBlockWords words.
class BlockBitmap {
  public:
    static constexpr std::uint64_t kBlockWords = 512;  // 4 KiB: one page, 32768 indices

    explicit BlockBitmap(int bits, bool with_summary)
        : words_(bits >= 6 ? std::uint64_t{1} << (bits - 6) : 1),
          blocks_((words_ + kBlockWords - 1) / kBlockWords),
          data_(words_),
          summary_(with_summary ? Words((blocks_ + 63) / 64) : Words()) {}

    std::uint64_t blocks() const { return blocks_; }
    bool test(std::uint64_t i) const {
        return std::atomic_ref<std::uint64_t>(data_.get()[i >> 6])
                       .load(std::memory_order_relaxed) >>
                   (i & 63) &
               1;
    }
    void prefetch(std::uint64_t i) const { __builtin_prefetch(data_.get() + (i >> 6), 1); }
    // Sets bit i; true when this call flipped it (exactly one caller does).
    bool claim(std::uint64_t i) {
        std::atomic_ref<std::uint64_t> word(data_.get()[i >> 6]);
        const std::uint64_t bit = std::uint64_t{1} << (i & 63);
        if (word.load(std::memory_order_relaxed) & bit) return false;  // the common case
        if (word.fetch_or(bit, std::memory_order_relaxed) & bit) return false;
        if (summary_) mark(i >> 6);
        return true;
    }
    // Blocks holding at least one set bit, ascending.
    std::vector<std::uint64_t> marked_blocks() const {
        std::vector<std::uint64_t> out;
        for (std::uint64_t w = 0; w < (blocks_ + 63) / 64; ++w)
            for (std::uint64_t bits = load(summary_.get() + w); bits; bits &= bits - 1)
                out.push_back(w * 64 + std::countr_zero(bits));
        return out;
    }
    // Calls f(index) for the set bits of a block in ascending order, clearing them.
    template <class F>
    void drain_block(std::uint64_t block, F&& f) {
        const std::uint64_t end = std::min(words_, (block + 1) * kBlockWords);
        for (std::uint64_t w = block * kBlockWords; w < end; ++w) {
            const std::uint64_t bits = load(data_.get() + w);
            if (bits == 0) continue;
            store(data_.get() + w, 0);
            for (std::uint64_t b = bits; b; b &= b - 1) f(w * 64 + std::countr_zero(b));
        }
    }
    // Up to `limit` set indices, ascending (without clearing them).
    std::vector<std::uint64_t> first_set(std::size_t limit) const {
        std::vector<std::uint64_t> out;
        for (std::uint64_t block : marked_blocks()) {
            const std::uint64_t end = std::min(words_, (block + 1) * kBlockWords);
            for (std::uint64_t w = block * kBlockWords; w < end; ++w)
                for (std::uint64_t b = load(data_.get() + w); b; b &= b - 1) {
                    if (out.size() >= limit) return out;
                    out.push_back(w * 64 + std::countr_zero(b));
                }
        }
        return out;
    }
    void clear_summary() {
        for (std::uint64_t w = 0; w < (blocks_ + 63) / 64; ++w) store(summary_.get() + w, 0);
    }
    void swap(BlockBitmap& o) noexcept {
        std::swap(words_, o.words_);
        std::swap(blocks_, o.blocks_);
        std::swap(data_, o.data_);
        std::swap(summary_, o.summary_);
    }

  private:
    // Every access is atomic (relaxed: plain moves on x86). Layers are ordered by the joins of
    // the parallel loops; within a layer the claims are the only shared writes.
    static std::uint64_t load(std::uint64_t* p) {
        return std::atomic_ref<std::uint64_t>(*p).load(std::memory_order_relaxed);
    }
    static void store(std::uint64_t* p, std::uint64_t v) {
        std::atomic_ref<std::uint64_t>(*p).store(v, std::memory_order_relaxed);
    }
    // A layer's words: fresh zeroed pages (huge pages for large layers), unmapped with it.
    class Words {
      public:
        Words() = default;
        explicit Words(std::uint64_t words)
            : region_(MappedRegion::anonymous(words * sizeof(std::uint64_t))) {}
        std::uint64_t* get() const { return static_cast<std::uint64_t*>(region_.data()); }
        explicit operator bool() const { return region_.data() != nullptr; }

      private:
        MappedRegion region_;
    };
    void mark(std::uint64_t word) {
        const std::uint64_t block = word / kBlockWords;
        std::atomic_ref<std::uint64_t> s(summary_.get()[block >> 6]);
        const std::uint64_t bit = std::uint64_t{1} << (block & 63);
        if (!(s.load(std::memory_order_relaxed) & bit)) s.fetch_or(bit, std::memory_order_relaxed);
    }

    std::uint64_t words_, blocks_;
    Words data_, summary_;
};

}  // namespace detail

// Searches from `roots` (depth 0) and counts the states of every depth. The result's `farthest`
// holds indices (smallest first) of the deepest layer reached. Runs in a task arena of
// options.threads threads (0: all cores); the domain's const members are called from all of them
// at once. The counts do not depend on the thread count. Throws InputError unless index_bits() is
// in 1..40.
template <IndexedDomain D>
LayeredBfsResult layered_bitmap_bfs(const D& domain, std::span<const typename D::State> roots,
                                    const LayeredBfsOptions& options = {}) {
    constexpr bool graded = GradedDomain<D>;
    const int bits = domain.index_bits();
    if (bits < 1 || bits > 40) throw InputError("layered_bitmap_bfs: index_bits must be in 1..40");
    LayeredBfsResult result;
    result.threads = resolve_threads(options.threads);
    Stopwatch clock;
    run_with_threads(result.threads, [&] {
        detail::BlockBitmap current(bits, true), next(bits, true);
        std::unique_ptr<detail::BlockBitmap> visited;
        if (!graded) visited = std::make_unique<detail::BlockBitmap>(bits, false);
        std::uint64_t count = 0;
        for (const auto& s : roots) {
            const std::uint64_t i = domain.index(s);
            if (visited) visited->claim(i);
            count += current.claim(i);
        }
        for (int depth = 0; count > 0; ++depth) {
            result.layers.push_back(count);
            result.reached += count;
            result.farthest = current.first_set(options.farthest_limit);
            if (options.on_layer) options.on_layer(depth, count, clock.seconds());
            if (depth == options.max_depth) {
                result.complete = false;
                break;
            }
            const std::vector<std::uint64_t> blocks = current.marked_blocks();
            std::atomic<std::uint64_t> found{0};
            parallel_for_each(tbb::blocked_range<std::size_t>(0, blocks.size(), 1), [&](auto r) {
                // Children land anywhere in a bitmap far larger than the caches, so they are
                // prefetched as they are generated and claimed a batch later, when their words
                // have arrived: many misses in flight instead of one at a time.
                std::uint64_t local = 0;
                std::array<std::uint64_t, detail::kClaimBatch> pending;
                std::size_t n = 0;
                auto flush = [&] {
                    for (std::size_t k = 0; k < n; ++k) {
                        if constexpr (!graded)
                            if (!visited->claim(pending[k])) continue;
                        local += next.claim(pending[k]);
                    }
                    n = 0;
                };
                for (std::size_t b = r.begin(); b != r.end(); ++b)
                    current.drain_block(blocks[b], [&](std::uint64_t i) {
                        domain.for_each_successor(domain.from_index(i),
                                                  [&](const auto& child, const auto&) {
                                                      const std::uint64_t c = domain.index(child);
                                                      if constexpr (!graded) visited->prefetch(c);
                                                      next.prefetch(c);
                                                      pending[n++] = c;
                                                      if (n == detail::kClaimBatch) flush();
                                                  });
                    });
                flush();
                found.fetch_add(local, std::memory_order_relaxed);
            });
            current.clear_summary();
            current.swap(next);
            count = found.load();
        }
    });
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
