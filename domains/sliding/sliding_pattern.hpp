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
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <frontier/engine/select_bit.hpp>

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

class SlidingPatternWalker;

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

    // The ranks of a rank's children without building states (engine/enumerate/layered_bfs.hpp uses
    // it when a domain has one); see SlidingPatternWalker below.
    using RankWalker = SlidingPatternWalker;
    RankWalker rank_walker() const;  // thread-safe
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
    std::uint32_t flood(std::uint32_t seed, std::uint32_t free) const {
        std::uint32_t region = seed & free;
        for (;;) {
            const std::uint32_t grown =
                (region | ((region & not_right_) << 1) | ((region & not_left_) >> 1) |
                 (region << cols_) | (region >> cols_)) &
                free;
            if (grown == region) return region;
            region = grown;
        }
    }

  private:
    friend class SlidingPatternWalker;
    int rows_, cols_, cells_, free_cells_;
    std::vector<int> goal_tiles_, pattern_;
    std::uint64_t placements_;
    std::uint32_t board_, not_left_, not_right_;
    // Boards of at most 16 cells: for every free set and cell, the lowest cell of that cell's
    // region (index free << 4 | cell; 1 MiB for 16 cells), made by the first rank_walker() and
    // shared by copies. A walker looks its children's regions up instead of flooding them: the
    // flood's loop, whose length varies, was a third of a pattern database's build.
    struct RegionTable {
        std::once_flag once;
        std::vector<std::uint8_t> lowest;
    };
    std::shared_ptr<RegionTable> regions_ = std::make_shared<RegionTable>();
    static constexpr int kMaxTabledCells = 16;
    State goal_;
    std::array<std::array<std::int8_t, 4>, kMaxCells> neighbor_{};
};

// The children of an abstract rank as ranks, for the pattern database's BFS. A walker is one
// thread's and keeps the last placement it decoded: the ranks of one placement (its blank regions)
// decode it once, and a larger placement (the BFS scans ranks in ascending order) is reached by
// adding the difference to the Lehmer digits with carries, so only the tiles from the first
// changed digit on are placed again (mostly the last one or two). A child moves one pattern tile
// i from cell p to a cell q of the blank's region, which changes the placement rank by a delta
// computed from the parent's cells instead of a full rank: the Lehmer digit of tile i changes by
// |q - p| less the earlier tiles between p and q, and each later tile between them changes its
// digit by one (a horizontal move has no cell between, so its delta is one digit weight). The
// child's region is looked up in the pattern's region table (boards of up to 16 cells), else
// flooded from p as in for_each_successor. Same children as for_each_successor followed by
// rank(), in another order (tests/pdb_test.cpp). Together: the 7-8 databases of the 15-puzzle
// build 2.6 times faster than through unrank() and rank() (docs/notes/measurements.md).
class SlidingPatternWalker {
  public:
    static constexpr int kMaxChildren = 4 * SlidingPattern::kMaxPattern;
    // lowest: the pattern's region table, or null to flood every child's region.
    SlidingPatternWalker(const SlidingPattern& p, const std::uint8_t* lowest);

    int children(std::uint64_t r, std::uint64_t* out) {
        const SlidingPattern& p = *p_;
        const auto free_cells = static_cast<std::uint64_t>(p.free_cells_);
        const std::uint64_t placement = r / free_cells;
        const int index = static_cast<int>(r - placement * free_cells);
        if (placement != placement_) decode(placement);
        const std::uint32_t free = p.board_ & ~occupied_;
        const std::uint32_t region = p.flood(1u << select_bit(free, index), free);
        int n = 0;
        for (std::uint32_t movable = occupied_ & grow(region); movable; movable &= movable - 1) {
            const int from = std::countr_zero(movable);
            const int i = tile_at_[from];
            for (std::uint32_t to_set = next_to_[from] & region; to_set; to_set &= to_set - 1) {
                const int to = std::countr_zero(to_set);
                const std::uint32_t after = (free | 1u << from) & ~(1u << to);
                const int lowest = lowest_ ? lowest_[after << 4 | from]
                                           : std::countr_zero(p.flood(1u << from, after));
                const int child_index = std::popcount(after & ((1u << lowest) - 1));
                out[n++] = (placement + delta(i, from, to)) * free_cells +
                           static_cast<std::uint64_t>(child_index);
            }
        }
        return n;
    }

  private:
    // Sets the walker to `placement`: by carries from the last one when it is larger, else from
    // scratch.
    void decode(std::uint64_t placement);
    void place_from(int first);
    // The cells next to any cell of `cells`.
    std::uint32_t grow(std::uint32_t cells) const {
        const SlidingPattern& p = *p_;
        return ((cells & p.not_right_) << 1) | ((cells & p.not_left_) >> 1) | (cells << p.cols_) |
               (cells >> p.cols_);
    }
    // The change of the placement rank when tile i moves from `from` to the free cell `to`.
    std::uint64_t delta(int i, int from, int to) const {
        const int lo = from < to ? from : to, hi = from < to ? to : from;
        const std::uint32_t between = ((1u << hi) - 1) & ~((2u << lo) - 1);
        std::uint64_t magnitude =
            weight_[i] * static_cast<std::uint64_t>(hi - lo - std::popcount(between & before_[i]));
        for (std::uint32_t later = between & after_[i]; later; later &= later - 1)
            magnitude += weight_[tile_at_[std::countr_zero(later)]];
        return to > from ? magnitude : std::uint64_t{0} - magnitude;
    }

    const SlidingPattern* p_;
    const std::uint8_t* lowest_;
    std::uint64_t placement_ = ~std::uint64_t{0};  // the placement decoded below
    std::uint32_t occupied_ = 0;
    std::array<std::uint32_t, SlidingPattern::kMaxPattern> digit_{};   // its Lehmer digits
    std::array<std::uint64_t, SlidingPattern::kMaxPattern> weight_{};  // rank weight of digit i
    std::array<std::uint32_t, SlidingPattern::kMaxPattern> before_{}, after_{};  // cells of tiles
                                                                                 // < i and > i
    std::array<std::int8_t, SlidingPattern::kMaxCells> tile_at_{};
    std::array<std::uint32_t, SlidingPattern::kMaxCells> next_to_{};  // a cell's neighbours
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
