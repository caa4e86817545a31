#!/bin/bash
# Sudoku: tdoku and Frontier as programs on the same two files, the table of docs/performance.md
# ("As programs on the same files").
#
# usage: docs/bench/sudoku_vs_tdoku.sh TDOKU_DIR [WORK_DIR] [RUNS]
#
# TDOKU_DIR is a checkout of https://github.com/t-dillon/tdoku (measured at af42618); WORK_DIR
# (default /tmp/sudoku_vs_tdoku.d) receives tdoku's objects, its example program, the linked
# driver docs/bench/sudoku_vs_tdoku.cpp and the two puzzle files. Run from the repository root
# after `cmake --preset release && ninja -C build`. Each of the four rows (two files, limit 1 and
# limit 2) runs both programs RUNS times (default 3), alternately, one thread each; the table
# gives user + system CPU, the ratio of the medians and the peak memory (/usr/bin/time, Debian
# package `time`).
set -euo pipefail

if [[ $# -lt 1 || ! -f ${1}/src/solver_dpll_triad_simd.cc ]]; then
    echo "usage: $0 TDOKU_DIR [WORK_DIR] [RUNS]  (TDOKU_DIR: a checkout of t-dillon/tdoku)" >&2
    exit 2
fi
tdoku=$1
work=${2:-/tmp/sudoku_vs_tdoku.d}
runs=${3:-3}
lib="build/domains/libfrontier_domains.a build/engine/libfrontier_engine.a"
for f in build/tools/frontier $lib; do
    [[ -f $f ]] || { echo "$0: $f is missing: run cmake --preset release && ninja -C build" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "$0: /usr/bin/time is missing (Debian package time)" >&2; exit 2; }
mkdir -p "$work"

flags="-O3 -march=native"
g++ -std=c++17 $flags -fno-exceptions -fno-rtti -c "$tdoku/src/solver_dpll_triad_simd.cc" \
    -o "$work/tdoku_simd.o"
g++ $flags -c "$tdoku/src/util.cc" -o "$work/tdoku_util.o"
gcc $flags "$tdoku/example/solve.c" "$work/tdoku_simd.o" "$work/tdoku_util.o" -lstdc++ \
    -o "$work/tdoku_solve"
g++ -std=c++20 $flags -I. docs/bench/sudoku_vs_tdoku.cpp $lib "$work/tdoku_simd.o" \
    "$work/tdoku_util.o" -o "$work/sudoku_vs_tdoku"
"$work/sudoku_vs_tdoku" print variants ../shared/data/sudoku.tsv 50000 > "$work/hard50k.txt"
"$work/sudoku_vs_tdoku" print variants "$tdoku/test/test_puzzles" 50000 > "$work/test50k.txt"

log=$work/times.txt
: > "$log"
for run in $(seq "$runs"); do
    for set in hard50k test50k; do
        for limit in 1 2; do
            count=()
            [[ $limit == 2 ]] && count=(--count)
            /usr/bin/time -f "tdoku $set $limit %U %S %M" -a -o "$log" \
                "$work/tdoku_solve" $limit < "$work/$set.txt" > /dev/null
            /usr/bin/time -f "frontier $set $limit %U %S %M" -a -o "$log" \
                build/tools/frontier solve-batch sudoku "$work/$set.txt" --threads 1 "${count[@]}" \
                > /dev/null
        done
    done
done

echo "| 50,000 puzzles | limit | tdoku, s | Frontier, s | tdoku / Frontier, medians | peak KiB, tdoku / Frontier |"
echo "|---|---:|---:|---:|---:|---:|"
for set in hard50k test50k; do
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
