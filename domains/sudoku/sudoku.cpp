// Sudoku: the cell-by-cell CSP solver (method cells), plain search, and what every method shares
// (givens checks, solution checks, symmetric variants, the entry point solve_sudoku).
// Why this file is over 400 lines (about 430): the shared checks and the entry point dispatch over
// all three methods and belong beside the two solvers that are not in sudoku_bands.cpp.
#include <frontier/domains/sudoku/sudoku.hpp>

#include <algorithm>
#include <bit>
#include <utility>

#include <frontier/domains/sudoku/sudoku_bands.hpp>

namespace frontier {

namespace {

constexpr std::uint16_t kAllDigits = 0x1FF;

// The 27 units (rows 0-8, columns 9-17, boxes 18-26) and the 20 peers of every cell.
struct Tables {
    std::uint8_t unit[27][9];
    std::uint8_t peer[81][20];
    std::uint32_t units_of[81];  // bit u set for the 3 units of the cell
    constexpr Tables() : unit{}, peer{}, units_of{} {
        for (int i = 0; i < 9; ++i)
            for (int j = 0; j < 9; ++j) {
                unit[i][j] = static_cast<std::uint8_t>(9 * i + j);
                unit[9 + i][j] = static_cast<std::uint8_t>(9 * j + i);
                unit[18 + i][j] =
                    static_cast<std::uint8_t>(27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3);
            }
        for (int c = 0; c < 81; ++c) {
            units_of[c] = (1u << (c / 9)) | (1u << (9 + c % 9)) | (1u << (18 + box(c)));
            int k = 0;
            for (int p = 0; p < 81; ++p)
                if (p != c && (p / 9 == c / 9 || p % 9 == c % 9 || box(p) == box(c)))
                    peer[c][k++] = static_cast<std::uint8_t>(p);
        }
    }
    static constexpr int box(int c) { return (c / 27) * 3 + (c % 9) / 3; }
};
constexpr Tables kTables;

bool single(std::uint16_t m) {
    return (m & (m - 1)) == 0;
}
std::uint8_t digit_of(std::uint16_t bit) {
    return static_cast<std::uint8_t>(std::countr_zero(bit) + 1);
}

// ---------------------------------------------------------------------------------------------
// Cells (the earlier CSP): candidate masks, naked and hidden singles, minimum-remaining-values
// branching.

struct Board {
    std::uint16_t cand[81];  // candidate digits, bit d-1 for digit d
    std::uint32_t dirty;     // units whose candidates changed since their last hidden-single scan
    std::uint64_t open[2];   // cells not yet placed and propagated (0-63, 64-80)
    bool is_open(int c) const { return (open[c >> 6] >> (c & 63)) & 1; }
    void close(int c) { open[c >> 6] &= ~(1ull << (c & 63)); }
};

static_assert(sizeof(Board) == 184);

class CspSolver {
  public:
    explicit CspSolver(const SudokuOptions& o) : options_(o) {}

    // The givens must not clash (solve_sudoku checks that first).
    void run(const SudokuGrid& puzzle, SudokuResult& r) {
        // Candidates straight from the digits of each row, column and box: cheaper than
        // placing the givens one by one.
        std::uint16_t row[9] = {}, col[9] = {}, box[9] = {};
        for (int c = 0; c < 81; ++c)
            if (puzzle.cells[c] != 0) {
                const auto bit = static_cast<std::uint16_t>(1u << (puzzle.cells[c] - 1));
                row[c / 9] |= bit, col[c % 9] |= bit, box[Tables::box(c)] |= bit;
            }
        Board b;
        b.dirty = (1u << 27) - 1;
        b.open[0] = ~0ull;
        b.open[1] = (1ull << 17) - 1;
        bool ok = true;
        for (int c = 0; c < 81; ++c) {
            if (puzzle.cells[c] != 0) {
                b.cand[c] = static_cast<std::uint16_t>(1u << (puzzle.cells[c] - 1));
                b.close(c);
            } else {
                b.cand[c] = kAllDigits & ~(row[c / 9] | col[c % 9] | box[Tables::box(c)]);
                ok &= b.cand[c] != 0;
            }
        }
        // Empty cells with one candidate are naked singles: place them (with their peers).
        for (int c = 0; c < 81 && ok; ++c)
            if (b.is_open(c) && single(b.cand[c])) ok = place(b, c, b.cand[c]);
        result_ = &r;
        if (ok) {
            search(b);
        } else {
            ++r.nodes;  // the root, refuted while placing the givens
        }
        r.exhausted = !stopped_;
    }

