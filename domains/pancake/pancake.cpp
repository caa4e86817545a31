#include <frontier/domains/pancake/pancake.hpp>

#include <string>
#include <type_traits>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/error.hpp>

namespace frontier {

static_assert(SearchDomain<Pancake>);
static_assert(PerfectHashDomain<Pancake>);
static_assert(ReversibleDomain<Pancake>);
static_assert(std::has_unique_object_representations_v<PancakeState>);
static_assert(sizeof(PancakeState) == 8 && sizeof(PancakeMove) == 1);

Pancake::Pancake(int pancakes) : n_(pancakes) {
    if (pancakes < kMinPancakes || pancakes > kMaxPancakes)
        throw InputError("the pancake puzzle needs " + std::to_string(kMinPancakes) + " to " +
                         std::to_string(kMaxPancakes) + " pancakes, got " +
                         std::to_string(pancakes));
    goal_ = 0;
    size_ = 1;
    for (int i = 0; i < pancakes; ++i) {
        goal_ |= static_cast<std::uint64_t>(i) << (4 * i);
        size_ *= static_cast<std::uint64_t>(i + 1);
    }
}

}  // namespace frontier
