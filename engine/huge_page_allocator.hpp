// HugePageAllocator: a standard allocator for the containers that grow to gigabytes during a
// search (closed lists, open-list buckets).
//
// Blocks of 2 MiB and more are mapped directly with transparent huge pages advised
// (MappedRegion::anonymous's rule); smaller ones come from operator new. Why: a closed list grows
// by doubling, and every doubling touches a fresh array page by page. With 4 KiB pages that is one
// page fault per 4 KiB, and the faults of all threads queue on the process's memory-map lock:
// HDA* on Korf's mid-sized 15-puzzles spent a fifth of its time in the kernel and gained nothing
// from a second thread (docs/performance.md, "HDA*"). A 2 MiB page is one fault for 512 of them.
//
// Stateless, so every instance compares equal and containers move and swap freely. Thread-safe as
// operator new and mmap are. std::bad_alloc when the memory is refused.
#pragma once

#include <cstddef>
#include <new>

#include <sys/mman.h>

#include <frontier/engine/io/mapped_region.hpp>

namespace frontier {

template <class T>
struct HugePageAllocator {
    using value_type = T;

    HugePageAllocator() = default;
    template <class U>
    HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_alloc();
        const std::size_t bytes = n * sizeof(T);
        if (bytes < MappedRegion::kHugePageBytes)
            return static_cast<T*>(::operator new (bytes, std::align_val_t{alignof(T)}));
        return static_cast<T*>(MappedRegion::anonymous(bytes).release());
    }
    void deallocate(T* p, std::size_t n) noexcept {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < MappedRegion::kHugePageBytes)
            ::operator delete (p, bytes, std::align_val_t{alignof(T)});
        else
            ::munmap(p, bytes);
    }

    template <class U>
    friend bool operator==(const HugePageAllocator&, const HugePageAllocator<U>&) {
        return true;
    }
};

}  // namespace frontier