  private:
    // Places the digit `bit` in `cell`, removes it from the peers and follows the naked singles
    // this creates. False on a contradiction (a cell left without candidates).
    static bool place(Board& b, int cell, std::uint16_t bit) {
        if ((b.cand[cell] & bit) == 0) return false;
        if (b.cand[cell] != bit) b.dirty |= kTables.units_of[cell];
        b.cand[cell] = bit;
        int stack[82];
        int top = 0;
        stack[top++] = cell;
        while (top > 0) {
            const int c = stack[--top];
            if (!b.is_open(c)) continue;
            b.close(c);
            const std::uint16_t d = b.cand[c];
            for (const std::uint8_t p : kTables.peer[c]) {
                std::uint16_t m = b.cand[p];
                if ((m & d) == 0) continue;
                m ^= d;
                b.cand[p] = m;
                b.dirty |= kTables.units_of[p];
                if (m == 0) return false;
                if (single(m)) stack[top++] = p;
            }
        }
        return true;
    }

    // Hidden singles: scans each unit whose candidates changed, with two masks, digits seen
    // once and digits seen twice. A digit seen nowhere is a contradiction (false); a digit
    // seen once, in a cell not yet placed, is placed there, which marks more units to scan.
    // Ends when no unit is left to scan.
    static bool propagate(Board& b) {
        while (b.dirty != 0) {
            const auto& unit = kTables.unit[std::countr_zero(b.dirty)];
            b.dirty &= b.dirty - 1;
            std::uint16_t once = 0, twice = 0, placed = 0;
            for (const std::uint8_t c : unit) {
                const std::uint16_t m = b.cand[c];
                twice |= once & m;
                once |= m;
                if (single(m)) placed |= m;  // outside place(), single means placed
            }
            if (once != kAllDigits) return false;
            for (std::uint16_t hidden = once & ~twice & ~placed; hidden != 0;
                 hidden &= hidden - 1) {
                const std::uint16_t bit = hidden & (0u - hidden);
                int cell = -1;
                for (const std::uint8_t c : unit)
                    if (b.cand[c] & bit) {
                        cell = c;
                        break;
                    }
                // Placing an earlier hidden single may have taken this digit's last place.
                if (cell < 0 || !place(b, cell, bit)) return false;
            }
        }
        return true;
    }

    // The open cell with the fewest candidates, or -1 if every cell is placed.
    static int most_constrained(const Board& b) {
        int best = -1, best_count = 10;
        for (int w = 0; w < 2; ++w)
            for (std::uint64_t open = b.open[w]; open != 0; open &= open - 1) {
                const int c = 64 * w + std::countr_zero(open);
                const int k = std::popcount(b.cand[c]);
                if (k < best_count) {
                    best = c, best_count = k;
                    if (k == 2) return best;
                }
            }
        return best;
    }

    void search(Board& b) {
        ++result_->nodes;
        if (!propagate(b)) return;
        const int cell = most_constrained(b);
        if (cell < 0) {
            record(b);
            return;
        }
        for (std::uint16_t m = b.cand[cell]; m != 0; m &= m - 1) {
            if (out_of_nodes()) return;
            Board child = b;
            if (place(child, cell, m & (0u - m)))
                search(child);
            else
                ++result_->nodes;  // refuted by its own placement
            if (stopped_) return;
        }
    }

    bool out_of_nodes() {
        if (options_.max_nodes != 0 && result_->nodes >= options_.max_nodes) stopped_ = true;
        return stopped_;
    }

