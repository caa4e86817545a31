#!/bin/bash
# Sudoku: tdoku and Frontier as the programs users run, on the same files: the tables of
# docs/performance.md ("Sudoku, and tdoku side by side").
#
# usage: docs/bench/sudoku_vs_tdoku.sh TDOKU_DIR [WORK_DIR] [RUNS] [SEVENTEEN_CLUE_FILE]
#
# TDOKU_DIR is a checkout of https://github.com/t-dillon/tdoku (measured at af42618); WORK_DIR
# (default /tmp/sudoku_vs_tdoku.d) receives tdoku's objects, its example program, its one-pass
# counter (docs/bench/tdoku_count.c), the linked driver docs/bench/sudoku_vs_tdoku.cpp and the
# puzzle files. SEVENTEEN_CLUE_FILE, if given, is a list of 17-clue puzzles, one per line
# (tdoku's data/puzzles2_17_clue, Gordon Royle's collection). Run from the repository root after
# `cmake --preset release && ninja -C build`.
#
# Sets of 50,000 puzzles: symmetric variants of the hard puzzles of ../shared/data/sudoku.tsv, of
# tdoku's test puzzles, of the minimal puzzles of our generator (bench/sudoku_reference.hpp), and
# of the hard puzzles with one more given that leaves them no solution; the 17-clue file as it
# is. First solutions: tdoku's example program at limit 1 against `frontier solve-batch sudoku
# FILE --threads 1`. Counts to 2: tdoku_count 2 against the same with --count. Each row runs both
# programs RUNS times (default 3), alternately, one thread each; the table gives user + system
# CPU, the ratio of the medians (above 1: Frontier is faster) and the peak memory (/usr/bin/time,
# Debian package `time`). Then the linked driver's table: both solvers called in one process on
# the same puzzles, no reading or printing.
#
# Environment: MARCH (default native) is the -march of tdoku's programs and of the linked driver,
# FRONTIER_BUILD (default build) the build folder whose frontier program and libraries are
# measured. The x86-64-v3 table: a build for any x86-64 (cmake -DFRONTIER_NATIVE=OFF), its
# solver forced to its x86-64-v3 compilation, against tdoku built for the same level:
#   MARCH=x86-64-v3 FRONTIER_BUILD=build-generic FRONTIER_SUDOKU_ISA=x86-64-v3 \
#       docs/bench/sudoku_vs_tdoku.sh TDOKU_DIR
# (FRONTIER_SUDOKU_ISA: domains/sudoku/sudoku_bands.hpp; the script prints the compilation used.)
set -euo pipefail

