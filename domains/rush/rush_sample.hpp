// Boards of the public Rush Hour database (rows of ../shared/data/rush_known.tsv) used as fixed
// workloads by `frontier bench` and the Google benchmarks: from 15 to 60 moves and from 377 to
// 12,020 states in a cluster. Ordered by cluster size.
#pragma once

#include <array>

namespace frontier {

struct RushSample {
    const char* board;
    int moves;
    int cluster_size;
};

inline constexpr std::array<RushSample, 14> kRushSample{{
    {"ooBoooooBooCooBAACDDDEoCoooEFFoooooo", 16, 377},
    {"BCCDooBoEDoFAAEooFGGHHHIooJooIooJooo", 15, 770},
    {"BoCDDDBoCEooBAAEooFFGGoHoooooHIIJJoH", 32, 1366},
    {"IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", 60, 2332},
    {"oooJLxCCCJLoHAAKooHoIKDDooIEEMoFFoxM", 54, 3461},
    {"ooooxoCCCJLoAAIJLMooIDDMHEEKooHFFKox", 50, 3874},
    {"ooIBBBooIKooAAJKoLCCJDDLGHEEoLGHFFoo", 50, 4643},
    {"GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", 51, 4780},
    {"BBCCCDEoFFGDEoAAGHIIJKKHLLJMooNNNMoo", 35, 4934},
    {"BBBCoDooECoDAAEooFooEGGFHHHoIooJJoIo", 20, 6444},
    {"BBCDooEoCDooEAADooEooFFFGGGoHIJJooHI", 28, 7422},
    {"BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN", 58, 9192},
    {"xCCoLMooJoLMAAJoLNHIDDDNHIoKEExooKGG", 51, 9360},
    {"oBBooMooJCCMAAJKLMHDDKLoHIoEEEHIFFGG", 15, 12020},
}};

}  // namespace frontier
