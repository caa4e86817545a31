// SlidingPattern: the additive abstraction of a sliding-tile board onto a set of pattern tiles,
// as a perfect-hash domain, so the engine's layered BFS builds its pattern database.
//
// An abstract state keeps the cells of the k pattern tiles and the region of the blank: the
// connected set of cells not covered by pattern tiles that contains the blank. Other tiles are
// forgotten, and their moves cost 0 (additive PDBs count only pattern-tile moves), so the blank
// moves freely inside its region; folding those 0-cost moves into the state (the region, named
// by its lowest cell) leaves a graph whose every edge costs 1: a pattern tile next to the region
// slides into it, and the blank's new region is flooded from the tile's old cell. A plain BFS on
// it gives exact additive costs, and the pattern database stores, for each placement of the
// pattern tiles, the minimum over the blank's regions.
//
// Packing: one 64-bit word, 5 bits per pattern tile cell, then 5 bits for the region's lowest
// cell (boards up to 25 cells, patterns up to 11 tiles). Rank: the placement's rank (a partial
// permutation of k cells among N, Lehmer-style, dense in [0, N!/(N-k)!)) times (N - k), plus the
// index of the region's lowest cell among the free cells. Ranks whose cell is not the lowest of
// its region are never reached: for the 15-puzzle's 8-tile pattern the BFS table has
// 16!/8! x 8 = 4.15 billion slots, and the pattern database 16!/8! = 518,918,400 entries.
// rank_placement() is the same function on a full state's tile cells, which is how a search
// looks a PDB up.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace frontier {

struct PatternState {
    std::uint64_t bits = 0;
    friend bool operator==(PatternState, PatternState) = default;
    template <class H>
    friend H AbslHashValue(H h, PatternState s) {
        return H::combine(std::move(h), s.bits);
    }
};

struct PatternMove {
    std::uint8_t tile_index;  // which pattern tile moved
    std::uint8_t dir;         // 0 up, 1 left, 2 right, 3 down (the tile's own direction)
    friend bool operator==(PatternMove, PatternMove) = default;
};

class SlidingPattern {
  public:
    using State = PatternState;
    using Move = PatternMove;
    static constexpr int kMaxCells = 25;
    static constexpr int kMaxPattern = 11;

    // goal_tiles[c] is the goal's tile on cell c (0 = blank); pattern lists the abstracted
    // tiles (1 .. N-1, distinct, at most N - 2 of them so the abstraction has no parity).
    SlidingPattern(int rows, int cols, std::vector<int> goal_tiles, std::vector<int> pattern);

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int cells() const { return cells_; }
    const std::vector<int>& pattern() const { return pattern_; }
    const std::vector<int>& goal_tiles() const { return goal_tiles_; }
    int size_k() const { return static_cast<int>(pattern_.size()); }

    // Placements of the pattern tiles: N!/(N-k)!, the size of the pattern database.
    std::uint64_t placements() const { return placements_; }
    // Abstract states including the blank's region: placements() * (N - k).
    std::uint64_t size() const { return placements_ * static_cast<std::uint64_t>(free_cells_); }

    State goal() const { return goal_; }
    bool is_goal(State s) const { return s == goal_; }

    template <class F>
    void for_each_successor(State s, F&& f) const {
        std::array<int, kMaxPattern> pos;
        std::uint32_t occupied = 0;
        for (int i = 0; i < size_k(); ++i) {
            pos[i] = cell_of(s, i);
            occupied |= 1u << pos[i];
        }
        const std::uint32_t free = board_ & ~occupied;
        const std::uint32_t region = flood(1u << region_cell(s), free);
        for (int i = 0; i < size_k(); ++i) {
            const int p = pos[i];
            for (int d = 0; d < 4; ++d) {
                const int q = neighbor_[p][d];
                if (q < 0 || !(region >> q & 1)) continue;
                const std::uint32_t after = (free | (1u << p)) & ~(1u << q);
                const int lowest = __builtin_ctz(flood(1u << p, after));
                std::uint64_t bits = s.bits & ~(std::uint64_t{31} << (5 * i));
                bits |= static_cast<std::uint64_t>(q) << (5 * i);
                bits &= ~(std::uint64_t{31} << (5 * size_k()));
                bits |= static_cast<std::uint64_t>(lowest) << (5 * size_k());
                f(State{bits}, Move{static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(d)});
            }
        }
    }

    std::uint64_t rank(State s) const;
    State unrank(std::uint64_t r) const;
    // The placement rank of pattern tiles on cells[0..k): the PDB index.
    std::uint64_t rank_placement(const int* cells) const {
        return placement_rank(cells_, cells, size_k());
    }

    // Rank of k distinct cells among n, in order: a partial permutation's Lehmer rank, dense in
    // [0, n!/(n-k)!). Digit i is the count of unused cells below cells[i].
    static std::uint64_t placement_rank(int n, const int* cells, int k) {
        std::uint64_t r = 0;
        std::uint32_t used = 0;
        for (int i = 0; i < k; ++i) {
            const int c = cells[i];
            const int digit = c - __builtin_popcount(used & ((1u << c) - 1));
            r = r * static_cast<std::uint64_t>(n - i) + static_cast<std::uint64_t>(digit);
            used |= 1u << c;
        }
        return r;
    }

    int cell_of(State s, int i) const { return static_cast<int>((s.bits >> (5 * i)) & 31); }
    int region_cell(State s) const { return static_cast<int>((s.bits >> (5 * size_k())) & 31); }
    // The set of cells reachable from `seed` through cells of `free` (4-connected).
    std::uint32_t flood(std::uint32_t seed, std::uint32_t free) const;

  private:
    int rows_, cols_, cells_, free_cells_;
    std::vector<int> goal_tiles_, pattern_;
    std::uint64_t placements_;
    std::uint32_t board_, not_left_, not_right_;
    State goal_;
    std::array<std::array<std::int8_t, 4>, kMaxCells> neighbor_{};
};

// "1,2,3" -> {1, 2, 3}; InputError on anything else.
std::vector<int> parse_pattern(const std::string& text, int cells);
std::string format_pattern(const std::vector<int>& pattern);
// A partition of the goal's tiles: "7-8" takes the tiles in the goal's row-major order
// (blank skipped) in consecutive groups of 7 and 8; "1,2,3/4,5,6,7/8" lists them explicitly.
// The groups must be disjoint; they need not cover every tile.
std::vector<std::vector<int>> parse_partition(const std::string& text,
                                              const std::vector<int>& goal_tiles);

}  // namespace frontier
