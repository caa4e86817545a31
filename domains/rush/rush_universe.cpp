// The Rush Hour universe (design at the top of rush_universe.hpp).
#include <frontier/domains/rush/rush_universe.hpp>

#include <algorithm>
#include <bit>
#include <optional>
#include <string>

#include <frontier/engine/error.hpp>

namespace frontier {

struct RushUniverse::Walk {
    explicit Walk(int size) : board(size, RushMetric::Steps) {}
    RushBoard board;  // the Steps metric: what the cluster exploration uses, so no copy there
    RushState state;
    std::uint64_t occupied_t = 0, need_t = 0;  // column-major
    int walls = 0;
    char letter = 'A';
    std::uint64_t count = 0;
    const Visit* visit = nullptr;
};

RushUniverse::RushUniverse(int size, int max_walls, RushCandidates candidates)
    : size_(size), max_walls_(max_walls), exit_row_((size - 1) / 2), candidates_(candidates) {
    if (size < kMinSize || size > kMaxSize)
        throw InputError("board size " + std::to_string(size) + " is out of range (" +
                         std::to_string(kMinSize) + " to " + std::to_string(kMaxSize) + ")");
    if (max_walls < 0 || max_walls > max_walls_for(size))
        throw InputError("wall count " + std::to_string(max_walls) + " is out of range (0 to " +
                         std::to_string(max_walls_for(size)) + " on a " + std::to_string(size) +
                         " x " + std::to_string(size) + " board)");
    row_order_.push_back(exit_row_);
    for (int r = 0; r < size_; ++r)
        if (r != exit_row_) row_order_.push_back(r);
    for (int r = 0; r < size_; ++r) build_row_patterns(r);
    build_column_patterns();
    build_units();
}

// Every pattern of one row: items left to right, fewer cells than the row has, at most
// max_walls walls; the exit row holds A and walls left of it (A is item 0, so it takes the
// letter A and piece index 0, and its walls follow it). With goal candidates A stands on the exit
// and needs nothing before it.
void RushUniverse::build_row_patterns(int row) {
    const int n = size_;
    const bool goal = candidates_ == RushCandidates::Goal;
    auto finish = [&](Pattern p) {
        std::uint32_t own = 0;
        for (int i = 0; i < p.count; ++i)
            own |= ((1u << p.items[i].length) - 1) << p.items[i].start;
        for (int i = 0; i < p.count; ++i) {
            const Item it = p.items[i];
            for (int k = 0; k < it.length; ++k)
                p.cells_t |= std::uint64_t{1} << ((it.start + k) * n + row);
            const bool a_on_exit = goal && row == exit_row_ && i == 0;
            if (it.length > 1 && it.start > 0 && !(own >> (it.start - 1) & 1) && !a_on_exit)
                p.need_t |= std::uint64_t{1} << ((it.start - 1) * n + row);
        }
        rows_[row].push_back(p);
    };
    if (row == exit_row_) {
        // A at column a, and walls on any set of the cells left of it (a wall right of A would
        // block the exit for good: the public universe leaves those out), the row never full.
        for (int a = goal ? n - 2 : 0; a + 2 <= n; ++a)
            for (std::uint32_t walls = 0; walls < (1u << a); ++walls) {
                const int count = std::popcount(walls);
                if (count > max_walls_ || 2 + count >= n) continue;
                Pattern p;
                p.items[p.count++] = Item{std::uint8_t(a), 2};
                for (int c = 0; c < a; ++c)
                    if (walls >> c & 1) p.items[p.count++] = Item{std::uint8_t(c), 1};
                p.walls = static_cast<std::uint8_t>(count);
                finish(p);
            }
        return;
    }
    auto place = [&](auto& self, Pattern p, int x, int used) -> void {
        if (x >= n) {
            if (used < n) finish(p);
            return;
        }
        self(self, p, x + 1, used);  // cell x stays empty
        for (int length = 1; length <= 3 && x + length <= n; ++length) {
            if (length == 1 && p.walls == max_walls_) continue;
            Pattern q = p;
            q.items[q.count++] = Item{std::uint8_t(x), std::uint8_t(length)};
            q.walls += length == 1;
            self(self, q, x + length, used + length);
        }
    };
    place(place, Pattern{}, 0, 0);
}

// Vertical pieces along one column (the same list serves every column), and for each column state
// (occupied cells, cells to cover) the patterns that fit.
void RushUniverse::build_column_patterns() {
    const int n = size_;
    auto place = [&](auto& self, Pattern p, int y, int used) -> void {
        if (y >= n) {
            if (used >= n) return;
            for (int i = 0; i < p.count; ++i) {
                const Item it = p.items[i];
                p.line_cells |= ((1u << it.length) - 1) << it.start;
            }
            for (int i = 0; i < p.count; ++i) {
                const int before = p.items[i].start - 1;
                if (before >= 0 && !(p.line_cells >> before & 1)) p.line_need |= 1u << before;
            }
            columns_.push_back(p);
            return;
        }
        self(self, p, y + 1, used);
        for (int length = 2; length <= 3 && y + length <= n; ++length) {
            Pattern q = p;
            q.items[q.count++] = Item{std::uint8_t(y), std::uint8_t(length)};
            self(self, q, y + length, used + length);
        }
    };
    place(place, Pattern{}, 0, 0);
    const std::uint32_t lines = 1u << n;
    choices_.assign(std::size_t{lines} * lines, {});
    for (std::uint32_t occupied = 0; occupied < lines; ++occupied)
        for (std::uint32_t cover = 0; cover < lines; ++cover) {
            if (occupied & cover) continue;  // a cell to cover is never occupied yet
            auto& list = choices_[std::size_t{occupied} << n | cover];
            for (std::size_t k = 0; k < columns_.size(); ++k) {
                const Pattern& p = columns_[k];
                if ((p.line_cells & occupied) || (p.line_need & ~occupied) ||
                    (cover & ~p.line_cells))
                    continue;
                list.push_back(static_cast<std::uint16_t>(k));
            }
        }
}

void RushUniverse::build_units() {
    // Units with `rows` fixed rows, each with its walls, while within the limits.
    auto make = [&](int rows, bool limit) {
        std::vector<std::pair<Unit, int>> units{{Unit{}, 0}};
        for (int depth = 0; depth < rows; ++depth) {
            std::vector<std::pair<Unit, int>> longer;
            const auto& patterns = rows_[row_order_[depth]];
            for (const auto& [unit, walls] : units)
                for (std::size_t k = 0; k < patterns.size(); ++k) {
                    if (walls + patterns[k].walls > max_walls_) continue;
                    Unit u = unit;
                    u.patterns[depth] = static_cast<std::uint16_t>(k);
                    longer.emplace_back(u, walls + patterns[k].walls);
                    if (limit && longer.size() > kMaxUnits) return std::vector<Unit>{};
                }
            units.swap(longer);
        }
        std::vector<Unit> out;
        for (const auto& [unit, walls] : units) out.push_back(unit);
        return out;
    };
    unit_rows_ = 3;  // the exit row and two more always fit
    units_ = make(unit_rows_, false);
    for (int rows = 4; rows <= std::min(kMaxUnitRows, size_); ++rows) {
        std::vector<Unit> finer = make(rows, true);
        if (finer.empty()) break;
        unit_rows_ = rows;
        units_.swap(finer);
    }
}

namespace {

// Adds a row pattern's pieces and walls to the board (pieces get the next letters; walls take a
// letter too), or removes them again.
template <class Pattern>
void add_row(RushBoard& board, RushState& s, char& letter, int row, const Pattern& p) {
    for (int i = 0; i < p.count; ++i) {
        const auto it = p.items[i];
        if (it.length == 1) {
            board.add_wall(row, it.start);
            ++letter;
            continue;
        }
        const int index = board.add_piece(RushPiece{letter++, false, it.length, std::uint8_t(row)});
        s = RushBoard::with_offset(s, index, it.start);
    }
}

template <class Pattern>
void remove_row(RushBoard& board, RushState& s, char& letter, int row, const Pattern& p) {
    for (int i = p.count - 1; i >= 0; --i) {
        const auto it = p.items[i];
        --letter;
        if (it.length == 1) {
            board.remove_wall(row, it.start);
            continue;
        }
        s = RushBoard::with_offset(s, board.piece_count() - 1, 0);
        board.pop_piece();
    }
}

}  // namespace

template <bool kVisit>
void RushUniverse::place_rows(Walk& w, int depth) const {
    if (depth == static_cast<int>(row_order_.size())) return place_columns<kVisit>(w, 0);
    const int row = row_order_[depth];
    for (const Pattern& p : rows_[row]) {
        if (w.walls + p.walls > max_walls_) continue;
        if constexpr (kVisit) add_row(w.board, w.state, w.letter, row, p);
        w.occupied_t |= p.cells_t;
        w.need_t |= p.need_t;
        w.walls += p.walls;
        place_rows<kVisit>(w, depth + 1);
        w.walls -= p.walls;
        w.need_t &= ~p.need_t;
        w.occupied_t &= ~p.cells_t;
        if constexpr (kVisit) remove_row(w.board, w.state, w.letter, row, p);
    }
}

template <bool kVisit>
void RushUniverse::place_columns(Walk& w, int col) const {
    const int n = size_;
    if (col == n) {
        (*w.visit)(w.board, w.state);
        return;
    }
    const std::uint64_t line = (std::uint64_t{1} << n) - 1;
    const int shift = col * n;
    const auto occupied = static_cast<std::uint32_t>(w.occupied_t >> shift & line);
    const auto cover = static_cast<std::uint32_t>(w.need_t >> shift & line);
    const auto& list = choices_[std::size_t{occupied} << n | cover];
    if (!kVisit && col == n - 1) {
        w.count += list.size();
        return;
    }
    for (const std::uint16_t k : list) {
        const Pattern& p = columns_[k];
        const std::uint64_t cells = std::uint64_t{p.line_cells} << shift;
        if constexpr (kVisit)
            for (int i = 0; i < p.count; ++i) {
                const Item it = p.items[i];
                const int index =
                    w.board.add_piece(RushPiece{w.letter++, true, it.length, std::uint8_t(col)});
                w.state = RushBoard::with_offset(w.state, index, it.start);
            }
        w.occupied_t |= cells;
        place_columns<kVisit>(w, col + 1);
        w.occupied_t &= ~cells;
        if constexpr (kVisit)
            for (int i = 0; i < p.count; ++i) {
                --w.letter;
                w.state = RushBoard::with_offset(w.state, w.board.piece_count() - 1, 0);
                w.board.pop_piece();
            }
    }
}

void RushUniverse::for_each_candidate(std::size_t unit, Visit visit) const {
    Walk w(size_);
    w.visit = &visit;
    const Unit& u = units_.at(unit);
    for (int depth = 0; depth < unit_rows_; ++depth) {
        const int row = row_order_[depth];
        const Pattern& p = rows_[row][u.patterns[depth]];
        add_row(w.board, w.state, w.letter, row, p);
        w.occupied_t |= p.cells_t;
        w.need_t |= p.need_t;
        w.walls += p.walls;
    }
    place_rows<true>(w, unit_rows_);
}

std::uint64_t RushUniverse::count_candidates(std::size_t unit) const {
    Walk w(size_);
    const Unit& u = units_.at(unit);
    for (int depth = 0; depth < unit_rows_; ++depth) {
        const Pattern& p = rows_[row_order_[depth]][u.patterns[depth]];
        w.occupied_t |= p.cells_t;
        w.need_t |= p.need_t;
        w.walls += p.walls;
    }
    place_rows<false>(w, unit_rows_);
    return w.count;
}

std::size_t RushUniverse::unit_of(const RushBoard& board, RushState s) const {
    const int n = size_;
    auto outside = [](const std::string& why) -> std::size_t {
        throw InputError("the board is not of this universe: " + why);
    };
    if (board.size() != n) return outside("its size differs");
    if (std::popcount(board.walls()) > max_walls_) return outside("it has too many walls");
    // The pieces in the universe's numbering: A, the other rows' pieces (rows in row_order_)
    // left to right, then the columns' pieces left to right, top to bottom.
    std::vector<int> order(board.piece_count());
    for (int p = 0; p < board.piece_count(); ++p) order[p] = p;
    auto order_key = [&](int p) {
        const RushPiece& pc = board.piece(p);
        const auto row_rank =
            std::find(row_order_.begin(), row_order_.end(), pc.line) - row_order_.begin();
        const int rank = pc.vertical ? 1 + n + pc.line : 1 + static_cast<int>(row_rank);
        return std::pair{p == 0 ? 0 : rank, RushBoard::offset(s, p)};
    };
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return order_key(a) < order_key(b); });
    RushBoard steps(n, RushMetric::Steps);
    RushState start;
    for (std::uint64_t w = board.walls(); w; w &= w - 1)
        steps.add_wall(std::countr_zero(w) / n, std::countr_zero(w) % n);
    for (const int p : order) {
        const RushPiece& pc = board.piece(p);
        if (p > 0 && !pc.vertical && pc.line == exit_row_)
            return outside("a horizontal piece other than A is in the exit row");
        start = RushBoard::with_offset(start, steps.add_piece(pc), RushBoard::offset(s, p));
    }
    // The cluster's smallest state (smallest goal state): the candidate the enumeration meets
    // it by.
    const bool goal = candidates_ == RushCandidates::Goal;
    std::optional<RushState> least;
    RushGrader grader;
    grader.explore(steps, start, [&](RushState x, std::uint32_t) {
        if ((!goal || steps.is_goal(x)) && (!least || x.bits < least->bits)) least = x;
        return true;
    });
    if (!least) return outside("its cluster is unsolvable, and this universe holds goal states");
    // Its unit: the patterns of the rows a unit fixes. A row's items are told apart by where
    // each starts and how long it is (they never overlap): one bit per (start, length).
    auto row_key = [](const Item* items, int count) {
        std::uint32_t k = 0;
        for (int i = 0; i < count; ++i) k |= 1u << (items[i].start + 8 * (items[i].length - 1));
        return k;
    };
    std::array<std::uint16_t, kMaxUnitRows> patterns{};
    for (int depth = 0; depth < unit_rows_; ++depth) {
        const int row = row_order_[depth];
        std::uint32_t want = 0;
        for (int c = 0; c < n; ++c)
            if (steps.walls() >> (row * n + c) & 1) want |= 1u << c;
        for (int p = 0; p < steps.piece_count(); ++p) {
            const RushPiece& pc = steps.piece(p);
            if (!pc.vertical && pc.line == row)
                want |= 1u << (RushBoard::offset(*least, p) + 8 * (pc.length - 1));
        }
        const auto& list = rows_[row];
        const auto it = std::find_if(list.begin(), list.end(), [&](const Pattern& q) {
            return row_key(q.items.data(), q.count) == want;
        });
        if (it == list.end())
            return outside("row " + std::to_string(row) + " is not one of its rows");
        patterns[depth] = static_cast<std::uint16_t>(it - list.begin());
    }
    for (std::size_t u = 0; u < units_.size(); ++u)
        if (std::equal(patterns.begin(), patterns.begin() + unit_rows_, units_[u].patterns.begin()))
            return u;
    return outside("its first rows hold more walls than it allows");
}

}  // namespace frontier
