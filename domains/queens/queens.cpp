#include <frontier/domains/queens/queens.hpp>

#include <algorithm>
#include <bit>
#include <mutex>
#include <string>

#include <tbb/blocked_range.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

namespace {

// Symmetry-reduced counting. Each solution is compared with its 8 images as the sequence of
// its queens' columns, row by row; the lexicographically smallest image is the class's
// representative, and only representatives are counted, each standing for 8 / (number of
// symmetries fixing it) solutions. In the representative the top queen is at the smallest
// distance b from a corner of any queen on the board's edge (the top rows of the 8 images are
// the 4 edge queens read from either corner), so the search fixes the top queen at column b,
// b <= (N-1)/2, and prunes every queen on an edge closer than b to a corner:
//   - side columns (0, N-1): no queen in rows < b or > N-1-b, and a side column still empty at
//     row N-1-b must be filled there (both empty: no completion);
//   - bottom row: no queen in columns < b or > N-1-b;
//   - b = 0 (a corner queen): the representative precedes its transpose, whose second row
//     holds the row of our column-1 queen; so if our second queen is in column c, the column-1
//     queen lies below row c: no queen in column 1 in rows 2 .. c-1.
// The pruning only removes non-representatives; the leaf test then compares the solution with
// its 7 other images exactly (usually settled by their first rows).

struct Tally {
    std::uint64_t total = 0, unique = 0, half_turn = 0, quarter_turn = 0, nodes = 0;
    Tally& operator+=(const Tally& t) {
        total += t.total;
        unique += t.unique;
        half_turn += t.half_turn;
        quarter_turn += t.quarter_turn;
        nodes += t.nodes;
        return *this;
    }
};

// A placement of the first rows, searched as one parallel task.
struct Prefix {
    int rows = 0;  // rows placed
    std::uint32_t cols = 0, left = 0, right = 0;
    std::uint8_t column[NQueens::kMaxCount] = {};
};

class SymmetricCounter {
  public:
    SymmetricCounter(int n, int corner_distance, int second_column)
        : n_(n), b_(corner_distance), mask_((1u << n) - 1), side_(1u | (1u << (n - 1))) {
        for (int y = 0; y < n; ++y) {
            std::uint32_t no = 0;
            if (b_ > 0 && (y < b_ || y > n - 1 - b_)) no |= side_;
            if (b_ == 0 && y >= 2 && y < second_column) no |= 2u;
            if (y == n - 1)
                for (int c = 0; c < n; ++c)
                    if (c < b_ || c > n - 1 - b_) no |= 1u << c;
            excluded_[y] = no;
        }
        fill_row_ = b_ > 0 ? n - 1 - b_ : -1;
    }

    // Counts the solutions below `p` into `tally`.
    void search(const Prefix& p) {
        for (int y = 0; y < p.rows; ++y) column_[y] = p.column[y];
        tally.nodes += place<false>(p.rows, p.cols, p.left, p.right);
    }
    // Collects the placements of the first `rows` rows below `p` (the parallel tasks).
    void collect(const Prefix& p, int rows, std::vector<Prefix>& out) {
        for (int y = 0; y < p.rows; ++y) column_[y] = p.column[y];
        stop_ = rows;
        out_ = &out;
        place<true>(p.rows, p.cols, p.left, p.right);
    }

    Tally tally;

