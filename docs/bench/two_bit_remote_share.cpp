// The share of a state's neighbours that lie in another rank's slice of a distributed two-bit
// table (engine/two_bit/distributed.hpp), sampled from 400,000 random states per board: the
// "remote neighbours per state" of the 5x3 and 4x4 plan in docs/architecture.md.
//
// Not part of the build. From the repository root, after `ninja -C build`:
// clang-format off
//   g++ -std=c++20 -O2 -march=native -I. -Ibuild/include docs/bench/two_bit_remote_share.cpp build/domains/libfrontier_domains.a build/engine/libfrontier_engine.a -ltbb -o /tmp/two_bit_remote_share
//   /tmp/two_bit_remote_share
// clang-format on
#include <cstdio>
#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include <frontier/engine/two_bit/distributed.hpp>
#include <random>
using namespace frontier;
int main() {
    for (auto [r, c] : {std::pair{7, 2}, {5, 3}, {4, 4}}) {
        SlidingTwoBitSpace space{SlidingTiles(r, c)};
        for (int n : {2, 10, 160}) {
            const SliceLayout layout = two_bit_slice_layout(space.size(), space.period(), n);
            std::mt19937_64 rng(1);
            auto cursor = space.cursor();
            double remote = 0, total = 0;
            const int samples = 400000;
            for (int i = 0; i < samples; ++i) {
                const std::uint64_t x = rng() % space.size();
                cursor.go(x / space.period());
                std::uint64_t out[4];
                const int k = cursor.neighbors(int(x % space.period()), out);
                for (int j = 0; j < k; ++j) remote += layout.owner(out[j]) != layout.owner(x);
                total += k;
            }
            std::printf(
                "%dx%d ranks %3d: slice %.3g entries (%.2f GB), neighbours/state %.3f, "
                "remote/state %.4f\n",
                r, c, n, double(layout.slice), layout.slice / 4e9, total / samples,
                remote / samples);
        }
    }
}
