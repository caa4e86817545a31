#include <frontier/engine/two_bit/planes.hpp>

#include <cstring>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace frontier {

namespace {

std::uint64_t deposit(std::uint64_t x, std::uint64_t mask) {
#if defined(__BMI2__)
    return _pdep_u64(x, mask);
#else
    std::uint64_t out = 0;
    for (std::uint64_t bit = 1; mask != 0; bit <<= 1, mask &= mask - 1)
        if (x & bit) out |= mask & -mask;
    return out;
#endif
}

std::uint64_t extract(std::uint64_t x, std::uint64_t mask) {
#if defined(__BMI2__)
    return _pext_u64(x, mask);
#else
    std::uint64_t out = 0;
    for (std::uint64_t bit = 1; mask != 0; bit <<= 1, mask &= mask - 1)
        if (x & mask & -mask) out |= bit;
    return out;
#endif
}

// In the space's order, the entries of 32 blocks of every plane fill `planes` words: block i's
// entry of plane c is entry i * planes + c. A lane is the run of plane c's blocks (from `first`)
// that lands in one of those words, under `mask`.
struct Lane {
    int plane = 0, word = 0, first = 0;
    std::uint64_t mask = 0;
};

std::vector<Lane> lanes_of(int planes) {
    std::vector<Lane> lanes;
    for (int c = 0; c < planes; ++c)
        for (int i = 0; i < 32; ++i) {
            const int at = i * planes + c, word = at / 32;
            if (lanes.empty() || lanes.back().plane != c || lanes.back().word != word)
                lanes.push_back({c, word, i, 0});
            lanes.back().mask |= std::uint64_t{3} << (2 * (at % 32));
        }
    return lanes;
}

// Words per group of one plane: the largest divisor of a plane's words up to 512 (4 KiB), so
// that the groups' moves are long copies and a group of every plane fits in the L2 cache.
std::uint64_t group_words(std::uint64_t plane_words) {
    for (std::uint64_t b = std::min<std::uint64_t>(512, plane_words); b > 1; --b)
        if (plane_words % b == 0) return b;
    return 1;
}

// Transposes in place the rows x cols matrix (row-major) of elements of `b` words: element
// (r, c) moves to (c, r). The permutation's cycles are found first (index arithmetic only),
// then moved in parallel, each by pulling every element into its place behind one saved one.
void transpose_elements(std::uint64_t* data, std::uint64_t rows, std::uint64_t cols,
                        std::uint64_t b) {
    const std::uint64_t n = rows * cols;
    if (rows == 1 || cols == 1) return;
    // The element that lands at q comes from q * cols mod (n - 1) (the last one stays).
    auto source = [&](std::uint64_t q) {
        return static_cast<std::uint64_t>(static_cast<unsigned __int128>(q) * cols % (n - 1));
    };
    std::vector<bool> seen(n);
    std::vector<std::uint64_t> leaders;
    for (std::uint64_t p = 1; p + 1 < n; ++p) {
        if (seen[p]) continue;
        leaders.push_back(p);
        std::uint64_t q = p;
        do {
            seen[q] = true;
            q = source(q);
        } while (q != p);
    }
    const std::size_t bytes = b * sizeof(std::uint64_t);
    parallel_for_each(tbb::blocked_range<std::size_t>(0, leaders.size(), 1),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                          std::vector<std::uint64_t> saved(b);
                          for (std::size_t i = range.begin(); i < range.end(); ++i) {
                              const std::uint64_t p = leaders[i];
                              std::memcpy(saved.data(), data + p * b, bytes);
                              std::uint64_t q = p;
                              for (std::uint64_t s = source(q); s != p; q = s, s = source(q))
                                  std::memcpy(data + q * b, data + s * b, bytes);
                              std::memcpy(data + q * b, saved.data(), bytes);
                          }
                      });
}

struct Shape {
    std::uint64_t plane_words, b, groups;
};

Shape shape_of(const TwoBitTable& table, int planes) {
    const auto p = static_cast<std::uint64_t>(planes);
    if (planes < 1 || table.size() % (32 * p) != 0)
        throw InputError("two-bit planes: a table of " + std::to_string(table.size()) +
                         " entries is not whole words of " + std::to_string(planes) + " planes");
    const std::uint64_t plane_words = table.word_count() / p, b = group_words(plane_words);
    return {plane_words, b, plane_words / b};
}

// Every group of `planes` blocks of b words: from one block per plane to the space's order
// (interleave) or back.
template <bool kInterleave>
void convert_groups(std::uint64_t* words, int planes, const Shape& s) {
    const std::vector<Lane> lanes = lanes_of(planes);
    const std::uint64_t group = s.b * static_cast<std::uint64_t>(planes);
    parallel_for_each(
        tbb::blocked_range<std::uint64_t>(0, s.groups, 16),
        [&](const tbb::blocked_range<std::uint64_t>& range) {
            std::vector<std::uint64_t> copy(group);
            for (std::uint64_t g = range.begin(); g < range.end(); ++g) {
                std::uint64_t* base = words + g * group;
                std::memcpy(copy.data(), base, group * sizeof(std::uint64_t));
                std::memset(base, 0, group * sizeof(std::uint64_t));
                for (std::uint64_t q = 0; q < s.b; ++q) {
                    const auto row = q * static_cast<std::uint64_t>(planes);
                    for (const Lane& l : lanes) {
                        const std::uint64_t at = static_cast<std::uint64_t>(l.plane) * s.b + q;
                        if constexpr (kInterleave)
                            base[row + static_cast<std::uint64_t>(l.word)] |=
                                deposit(copy[at] >> (2 * l.first), l.mask);
                        else
                            base[at] |=
                                extract(copy[row + static_cast<std::uint64_t>(l.word)], l.mask)
                                << (2 * l.first);
                    }
                }
            }
        });
}

}  // namespace

void planes_to_space_order(TwoBitTable& table, int planes, int threads) {
    const Shape s = shape_of(table, planes);
    run_with_threads(threads, [&] {
        transpose_elements(table.words(), static_cast<std::uint64_t>(planes), s.groups, s.b);
        convert_groups<true>(table.words(), planes, s);
    });
}

void space_order_to_planes(TwoBitTable& table, int planes, int threads) {
    const Shape s = shape_of(table, planes);
    run_with_threads(threads, [&] {
        convert_groups<false>(table.words(), planes, s);
        transpose_elements(table.words(), s.groups, static_cast<std::uint64_t>(planes), s.b);
    });
}

}  // namespace frontier
