#!/usr/bin/env bash
# Checks a merged 6x6 Rush Hour database with at most two walls (the lines of
# `frontier rush enumerate --walls 2 --out DB`) against the public figures and against the
# smaller databases this project computed before. Prints one line per check, "ok" or "FAILED",
# and exits 1 if any failed.
#
#   bash bench/data/rush_6x6_2walls/check.sh DB [FRONTIER]
#
# DB: the merged database (kept outside the repository). FRONTIER: the program (default
# build/tools/frontier). Reads ../shared/data/rush_known.tsv and bench/data/rush_6x6_1wall.
set -uo pipefail
db=${1:?usage: check.sh DB [FRONTIER]}
frontier=${2:-build/tools/frontier}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
known=$root/../shared/data/rush_known.tsv
failed=0
check() {  # check NAME GOT WANT
    if [[ $2 == "$3" ]]; then echo "ok      $1: $2"; else echo "FAILED  $1: $2, expected $3"; failed=1; fi
}
walls() { awk '{ n = gsub(/x/, "x", $2); print n }'; }

# The public database (fogleman/rush, https://www.michaelfogleman.com/rush/): 2,577,412 puzzles,
# the hardest IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM, 60 moves, a cluster of 2,332 states.
check "puzzles" "$(wc -l < "$db")" 2577412
check "hardest" "$(head -1 "$db")" "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332"
check "boards once" "$(awk '{print $2}' "$db" | sort | uniq -d | wc -l)" 0

# Every row of rush_known.tsv taken from the public database (29 rows; the others are card sets
# and puzzles that need not be a cluster's hardest start) is a line, with the same figures.
missing=0
while IFS=$'\t' read -r board moves cluster _; do
    [[ -z $board ]] && continue
    grep -q "^$moves $board $cluster\$" "$db" || { echo "        not found: $moves $board $cluster"; missing=$((missing + 1)); }
done < <(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; ++i) c[$i] = i; next }
                     $c["source"] ~ /^michaelfogleman.com\/rush database/ {
                         print $c["board36"] "\t" $c["optimal_moves"] "\t" $c["cluster_size"] }' "$known")
check "public rows of rush_known.tsv missing or different" "$missing" 0

# The lines with at most one wall are the one-wall database, line for line and in its order:
# the same bytes (its SHA-256 is in bench/data/rush_6x6_1wall/README.md). The wall-free lines are
# as many as the wall-free run's.
one_wall=$(awk '{ n = gsub(/x/, "x", $2) } n <= 1' "$db" | sha256sum | cut -d' ' -f1)
check "lines with at most one wall, SHA-256" "$one_wall" \
    eca5e6e2e5d9bc31bf074b33de9867cd0c9318aeb06908a5655aa2aba1c1a282
check "lines with at most one wall" "$(awk '{ n = gsub(/x/, "x", $2) } n <= 1' "$db" | wc -l)" 1585616
check "wall-free lines" "$(awk '{ n = gsub(/x/, "x", $2) } n == 0' "$db" | wc -l)" 476118

# rush grade --check on 1,000 lines drawn at random (a fixed draw: the same lines every time).
sample=$(mktemp)
shuf -n 1000 --random-source=<(yes) "$db" > "$sample"
if "$frontier" rush grade "$sample" --check --threads 2 > /dev/null; then
    check "rush grade --check on 1,000 random lines" ok ok
else
    check "rush grade --check on 1,000 random lines" mismatch ok
fi
rm -f "$sample"

# Puzzles per move count, as moves:puzzles, hardest first (for docs/howto/rush-hour.md).
echo "per move: $(awk '{ c[$1]++ } END { for (m in c) print m ":" c[m] }' "$db" | sort -t: -k1,1nr | paste -sd' ')"
exit $failed
