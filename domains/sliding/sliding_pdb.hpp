// Additive pattern databases for sliding tiles: build, save, load, and the heuristic built on
// them.
//
// SlidingPdb is one database: the pattern's ranker (SlidingPattern) and its table, in memory or
// mapped from a file. Files are table files of kind "pdb" recording the board, the goal, the
// pattern and the partition it was built for; loading one for another board or goal is an error.
//
// PdbHeuristic: the sum of the databases of a partition (additive: each counts only its own
// tiles' moves, so the sum never overestimates), the maximum over several partitions, and, on a
// square board whose goal has the blank on the main diagonal, the maximum with the same lookup
// on the board's diagonal reflection (the reflected state has the same distance to the same goal,
// with tiles relabelled by the goal). A lookup extracts every tile's cell once, then ranks each
// pattern's cells: O(N) per state, no allocation. Copies share the tables; thread-safe.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <frontier/domains/sliding/sliding_pattern.hpp>
#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/tables/pattern_database.hpp>

namespace frontier {

struct SlidingPdb {
    SlidingPattern pattern;
    PdbTable table;
    std::string partition;  // the partition label it was built for ("" if built alone)
};

template <class W>
std::vector<int> goal_tiles_of(const BasicSlidingTiles<W>& d) {
    std::vector<int> tiles(d.cells());
    for (int c = 0; c < d.cells(); ++c) tiles[c] = d.goal().tile(c);
    return tiles;
}

// Builds one database in memory. `stats` (optional) receives the build's numbers.
SlidingPdb build_sliding_pdb(int rows, int cols, const std::vector<int>& goal_tiles,
                             const std::vector<int>& pattern, const PdbBuildOptions& options,
                             PdbBuildResult* stats = nullptr);
// Writes a database atomically; `partition` is recorded as a label.
void save_sliding_pdb(const std::string& path, const SlidingPdb& pdb);
// Maps a database file and checks that it belongs to this board and goal.
SlidingPdb load_sliding_pdb(const std::string& path, int rows, int cols,
                            const std::vector<int>& goal_tiles);
// Every *.pdb file of a directory that matches the board and goal (others are an error).
std::vector<SlidingPdb> load_sliding_pdb_dir(const std::string& dir, int rows, int cols,
                                             const std::vector<int>& goal_tiles);
// The canonical file name of a pattern: "pattern-1-2-3.pdb".
std::string pdb_file_name(const std::vector<int>& pattern);

template <class Board>
class PdbHeuristic {
  public:
    using State = typename Board::State;

    // partitions[i] is a set of databases with disjoint patterns; reflect asks for the diagonal
    // reflection, used only where it is valid (reflects() tells).
    PdbHeuristic(const Board& d, std::vector<std::vector<SlidingPdb>> partitions, bool reflect)
        : cells_(d.cells()), partitions_(std::move(partitions)) {
        for (const auto& partition : partitions_) {
            for (const SlidingPdb& pdb : partition) {
                Lookup l;
                l.k = pdb.pattern.size_k();
                for (int i = 0; i < l.k; ++i) l.tiles[i] = pdb.pattern.pattern()[i];
                l.data = pdb.table.bytes().data();
                lookups_.push_back(l);
            }
            ends_.push_back(static_cast<int>(lookups_.size()));
        }
        const std::vector<int> goal = goal_tiles_of(d);
        int blank = 0;
        for (int c = 0; c < cells_; ++c)
            if (goal[c] == 0) blank = c;
        reflect_ = reflect && d.rows() == d.cols() && blank / d.cols() == blank % d.cols();
        std::array<int, 25> goal_cell{};
        for (int c = 0; c < cells_; ++c) goal_cell[goal[c]] = c;
        for (int c = 0; c < cells_; ++c) mirror_cell_[c] = (c % d.cols()) * d.cols() + c / d.cols();
        for (int t = 0; t < cells_; ++t) mirror_tile_[t] = goal[mirror_cell_[goal_cell[t]]];
        incremental_ = lookups_.size() <= kMaxLookups;
        for (std::size_t i = 0; incremental_ && i < lookups_.size(); ++i)
            for (int j = 0; j < lookups_[i].k; ++j)
                lookups_of_tile_[lookups_[i].tiles[j]] |= std::uint16_t(1u << i);
    }

