#include <frontier/domains/pancake/pancake_two_bit.hpp>

#include <frontier/domains/pancake/pancake_io.hpp>

namespace frontier {

TwoBitIdentity two_bit_identity(const PancakeTwoBitSpace& space) {
    const Pancake& puzzle = space.puzzle();
    return TwoBitIdentity{pancake_spec(puzzle),
                          format_pancake_state(puzzle, puzzle.goal()),
                          space.size(),
                          "bottom-lehmer",
                          {}};
}

}  // namespace frontier
