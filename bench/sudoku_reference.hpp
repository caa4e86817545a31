// The benchmarks' reference Sudokus and the sets made from them, deterministically
// (sudoku_variant: splitmix64, no std distribution), for bench/sudoku_bench.cpp and
// docs/bench/sudoku_vs_tdoku.cpp (built outside CMake, so it passes the file's path itself).
//
// The reference file, sudoku.tsv: a header line, then "puzzle<TAB>solution" rows
// (../shared/data/README), read on every call; callers keep what they derive from it in a
// function-local static. The sets:
// - hard: each reference puzzle in 64 symmetric variants (seed 1000 * i + v: digits relabelled,
//   rows and columns permuted inside bands and stacks, bands and stacks permuted, transposed).
// - minimal: 256 variants of the solutions, givens removed in a seeded order while the puzzle
//   stays unique (about 22-26 clues), as random puzzles from a generator look.
// - mixed: 256 variants of the hard puzzles made the way test sets of solvers are (tdoku's
//   test/test_puzzles, for one): half as they are, a quarter with one more given that clashes
//   with no other but is not the solution's digit (so no solution, which only the whole search
//   proves), a quarter with givens removed until a second solution appears.
#pragma once

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>

namespace frontier::bench {

using SudokuPairs = std::vector<std::pair<SudokuGrid, SudokuGrid>>;  // puzzle, solution

inline SudokuPairs read_sudoku_tsv(const std::string& path) {
    std::ifstream in(path);
    SudokuPairs out;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::stringstream ss(line);
        std::string puzzle, solution;
        std::getline(ss, puzzle, '\t');
        std::getline(ss, solution, '\t');
        out.emplace_back(parse_sudoku(puzzle), parse_sudoku(solution));
    }
    return out;
}

#ifdef FRONTIER_DATA_DIR
// The 16 puzzles of ../shared/data/sudoku.tsv (the data directory the build was configured with).
inline SudokuPairs reference_sudokus() {
    return read_sudoku_tsv(std::string(FRONTIER_DATA_DIR) + "/sudoku.tsv");
}
#endif

// What a puzzle of a set must give.
enum class SudokuExpect { Unique, None, Several };

struct SudokuSet {
    std::vector<SudokuGrid> puzzles;
    std::vector<SudokuExpect> expect;
    std::vector<SudokuGrid> solutions;  // per puzzle its unique solution when known, else empty
};

// The 81 cells in a seeded order (xorshift64, Fisher-Yates).
inline std::array<int, 81> seeded_cells(std::uint64_t k) {
    std::uint64_t x = k * 0x9E3779B97F4A7C15ull + 1;
    std::array<int, 81> cells;
    for (int c = 0; c < 81; ++c) cells[c] = c;
    for (int c = 80; c > 0; --c) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        std::swap(cells[c], cells[x % static_cast<std::uint64_t>(c + 1)]);
    }
    return cells;
}

inline SudokuSet hard_sudoku_set(const SudokuPairs& refs) {
    SudokuSet s;
    for (std::size_t i = 0; i < refs.size(); ++i)
        for (std::uint64_t v = 0; v < 64; ++v) {
            s.puzzles.push_back(sudoku_variant(refs[i].first, 1000 * i + v));
            s.expect.push_back(SudokuExpect::Unique);
            s.solutions.push_back(sudoku_variant(refs[i].second, 1000 * i + v));
        }
    return s;
}

// Whether p has exactly one solution (a count up to two).
inline bool unique_sudoku(const SudokuGrid& p) {
    SudokuOptions two;
    two.max_solutions = 2;
    return solve_sudoku(p, two).unique();
}

inline SudokuSet minimal_sudoku_set(const SudokuPairs& refs) {
    SudokuSet s;
    for (std::uint64_t k = 0; k < 256; ++k) {
        SudokuGrid p = sudoku_variant(refs[k % refs.size()].second, 7000 + k);
        for (const int c : seeded_cells(k)) {
            const std::uint8_t d = p.cells[c];
            p.cells[c] = 0;
            if (!unique_sudoku(p)) p.cells[c] = d;
        }
        s.puzzles.push_back(p);
        s.expect.push_back(SudokuExpect::Unique);
    }
    return s;
}

// Whether digit d in cell c repeats a given of its row, column or box.
inline bool sudoku_clashes(const SudokuGrid& p, int c, std::uint8_t d) {
    for (int o = 0; o < 81; ++o) {
        const bool peer =
            o / 9 == c / 9 || o % 9 == c % 9 || (o / 27 == c / 27 && o % 9 / 3 == c % 9 / 3);
        if (o != c && peer && p.cells[o] == d) return true;
    }
    return false;
}

inline SudokuSet mixed_sudoku_set(const SudokuPairs& refs) {
    SudokuSet s;
    for (std::uint64_t k = 0; k < 256; ++k) {
        SudokuGrid p = sudoku_variant(refs[k % refs.size()].first, 11000 + k);
        const SudokuGrid solution = sudoku_variant(refs[k % refs.size()].second, 11000 + k);
        SudokuExpect e = SudokuExpect::Unique;
        if (k % 4 == 2) {  // one more given, not the solution's digit
            e = SudokuExpect::None;
            for (const int c : seeded_cells(k)) {
                if (p.cells[c] != 0) continue;
                std::uint8_t d = 1;
                while (d <= 9 && (d == solution.cells[c] || sudoku_clashes(p, c, d))) ++d;
                if (d <= 9) {
                    p.cells[c] = d;
                    break;
                }
            }
        } else if (k % 4 == 3) {  // givens removed until a second solution appears
            e = SudokuExpect::Several;
            for (const int c : seeded_cells(k)) {
                if (p.cells[c] == 0) continue;
                p.cells[c] = 0;
                if (!unique_sudoku(p)) break;
            }
        }
        s.puzzles.push_back(p);
        s.expect.push_back(e);
        s.solutions.push_back(e == SudokuExpect::Unique ? solution : SudokuGrid{});
    }
    return s;
}

// Whether r is what puzzle i of the set must give when solved up to `limit` solutions.
inline bool sudoku_answer_ok(const SudokuSet& s, std::size_t i, const SudokuResult& r,
                             std::uint64_t limit) {
    switch (s.expect[i]) {
        case SudokuExpect::None:
            return r.solutions == 0 && r.exhausted;
        case SudokuExpect::Several:
            return is_sudoku_solution(s.puzzles[i], r.solution) &&
                   (limit != 2 || (r.solutions == 2 && !r.exhausted));
        case SudokuExpect::Unique:
            break;
    }
    const bool solved = s.solutions.empty() || s.solutions[i] == SudokuGrid{}
                            ? is_sudoku_solution(s.puzzles[i], r.solution)
                            : r.solution == s.solutions[i];
    return solved && (limit != 2 || r.unique());
}

}  // namespace frontier::bench
