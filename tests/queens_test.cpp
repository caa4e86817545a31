// N-Queens: the published counts (OEIS A000170 all solutions, A002562 unique under the 8
// symmetries) at several thread counts, agreement with a brute-force enumeration that
// canonicalises every solution, and valid single solutions for every N up to 64.
#include <algorithm>
#include <numeric>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/queens/queens.hpp>
#include <frontier/engine/error.hpp>

namespace frontier {
namespace {

// OEIS A000170, N = 1..14.
const std::vector<std::uint64_t> kTotal = {1,  0,   0,   2,    10,    4,     40,
                                           92, 352, 724, 2680, 14200, 73712, 365596};
// OEIS A002562, N = 1..12.
const std::vector<std::uint64_t> kUnique = {1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787};

TEST(Queens, TotalCountsMatchA000170AtEveryThreadCount) {
    for (int threads : {1, 2, 3, 8}) {
        for (int n = 1; n <= 14; ++n) {
            const QueensCount c = NQueens(n).count(threads, false);
            EXPECT_EQ(c.total, kTotal[n - 1]) << "N=" << n << ", " << threads << " threads";
            EXPECT_FALSE(c.has_unique);
            EXPECT_EQ(c.threads, threads);
        }
    }
}

TEST(Queens, UniqueCountsMatchA002562AtEveryThreadCount) {
    for (int threads : {1, 2, 4}) {
        for (int n = 1; n <= 12; ++n) {
            const QueensCount c = NQueens(n).count(threads, true);
            ASSERT_TRUE(c.has_unique);
            EXPECT_EQ(c.unique, kUnique[n - 1]) << "N=" << n << ", " << threads << " threads";
            EXPECT_EQ(c.total, kTotal[n - 1]);
        }
    }
}

TEST(Queens, NodeCountDoesNotDependOnThreads) {
    const std::uint64_t nodes = NQueens(12).count(1, false).nodes;
    EXPECT_GT(nodes, 14200u);
    for (int threads : {2, 3, 5}) EXPECT_EQ(NQueens(12).count(threads, false).nodes, nodes);
}

// Brute force: every permutation, diagonals checked, each solution reduced to the smallest of
// its 8 images.
struct BruteForce {
    std::uint64_t total = 0, unique = 0, half_turn = 0, quarter_turn = 0;
};

BruteForce brute_force(int n) {
    std::vector<int> p(n);
    std::iota(p.begin(), p.end(), 0);
    std::set<std::vector<int>> classes;
    BruteForce b;
    auto transform = [n](const std::vector<int>& s, int k) {
        // Queens as (row, col); apply k quarter turns then an optional mirror.
        std::vector<int> out(n);
        for (int r = 0; r < n; ++r) {
            int rr = r, cc = s[r];
            for (int t = 0; t < k % 4; ++t) {
                const int nr = cc, nc = n - 1 - rr;  // quarter turn
                rr = nr, cc = nc;
            }
            if (k >= 4) cc = n - 1 - cc;
            out[rr] = cc;
        }
        return out;
    };
    do {
        if (!is_queens_solution(p)) continue;
        ++b.total;
        std::vector<int> best = p;
        for (int k = 1; k < 8; ++k) best = std::min(best, transform(p, k));
        classes.insert(best);
        b.half_turn += transform(p, 2) == p;
        b.quarter_turn += transform(p, 1) == p;
    } while (std::next_permutation(p.begin(), p.end()));
    b.unique = classes.size();
    return b;
}

TEST(Queens, AgreesWithBruteForceIncludingSymmetricSolutions) {
    for (int n = 1; n <= 9; ++n) {
        const BruteForce b = brute_force(n);
        const QueensCount c = NQueens(n).count(2, true);
        EXPECT_EQ(c.total, b.total) << n;
        EXPECT_EQ(c.unique, b.unique) << n;
        EXPECT_EQ(c.half_turn, b.half_turn) << n;
        EXPECT_EQ(c.quarter_turn, b.quarter_turn) << n;
    }
}

TEST(Queens, FirstSolutionIsValidForEveryN) {
    for (int n = 1; n <= NQueens::kMaxSolve; ++n) {
        std::uint64_t nodes = 0;
        const std::vector<int> s = NQueens(n).first_solution(&nodes);
        if (n == 2 || n == 3) {
            EXPECT_TRUE(s.empty()) << n;
            continue;
        }
        ASSERT_EQ(static_cast<int>(s.size()), n);
        EXPECT_TRUE(is_queens_solution(s)) << n;
        EXPECT_GE(nodes, static_cast<std::uint64_t>(n));
    }
}

TEST(Queens, SolutionCheckerRejectsAttacks) {
    EXPECT_TRUE(is_queens_solution(std::vector<int>{1, 3, 0, 2}));
    EXPECT_FALSE(is_queens_solution(std::vector<int>{0, 2, 1, 3}));  // diagonal
    EXPECT_FALSE(is_queens_solution(std::vector<int>{1, 3, 1, 2}));  // column
    EXPECT_FALSE(is_queens_solution(std::vector<int>{}));
}

TEST(Queens, RejectsSizesOutOfRange) {
    EXPECT_THROW(NQueens(0), InputError);
    EXPECT_THROW(NQueens(65), InputError);
    EXPECT_THROW(NQueens(28).count(1, false), InputError);
}

}  // namespace
}  // namespace frontier
