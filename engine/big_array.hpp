// BigArray<T>: an uninitialised array of trivially copyable T for tables of gigabytes.
//
// Large arrays (1 MiB and up) are mapped directly with mmap and advised to use transparent huge
// pages, which removes most TLB misses from the random probes of a layered BFS or a pattern
// database lookup; small ones come from operator new. The memory is not zeroed (callers fill it,
// in parallel). Move-only; not thread-safe to resize (it never resizes).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <new>
#include <span>
#include <type_traits>
#include <utility>

namespace frontier {

template <class T>
class BigArray {
    static_assert(std::is_trivially_copyable_v<T>);

  public:
    BigArray() = default;
    explicit BigArray(std::size_t n) : size_(n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes >= kMapThreshold) {
            void* p =
                ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED) throw std::bad_alloc();
            ::madvise(p, bytes, MADV_HUGEPAGE);
            data_ = static_cast<T*>(p);
            mapped_ = true;
        } else if (n > 0) {
            data_ = static_cast<T*>(::operator new(bytes));
        }
    }
    BigArray(BigArray&& o) noexcept { *this = std::move(o); }
    BigArray& operator=(BigArray&& o) noexcept {
        if (this != &o) {
            release();
            data_ = std::exchange(o.data_, nullptr);
            size_ = std::exchange(o.size_, 0);
            mapped_ = std::exchange(o.mapped_, false);
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
        if (!data_) return;
        if (mapped_)
            ::munmap(data_, size_ * sizeof(T));
        else
            ::operator delete(data_);
        data_ = nullptr;
    }

    T* data_ = nullptr;
    std::size_t size_ = 0;
    bool mapped_ = false;
};

}  // namespace frontier