  private:
    // Returns the queens placed below row y (the node count).
    template <bool Collect>
    std::uint64_t place(int y, std::uint32_t cols, std::uint32_t left, std::uint32_t right) {
        if constexpr (Collect) {
            if (y == stop_) {
                Prefix p;
                p.rows = y;
                p.cols = cols, p.left = left, p.right = right;
                for (int i = 0; i < y; ++i) p.column[i] = static_cast<std::uint8_t>(column_[i]);
                out_->push_back(p);
                return 0;
            }
        }
        std::uint32_t free = mask_ & ~(cols | left | right | excluded_[y]);
        if (y == fill_row_) {
            const std::uint32_t empty_sides = side_ & ~cols;
            if (empty_sides == side_) return 0;
            if (empty_sides != 0) free &= empty_sides;
        }
        if (y == n_ - 1) {
            if (free == 0) return 0;
            column_[y] = std::countr_zero(free);
            leaf();
            return 1;
        }
        std::uint64_t nodes = std::popcount(free);
        for (; free != 0; free &= free - 1) {
            const std::uint32_t bit = free & (0u - free);
            column_[y] = std::countr_zero(bit);
            nodes += place<Collect>(y + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
        return nodes;
    }

    // Compares the solution with one image given as image(k) = its column in row k: -1 if the
    // image is smaller, 0 if equal, 1 if larger.
    template <class Image>
    int compare(Image image) const {
        for (int k = 0; k < n_; ++k) {
            const int v = image(k);
            if (v != column_[k]) return v < column_[k] ? -1 : 1;
        }
        return 0;
    }

    // Counts the solution if it is its class's representative. The images' first entries are
    // corner distances of edge queens (never below b): the mirror's is N-1-b > b, the others
    // tie with b only through the bottom queen or the side columns' queens, so a solution
    // without such a tie is a representative fixed by nothing (orbit 8). With b = 0 there is
    // never a tie: the other corners are attacked or in row 0, and the column-1 rule already
    // put the solution below its transpose.
    void leaf() {
        const int m = n_ - 1;
        if (b_ > 0) {
            int side_row[2] = {0, 0};  // rows of the queens in columns 0 and N-1
            for (int r = 0; r < n_; ++r) {
                if (column_[r] == 0) side_row[0] = r;
                if (column_[r] == m) side_row[1] = r;
            }
            const int bottom = column_[m];
            const bool tie = bottom == b_ || bottom == m - b_ || side_row[0] == b_ ||
                             side_row[0] == m - b_ || side_row[1] == b_ || side_row[1] == m - b_;
            if (tie) return compare_images();
        }
        tally.unique += 1;
        tally.total += 8;
    }

    // The full test against the 7 other images: mirror, upside down, half turn, transpose,
    // quarter turn, three quarters, anti-transpose.
    void compare_images() {
        const int n = n_, m = n - 1;
        const int* col = column_;
        int row_of[NQueens::kMaxCount];
        for (int r = 0; r < n; ++r) row_of[col[r]] = r;
        const int order[7] = {
            compare([&](int k) { return m - col[k]; }),
            compare([&](int k) { return col[m - k]; }),
            compare([&](int k) { return m - col[m - k]; }),
            compare([&](int k) { return row_of[k]; }),
            compare([&](int k) { return m - row_of[k]; }),
            compare([&](int k) { return row_of[m - k]; }),
            compare([&](int k) { return m - row_of[m - k]; }),
        };
        int fixed_by = 1;
        for (int o : order) {
            if (o < 0) return;  // not the representative of its class
            fixed_by += o == 0;
        }
        const std::uint64_t orbit = 8 / fixed_by;
        tally.unique += 1;
        tally.total += orbit;
        if (fixed_by >= 2) tally.half_turn += orbit;     // fixed by the half turn
        if (fixed_by == 4) tally.quarter_turn += orbit;  // and by the quarter turns
    }

    int n_, b_;
    std::uint32_t mask_, side_;
    std::uint32_t excluded_[NQueens::kMaxCount] = {};
    int fill_row_;
    int column_[NQueens::kMaxCount] = {};
    int stop_ = -1;
    std::vector<Prefix>* out_ = nullptr;
};

// The second row's column matters only for b = 0 (the column-1 rule).
int second_column(const Prefix& p) {
    return p.rows >= 2 ? p.column[1] : 0;
}

Tally count_classes(int n, int threads, std::uint64_t& task_count,
                    const NQueens::Progress& progress) {
    if (n == 1) {
        task_count = 1;
        return {1, 1, 1, 1, 1};  // every symmetry fixes the single queen
    }
    // Tasks: for each corner distance b, the placements of the first rows (deep enough for a
    // few thousand tasks at the sizes that take time).
    const int depth = std::min(n - 1, n >= 14 ? 4 : 3);
    std::vector<std::pair<int, Prefix>> tasks;
    for (int b = 0; b < n - 1 - b; ++b) {
        Prefix top;
        top.rows = 1;
        top.column[0] = static_cast<std::uint8_t>(b);
        const std::uint32_t bit = 1u << b;
        top.cols = bit, top.left = bit << 1, top.right = bit >> 1;
        // Rows 0 and 1 first (row 1 decides the b = 0 exclusions), then the rest of the prefix.
        std::vector<Prefix> seconds, prefixes;
        SymmetricCounter(n, b, n).collect(top, std::min(2, n - 1), seconds);
        for (const Prefix& p : seconds) {
            prefixes.clear();
            SymmetricCounter(n, b, second_column(p)).collect(p, depth, prefixes);
            for (const Prefix& q : prefixes) tasks.emplace_back(b, q);
        }
    }
    task_count = tasks.size();
    std::mutex progress_mutex;
    std::uint64_t done = 0;
    Tally total;
    std::mutex total_mutex;
    run_with_threads(threads, [&] {
        parallel_for_each(tbb::blocked_range<std::size_t>(0, tasks.size(), 1), [&](const auto& r) {
            Tally t;
            for (std::size_t i = r.begin(); i != r.end(); ++i) {
                const auto& [b, prefix] = tasks[i];
                SymmetricCounter counter(n, b, second_column(prefix));
                counter.search(prefix);
                t += counter.tally;
                if (progress) {
                    std::lock_guard lock(progress_mutex);
                    progress(++done, tasks.size());
                }
            }
            std::lock_guard lock(total_mutex);
            total += t;  // sums: the same whatever the order
        });
    });
    return total;
}

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
    const Tally t = count_classes(n_, threads, c.tasks, progress);
    c.total = t.total;
    c.nodes = t.nodes;
    c.has_unique = unique;
    if (unique) {
        c.unique = t.unique;
        c.half_turn = t.half_turn;
        c.quarter_turn = t.quarter_turn;
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
