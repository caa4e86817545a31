// engine/enumerate/ordered_batches.hpp: order, thread counts.
#include <vector>

#include <gtest/gtest.h>

#include <frontier/engine/enumerate/ordered_batches.hpp>
#include <frontier/engine/parallel.hpp>

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

// Without outputs (Out = void): each item points at its own slot, which map fills; write sees
// the batches in input order, each slot already filled.
TEST(OrderedBatches, WithoutOutputsMapsInPlaceAndWritesInInputOrder) {
    for (int threads : {1, 2, 3}) {
        std::vector<long> slots(5003, -1);
        std::vector<long> written;
        int next = 0;
        run_with_threads(threads, [&] {
            ordered_batches<long*, void>(
                4 * static_cast<std::size_t>(threads),
                [&](std::vector<long*>& in) {
                    while (in.size() < 16 && next < 5003) in.push_back(&slots[next++]);
                    return next < 5003;
                },
                [&](long* const& slot) { *slot = 3 * (slot - slots.data()); },
                [&](const std::vector<long*>& in) {
                    for (long* slot : in) written.push_back(*slot);
                });
        });
        ASSERT_EQ(written.size(), 5003u);
        for (int i = 0; i < 5003; ++i) ASSERT_EQ(written[i], 3 * i) << "item " << i;
    }
}

}  // namespace
}  // namespace frontier
