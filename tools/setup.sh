#!/usr/bin/env bash
# Sets Frontier up on a Debian machine and runs it.
#
#   bash tools/setup.sh run     install missing Debian packages, build (Release), run the main job
#   bash tools/setup.sh test    the same set-up, then the default test suite (ctest, label "long" excluded)
#   bash tools/setup.sh build   the set-up only
#   bash tools/setup.sh fuzz    the same packages plus clang and its libFuzzer runtime, then the
#                               fuzz preset's five fuzz targets in ./build-fuzz (no Release build)
#
# Installing packages needs root; as another user the script stops and names what is missing.
# The build goes to ./build (override with FRONTIER_BUILD_DIR); the fuzz preset's to ./build-fuzz.
set -euo pipefail

mode=${1:-run}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FRONTIER_BUILD_DIR:-$root/build}

# libncurses-dev: the terminal game (frontier play); tmux: only its terminal test, which is
# skipped (visibly) without it. openmpi-bin, libopenmpi-dev: --distributed (MPI) and its tests.
# man-db: the test that renders the manual page (man -l). python3-numpy: the test of
# docs/examples/read_table.py.
packages=(cmake ninja-build g++ pkg-config libtbb-dev libabsl-dev libgtest-dev libgmock-dev
          libbenchmark-dev libcli11-dev nlohmann-json3-dev libncurses-dev tmux openmpi-bin
          libopenmpi-dev man-db python3-numpy)
# clang, libclang-rt-dev: the fuzz targets (-fsanitize=fuzzer). clang only recommends the
# runtime (libFuzzer, ASan, UBSan), which --no-install-recommends below would leave out.
if [[ $mode == fuzz ]]; then packages+=(clang libclang-rt-dev); fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "setup: missing Debian packages (run as root to install): ${missing[*]}" >&2
        exit 1
    fi
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [[ $mode == fuzz ]]; then
    cd "$root" && cmake --preset fuzz >/dev/null && cmake --build --preset fuzz
    exit
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build"

case $mode in
    run) "$build/tools/frontier" enumerate 8puzzle ;;
    test) cd "$build" && ctest --output-on-failure -LE long -j"$(nproc)" ;;
    build) ;;
    *) echo "setup: unknown mode '$mode' (expected run, test, build or fuzz)" >&2; exit 2 ;;
esac
