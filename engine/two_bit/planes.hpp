// A two-bit table read residue-major, one plane per residue (the planar search's order,
// engine/two_bit/planar.hpp), and converted in place to and from the space's order
// (block * planes + residue), with no second table: 10.9 GB for the 7x2 puzzle leaves no room for
// one.
//
// The conversion cuts each plane into groups of the same blocks, transposes the matrix of groups
// (planes x groups to groups x planes) by following its permutation's cycles, then interleaves the
// planes' entries within each group (bit deposits, 32 blocks at a time). Both steps run in
// parallel in the caller's thread arena; the 7x2 table takes seconds each way.
#pragma once

#include <cstdint>

#include <frontier/engine/two_bit/table.hpp>

namespace frontier {

// Requires table.size() to be a multiple of 32 * planes (InputError otherwise).
void planes_to_space_order(TwoBitTable& table, int planes, int threads);
void space_order_to_planes(TwoBitTable& table, int planes, int threads);

}  // namespace frontier
