// Frontier's Sudoku solver and tdoku side by side on the same puzzles, one thread, CPU time.
//
// Not part of the build: tdoku (github.com/t-dillon/tdoku) is fetched and compiled separately,
// and only its C API (include/tdoku.h) is called here. docs/bench/sudoku_vs_tdoku.sh builds it
// and runs both programs on the same files; by hand, from the repository root, after
// `cmake --preset release && ninja -C build frontier_domains` (one command per line):
//
// clang-format off
//   T=/tmp/tdoku   # a checkout of tdoku
//   g++ -std=c++17 -O3 -march=native -fno-exceptions -fno-rtti -c $T/src/solver_dpll_triad_simd.cc -o /tmp/tdoku_simd.o
//   g++ -O3 -march=native -c $T/src/util.cc -o /tmp/tdoku_util.o
//   L="build/domains/libfrontier_domains.a build/engine/libfrontier_engine.a"
//   g++ -std=c++20 -O3 -march=native -I. -Ibuild/include docs/bench/sudoku_vs_tdoku.cpp $L /tmp/tdoku_simd.o /tmp/tdoku_util.o -o /tmp/sudoku_vs_tdoku
//   /tmp/sudoku_vs_tdoku hard ../shared/data/sudoku.tsv 2 3
//   gcc -O3 -march=native $T/example/solve.c /tmp/tdoku_simd.o /tmp/tdoku_util.o -lstdc++ -o /tmp/tdoku_solve
// clang-format on
//
// Sets: `hard`, `minimal` and `mixed` are the benchmark's (bench/sudoku_reference.hpp: 1,024
// symmetric variants of the 16 hard puzzles; 256 minimal puzzles from variants of their
// solutions; 256 variants of the hard puzzles, a quarter without a solution and a quarter with
// several); `file PATH` reads one puzzle per line (the first 81 characters, '.' for empty);
// `variants PATH` makes 5,000 symmetric variants of such a file's puzzles (variant i of puzzle
// i mod n, seed 500,000 + i), so that no solver gains from the orientation the puzzles were
// published in; `nosolution PATH` the same variants, each with one more given that breaks its
// only solution (without_solution below). `print SET PATH [N]` prints a set instead, one puzzle per
// line (N variants), for timing the two programs on the same file. Each round times tdoku and then
// Frontier for at least SECONDS of CPU time each, first solution (limit 1) and then solution counts
// up to 2 (what tdoku's own benchmark program measures), and prints both rates and their ratio;
// rounds alternate so that a change of machine load hits both. Finally the two must agree on every
// puzzle's count (up to 2) and unique solution.
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <frontier/domains/sudoku/sudoku.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include "bench/sudoku_reference.hpp"

extern "C" size_t TdokuSolverDpllTriadSimd(const char* input, size_t limit, uint32_t config,
                                           char* solution, size_t* num_guesses);

using namespace frontier;