    void record(const Board& b) {
        SudokuResult& r = *result_;
        if (r.solutions++ == 0)
            for (int c = 0; c < 81; ++c) r.solution.cells[c] = digit_of(b.cand[c]);
        if (options_.max_solutions != 0 && r.solutions >= options_.max_solutions) stopped_ = true;
    }

    const SudokuOptions& options_;
    SudokuResult* result_ = nullptr;
    bool stopped_ = false;
};

// ---------------------------------------------------------------------------------------------
// Plain search: fill the empty cells in row-major order with digits the rules allow.

class PlainSearch {
  public:
    explicit PlainSearch(const SudokuOptions& o) : options_(o) {}

    void run(const SudokuGrid& puzzle, SudokuResult& r) {
        grid_ = puzzle;
        for (int c = 0; c < 81; ++c) {
            if (puzzle.cells[c] == 0) {
                empty_[empties_++] = static_cast<std::uint8_t>(c);
            } else {
                toggle(c, std::uint16_t(1u << (puzzle.cells[c] - 1)));
            }
        }
        result_ = &r;
        fill(0);
        r.exhausted = !stopped_;
    }

  private:
    void toggle(int c, std::uint16_t bit) {
        row_[c / 9] ^= bit;
        col_[c % 9] ^= bit;
        box_[Tables::box(c)] ^= bit;
    }

    void fill(int k) {
        if (k == empties_) {
            record();
            return;
        }
        const int c = empty_[k];
        std::uint16_t allowed = kAllDigits & ~(row_[c / 9] | col_[c % 9] | box_[Tables::box(c)]);
        for (; allowed != 0; allowed &= allowed - 1) {
            if (options_.max_nodes != 0 && result_->nodes >= options_.max_nodes) {
                stopped_ = true;
                return;
            }
            ++result_->nodes;
            const std::uint16_t bit = allowed & (0u - allowed);
            grid_.cells[c] = digit_of(bit);
            toggle(c, bit);
            fill(k + 1);
            toggle(c, bit);
            if (stopped_) break;
        }
        grid_.cells[c] = 0;
    }

    void record() {
        SudokuResult& r = *result_;
        if (r.solutions++ == 0) r.solution = grid_;
        if (options_.max_solutions != 0 && r.solutions >= options_.max_solutions) stopped_ = true;
    }

