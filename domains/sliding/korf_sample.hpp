// Fixed sets of Korf's 100 15-puzzle instances (goal blank first) that the HDA* benchmarks (Google
// Benchmark, the MPI driver and `frontier bench`) measure, so their numbers compare.
//
// kKorfHdaSample: #5, #20, #29, #36, #39, #50, each 0.3 to 0.6 million A* + linear-conflict
// expansions (a quick set). kKorfHdaMidSample: #7, #37, #52, #27, the "mid-sized" instances of
// issue 23, 3.07, 3.00, 1.90 and 1.85 million expansions each, where the cost of sending children
// to other owners is measured on searches long enough for the per-search setup not to matter.
#pragma once

#include <array>

namespace frontier {

inline constexpr std::array<const char*, 6> kKorfHdaSample = {
    "4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0", "6 12 11 3 13 7 9 15 2 14 8 10 4 1 5 0",
    "9 8 0 2 15 1 4 14 3 10 7 5 11 13 6 12", "12 6 0 4 7 3 15 1 13 9 8 11 2 14 5 10",
    "9 0 4 10 1 14 15 3 12 6 5 7 11 13 8 2", "12 5 13 11 2 10 0 9 7 8 4 3 14 6 15 1"};

inline constexpr std::array<const char*, 4> kKorfHdaMidSample = {
    "2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0", "8 1 7 12 11 0 10 5 9 15 6 13 14 2 3 4",
    "10 8 0 12 3 7 6 2 1 14 4 11 15 13 9 5", "14 1 8 15 2 6 0 3 9 12 10 13 4 7 5 11"};

}  // namespace frontier
