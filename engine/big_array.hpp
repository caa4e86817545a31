// BigArray<T>: an uninitialised array of trivially copyable T for tables of gigabytes.
//
// Large arrays (1 MiB and up) are mapped directly (MappedRegion::anonymous: transparent huge
// pages from 2 MiB, which removes most TLB misses from the random probes of a layered BFS or a
// pattern database lookup); small ones come from operator new. The memory is not zeroed (callers
// fill it, in parallel: zero_parallel). Move-only; not thread-safe to resize (it never resizes).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <type_traits>
#include <utility>

#include <tbb/blocked_range.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <frontier/engine/io/mapped_region.hpp>
#include <frontier/engine/parallel.hpp>

namespace frontier {

template <class T>
class BigArray {
    static_assert(std::is_trivially_copyable_v<T>);

  public:
    BigArray() = default;
    explicit BigArray(std::size_t n) : size_(n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes >= kMapThreshold) {
            map_ = MappedRegion::anonymous(bytes);
            data_ = static_cast<T*>(map_.data());
        } else if (n > 0) {
            data_ = static_cast<T*>(::operator new(bytes));
        }
    }
    BigArray(BigArray&& o) noexcept { *this = std::move(o); }
    BigArray& operator=(BigArray&& o) noexcept {
        if (this != &o) {
            release();
            map_ = std::move(o.map_);
            data_ = std::exchange(o.data_, nullptr);
            size_ = std::exchange(o.size_, 0);
        }
        return *this;
    }
    BigArray(const BigArray&) = delete;
    BigArray& operator=(const BigArray&) = delete;
    ~BigArray() { release(); }

    T* data() { return data_; }
    const T* data() const { return data_; }
    std::size_t size() const { return size_; }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }
    std::span<T> span() { return {data_, size_}; }
    std::span<const T> span() const { return {data_, size_}; }

    // Writes zeros over the whole array, in parallel within the caller's thread arena, with
    // streaming stores where the CPU has them: they skip the read of every old line that plain
    // stores make, but leave nothing in the caches, so they suit arrays far larger than the
    // caches. A small layer of the 7x2 two-bit search, which clears its 680 MB frontier map,
    // took 65 ms instead of 87 (a timing harness outside the repository); the 12-cell boards,
    // whose maps and bitsets are tens of megabytes, measured no slower.
    void zero_parallel() {
        auto* bytes = reinterpret_cast<unsigned char*>(data_);
        parallel_for_each(tbb::blocked_range<std::size_t>(0, size_ * sizeof(T), kZeroGrain),
                          [&](const tbb::blocked_range<std::size_t>& r) {
                              zero_streaming(bytes + r.begin(), r.size());
                          });
    }

  private:
    static constexpr std::size_t kMapThreshold = std::size_t{1} << 20;
    static constexpr std::size_t kZeroGrain = std::size_t{1} << 19;

    static void zero_streaming(unsigned char* p, std::size_t n) {
#if defined(__SSE2__)
        const auto misaligned = static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(p) % 16);
        const std::size_t head = std::min(n, (16 - misaligned) % 16);
        std::memset(p, 0, head);
        p += head, n -= head;
        for (; n >= 16; p += 16, n -= 16)
            _mm_stream_si128(reinterpret_cast<__m128i*>(p), _mm_setzero_si128());
        _mm_sfence();  // streaming stores are not ordered by the task's completion
#endif
        std::memset(p, 0, n);
    }

    void release() {
        if (data_ && !map_.data()) ::operator delete(data_);
        map_.reset();
        data_ = nullptr;
    }

    MappedRegion map_;  // holds data_ when the array is large; empty otherwise
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace frontier
