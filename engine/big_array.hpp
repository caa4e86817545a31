// BigArray<T>: an uninitialised array of trivially copyable T for tables of gigabytes.
//
// Large arrays (1 MiB and up) are mapped directly (MappedRegion::anonymous: transparent huge
// pages from 2 MiB, which removes most TLB misses from the random probes of a layered BFS or a
// pattern database lookup); small ones come from operator new. The memory is not zeroed (callers
// fill it, in parallel). Move-only; not thread-safe to resize (it never resizes).
#pragma once

#include <cstddef>
#include <new>
#include <span>
#include <type_traits>
#include <utility>

#include "engine/mapped_region.hpp"

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

  private:
    static constexpr std::size_t kMapThreshold = std::size_t{1} << 20;

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
