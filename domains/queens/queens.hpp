// N-Queens: place N queens on an N x N board so that no two share a row, a column or a diagonal.
//
// Counting (count()): bitboard backtracking, one row at a time. A partial placement is three
// masks of the next row's attacked columns: `cols` (columns taken), `left` and `right` (the two
// diagonal directions, shifted by one per row), so the free squares of a row are one expression
// and a placement is a few shifts and ORs. The mirror image of a solution is a different solution
// (N > 1), so only first-row queens in the left half are searched and counted twice (for odd N,
// a first-row queen in the middle column restricts the second row to the left half instead).
// The tree is cut into the placements of the first rows (a few hundred to a few thousand
// prefixes) and oneTBB counts the prefixes in parallel; the count is a sum of integers, so it is
// the same whatever the thread count.
//
// Unique solutions (under the 8 symmetries of the square) follow from Burnside's lemma: no
// solution with N > 1 is fixed by a reflection (two queens would share a row, a column or a
// diagonal), so unique = (total + fixed by the half turn + 2 * fixed by the quarter turn) / 8.
// The half-turn-symmetric solutions are counted by a separate backtracking over half the rows
// (each queen placed together with its image), which costs little beside the total; those that
// are also quarter-turn-symmetric are picked out at its leaves.
//
// Limits: count() takes 1 <= N <= 27 (27 is the largest N whose count is known; it fits in 64
// bits; the time grows about 7-fold per N). first_solution() takes 1 <= N <= 64 and uses a
// different search: most-constrained-row-first backtracking, which finds a solution at once for
// every N up to 64, whereas row-by-row backtracking needs millions of nodes past N = 30.
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
    std::uint64_t nodes = 0;         // queens placed by the total count (mirror half only)
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
