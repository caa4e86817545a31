// The Rush Hour puzzle universe: every board layout of a size and wall count, enumerated so that
// each cluster (the states one layout reaches) is met once, from its smallest state; split into
// units of work. The census of each cluster is rush_census.hpp. The method is the one behind the
// public database; the code is Frontier's own.
//
// Layouts, line by line. Each row holds horizontal pieces (2 or 3 cells) and walls (1 cell: walls
// are placed with the rows), each column vertical pieces (2 or 3 cells). The public definition
// (fogleman/rush's enumerator, whose candidate counts these equal): a wall may stand on any cell,
// the exit row included; the exit row holds no horizontal piece but the primary car A (another
// one there blocks A for good or never has to move), and its walls stand left of A (one right of
// A blocks the exit for good: those boards are left out). Excluded too: a row filled by its own
// pieces and walls, a column filled by its vertical pieces, and more than max_walls walls. A wall
// counts as a piece for minimality (rush_census.hpp) but is no piece of the state: it never moves.
//
// Candidates. All states of a cluster share one layout. RushUniverse numbers the pieces in
// enumeration order (A; the other rows top to bottom, each left to right; then the columns left to
// right, each top to bottom; pieces on one line never pass each other, so the numbering is the
// same in every state) and orders states by their packed word (RushState::bits). A slide left or
// up lowers one offset and so the word: the smallest state of a cluster is a board where no piece
// can slide left or up. Only those boards, the candidates, are generated; RushCensus explores each
// candidate's cluster and drops it as soon as a smaller state appears, so each cluster is explored
// completely exactly once, from its minimum.
//
// Generation is a depth-first search: the exit row, the other rows, then the columns. Every line
// pattern (a set of pieces on one line) is precomputed with its cells and the cells it needs
// occupied by others (the cell before each of its pieces, to the left or above, when on the board
// and not its own). Rows come first, so a column pattern's needs are checked when it is placed,
// and the rows' needs in column c must be covered by column c's pieces. Per column, the compatible
// patterns are tabulated by (the column's occupied cells, the cells it must cover): the search
// visits candidates only, and counting them never visits the last column's patterns.
//
// Goal candidates (RushCandidates::Goal). Every solvable cluster has goal states (A on the exit),
// and its smallest goal state is one where no piece other than A can slide left or up (such a
// slide keeps A on the exit and lowers the word). So the boards with A on the exit and every other
// piece packed meet every solvable cluster, and no unsolvable one: a census that explores them,
// dropping one as soon as a smaller goal state appears, settles each solvable cluster once and
// spends nothing on the unsolvable ones (the idea is published with fogleman/rush's GPU notes;
// the code is Frontier's own). Same generation, with A's pattern fixed at the exit and no cell
// needed before it. The database, which holds solvable clusters only, is the same either way;
// the packed candidates remain the definition of the cluster counts (--all-clusters).
//
// Units of work: the position of A and the patterns of the next rows, as many rows as keep the
// units at most 100,000 (three more rows, 53,240 units, for the wall-free 6 x 6 universe; two for
// 6 x 6 with walls). Units are independent, each enumerated in a fixed order: the grain of
// parallelism and of checkpoints.
//
// Limits: sizes 4 to 6 (the packed state holds 21 pieces, a 6 x 6 board at most 18), 0 to 2
// walls on 6 x 6 and 0 to 3 on smaller boards (max_walls_for), clusters of at most 2^24 states
// (ClusterGraph).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <absl/functional/function_ref.h>

#include <frontier/domains/rush/rush_board.hpp>

namespace frontier {

// Which boards a universe enumerates (see above): the minimum of every cluster, or the smallest
// goal state of every solvable cluster.
enum class RushCandidates : std::uint8_t { Packed, Goal };

class RushUniverse {
  public:
    static constexpr int kMinSize = 4, kMaxSize = 6, kMaxWalls = 3;
    // The most walls a universe of that size may have: 2 on 6 x 6 (the public database's
    // universe), 3 on the smaller boards (the public enumerator's published 4 x 4 counts go to 3).
    static constexpr int max_walls_for(int size) { return size >= 6 ? 2 : kMaxWalls; }
    using Visit = absl::FunctionRef<void(const RushBoard&, RushState)>;

    // InputError for a size or wall count outside the limits above (max_walls_for(size)).
    RushUniverse(int size, int max_walls, RushCandidates candidates = RushCandidates::Packed);

    int size() const { return size_; }
    int max_walls() const { return max_walls_; }
    RushCandidates candidates() const { return candidates_; }
    std::size_t unit_count() const { return units_.size(); }

    // Calls visit(board, candidate) for every candidate of the unit, in a fixed order; the board
    // object is reused (valid during the call only). Board letters: see the header comment.
    void for_each_candidate(std::size_t unit, Visit visit) const;
    // The number of candidates of the unit, without building them.
    std::uint64_t count_candidates(std::size_t unit) const;

    // The unit whose candidates include the smallest state (with goal candidates: the smallest
    // goal state) of the cluster of (board, s), for a board of this universe given with any
    // letters: running that unit alone settles the cluster (for example, finds a known database
    // line without running the universe). Explores the cluster once. InputError when the board is
    // not of this universe (its size, its walls, a horizontal piece other than A in the exit row)
    // or, with goal candidates, when its cluster is unsolvable.
    std::size_t unit_of(const RushBoard& board, RushState s) const;

  private:
    // One piece or wall of a line pattern: its first cell along the line and its length
    // (1 = a wall, rows only).
    struct Item {
        std::uint8_t start = 0, length = 0;
    };
    struct Pattern {
        std::array<Item, 6> items{};
        std::uint8_t count = 0, walls = 0;
        std::uint64_t cells_t = 0;                    // its cells, column-major (bit c * N + r)
        std::uint64_t need_t = 0;                     // cells others must occupy, column-major
        std::uint32_t line_cells = 0, line_need = 0;  // the same along its own line (columns)
    };
    static constexpr int kMaxUnitRows = 4;  // the exit row and up to three more
    static constexpr std::size_t kMaxUnits = 100'000;
    struct Unit {
        std::array<std::uint16_t, kMaxUnitRows> patterns{};  // in row_order_
    };
    struct Walk;  // the depth-first search's state, in the .cpp

    void build_row_patterns(int row);
    void build_column_patterns();
    void build_units();
    template <bool kVisit>
    void place_rows(Walk& w, int depth) const;
    template <bool kVisit>
    void place_columns(Walk& w, int col) const;

    int size_, max_walls_, exit_row_;
    RushCandidates candidates_;
    std::vector<int> row_order_;  // the exit row, then the others top to bottom
    std::array<std::vector<Pattern>, kMaxSize> rows_;
    std::vector<Pattern> columns_;  // one list, valid in every column (shifted)
    // choices_[(occupied << N) | must_cover]: the column patterns fitting a column.
    std::vector<std::vector<std::uint16_t>> choices_;
    int unit_rows_ = 0;  // rows fixed by a unit (row_order_'s first ones)
    std::vector<Unit> units_;
};

}  // namespace frontier
