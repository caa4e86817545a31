// StateIndex: a map from packed states to dense indices (0, 1, 2, ... in insertion order) for
// searches that explore one small graph after another, as ClusterGraph does for every Rush Hour
// puzzle it grades.
//
// Open addressing with linear probing over one array of slots {state, index, epoch}, at most a
// quarter full, so that a lookup probes few slots (at most half full, Rush Hour explorations
// took 10% longer). Clearing starts a new epoch (a slot is live only when its epoch is the current
// one), so a worker that explores cluster after cluster never rewrites its array; the array is
// reallocated only when the next exploration needs more room, or four times less (a large array
// would spread a small cluster's probes over memory the caches do not hold). The caller may hash a
// state once and pass the hash to prefetch() and to find_or_insert(), so that the cache misses of a
// batch of lookups overlap.
//
// Why not absl::flat_hash_map: its insert path (control bytes, group probing, the growth policy)
// cost more than the probes themselves on clusters of a few thousand states held in L2, where an
// exploration is mostly lookups; a flat array of 16-byte slots measured faster there. Deletion is
// not supported. Memory: 4 to 16 slots of sizeof(State) + 8 bytes per entry. Not thread-safe.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <utility>

#include <absl/hash/hash.h>

namespace frontier {

template <class State>
class StateIndex {
  public:
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};

    // An 8-byte state with no padding: one multiply between two xor-folds, so that every bit of
    // the word reaches the low bits that pick the slot (lighter than Abseil's mix or
    // splitmix64, and measured faster on Rush Hour explorations). Other states: Abseil's hash.
    static std::uint64_t hash(const State& s) {
        if constexpr (sizeof(State) == 8 && std::has_unique_object_representations_v<State>) {
            std::uint64_t x;
            std::memcpy(&x, &s, 8);
            x ^= x >> 32;
            x *= 0x9E3779B97F4A7C15ull;
            return x ^ (x >> 32);
        } else {
            return absl::Hash<State>{}(s);
        }
    }

    // Forgets every entry and makes room for `expected` of them without growing.
    void clear(std::size_t expected) {
        const std::size_t want = std::bit_ceil(std::max<std::size_t>(4 * expected, 16));
        size_ = 0;
        if (capacity_ < want || capacity_ > 4 * want) {
            allocate(want);
        } else if (++epoch_ == 0) {  // after 2^32 clears, once: wipe the epochs
            for (std::size_t i = 0; i < capacity_; ++i) slots_[i].epoch = 0;
            epoch_ = 1;
        }
    }

    std::size_t size() const { return size_; }

    void prefetch(std::uint64_t h) const { __builtin_prefetch(&slots_[h & mask_]); }

    // The index of s; when s is absent, inserts it with index `next` (the caller's count, so
    // that indices stay dense). Returns {index, inserted}. May grow the array (std::bad_alloc
    // leaves the map unchanged).
    // (It grows before probing once one more entry would pass a quarter of the array, even when s
    // is there: one test, and a loop small enough to inline into the caller's.)
    std::pair<std::uint32_t, bool> find_or_insert(const State& s, std::uint64_t h,
                                                  std::uint32_t next) {
        if (4 * (size_ + 1) > capacity_) [[unlikely]]
            grow();
        for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
            Slot& slot = slots_[i];
            if (slot.epoch != epoch_) {
                slot = Slot{s, next, epoch_};
                ++size_;
                return {next, true};
            }
            if (slot.key == s) return {slot.value, false};
        }
    }

    // Room for `more` entries without growing (find_or_add does not grow).
    void make_room(std::size_t more) {
        while (4 * (size_ + more) > capacity_) grow();
    }
    // find_or_insert without a branch on the outcome: one probe loop that stops at s or at a
    // free slot, and an unconditional write of the slot. Returns s's index, `next` when s was
    // absent (and is now added). Needs room (make_room). For callers whose lookups insert often
    // and unpredictably, where the insert branch mispredicts.
    std::uint32_t find_or_add(const State& s, std::uint64_t h, std::uint32_t next) {
        std::size_t i = h & mask_;
        while (slots_[i].epoch == epoch_ && !(slots_[i].key == s)) i = (i + 1) & mask_;
        Slot& slot = slots_[i];
        const bool fresh = slot.epoch != epoch_;
        const std::uint32_t value = fresh ? next : slot.value;
        slot = Slot{s, value, epoch_};
        size_ += fresh;
        return value;
    }

    std::uint32_t find(const State& s) const {
        if (capacity_ == 0) return kNone;
        for (std::size_t i = hash(s) & mask_;; i = (i + 1) & mask_) {
            const Slot& slot = slots_[i];
            if (slot.epoch != epoch_) return kNone;
            if (slot.key == s) return slot.value;
        }
    }

  private:
    struct Slot {
        State key;
        std::uint32_t value;
        std::uint32_t epoch;  // 0: never written
    };

    void allocate(std::size_t capacity) {
        slots_ = std::make_unique<Slot[]>(capacity);  // value-initialised: epoch 0
        capacity_ = capacity;
        mask_ = capacity - 1;
        epoch_ = 1;
    }

    [[gnu::noinline]] void grow() {
        std::unique_ptr<Slot[]> old = std::move(slots_);
        const std::size_t old_capacity = capacity_;
        const std::uint32_t old_epoch = epoch_;
        try {
            allocate(std::max<std::size_t>(2 * old_capacity, 16));  // 16: never cleared yet
        } catch (...) {
            slots_ = std::move(old);
            capacity_ = old_capacity;
            mask_ = old_capacity - 1;
            epoch_ = old_epoch;
            throw;
        }
        for (std::size_t j = 0; j < old_capacity; ++j) {
            if (old[j].epoch != old_epoch) continue;
            std::size_t i = hash(old[j].key) & mask_;
            while (slots_[i].epoch == epoch_) i = (i + 1) & mask_;
            slots_[i] = Slot{old[j].key, old[j].value, epoch_};
        }
    }

    std::unique_ptr<Slot[]> slots_;
    std::size_t capacity_ = 0, mask_ = 0, size_ = 0;
    std::uint32_t epoch_ = 1;
};

}  // namespace frontier
