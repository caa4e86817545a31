// The planar two-bit search: the two-bit BFS of engine/two_bit/bfs.hpp done with word operations
// alone, for a space that can describe its moves as shifts between planes (PlanarTwoBitSpace).
//
// A TwoBitSpace lays its indices out as block * period() + residue. Read residue-major instead,
// one plane per residue holding the blocks in order, a move between two residues often becomes
// simple: block m of the child plane has its neighbour in the parent plane at block m + delta,
// where delta is constant over long runs of blocks or depends only on m's position in a short
// period (and, at most, on one bit per block, its selector). Then a layer needs no cursor, no
// buffers, no frontier maps and no locks: for every word of 32 unreached entries of a child plane
// of the next depth's parity, it gathers the parents' words of the current depth's code, shifted
// into place (two funnel shifts per move over a run, a mask per distinct delta in a period), and
// claims what they reach. Each word of a child plane is written by one thread, and parent planes
// (the other parity class) are only read. Regions of 64 words whose parents were all idle in the
// previous layer are skipped, which keeps the sparse first and last layers cheap.
//
// For the sliding-tile space (domains/sliding/sliding_planar.cpp, plane = blank cell, block =
// the tiles' pair) a horizontal move keeps the block, and a vertical move adds a constant that
// depends only on the Lehmer digits of the window the moving tile crosses: on the 4x3 and 6x2
// boards this search takes about a third of the CPU time of the general one
// (docs/notes/measurements.md).
//
// The table: the caller's TwoBitTable, in the space's order on entry (when resuming) and on
// return, so files, checkpoints and lookups are the general search's byte for byte. During the
// search it is in plane order (two_bit_planes.hpp converts in place both ways); after_layer sees
// that order, and a checkpoint writer converts around its save (engine/two_bit/table_run.hpp).
// Memory: the table, the moves' selector bits (a bit per block) and a byte per 64 words of
// activity marks; no frontier maps.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <frontier/engine/planar_moves.hpp>
#include <frontier/engine/two_bit/bfs.hpp>
#include <frontier/engine/two_bit/space.hpp>
#include <frontier/engine/two_bit/table.hpp>

namespace frontier {

// A space that offers its moves in plane form, or nullopt where it cannot (a board outside the
// sizes its construction covers): TwoBitTableWriter then runs the general search.
template <class S>
concept PlanarTwoBitSpace = TwoBitSpace<S> && requires(const S& s) {
    { s.planar_moves() } -> std::same_as<std::optional<PlanarMoves>>;
};

// What a planar search runs on: the moves and the parity classes of the planes.
struct PlanarPlan {
    PlanarMoves moves;
    detail::TwoBitParity parity;
};

// The plan for `space` and `roots`, or nullopt when the space offers no planar moves or its
// parity cannot guide the search (roots in both classes, or no parity). Checks the space's
// contract as two_bit_bfs does (InputError).
template <PlanarTwoBitSpace S>
std::optional<PlanarPlan> planar_plan(const S& space, std::span<const std::uint64_t> roots) {
    detail::check_two_bit_space(space, roots);
    PlanarPlan plan{.moves = {}, .parity = detail::two_bit_parity(space, roots)};
    if (!plan.parity.filter) return std::nullopt;
    std::optional<PlanarMoves> moves = space.planar_moves();
    if (!moves) return std::nullopt;
    plan.moves = std::move(*moves);
    return plan;
}

// Fills `table` as two_bit_bfs does (the same table, layers and farthest states) with the
// planar search; directions holds a `w` per layer. Throws InputError when the moves do not fit
// the table, or the final counts disagree with the table.
TwoBitBfsResult planar_two_bit_bfs(const PlanarPlan& plan, std::span<const std::uint64_t> roots,
                                   TwoBitTable& table, const TwoBitBfsOptions& options = {});

}  // namespace frontier