    const SudokuOptions& options_;
    SudokuResult* result_ = nullptr;
    bool stopped_ = false;
    SudokuGrid grid_;
    std::uint16_t row_[9] = {}, col_[9] = {}, box_[9] = {};
    std::uint8_t empty_[81] = {};
    int empties_ = 0;
};

// One pass with a mask per row, column and box; the description is built only on a clash.
bool givens_clash(const SudokuGrid& g) {
    std::uint16_t row[9] = {}, col[9] = {}, box[9] = {};
    for (int c = 0; c < 81; ++c) {
        if (g.cells[c] == 0) continue;
        const std::uint16_t bit = static_cast<std::uint16_t>(1u << (g.cells[c] - 1));
        const int r = c / 9, k = c % 9, b = Tables::box(c);
        if ((row[r] | col[k] | box[b]) & bit) return true;
        row[r] |= bit, col[k] |= bit, box[b] |= bit;
    }
    return false;
}

}  // namespace

const char* to_string(SudokuStatus s) {
    switch (s) {
        case SudokuStatus::Solved:
            return "solved";
        case SudokuStatus::NoSolution:
            return "no_solution";
        case SudokuStatus::Contradiction:
            return "contradiction";
        case SudokuStatus::LimitReached:
            return "limit";
    }
    return "?";
}

const char* to_string(SudokuMethod m) {
    switch (m) {
        case SudokuMethod::Csp:
            return "csp";
        case SudokuMethod::Search:
            return "search";
        case SudokuMethod::Cells:
            return "cells";
    }
    return "?";
}

SudokuGrid sudoku_variant(const SudokuGrid& g, std::uint64_t seed) {
    // splitmix64, and Fisher-Yates on small arrays: no standard-library distribution, so the
    // variants are the same everywhere.
    auto next = [&seed] {
        std::uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    auto shuffle = [&next](int* a, int n) {
        for (int i = n - 1; i > 0; --i) {
            const int j = static_cast<int>(next() % static_cast<std::uint64_t>(i + 1));
            const int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    };
    int digit[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    shuffle(digit + 1, 9);
    // row[i]: the source row of row i; column likewise.
    int order[2][9];
    for (auto& line : order) {
        int group[3] = {0, 1, 2};
        shuffle(group, 3);
        for (int k = 0; k < 3; ++k) {
            int within[3] = {0, 1, 2};
            shuffle(within, 3);
            for (int i = 0; i < 3; ++i) line[3 * k + i] = 3 * group[k] + within[i];
        }
    }
    const bool transpose = (next() & 1) != 0;
    SudokuGrid out;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            int sr = order[0][r], sc = order[1][c];
            if (transpose) std::swap(sr, sc);
            out.cells[9 * r + c] = static_cast<std::uint8_t>(digit[g.cells[9 * sr + sc]]);
        }
    return out;
}

std::string sudoku_conflict(const SudokuGrid& g) {
    static const char* const kind[3] = {"row", "column", "box"};
    for (int u = 0; u < 27; ++u) {
        int seen[10] = {};  // 1 + index in the unit of the first cell holding the digit
        for (int i = 0; i < 9; ++i) {
            const int c = kTables.unit[u][i], d = g.cells[c];
            if (d == 0) continue;
            if (seen[d] != 0) {
                const int first = kTables.unit[u][seen[d] - 1];
                auto name = [](int cell) {
                    std::string s = "r";  // "r1c7"
                    s += static_cast<char>('1' + cell / 9);
                    s += 'c';
                    s += static_cast<char>('1' + cell % 9);
                    return s;
                };
                return "digit " + std::to_string(d) + " twice in " + kind[u / 9] + " " +
                       std::to_string(u % 9 + 1) + " (" + name(first) + ", " + name(c) + ")";
            }
            seen[d] = i + 1;
        }
    }
    return "";
}

SudokuResult solve_sudoku(const SudokuGrid& puzzle, const SudokuOptions& options) {
    SudokuResult r;
    std::uint8_t top = 0;
    for (std::uint8_t d : puzzle.cells) top = std::max(top, d);  // no early exit: vectorised
    if (top > 9) {
        r.status = SudokuStatus::Contradiction;
        r.contradiction = "a cell holds a value above 9";
        return r;
    }
    // Givens that clash make a contradiction, found here before any search for the cell solver
    // and plain search, which count on consistent givens. The band solver runs safely on any
    // givens and finds no solution where they clash (a solution holds every digit once per row,
    // column and box and keeps the givens; a clash empties a row, box or stack of the digit's
    // permutations at the root), so for it the check waits until it has found none: most puzzles
    // of a batch are solved, and the check cost a sixth of an easy puzzle's time.
    const auto clash = [&puzzle] {
        SudokuResult c;
        c.contradiction = sudoku_conflict(puzzle);
        c.status = SudokuStatus::Contradiction;
        c.exhausted = true;
        return c;
    };
    switch (options.method) {
        case SudokuMethod::Csp:
            detail::solve_sudoku_bands(puzzle, options, r);
            if (r.solutions == 0 && givens_clash(puzzle)) return clash();
            break;
        case SudokuMethod::Cells:
            if (givens_clash(puzzle)) return clash();
            CspSolver(options).run(puzzle, r);
            break;
        case SudokuMethod::Search:
            if (givens_clash(puzzle)) return clash();
            PlainSearch(options).run(puzzle, r);
            break;
    }
    if (r.solutions > 0)
        r.status = SudokuStatus::Solved;
    else
        r.status = r.exhausted ? SudokuStatus::NoSolution : SudokuStatus::LimitReached;
    return r;
}

bool is_sudoku_solution(const SudokuGrid& puzzle, const SudokuGrid& grid) {
    for (int c = 0; c < 81; ++c) {
        if (grid.cells[c] < 1 || grid.cells[c] > 9) return false;
        if (puzzle.cells[c] != 0 && puzzle.cells[c] != grid.cells[c]) return false;
    }
    return sudoku_conflict(grid).empty();
}

}  // namespace frontier
