// BucketQueue: the open list of A* and greedy best-first search for small integer priorities.
//
// Buckets indexed by a primary key (f for A*, h for greedy), each split by a secondary key
// (g): pop() takes the smallest primary and, within it, the largest secondary, so A* prefers
// deeper nodes among equal f (fewer expansions on the last f layer). Push and pop are amortised
// O(1); memory is one vector per non-empty (primary, secondary) pair plus the entries. Entries
// are not deleted on improvement: callers skip stale ones when popped ("lazy deletion").
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace frontier {

template <class T>
class BucketQueue {
  public:
    void push(int primary, int secondary, const T& item) {
        if (primary >= static_cast<int>(buckets_.size())) buckets_.resize(primary + 1);
        auto& row = buckets_[primary];
        if (secondary >= static_cast<int>(row.size())) row.resize(secondary + 1);
        row[secondary].push_back(item);
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
        auto& row = buckets_[min_];
        int g = static_cast<int>(row.size()) - 1;
        while (row[g].empty()) --g;
        Entry e{min_, g, row[g].back()};
        row[g].pop_back();
        while (!row.empty() && row.back().empty()) row.pop_back();
        --size_;
        return e;
    }

  private:
    void settle() {
        while (min_ < static_cast<int>(buckets_.size()) && buckets_[min_].empty()) ++min_;
    }

    std::vector<std::vector<std::vector<T>>> buckets_;
    int min_ = 0;
    std::size_t size_ = 0;
};

}  // namespace frontier
