#include "domains/pocket_cube/pocket_cube.hpp"

namespace frontier {

PocketCube::PocketCube(CubeMetric metric) : metric_(metric), move_count_(0) {
    for (std::uint8_t id = 0; id < 9; ++id)
        if (metric == CubeMetric::Htm || id % 3 != 1) moves_[move_count_++] = id;
}

CubeState PocketCube::pack(const std::array<int, 8>& cubies, const std::array<int, 8>& twists) {
    std::uint64_t slots = 0;
    for (int i = 0; i < kSlots; ++i)
        slots |= static_cast<std::uint64_t>(cubies[i] | twists[i] << 3) << (8 * i);
    return State{slots};
}

}  // namespace frontier
