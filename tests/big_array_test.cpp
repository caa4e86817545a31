// BigArray::zero_parallel: every byte zero afterwards, whatever the size, the element type and
// where the threads' parts start (the streaming stores need 16-byte alignment; the parts' edges
// and the array's tail do not have it).
#include <algorithm>
#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

#include <frontier/engine/big_array.hpp>
#include <frontier/engine/parallel.hpp>

namespace frontier {
namespace {

template <class T>
bool bytes_all_zero(const BigArray<T>& a) {
    const auto* p = reinterpret_cast<const unsigned char*>(a.data());
    return std::all_of(p, p + a.size() * sizeof(T), [](unsigned char b) { return b == 0; });
}

TEST(BigArrayTest, ZeroParallelClearsEveryByte) {
    for (std::size_t n : {std::size_t{1}, std::size_t{15}, std::size_t{17}, std::size_t{1000},
                          (std::size_t{3} << 20) + 13}) {
        for (int threads : {1, 2}) {
            BigArray<std::uint8_t> bytes(n);
            std::memset(bytes.data(), 0xAB, n);
            run_with_threads(threads, [&] { bytes.zero_parallel(); });
            EXPECT_TRUE(bytes_all_zero(bytes)) << n << " bytes, " << threads << " threads";
            BigArray<std::uint64_t> words(n);
            std::fill(words.span().begin(), words.span().end(), ~std::uint64_t{0});
            run_with_threads(threads, [&] { words.zero_parallel(); });
            EXPECT_TRUE(bytes_all_zero(words)) << n << " words, " << threads << " threads";
        }
    }
}

TEST(BigArrayTest, ZeroParallelOfAnEmptyArrayDoesNothing) {
    BigArray<std::uint64_t> empty;
    empty.zero_parallel();
    EXPECT_EQ(empty.size(), 0U);
}

}  // namespace
}  // namespace frontier