    bool reflects() const { return reflect_; }
    const std::vector<std::vector<SlidingPdb>>& partitions() const { return partitions_; }

    int operator()(State s) const { return bounded(s, INT_MAX - 1); }

    // The exact value if it is <= limit, else some value > limit: the reflected lookup is skipped
    // when the direct one already exceeds the limit (most nodes IDA* generates are cut off).
    int bounded(State s, int limit) const {
        const std::array<std::uint8_t, 25> cell = cells_of(s);
        const int direct = best_sum([&](std::size_t i) { return direct_lookup(i, cell); });
        if (!reflect_ || direct > limit) return direct;
        return std::max(direct, best_sum([&](std::size_t i) { return mirror_lookup(i, cell); }));
    }

    // IDA*'s per-depth record (engine/search/search.hpp, MemoHeuristic): every tile's cell and
    // every lookup's value in both orientations, so that a child costs the one lookup per
    // orientation whose pattern holds the moved tile instead of all of them. The reflected values
    // are filled only once the direct ones are within the limit (as bounded() does). 64 bytes.
    static constexpr std::size_t kMaxLookups = 16;
    struct Memo {
        int h = 0;
        bool mirror_known = false;
        std::array<std::uint8_t, 25> cell{};
        std::array<std::uint8_t, kMaxLookups> direct{}, mirror{};
    };
    static int value(const Memo& m) { return m.h; }

    Memo memo(State s) const {
        Memo m;
        m.cell = cells_of(s);
        if (!incremental_) {
            m.h = (*this)(s);
            return m;
        }
        for (std::size_t i = 0; i < lookups_.size(); ++i) m.direct[i] = direct_lookup(i, m.cell);
        m.h = best_sum_of(m.direct);
        if (reflect_) fill_mirror(m);
        return m;
    }

    // Answers as bounded(child, limit) does, from the parent's memo and the move.
    template <class Move>
    Memo child_memo(const Memo& parent, State, const Move& mv, State child, int limit) const {
        if (!incremental_) {
            Memo m;
            m.cell = cells_of(child);
            m.h = bounded(child, limit);
            return m;
        }
        Memo m = parent;
        m.cell[mv.tile] = mv.to;
        m.cell[0] = mv.from;
        for (std::uint32_t set = lookups_of_tile_[mv.tile]; set != 0; set &= set - 1) {
            const int i = std::countr_zero(set);
            m.direct[i] = direct_lookup(i, m.cell);
        }
        m.h = best_sum_of(m.direct);
        if (!reflect_) return m;
        if (m.h > limit) {
            m.mirror_known = false;
            return m;
        }
        if (!parent.mirror_known) {
            fill_mirror(m);
            return m;
        }
        for (std::uint32_t set = lookups_of_tile_[mirror_tile_[mv.tile]]; set != 0;
             set &= set - 1) {
            const int i = std::countr_zero(set);
            m.mirror[i] = mirror_lookup(i, m.cell);
        }
        m.h = std::max(m.h, best_sum_of(m.mirror));
        return m;
    }