if [[ $# -lt 1 || ! -f ${1}/src/solver_dpll_triad_simd.cc ]]; then
    echo "usage: $0 TDOKU_DIR [WORK_DIR] [RUNS] [SEVENTEEN_CLUE_FILE]  (TDOKU_DIR: a checkout of t-dillon/tdoku)" >&2
    exit 2
fi
tdoku=$1
work=${2:-/tmp/sudoku_vs_tdoku.d}
runs=${3:-3}
seventeen=${4:-}
march=${MARCH:-native}
build=${FRONTIER_BUILD:-build}
frontier=$build/tools/frontier
lib="$build/domains/libfrontier_domains.a $build/engine/libfrontier_engine.a"
for f in $frontier $lib; do
    [[ -f $f ]] || { echo "$0: $f is missing: run cmake --preset release && ninja -C $build" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "$0: /usr/bin/time is missing (Debian package time)" >&2; exit 2; }
mkdir -p "$work"

flags="-O3 -march=$march"
g++ -std=c++17 $flags -fno-exceptions -fno-rtti -c "$tdoku/src/solver_dpll_triad_simd.cc" \
    -o "$work/tdoku_simd.o"
g++ $flags -c "$tdoku/src/util.cc" -o "$work/tdoku_util.o"
gcc $flags "$tdoku/example/solve.c" "$work/tdoku_simd.o" "$work/tdoku_util.o" -lstdc++ \
    -o "$work/tdoku_solve"
gcc $flags -I"$tdoku/include" docs/bench/tdoku_count.c "$work/tdoku_simd.o" "$work/tdoku_util.o" \
    -lstdc++ -o "$work/tdoku_count"
g++ -std=c++20 $flags -I. -I"$build/include" docs/bench/sudoku_vs_tdoku.cpp $lib "$work/tdoku_simd.o" \
    "$work/tdoku_util.o" -o "$work/sudoku_vs_tdoku"
driver=$work/sudoku_vs_tdoku
# Which compilation of the band solver the library runs here (or the one forced).
printf '#include <cstdio>\n#include <frontier/domains/sudoku/sudoku_bands.hpp>\nint main() { std::puts(frontier::detail::sudoku_bands_isa()); }\n' |
    g++ -std=c++20 $flags -I"$build/include" -x c++ - -x none $lib -o "$work/sudoku_isa"
"$driver" print variants ../shared/data/sudoku.tsv 50000 > "$work/hard.txt"
"$driver" print variants "$tdoku/test/test_puzzles" 50000 > "$work/test.txt"
"$driver" print minimal ../shared/data/sudoku.tsv > "$work/minimal256.txt"
"$driver" print variants "$work/minimal256.txt" 50000 > "$work/minimal.txt"
"$driver" print nosolution ../shared/data/sudoku.tsv 50000 > "$work/nosolution.txt"
sets=(hard test minimal nosolution)
if [[ -n $seventeen ]]; then
    grep -E '^[0-9.]{81}' "$seventeen" | cut -c1-81 | head -n 50000 > "$work/17clue.txt"
    sets+=(17clue)
fi

log=$work/times.txt
: > "$log"
for run in $(seq "$runs"); do
    for set in "${sets[@]}"; do
        for limit in 1 2; do
            count=()
            tdoku_program=$work/tdoku_solve
            [[ $limit == 2 ]] && count=(--count) && tdoku_program=$work/tdoku_count
            /usr/bin/time -f "tdoku $set $limit %U %S %M" -a -o "$log" \
                "$tdoku_program" $limit < "$work/$set.txt" > /dev/null
            /usr/bin/time -f "frontier $set $limit %U %S %M" -a -o "$log" \
                "$frontier" solve-batch sudoku "$work/$set.txt" --threads 1 "${count[@]}" \
                > /dev/null
        done
    done
done

echo "tdoku: -O3 -march=$march; Frontier: $frontier, Sudoku solver" \
    "$("$work/sudoku_isa")${FRONTIER_SUDOKU_ISA:+ (FRONTIER_SUDOKU_ISA=$FRONTIER_SUDOKU_ISA)}"
echo
echo "| puzzles (50,000) | limit | tdoku, s | Frontier, s | tdoku / Frontier, medians | peak KiB, tdoku / Frontier |"
echo "|---|---:|---:|---:|---:|---:|"
for set in "${sets[@]}"; do
    for limit in 1 2; do
        awk -v set=$set -v limit=$limit '
            $2 == set && $3 == limit {
                k = $1; t = $4 + $5; i = ++n[k]
                while (i > 1 && v[k, i - 1] > t) { v[k, i] = v[k, i - 1]; i-- }  # kept sorted
                v[k, i] = t
                if ($6 > peak[k]) peak[k] = $6
            }
            function median(k) {
                return n[k] % 2 ? v[k, (n[k] + 1) / 2] : (v[k, n[k] / 2] + v[k, n[k] / 2 + 1]) / 2
            }
            END {
                printf "| %s | %s | %.2f-%.2f | %.2f-%.2f | %.2f | %d / %d |\n", set, limit,
                       v["tdoku", 1], v["tdoku", n["tdoku"]], v["frontier", 1],
                       v["frontier", n["frontier"]], median("tdoku") / median("frontier"),
                       peak["tdoku"], peak["frontier"]
            }' "$log"
    done
done

echo
echo "Linked driver (both solvers in one process, no reading or printing), puzzles per second:"
for set in "${sets[@]}"; do
    echo "$set:"
    "$driver" file "$work/$set.txt" 1 "$runs" | grep -E '^limit|disagreements'
done
