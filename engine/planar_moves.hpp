// PlanarMoves: a ranked space's moves as shifts between planes, for the planar searches (the
// two-bit table's, engine/two_bit/planar.hpp, and the one-byte table's,
// engine/enumerate/planar_layered_bfs.hpp).
//
// A space whose indices are plane * blocks + block read plane-major (the sliding tiles' ranks:
// blank cell, then pair), or block * planes + plane read residue-major (the two-bit space's
// order), is a set of planes. A move between two planes often becomes simple there: block m of
// the child plane has its neighbour in the parent plane at m + delta, delta constant over runs
// of blocks, or a function of m's position in a short period and at most one bit per block (its
// selector). Then a search layer is word operations over whole planes; how each search uses it
// is in its own header. The description is plain data, built once by the domain
// (domains/sliding/sliding_planar.cpp) and only read by the searches: thread-safe to share.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include <frontier/engine/big_array.hpp>

namespace frontier {

// Where block m of a child plane has its neighbour in the parent plane: at m + shift(m).
struct PlanarMove {
    enum class Kind : std::uint8_t {
        same,      // delta 0 (the sliding tiles' horizontal moves)
        periodic,  // delta a function of m mod a period and, with `selects`, of m's selector
        runs,      // delta deltas[(m / run) mod deltas.size()]: constant over runs of blocks
    };
    // One delta of a periodic move within a word: mask[s] has the low bit of entry j set when
    // block j of a word of this phase whose selector is s takes it.
    struct Shift {
        std::int64_t delta = 0;
        std::uint64_t mask[2] = {0, 0};
    };

    int parent = 0;  // the parent plane
    Kind kind = Kind::same;
    // periodic: the period's word phases (period / gcd(period, 32)); by_phase[w mod phases]
    // lists the deltas of word w's 32 blocks; lo and hi bound every delta.
    bool selects = false;
    std::uint64_t phases = 1;
    std::vector<std::vector<Shift>> by_phase;
    std::int64_t lo = 0, hi = 0;
    // runs
    std::uint64_t run = 0;
    std::vector<std::int64_t> deltas;

    // The delta of block m whose selector (already flipped for the child plane) is `selector`:
    // what the search computes 32 blocks at a time, one block at a time (set-up checks, tests).
    std::int64_t shift(std::uint64_t m, int selector) const;
};

// A space's moves in plane form: `planes` planes of `blocks` blocks each (a multiple of 32). The
// selector of block m in child plane c is bit m of `selector` XOR flip[c].
struct PlanarMoves {
    int planes = 0;
    std::uint64_t blocks = 0;
    std::vector<std::vector<PlanarMove>> parents;  // [child plane]: one move per neighbour plane
    BigArray<std::uint64_t> selector;              // blocks bits (empty when no move selects)
    std::vector<std::uint8_t> flip;                // [plane]
};

// A 2-colouring of the planes in which every move joins two colours (colour[plane] 0 or 1), or
// nullopt when the planes' graph has an odd cycle. With it, a state's distance from a root has
// the parity of its plane's colour against the root's, so a layer needs only half the planes.
std::optional<std::vector<std::uint8_t>> plane_colours(const PlanarMoves& moves);

namespace detail {

// What both planar searches share: activity is marked per region of 64 words of 32 blocks, so a
// region whose parents were all idle in the last layer is skipped.
inline constexpr std::uint64_t kRegionWords = 64;
inline constexpr std::uint64_t kRegionBlocks = 32 * kRegionWords;
using Activity = std::vector<std::vector<std::uint8_t>>;  // [plane][region]: claimed there

// Where a walk over a plane's groups of 32 blocks (words) stands in each move's pattern.
struct MoveWalk {
    std::uint64_t phase = 0, in_run = 0, combo = 0;

    void start(const PlanarMove& mv, std::uint64_t w) {
        if (mv.kind == PlanarMove::Kind::periodic) phase = w % mv.phases;
        if (mv.kind == PlanarMove::Kind::runs) {
            in_run = w * 32 % mv.run;
            combo = w * 32 / mv.run % mv.deltas.size();
        }
    }
    void advance(const PlanarMove& mv, std::uint64_t words) {
        if (mv.kind == PlanarMove::Kind::periodic) phase = (phase + words) % mv.phases;
        if (mv.kind != PlanarMove::Kind::runs) return;
        in_run += 32 * words;
        while (in_run >= mv.run) {
            in_run -= mv.run;
            if (++combo == mv.deltas.size()) combo = 0;
        }
    }
};

// Whether any parent of region `region` of a child plane (whose moves are `moves`, walked to the
// region's first word by `walks`) was claimed in the last layer.
bool region_active(const PlanarMoves& all, const std::vector<PlanarMove>& moves,
                   const MoveWalk* walks, const Activity& last, std::uint64_t region);

// What a search found in one group of 32 blocks of a child plane: whether it reached any, and
// whether any is still unreached after it.
struct GroupScan {
    bool claimed = false, open = false;
};

// One task's walk over regions [first_region, end_region) of child plane `child` in a layer,
// shared by both planar searches: regions with nothing left to reach (`full`) and those whose
// parents were idle (`last`) are skipped, the moves' walks kept in step, and `group(g, walks)`
// scans each group g of the others; a region it claimed in is marked in `next`, one it left
// without an unreached block in `full`.
template <class Group>
void scan_child_regions(const PlanarMoves& all, int child, const Activity& last, Activity& next,
                        Activity& full, std::uint64_t first_region, std::uint64_t end_region,
                        Group&& group) {
    const auto c = static_cast<std::size_t>(child);
    const std::vector<PlanarMove>& moves = all.parents[c];
    const std::uint64_t groups = all.blocks / 32;
    MoveWalk walks[8];
    for (std::size_t s = 0; s < moves.size(); ++s)
        walks[s].start(moves[s], first_region * kRegionWords);
    auto advance = [&](std::uint64_t n) {
        for (std::size_t s = 0; s < moves.size(); ++s) walks[s].advance(moves[s], n);
    };
    for (std::uint64_t region = first_region; region < end_region; ++region) {
        const std::uint64_t g0 = region * kRegionWords, g1 = std::min(groups, g0 + kRegionWords);
        if (full[c][region] || !region_active(all, moves, walks, last, region)) {
            advance(g1 - g0);
            continue;
        }
        bool open = false;
        for (std::uint64_t g = g0; g < g1; ++g, advance(1)) {
            const GroupScan scan = group(g, static_cast<const MoveWalk*>(walks));
            open = open || scan.open;
            if (scan.claimed) next[c][region] = 1;
        }
        if (!open) full[c][region] = 1;
    }
}

// InputError, naming `search`, unless the moves describe `entries` states in whole words of
// planes, with at most 8 moves per plane and every table they use.
void check_planar_fit(const PlanarMoves& moves, std::uint64_t entries, const char* search);

}  // namespace detail

}  // namespace frontier
