#!/usr/bin/env bash
# Runs shards K/16 of the 6x6 census with at most two walls one after another, niced, in WORKDIR
# (outside the repository: the checkpoints reach hundreds of MB), resuming any shard whose
# checkpoint exists. A shard is done when WORKDIR/sKof16.done exists; its --json summary is then
# WORKDIR/sKof16.json. Interrupt it at any time; the same command continues.
#
#   bash bench/data/rush_6x6_2walls/drive-shards.sh WORKDIR FRONTIER K [K ...]
set -u
work=${1:?usage: drive-shards.sh WORKDIR FRONTIER K [K ...]}
frontier=$(realpath "${2:?usage: drive-shards.sh WORKDIR FRONTIER K [K ...]}")
shift 2
cd "$work" || exit 2
for K in "$@"; do
    name=s${K}of16
    [[ -e $name.done ]] && continue
    resume=()
    [[ -e w2-$name.txt.checkpoint ]] && resume=(--resume)
    echo "$(date -u +%FT%TZ) start ${resume[*]}" >> "$name.log"
    nice -n 10 "$frontier" rush enumerate --walls 2 --shard "$K/16" --threads 2 \
        --out "w2-$name.txt" --json "${resume[@]}" > "$name.json.part" 2> "$name.err"
    rc=$?
    echo "$(date -u +%FT%TZ) exit $rc" >> "$name.log"
    [[ $rc -eq 0 && -s $name.json.part ]] || exit "$rc"
    mv "$name.json.part" "$name.json" && touch "$name.done"
done
