// select_bit: the position of the k-th set bit of a 32-bit mask, the step that turns a Lehmer
// digit ("the k-th cell still free") into a cell. One pdep with BMI2, else a loop of k steps.
#pragma once

#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace frontier {

// k counts from 0; mask must have more than k set bits.
inline int select_bit(std::uint32_t mask, int k) {
#if defined(__BMI2__)
    return std::countr_zero(_pdep_u32(1u << k, mask));
#else
    for (; k > 0; --k) mask &= mask - 1;
    return std::countr_zero(mask);
#endif
}

}  // namespace frontier
