// The pancake puzzle from its rules alone, for the tests: a stack is a vector of sizes 1..n from
// the top, a flip reverses a prefix, and a plain BFS over a map gives every stack's distance from
// the sorted one. Shares nothing with domains/pancake, so a wrong rule there cannot pass here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <queue>
#include <vector>

namespace frontier::test {

using PancakeStack = std::vector<int>;  // sizes 1..n, top first

// Distances from the sorted stack to every stack of n pancakes.
inline std::map<PancakeStack, int> pancake_distances(int n) {
    PancakeStack sorted(n);
    std::iota(sorted.begin(), sorted.end(), 1);
    std::map<PancakeStack, int> dist{{sorted, 0}};
    std::queue<PancakeStack> queue;
    queue.push(sorted);
    while (!queue.empty()) {
        const PancakeStack s = queue.front();
        queue.pop();
        for (int k = 2; k <= n; ++k) {
            PancakeStack t = s;
            std::reverse(t.begin(), t.begin() + k);
            if (dist.emplace(t, dist[s] + 1).second) queue.push(t);
        }
    }
    return dist;
}

// The states per distance.
inline std::vector<std::uint64_t> pancake_layers(const std::map<PancakeStack, int>& dist) {
    std::vector<std::uint64_t> layers;
    for (const auto& [stack, d] : dist) {
        if (layers.size() <= static_cast<std::size_t>(d)) layers.resize(d + 1);
        ++layers[d];
    }
    return layers;
}

}  // namespace frontier::test
