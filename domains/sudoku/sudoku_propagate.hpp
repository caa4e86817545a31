// The propagation of the bit-parallel Sudoku solver (sudoku_bands.cpp). Internal to the solver.
#pragma once

#include <frontier/domains/sudoku/sudoku_place.hpp>

namespace frontier::detail::sudoku_bands {
inline namespace FRONTIER_SUDOKU_ISA {

// Infers on `B` until nothing changes, starting from the band words marked in `dirty` (bit
// 4 * d + b): first the triad step of every changed word and the placements it finds (with
// AVX-512 or AVX2, of all words at once while many changed, naked singles included), then, when
// no word changes any more, passes over the whole board, each run only when the ones before found
// nothing: naked singles (one candidate left: "seen once" / "seen twice" over the nine digits as
// 128-bit vectors, all bands at once; a cell seen nowhere is a contradiction), hidden singles in
// columns (per digit, the columns folded from the three bands; a column without the digit is a
// contradiction), box-column locked candidates (the same permutation table on each stack, whose
// (band, column) pairs behave as a band's (row, box) triads), and the triads' three digits,
// horizontal then vertical. A single is placed by removing the digit from the rest of its row,
// which the band step then completes. False on a contradiction.
bool propagate(Board& B, u64 dirty);

}  // namespace FRONTIER_SUDOKU_ISA
}  // namespace frontier::detail::sudoku_bands
