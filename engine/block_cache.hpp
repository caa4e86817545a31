// BlockCache: keeps freed memory blocks for reuse; CachingAllocator: a standard allocator over it.
//
// Why: a worker that runs one small search after another (a cluster BFS per puzzle) clears and
// refills the same hash table thousands of times per second. Abseil's clear() frees a table of
// more than 127 slots, so each puzzle would otherwise pay malloc, possibly fresh pages from the
// kernel, and a rehash at every doubling. With a CachingAllocator the table's backing arrays
// come back from the cache: after the first few puzzles a worker allocates nothing.
//
// The cache holds at most kMaxBlocks blocks (the largest ones: a new block evicts the smallest),
// matched by exact size and alignment, so its memory is bounded by a few times the largest table
// the worker used. Not thread-safe: one cache per worker, outliving every container using it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <new>
#include <vector>

namespace frontier {

class BlockCache {
  public:
    static constexpr std::size_t kMaxBlocks = 8;

    BlockCache() = default;
    BlockCache(const BlockCache&) = delete;
    BlockCache& operator=(const BlockCache&) = delete;
    ~BlockCache() {
        for (const Block& b : free_) release(b);
    }

    void* allocate(std::size_t bytes, std::size_t align) {
        for (std::size_t i = 0; i < free_.size(); ++i)
            if (free_[i].bytes == bytes && free_[i].align == align) {
                void* p = free_[i].p;
                free_[i] = free_.back();
                free_.pop_back();
                return p;
            }
        return ::operator new(bytes, std::align_val_t(align));
    }

    void deallocate(void* p, std::size_t bytes, std::size_t align) {
        if (free_.size() == kMaxBlocks) {
            auto smallest =
                std::min_element(free_.begin(), free_.end(),
                                 [](const Block& a, const Block& b) { return a.bytes < b.bytes; });
            if (smallest->bytes >= bytes) return release(Block{p, bytes, align});
            release(*smallest);
            *smallest = Block{p, bytes, align};
            return;
        }
        free_.push_back(Block{p, bytes, align});
    }

  private:
    struct Block {
        void* p;
        std::size_t bytes, align;
    };
    static void release(const Block& b) { ::operator delete(b.p, std::align_val_t(b.align)); }

    std::vector<Block> free_;
};

template <class T>
class CachingAllocator {
  public:
    using value_type = T;

    explicit CachingAllocator(BlockCache* cache) : cache_(cache) {}
    template <class U>
    CachingAllocator(const CachingAllocator<U>& other) : cache_(other.cache()) {}

    T* allocate(std::size_t n) {
        return static_cast<T*>(cache_->allocate(n * sizeof(T), alignof(T)));
    }
    void deallocate(T* p, std::size_t n) { cache_->deallocate(p, n * sizeof(T), alignof(T)); }

    BlockCache* cache() const { return cache_; }
    template <class U>
    bool operator==(const CachingAllocator<U>& o) const {
        return cache_ == o.cache();
    }

  private:
    BlockCache* cache_;
};

}  // namespace frontier
