// BucketQueue: the open list of A* and greedy best-first search for small integer priorities.
//
// Buckets indexed by a primary key (f for A*, h for greedy), each split by a secondary key
// (g): pop() takes the smallest primary and, within it, the largest secondary, so A* prefers
// deeper nodes among equal f (fewer expansions on the last f layer). Push and pop are amortised
// O(1); memory is one vector per (primary, secondary) pair of a row with entries, plus the
// entries (large bucket vectors use huge pages, engine/huge_page_allocator.hpp). Entries
// are not deleted on improvement: callers skip stale ones when popped ("lazy deletion").
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <frontier/engine/huge_page_allocator.hpp>

namespace frontier {

template <class T>
class BucketQueue {
  public:
    void push(int primary, int secondary, const T& item) {
        if (primary >= static_cast<int>(buckets_.size())) buckets_.resize(primary + 1);
        Row& row = buckets_[primary];
        if (secondary >= static_cast<int>(row.by_secondary.size()))
            row.by_secondary.resize(secondary + 1);
        row.by_secondary[secondary].push_back(item);
        if (secondary > row.top) row.top = secondary;
        ++row.size;
        if (primary < min_) min_ = primary;
        ++size_;
    }

    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }

    // The smallest primary key present (only when not empty).
    int min_primary() {
        settle();
        return min_;
    }

    // Removes and returns {primary, secondary, item} with the smallest primary and largest
    // secondary. Only when not empty.
    struct Entry {
        int primary, secondary;
        T item;
    };
    Entry pop() {
        settle();
        Row& row = buckets_[min_];
        while (row.by_secondary[row.top].empty()) --row.top;
        auto& bucket = row.by_secondary[row.top];
        Entry e{min_, row.top, bucket.back()};
        bucket.pop_back();
        --size_;
        --row.size;  // an emptied row is freed when settle() moves past it, not here
        return e;
    }

  private:
    // One primary key's entries by secondary key. A bucket that empties keeps its capacity while
    // its row has entries: A* empties and refills the deepest bucket all the time, and freeing
    // it on every emptying meant a reallocation chain on every refill (pop() was a sixth of
    // HDA*'s time in perf before). The whole row is freed once the minimum moves past it, not
    // when it empties: under an exact heuristic every child goes back into the row just emptied,
    // and refilling a freed row re-grew its by_secondary index to g + 1 entries on every
    // expansion (quadratic in the solution's length: 2^17 - 1 Hanoi moves took 6 s).
    struct Row {
        std::vector<std::vector<T, HugePageAllocator<T>>> by_secondary;
        std::size_t size = 0;
        int top = -1;  // no bucket above this one has entries
    };

    void settle() {
        while (min_ < static_cast<int>(buckets_.size()) && buckets_[min_].size == 0)
            buckets_[min_++] = Row{};  // a finished row gives its memory back
    }

    std::vector<Row> buckets_;
    int min_ = 0;
    std::size_t size_ = 0;
};

}  // namespace frontier
