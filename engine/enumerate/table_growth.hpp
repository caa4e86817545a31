// grow_or_abandon: inserts into an Abseil hash table so that running out of memory while the
// table grows cannot corrupt the process.
//
// Why: Abseil 20220623 (Debian bookworm's) raw_hash_set::resize stores the new capacity before it
// allocates the new array. When that allocation throws std::bad_alloc, the table is left with the
// old array and the new capacity, and its destructor reads past the old array and frees it at
// the new, larger size. With HugePageAllocator that free is a munmap of twice the array: it
// unmapped the text of a neighbouring shared library, and `frontier solve` printed "out of memory"
// and then crashed at exit (about one run in twenty under `ulimit -v`). CachingAllocator would
// file the block under the wrong size and hand it out again.
//
// So a table whose insertion threw std::bad_alloc is moved aside (the move copies four fields and
// touches no slot) into storage that is never destroyed, and the exception goes on. The caller's
// table is then empty and valid. The cost: the abandoned array stays mapped until the process
// ends, only after an out-of-memory failure; nothing on the path that does not throw.
// Thread-safe for different tables.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>

namespace frontier {

namespace detail {

// Moves `table` into storage that is never destroyed. The first kSlots of each table type use a
// static pool, because the heap is likely exhausted at this point.
template <class Table>
void abandon_table(Table& table) noexcept {
    constexpr int kSlots = 64;
    alignas(Table) static std::byte pool[kSlots][sizeof(Table)];
    static std::atomic<int> used{0};
    const int slot = used.fetch_add(1, std::memory_order_relaxed);
    void* where = slot < kSlots ? pool[slot] : ::operator new(sizeof(Table), std::nothrow);
    if (where == nullptr) std::abort();  // 64 failures and no heap left: nothing safe remains
    ::new (where) Table(std::move(table));
}

}  // namespace detail

// Returns insert(); when it throws std::bad_alloc, abandons `table` first, then rethrows.
template <class Table, class Insert>
decltype(auto) grow_or_abandon(Table& table, Insert&& insert) {
    try {
        return insert();
    } catch (const std::bad_alloc&) {
        detail::abandon_table(table);
        throw;
    }
}

}  // namespace frontier
