#include <frontier/domains/hanoi/hanoi.hpp>

#include <string>
#include <type_traits>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/error.hpp>

namespace frontier {

static_assert(SearchDomain<Hanoi>);
static_assert(PerfectHashDomain<Hanoi>);
static_assert(ReversibleDomain<Hanoi>);
static_assert(std::has_unique_object_representations_v<HanoiState>);
static_assert(sizeof(HanoiState) == 8 && sizeof(HanoiMove) == 2);

Hanoi::Hanoi(int disks) : disks_(disks) {
    if (disks < kMinDisks || disks > kMaxDisks)
        throw InputError("Towers of Hanoi needs " + std::to_string(kMinDisks) + " to " +
                         std::to_string(kMaxDisks) + " disks, got " + std::to_string(disks));
    bytes_ = (disks + 3) / 4;
    const std::uint64_t all = (std::uint64_t{1} << (2 * disks)) - 1;
    fields_ = all & kLowBits;
    goal_ = all & ~kLowBits;
    size_ = 1;
    for (int i = 0; i < disks; ++i) size_ *= 3;
}

}  // namespace frontier
