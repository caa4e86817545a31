#include "domains/queens/queens.hpp"

#include <bit>
#include <mutex>
#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include "engine/error.hpp"
#include "engine/parallel.hpp"
#include "engine/timer.hpp"

namespace frontier {

namespace {

// The attacked squares of the next row, and how many rows are still empty.
struct Placement {
    std::uint32_t cols = 0, left = 0, right = 0;
    int rows_left = 0;
    std::uint32_t weight = 1;  // how many solutions each completion stands for (mirror images)
};

// Counts the completions of a placement with `rows_left` >= 2 empty rows whose next row has the
// attacked masks (cols, left, right). Plain recursion measured faster than an explicit stack
// here (g++ 12 keeps the masks in registers); the last row is never entered: the free squares it
// would have (at most one) are counted with a popcount. `nodes` counts queens placed.
std::uint64_t count_below(std::uint32_t mask, std::uint32_t cols, std::uint32_t left,
                          std::uint32_t right, int rows_left, std::uint64_t& nodes) {
    std::uint32_t free = mask & ~(cols | left | right);
    nodes += std::popcount(free);
    std::uint64_t solutions = 0;
    if (rows_left == 2) {
        for (; free != 0; free &= free - 1) {
            const std::uint32_t bit = free & (0u - free);
            solutions +=
                std::popcount(mask & ~(cols | bit | ((left | bit) << 1) | ((right | bit) >> 1)));
        }
        nodes += solutions;
        return solutions;
    }
    for (; free != 0; free &= free - 1) {
        const std::uint32_t bit = free & (0u - free);
        solutions += count_below(mask, cols | bit, (left | bit) << 1, (right | bit) >> 1,
                                 rows_left - 1, nodes);
    }
    return solutions;
}

std::uint64_t count_completions(std::uint32_t mask, const Placement& p, std::uint64_t& nodes) {
    if (p.rows_left == 0) return 1;
    if (p.rows_left == 1) {
        const int last = std::popcount(mask & ~(p.cols | p.left | p.right));
        nodes += last;
        return last;
    }
    return count_below(mask, p.cols, p.left, p.right, p.rows_left, nodes);
}

// The placements of the first `depth` rows that the mirror symmetry leaves to search, each
// weighted 2: first-row queens in the left half, and for odd N a first-row queen in the middle
// column followed by a second-row queen in the left half.
void collect_prefixes(int n, int row, int depth, const Placement& p, bool middle_first,
                      std::vector<Placement>& out) {
    if (row == depth) {
        out.push_back(p);
        return;
    }
    const std::uint32_t mask = (1u << n) - 1;
    std::uint32_t free = mask & ~(p.cols | p.left | p.right);
    if (row == 0) free &= (1u << ((n + 1) / 2)) - 1;  // left half, and the middle for odd N
    if (row == 1 && middle_first) free &= (1u << (n / 2)) - 1;
    while (free != 0) {
        const std::uint32_t bit = free & (0u - free);
        free ^= bit;
        Placement next;
        next.cols = p.cols | bit;
        next.left = (p.left | bit) << 1;
        next.right = (p.right | bit) >> 1;
        next.rows_left = p.rows_left - 1;
        next.weight = 2;
        const bool middle = row == 0 && (n & 1) && bit == (1u << (n / 2));
        collect_prefixes(n, row + 1, depth, next, row == 0 ? middle : middle_first, out);
    }
}

struct Tally {
    std::uint64_t solutions = 0, nodes = 0;
};

Tally count_total(int n, int threads, std::uint64_t& tasks, const NQueens::Progress& progress) {
    if (n == 1) {
        tasks = 1;
        return {1, 1};
    }
    // Deep enough for a few hundred tasks per core at the sizes that take time.
    const int depth = n >= 12 ? 3 : n >= 3 ? 2 : 1;
    std::vector<Placement> prefixes;
    Placement root;
    root.rows_left = n;
    collect_prefixes(n, 0, depth, root, false, prefixes);
    tasks = prefixes.size();
    const std::uint32_t mask = (1u << n) - 1;
    std::mutex progress_mutex;
    std::uint64_t done = 0;
    return run_with_threads(threads, [&] {
        return tbb::parallel_reduce(
            tbb::blocked_range<std::size_t>(0, prefixes.size(), 1), Tally{},
            [&](const tbb::blocked_range<std::size_t>& r, Tally t) {
                for (std::size_t i = r.begin(); i != r.end(); ++i) {
                    std::uint64_t nodes = 0;
                    t.solutions += prefixes[i].weight * count_completions(mask, prefixes[i], nodes);
                    t.nodes += nodes;
                    if (progress) {
                        std::lock_guard lock(progress_mutex);
                        progress(++done, tasks);
                    }
                }
                return t;
            },
            [](Tally a, const Tally& b) {
                a.solutions += b.solutions;
                a.nodes += b.nodes;
                return a;
            });
    });
}

// Counts the solutions equal to their half-turn rotation: rows r and n-1-r are filled together,
// queen (r, c) with its image (n-1-r, n-1-c); for odd N the middle queen sits in the centre.
// At each leaf it also tests the quarter turn, which maps the queen (r, c) to (c, n-1-r).
class HalfTurnCounter {
  public:
    explicit HalfTurnCounter(int n) : n_(n) {}

