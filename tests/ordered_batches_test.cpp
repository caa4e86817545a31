// engine/ordered_batches.hpp and engine/block_cache.hpp: order, thread counts, reuse.
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "engine/block_cache.hpp"
#include "engine/ordered_batches.hpp"
#include "engine/parallel.hpp"

namespace frontier {
namespace {

// Squares of 0 .. n-1 read in batches of `batch`, collected in the order written.
std::vector<long> squares(int n, std::size_t batch, int threads) {
    std::vector<long> out;
    int next = 0;
    run_with_threads(threads, [&] {
        ordered_batches<int, long>(
            4 * static_cast<std::size_t>(threads),
            [&](std::vector<int>& in) {
                while (in.size() < batch && next < n) in.push_back(next++);
                return next < n;
            },
            [](const int& x, long& y) { y = static_cast<long>(x) * x; },
            [&](const std::vector<int>& in, const std::vector<long>& res) {
                EXPECT_EQ(in.size(), res.size());
                out.insert(out.end(), res.begin(), res.end());
            });
    });
    return out;
}

TEST(OrderedBatches, DeliversEveryResultInInputOrderForAnyThreadCount) {
    std::vector<long> expected(10007);
    for (int i = 0; i < 10007; ++i) expected[i] = static_cast<long>(i) * i;
    for (int threads : {1, 2, 3, 8})
        for (std::size_t batch : {1, 7, 64}) EXPECT_EQ(squares(10007, batch, threads), expected);
    EXPECT_TRUE(squares(0, 8, 2).empty());
    EXPECT_EQ(squares(1, 8, 2), std::vector<long>{0});
}

TEST(BlockCache, ReusesFreedBlocksAndKeepsOnlyTheLargest) {
    BlockCache cache;
    void* a = cache.allocate(4096, 16);
    cache.deallocate(a, 4096, 16);
    EXPECT_EQ(cache.allocate(4096, 16), a);  // the same block back
    void* b = cache.allocate(4096, 16);      // the cache is empty again: a new one
    EXPECT_NE(b, a);
    cache.deallocate(a, 4096, 16);
    cache.deallocate(b, 4096, 16);
    // Fill beyond kMaxBlocks with small blocks: the two large ones must survive.
    std::vector<void*> small;
    for (std::size_t i = 0; i < BlockCache::kMaxBlocks + 4; ++i)
        small.push_back(cache.allocate(64 + 64 * i, 8));
    for (std::size_t i = 0; i < small.size(); ++i) cache.deallocate(small[i], 64 + 64 * i, 8);
    void* x = cache.allocate(4096, 16);
    void* y = cache.allocate(4096, 16);
    EXPECT_TRUE((x == a && y == b) || (x == b && y == a));
    cache.deallocate(x, 4096, 16);
    cache.deallocate(y, 4096, 16);
    // A standard container through the allocator.
    std::vector<int, CachingAllocator<int>> v{CachingAllocator<int>(&cache)};
    v.resize(1000);
    std::iota(v.begin(), v.end(), 0);
    EXPECT_EQ(v[999], 999);
}

}  // namespace
}  // namespace frontier
