#include <frontier/domains/pocket_cube/pocket_cube.hpp>

namespace frontier {

namespace detail {

const CoordinateMoves& coordinate_moves() {
    static const CoordinateMoves tables = [] {
        CoordinateMoves t{};
        for (std::size_t p = 0; p < t.permutation.size(); ++p)
            for (int id = 0; id < 9; ++id)
                t.permutation[p][id] = static_cast<std::uint16_t>(
                    permutation_of(apply_to_cubies(kPermutationStates[p], id)));
        for (std::size_t o = 0; o < t.orientation.size(); ++o)
            for (int id = 0; id < 9; ++id)
                t.orientation[o][id] = static_cast<std::uint16_t>(
                    orientation_of(apply_to_cubies(kOrientationStates[o], id)));
        return t;
    }();
    return tables;
}

}  // namespace detail

PocketCube::PocketCube(CubeMetric metric)
    : metric_(metric), move_count_(0), tables_(&detail::coordinate_moves()) {
    for (std::uint8_t id = 0; id < 9; ++id)
        if (metric == CubeMetric::Htm || id % 3 != 1) moves_[move_count_++] = id;
}

CornerCubies PocketCube::pack(const std::array<int, 8>& cubies, const std::array<int, 8>& twists) {
    std::uint64_t slots = 0;
    for (int i = 0; i < kSlots; ++i)
        slots |= static_cast<std::uint64_t>(cubies[i] | twists[i] << 3) << (8 * i);
    return CornerCubies{slots};
}

}  // namespace frontier
