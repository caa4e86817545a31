// Six of Korf's 100 15-puzzle instances (#5, #20, #29, #36, #39, #50; goal blank first), each
// 0.3 to 0.6 million A* + linear-conflict expansions: the fixed set the HDA* benchmarks (Google
// Benchmark, the MPI driver and `frontier bench`) all measure, so their numbers compare.
#pragma once

#include <array>

namespace frontier {

inline constexpr std::array<const char*, 6> kKorfHdaSample = {
    "4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0", "6 12 11 3 13 7 9 15 2 14 8 10 4 1 5 0",
    "9 8 0 2 15 1 4 14 3 10 7 5 11 13 6 12", "12 6 0 4 7 3 15 1 13 9 8 11 2 14 5 10",
    "9 0 4 10 1 14 15 3 12 6 5 7 11 13 8 2", "12 5 13 11 2 10 0 9 7 8 4 3 14 6 15 1"};

}  // namespace frontier