  private:
    std::uint8_t direct_lookup(std::size_t i, const std::array<std::uint8_t, 25>& cell) const {
        const Lookup& l = lookups_[i];
        int cells[SlidingPattern::kMaxPattern];
        for (int j = 0; j < l.k; ++j) cells[j] = cell[l.tiles[j]];
        return l.data[SlidingPattern::placement_rank(cells_, cells, l.k)];
    }
    // The same lookup on the reflected board: tile t of it stands where the reflection puts the
    // tile that mirror_tile_ pairs with t.
    std::uint8_t mirror_lookup(std::size_t i, const std::array<std::uint8_t, 25>& cell) const {
        const Lookup& l = lookups_[i];
        int cells[SlidingPattern::kMaxPattern];
        for (int j = 0; j < l.k; ++j) cells[j] = mirror_cell_[cell[mirror_tile_[l.tiles[j]]]];
        return l.data[SlidingPattern::placement_rank(cells_, cells, l.k)];
    }
    void fill_mirror(Memo& m) const {
        for (std::size_t i = 0; i < lookups_.size(); ++i) m.mirror[i] = mirror_lookup(i, m.cell);
        m.mirror_known = true;
        m.h = std::max(m.h, best_sum_of(m.mirror));
    }
    std::array<std::uint8_t, 25> cells_of(State s) const {
        std::array<std::uint8_t, 25> cell{};
        for (int c = 0; c < cells_; ++c) cell[s.tile(c)] = static_cast<std::uint8_t>(c);
        return cell;
    }
    // Max over partitions of the sum of their lookups' values; value_of(i) is lookup i's.
    template <class ValueOf>
    int best_sum(ValueOf&& value_of) const {
        int best = 0;
        std::size_t begin = 0;
        for (int end : ends_) {
            int sum = 0;
            for (std::size_t i = begin; i < static_cast<std::size_t>(end); ++i) sum += value_of(i);
            best = std::max(best, sum);
            begin = static_cast<std::size_t>(end);
        }
        return best;
    }
    int best_sum_of(const std::array<std::uint8_t, kMaxLookups>& v) const {
        return best_sum([&v](std::size_t i) { return int{v[i]}; });
    }

    // One database flattened for the hot path: its tiles and its bytes (the tables stay owned by
    // partitions_).
    struct Lookup {
        int k = 0;
        std::array<int, SlidingPattern::kMaxPattern> tiles{};
        const std::uint8_t* data = nullptr;
    };

    int cells_;
    std::vector<std::vector<SlidingPdb>> partitions_;
    std::vector<Lookup> lookups_;
    std::vector<int> ends_;  // lookups_ of partition i end at ends_[i]
    bool reflect_ = false;
    std::array<int, 25> mirror_cell_{}, mirror_tile_{};
    bool incremental_ = false;                         // at most kMaxLookups databases
    std::array<std::uint16_t, 25> lookups_of_tile_{};  // bit i: lookups_[i] holds the tile
};

// Groups databases into partitions by their recorded label, and checks that each partition's
// patterns are disjoint. Databases without a label (built with --pattern) form one partition
// when all their patterns are disjoint, otherwise each is its own.
std::vector<std::vector<SlidingPdb>> group_partitions(std::vector<SlidingPdb> pdbs);

// The databases of a directory (load_sliding_pdb_dir), grouped into partitions.
std::vector<std::vector<SlidingPdb>> load_pdb_partitions(const std::string& dir, int rows, int cols,
                                                         const std::vector<int>& goal_tiles);

// Directories of databases, each mapped and verified once for a board and goal, so that a run
// building one heuristic per instance (compare, solve-batch) reads every file once. The
// partitions it returns share the mappings. Not thread-safe: build heuristics on one thread.
class PdbDirectoryCache {
  public:
    template <class W>
    const std::vector<std::vector<SlidingPdb>>& partitions(const std::string& dir,
                                                           const BasicSlidingTiles<W>& d) {
        const std::vector<int> goal = goal_tiles_of(d);
        std::string key = dir + "|" + std::to_string(d.rows()) + "x" + std::to_string(d.cols());
        for (int t : goal) key += " " + std::to_string(t);
        auto it = loaded_.find(key);
        if (it == loaded_.end())
            it = loaded_.emplace(key, load_pdb_partitions(dir, d.rows(), d.cols(), goal)).first;
        return it->second;
    }

  private:
    std::map<std::string, std::vector<std::vector<SlidingPdb>>> loaded_;
};

}  // namespace frontier