    void run() {
        if (n_ & 1) {
            const int m = n_ / 2;
            if (!fits(m, m)) return;
            put(m, m);
        }
        place(0);
    }
    std::uint64_t half_turn = 0, quarter_turn = 0;

  private:
    bool fits(int r, int c) const {
        return !((cols_ >> c) & 1) && !((sums_ >> (r + c)) & 1) &&
               !((diffs_ >> (r - c + n_ - 1)) & 1);
    }
    void put(int r, int c) {
        cols_ ^= 1ull << c;
        sums_ ^= 1ull << (r + c);
        diffs_ ^= 1ull << (r - c + n_ - 1);
        column_[r] = c;
    }
    void place(int r) {
        if (r == n_ / 2) {
            ++half_turn;
            bool quarter = true;
            for (int i = 0; i < n_ && quarter; ++i) quarter = column_[column_[i]] == n_ - 1 - i;
            quarter_turn += quarter;
            return;
        }
        const int r2 = n_ - 1 - r;
        for (int c = 0; c < n_; ++c) {
            if (!fits(r, c)) continue;
            put(r, c);
            if (fits(r2, n_ - 1 - c)) {
                put(r2, n_ - 1 - c);
                place(r + 1);
                put(r2, n_ - 1 - c);  // put() toggles, so a second call takes the queen away
            }
            put(r, c);
        }
    }

    int n_;
    std::uint64_t cols_ = 0, sums_ = 0, diffs_ = 0;
    int column_[NQueens::kMaxCount] = {};
};

using u128 = unsigned __int128;

// Most-constrained-row-first backtracking for one solution (any N up to 64): the diagonals of a
// 64 x 64 board need 127 bits, hence the 128-bit masks.
class FirstSolution {
  public:
    explicit FirstSolution(int n) : n_(n), column_(n, -1) {
        full_ = n == 64 ? ~0ull : (1ull << n) - 1;
    }
    bool run() { return place(full_, 0, 0, 0); }
    const std::vector<int>& columns() const { return column_; }
    std::uint64_t nodes = 0;

  private:
    std::uint64_t free_in(int r, std::uint64_t cols, u128 sums, u128 diffs) const {
        // sums: bit r + c; diffs: bit c - r + n - 1. Both shifted so bit c is column c of row r.
        return full_ & ~cols & ~static_cast<std::uint64_t>(sums >> r) &
               ~static_cast<std::uint64_t>(diffs >> (n_ - 1 - r));
    }
    bool place(std::uint64_t rows, std::uint64_t cols, u128 sums, u128 diffs) {
        if (rows == 0) return true;
        int best = -1, best_count = 65;
        std::uint64_t best_free = 0;
        for (std::uint64_t left = rows; left != 0; left &= left - 1) {
            const int r = std::countr_zero(left);
            const std::uint64_t f = free_in(r, cols, sums, diffs);
            const int k = std::popcount(f);
            if (k < best_count) {
                best = r, best_count = k, best_free = f;
                if (k == 0) return false;
            }
        }
        for (std::uint64_t f = best_free; f != 0; f &= f - 1) {
            const int c = std::countr_zero(f);
            ++nodes;
            column_[best] = c;
            if (place(rows & ~(1ull << best), cols | (1ull << c), sums | (u128{1} << (best + c)),
                      diffs | (u128{1} << (c - best + n_ - 1))))
                return true;
        }
        column_[best] = -1;
        return false;
    }

    int n_;
    std::uint64_t full_;
    std::vector<int> column_;
};

}  // namespace

NQueens::NQueens(int n) : n_(n) {
    if (n < 1 || n > kMaxSolve)
        throw InputError("queens: N must be between 1 and " + std::to_string(kMaxSolve) + " (got " +
                         std::to_string(n) + ")");
}

QueensCount NQueens::count(int threads, bool unique, const Progress& progress) const {
    if (n_ > kMaxCount)
        throw InputError("queens: counting takes N <= " + std::to_string(kMaxCount) +
                         " (the largest N whose count is known; each N costs about 7 times "
                         "the one before)");
    Stopwatch clock;
    QueensCount c;
    c.n = n_;
    c.threads = resolve_threads(threads);
    const Tally t = count_total(n_, threads, c.tasks, progress);
    c.total = t.solutions;
    c.nodes = t.nodes;
    if (unique) {
        c.has_unique = true;
        if (n_ == 1) {
            c.half_turn = c.quarter_turn = c.unique = 1;  // every symmetry fixes the one queen
        } else {
            HalfTurnCounter h(n_);
            h.run();
            c.half_turn = h.half_turn;
            c.quarter_turn = h.quarter_turn;
            c.unique = (c.total + c.half_turn + 2 * c.quarter_turn) / 8;
        }
    }
    c.seconds = clock.seconds();
    return c;
}

std::vector<int> NQueens::first_solution(std::uint64_t* nodes) const {
    FirstSolution s(n_);
    const bool found = s.run();
    if (nodes) *nodes = s.nodes;
    return found ? s.columns() : std::vector<int>{};
}

bool is_queens_solution(std::span<const int> columns) {
    const int n = static_cast<int>(columns.size());
    if (n == 0) return false;
    for (int r = 0; r < n; ++r) {
        if (columns[r] < 0 || columns[r] >= n) return false;
        for (int q = 0; q < r; ++q) {
            const int dc = columns[r] - columns[q];
            if (dc == 0 || dc == r - q || dc == q - r) return false;
        }
    }
    return true;
}

}  // namespace frontier
