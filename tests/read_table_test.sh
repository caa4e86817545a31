#!/bin/bash
# read_table.py on a table the program wrote: the 8-puzzle's 181,440 states by distance, the
# counts per distance the engine's tests assert (k8PuzzleLayers in tests/support/test_support.hpp),
# and a two-bit table refused in one line with status 2, not a traceback.
# Usage: read_table_test.sh FRONTIER READ_TABLE_PY WORK_DIR. Exit 77 (skipped) without numpy.
set -euo pipefail
frontier=$1 script=$2 work=$3
# The python3 on PATH, or Debian's (python3-numpy) when PATH finds another without numpy.
python=python3
$python -c 'import numpy' 2>/dev/null || python=/usr/bin/python3
$python -c 'import numpy' 2>/dev/null || { echo "numpy is missing: skipped"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
"$frontier" enumerate 8puzzle --out "$work/8puzzle.table" >/dev/null
$python "$script" "$work/8puzzle.table" >"$work/out.txt"
expected="1 2 4 8 16 20 39 62 116 152 286 396 748 1024 1893 2512 4485 5638 9529 10878 16993
17110 23952 20224 24047 15578 14560 6274 3910 760 221 2"
got=$(grep '^distance ' "$work/out.txt" | sed 's/.*: //' | tr '\n' ' ')
if [[ $(echo $got) != $(echo $expected) ]] || ! grep -q '^entries=181440$' "$work/out.txt" || grep -q '^unreached' "$work/out.txt"; then
    echo "read_table.py printed:"; cat "$work/out.txt"; exit 1
fi
# A two-bit table is refused as frontier refuses bad input: one line on stderr, status 2.
"$frontier" enumerate sliding:2x3 --two-bit --out "$work/2x3.2bit" >/dev/null
status=0
$python "$script" "$work/2x3.2bit" >"$work/two-bit.out" 2>"$work/two-bit.err" || status=$?
if [[ $status != 2 || $(wc -l <"$work/two-bit.err") != 1 ]] || ! grep -q 'entry_bits=2' "$work/two-bit.err"; then
    echo "read_table.py on a two-bit table: status $status, stderr:"; cat "$work/two-bit.err"; exit 1
fi
echo "read_table.py: the 8-puzzle's 32 layers; a two-bit table refused in one line"
