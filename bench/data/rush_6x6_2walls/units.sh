#!/usr/bin/env bash
# One line per unit of a census checkpoint: unit, candidates, unit seconds, lines kept, states
# explored (from each record's "counts CANDIDATES CLUSTERS SOLVABLE KEPT STATES MICROSECONDS
# PRUNED" line), sorted by unit.
#
#   bash bench/data/rush_6x6_2walls/units.sh CHECKPOINT TITLE > shard-KofN-units.txt
set -eu
echo "# unit candidates unit_seconds lines cluster_states (${2:?usage: units.sh CHECKPOINT TITLE})"
LC_ALL=C awk '/^unit / { u = $2 } /^counts / && u != "" {
    printf "%s %s %.6f %s %s\n", u, $2, $7 / 1e6, $5, $6; u = "" }' "$1" | sort -n
