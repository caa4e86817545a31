// TwoBitTable: the packed array of a two-bit distance table, 2 bits per entry (0 unreached, else
// 1 + depth mod 3), 32 entries to a 64-bit word. What the searches (engine/two_bit/bfs.hpp,
// engine/two_bit/distributed.hpp) fill and a caller saves, checkpoints or resumes from.
//
// Memory: entries / 4 bytes (BigArray: anonymous, huge pages). Thread safety: reads and claims
// are relaxed atomics on the word, so threads may read entries others are claiming; every
// claimer of an entry writes the same code in a layer, which is what makes that safe. The claims
// of an OwnedClaims are a plain read and write: only for the one writer of the words it claims
// in, during a layer in which no one else claims there.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>

#include <frontier/engine/big_array.hpp>
#include <frontier/engine/parallel.hpp>

namespace frontier {

// The packed array: entry i in bits 2 (i mod 32) of word i / 32. Reads and claims are atomic
// (relaxed), so searches may read entries other threads are claiming.
class TwoBitTable {
  public:
    static constexpr std::uint64_t kLow = 0x5555555555555555ull;  // the low bit of every entry

    explicit TwoBitTable(std::uint64_t entries) : entries_(entries), words_((entries + 31) / 32) {}

    std::uint64_t size() const { return entries_; }
    std::uint64_t word_count() const { return words_.size(); }
    std::uint64_t* words() { return words_.data(); }
    const std::uint64_t* words() const { return words_.data(); }
    // The bytes a table file stores: entries / 4, rounded up.
    std::span<const std::uint8_t> bytes() const {
        return {reinterpret_cast<const std::uint8_t*>(words_.data()), (entries_ + 3) / 4};
    }
    std::span<std::uint8_t> mutable_bytes() {
        return {reinterpret_cast<std::uint8_t*>(words_.data()), (entries_ + 3) / 4};
    }

    std::uint64_t word(std::uint64_t w) const {
        return std::atomic_ref<const std::uint64_t>(words_.data()[w])
            .load(std::memory_order_relaxed);
    }
    int get(std::uint64_t i) const { return static_cast<int>(word(i >> 5) >> (2 * (i & 31)) & 3); }
    void prefetch(std::uint64_t i) const { __builtin_prefetch(words_.data() + (i >> 5), 1); }
    // Sets entry i to `code` if it is 0; true when this call set it.
    bool claim(std::uint64_t i, int code) {
        std::atomic_ref<std::uint64_t> w(words_.data()[i >> 5]);
        const int shift = 2 * static_cast<int>(i & 31);
        if (w.load(std::memory_order_relaxed) >> shift & 3) return false;
        const std::uint64_t old =
            w.fetch_or(static_cast<std::uint64_t>(code) << shift, std::memory_order_relaxed);
        return (old >> shift & 3) == 0;
    }
    // claim() for the one writer of each word it claims in (engine/two_bit/zones.hpp): a plain
    // read and write, relaxed atomics with no read-modify-write and no branch on whether the
    // entry was free. A copy of the array's address and the code, so that a loop of claims keeps
    // them in registers (its stores would otherwise make the compiler reload the table's members).
    struct OwnedClaims {
        std::uint64_t* words;
        std::uint64_t code;

        void prefetch(std::uint64_t i) const { __builtin_prefetch(words + (i >> 5), 1); }
        // Sets entry i to the code if it is 0; true when it did.
        bool claim(std::uint64_t i) const {
            std::atomic_ref<std::uint64_t> w(words[i >> 5]);
            const int shift = 2 * static_cast<int>(i & 31);
            const std::uint64_t old = w.load(std::memory_order_relaxed);
            const bool fresh = (old >> shift & 3) == 0;
            w.store(old | (code * fresh) << shift, std::memory_order_relaxed);
            return fresh;
        }
        // claim_entries() for the one writer of word w: returns the entries it set.
        std::uint64_t claim_entries(std::uint64_t w, std::uint64_t entries) const {
            std::atomic_ref<std::uint64_t> word(words[w]);
            const std::uint64_t old = word.load(std::memory_order_relaxed);
            const std::uint64_t fresh = entries & matches(old, 0);
            word.store(old | fresh * code, std::memory_order_relaxed);
            return fresh;
        }
    };
    OwnedClaims owned_claims(int code) { return {words_.data(), static_cast<std::uint64_t>(code)}; }
    // Sets the entries of word w whose low bit is set in `entries` to `code`, where they are 0
    // (every claimer writes the same code); returns those this call set.
    std::uint64_t claim_entries(std::uint64_t w, std::uint64_t entries, int code) {
        std::atomic_ref<std::uint64_t> word(words_.data()[w]);
        const std::uint64_t old =
            word.fetch_or(entries * static_cast<std::uint64_t>(code), std::memory_order_relaxed);
        return entries & matches(old, 0);
    }
    // Clears every entry, in parallel (this also commits the pages).
    void clear(int threads);

    // Low bit set on each entry of `word` equal to `code`.
    static std::uint64_t matches(std::uint64_t word, int code) {
        const std::uint64_t x = word ^ (kLow * static_cast<std::uint64_t>(code));
        return ~(x | x >> 1) & kLow;
    }

  private:
    std::uint64_t entries_;
    BigArray<std::uint64_t> words_;
};

inline void TwoBitTable::clear(int threads) {
    run_with_threads(threads, [&] { words_.zero_parallel(); });
}

// The value stored for a depth.
inline int two_bit_code(int depth) {
    return 1 + depth % 3;
}

}  // namespace frontier
