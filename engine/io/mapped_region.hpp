// MappedRegion: owns one range obtained from mmap and unmaps it when destroyed.
//
// Move-only; a moved-from region is empty. The owner of a mapping (a table file, the reserved
// view of a sharded table, a BigArray, the bitmap BFS's layers) holds one of these and gets correct
// move and destruction for free instead of writing them by hand. Not thread-safe to move while
// another thread reads through it; reading the mapped bytes from any number of threads is the
// owner's business.
#pragma once

#include <cstddef>
#include <new>
#include <utility>

#include <sys/mman.h>

namespace frontier {

class MappedRegion {
  public:
    MappedRegion() = default;
    MappedRegion(void* data, std::size_t size) : data_(data), size_(size) {}
    MappedRegion(MappedRegion&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
    MappedRegion& operator=(MappedRegion&& o) noexcept {
        if (this != &o) {
            reset();
            data_ = std::exchange(o.data_, nullptr);
            size_ = std::exchange(o.size_, 0);
        }
        return *this;
    }
    // Fresh zeroed memory (anonymous pages, committed only when touched); std::bad_alloc when the
    // kernel refuses. Regions of 2 MiB and more are advised to use transparent huge pages, which
    // removes most TLB misses from the random probes of tables of gigabytes.
    static MappedRegion anonymous(std::size_t bytes) {
        void* p =
            ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
        if (bytes >= kHugePageBytes) ::madvise(p, bytes, MADV_HUGEPAGE);
        return MappedRegion(p, bytes);
    }
    static constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

    MappedRegion(const MappedRegion&) = delete;
    MappedRegion& operator=(const MappedRegion&) = delete;
    ~MappedRegion() { reset(); }

    void* data() const { return data_; }
    std::size_t size() const { return size_; }
    // Gives up ownership: the caller unmaps data() (size() bytes) itself.
    void* release() {
        size_ = 0;
        return std::exchange(data_, nullptr);
    }
    void reset() {
        if (data_) ::munmap(data_, size_);
        data_ = nullptr;
        size_ = 0;
    }

  private:
    void* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace frontier