namespace {

double cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// `puzzle` (whose only solution is `solution`) with one empty cell given a digit that none of
// its peers' givens holds but the solution does not have there: a puzzle with no solution that
// no single rule refutes at once. The cell is the first such one from position `start` mod 81.
SudokuGrid without_solution(SudokuGrid puzzle, const SudokuGrid& solution, std::size_t start) {
    for (int k = 0; k < 81; ++k) {
        const int c = static_cast<int>((start + static_cast<std::size_t>(k)) % 81);
        if (puzzle.cells[c] != 0) continue;
        for (int d = 1; d <= 9; ++d) {
            bool free = d != solution.cells[c];
            for (int q = 0; q < 81 && free; ++q) {
                const bool peer = q / 9 == c / 9 || q % 9 == c % 9 ||
                                  (q / 27 == c / 27 && q % 9 / 3 == c % 9 / 3);
                free = !(peer && puzzle.cells[q] == d);
            }
            if (!free) continue;
            puzzle.cells[c] = static_cast<std::uint8_t>(d);
            return puzzle;
        }
    }
    return puzzle;
}

std::vector<SudokuGrid> make_set(const std::string& kind, const std::string& path,
                                 std::uint64_t variants) {
    std::vector<SudokuGrid> set;
    if (kind == "file") {
        std::ifstream in(path);
        std::string line;
        while (std::getline(in, line))
            if (line.size() >= 81) set.push_back(parse_sudoku(line.substr(0, 81)));
        return set;
    }
    if (kind == "variants") {  // symmetric variants of the file's puzzles, in turn
        std::ifstream in(path);
        std::vector<SudokuGrid> base;
        std::string line;
        while (std::getline(in, line))
            if (line.size() >= 81 && line[0] != '#' && line.rfind("puzzle81", 0) != 0)
                base.push_back(parse_sudoku(line.substr(0, 81)));
        for (std::uint64_t i = 0; i < variants && !base.empty(); ++i)
            set.push_back(sudoku_variant(base[i % base.size()], 500000 + i));
        return set;
    }
    if (kind == "nosolution") {  // variants with one more given that breaks their solution
        for (SudokuGrid p : make_set("variants", path, variants)) {
            const SudokuResult r = solve_sudoku(p);
            if (r.status != SudokuStatus::Solved) continue;
            set.push_back(without_solution(p, r.solution, set.size()));
        }
        return set;
    }
    const auto refs = bench::read_sudoku_tsv(path);
    const bench::SudokuSet s = kind == "hard"      ? bench::hard_sudoku_set(refs)
                               : kind == "mixed"   ? bench::mixed_sudoku_set(refs)
                               : kind == "minimal" ? bench::minimal_sudoku_set(refs)
                                                   : bench::SudokuSet{};
    if (s.puzzles.empty()) {
        std::fprintf(stderr, "unknown set '%s'\n", kind.c_str());
        std::exit(2);
    }
    return s.puzzles;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 4 && std::string(argv[1]) == "print") {  // print KIND PATH [N]: the set itself
        const auto n = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 5000;
        for (const SudokuGrid& p : make_set(argv[2], argv[3], n))
            std::printf("%s\n", format_sudoku(p).c_str());
        return 0;
    }
    if (argc < 3) {
        std::fprintf(
            stderr,
            "usage: %s hard|minimal|mixed SUDOKU_TSV | file|variants PUZZLES [seconds] [rounds]\n"
            "       %s print SET PATH [variants]\n",
            argv[0], argv[0]);
        return 2;
    }
    const std::vector<SudokuGrid> set = make_set(argv[1], argv[2], 5000);
    const double seconds = argc > 3 ? std::atof(argv[3]) : 1.0;
    const int rounds = argc > 4 ? std::atoi(argv[4]) : 3;
    std::vector<std::string> text;
    for (const SudokuGrid& p : set) text.push_back(format_sudoku(p));
    std::printf("%zu puzzles\n", set.size());
    for (int round = 0; round < rounds; ++round)
        for (std::size_t limit : {1, 2}) {
            char solution[82];
            std::size_t guesses = 0, g = 0;
            int reps = 0;
            double t0 = cpu_seconds(), elapsed;
            do {
                guesses = 0;
                for (const std::string& p : text) {
                    TdokuSolverDpllTriadSimd(p.c_str(), limit, 0, solution, &g);
                    guesses += g;
                }
                ++reps;
                elapsed = cpu_seconds() - t0;
            } while (elapsed < seconds);
            const double tdoku = static_cast<double>(set.size()) * reps / elapsed;
            SudokuOptions o;
            o.max_solutions = limit;
            std::uint64_t nodes = 0;
            reps = 0;
            t0 = cpu_seconds();
            do {
                nodes = 0;
                for (const SudokuGrid& p : set) nodes += solve_sudoku(p, o).nodes;
                ++reps;
                elapsed = cpu_seconds() - t0;
            } while (elapsed < seconds);
            const double frontier = static_cast<double>(set.size()) * reps / elapsed;
            std::printf(
                "limit %zu: tdoku %9.0f puzzles/s (%.1f guesses)  frontier %9.0f puzzles/s "
                "(%.1f nodes)  ratio %.2f\n",
                limit, tdoku, static_cast<double>(guesses) / set.size(), frontier,
                static_cast<double>(nodes) / set.size(), frontier / tdoku);
        }
    int differ = 0, unique = 0;
    for (std::size_t i = 0; i < set.size(); ++i) {
        char solution[82] = {};
        std::size_t g;
        const std::size_t n = TdokuSolverDpllTriadSimd(text[i].c_str(), 2, 0, solution, &g);
        SudokuOptions o;
        o.max_solutions = 2;
        const SudokuResult r = solve_sudoku(set[i], o);
        differ += n != r.solutions;
        if (n == 1) {
            ++unique;
            TdokuSolverDpllTriadSimd(text[i].c_str(), 1, 0, solution, &g);
            differ += format_sudoku(r.solution) != std::string(solution, 81);
        }
    }
    std::printf("%d unique; %d disagreements (counts up to 2, unique solutions)\n", unique, differ);
    return differ == 0 ? 0 : 1;
}
