// N-Queens: place N queens on an N x N board so that no two share a row, a column or a diagonal.
//
// Counting (count()): bitboard backtracking, one row at a time. A partial placement is three
// masks of the next row's attacked columns: `cols` (columns taken), `left` and `right` (the two
// diagonal directions, shifted by one per row), so the free squares of a row are one expression
// and a placement is a few shifts and ORs.
//
// Symmetry: only one solution per class under the 8 rotations and reflections is searched for,
// its representative (the lexicographically smallest of the 8 images, reading the queens'
// columns row by row), and it counts for 8, 4 or 2 solutions as 1, 2 or 4 symmetries fix it.
// The representative's top queen is as close to a corner as any queen on the board's edge, so
// the search fixes the top queen at each distance b <= (N-1)/2 from the corner and forbids edge
// squares closer than b to a corner; a solution reaching the last row is then compared with its
// 7 other images (settled by their first rows except when edge queens tie). This is
// Takaken's classic method in other words; it visits about 2.3 times fewer nodes than searching
// half the first row, and gives the unique count for free.
//
// Parallelism: the placements of the first 3 or 4 rows (for every b) are a few hundred to a
// few thousand tasks counted by oneTBB; the counts are sums of integers, so they and the node
// count are the same whatever the thread count.
//
// Limits: count() takes 1 <= N <= 27 (27 is the largest N whose count is known; it fits in 64
// bits; the time grows about 7-fold per N). first_solution() takes 1 <= N <= 64 and uses a
// different search: most-constrained-row-first backtracking, which finds a solution at once for
// every N up to 64 (at most a few thousand nodes), whereas the first solution in row order takes
// 56 million nodes at N = 30 and 2.3 billion at N = 34.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace frontier {

struct QueensCount {
    int n = 0;
    std::uint64_t total = 0;         // all solutions
    std::uint64_t unique = 0;        // classes under rotation and reflection (if asked for)
    std::uint64_t half_turn = 0;     // solutions equal to their 180-degree rotation (if asked)
    std::uint64_t quarter_turn = 0;  // solutions equal to their 90-degree rotation (if asked)
    std::uint64_t nodes = 0;         // queens placed by the symmetry-reduced search
    std::uint64_t tasks = 0;         // first-row prefixes counted in parallel
    bool has_unique = false;
    int threads = 0;
    double seconds = 0;
};

class NQueens {
  public:
    static constexpr int kMaxCount = 27;
    static constexpr int kMaxSolve = 64;

    // Throws InputError unless 1 <= n <= kMaxSolve.
    explicit NQueens(int n);
    int size() const { return n_; }

    // Called with (prefixes done, prefixes in all) after each parallel task, one call at a time.
    using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

    // Counts all solutions (and, with `unique`, the symmetry classes) with `threads` workers
    // (0 = all cores). Throws InputError if n > kMaxCount.
    QueensCount count(int threads, bool unique, const Progress& progress = {}) const;

    // One solution as the queen's column in each row, or empty if there is none (N = 2, 3).
    // `nodes`, if given, receives the number of queens placed by the search.
    std::vector<int> first_solution(std::uint64_t* nodes = nullptr) const;

  private:
    int n_;
};

// True iff `columns` (the queen's column in each row) is a full non-attacking placement.
bool is_queens_solution(std::span<const int> columns);

}  // namespace frontier
