// The Rush Hour universe (design at the top of rush_enumerate.hpp).
// Why this file is over 400 lines (about 440): the line patterns, the candidate search over them
// and the census of each candidate's cluster share the piece numbering and the packed-state order,
// and the unit records that checkpoint their results must be read with the same numbering; split,
// each part would have to restate it.
#include "domains/rush/rush_enumerate.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>
#include <string>

#include "domains/rush/rush_layout.hpp"
#include "engine/error.hpp"
#include "engine/timer.hpp"

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

RushUniverse::RushUniverse(int size, int max_walls)
    : size_(size), max_walls_(max_walls), exit_row_((size - 1) / 2) {
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
// letter A and piece index 0, and its walls follow it).
void RushUniverse::build_row_patterns(int row) {
    const int n = size_;
    auto finish = [&](Pattern p) {
        std::uint32_t own = 0;
        for (int i = 0; i < p.count; ++i)
            own |= ((1u << p.items[i].length) - 1) << p.items[i].start;
        for (int i = 0; i < p.count; ++i) {
            const Item it = p.items[i];
            for (int k = 0; k < it.length; ++k)
                p.cells_t |= std::uint64_t{1} << ((it.start + k) * n + row);
            if (it.length > 1 && it.start > 0 && !(own >> (it.start - 1) & 1))
                p.need_t |= std::uint64_t{1} << ((it.start - 1) * n + row);
        }
        rows_[row].push_back(p);
    };
    if (row == exit_row_) {
        // A at column a, and walls on any set of the cells left of it (a wall right of A would
        // block the exit for good: the public universe leaves those out), the row never full.
        for (int a = 0; a + 2 <= n; ++a)
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
    // The cluster's smallest state: the candidate the enumeration meets it by.
    RushState least = start;
    RushGrader grader;
    grader.explore(steps, start, [&](RushState x, std::uint32_t) {
        if (x.bits < least.bits) least = x;
        return true;
    });
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
                want |= 1u << (RushBoard::offset(least, p) + 8 * (pc.length - 1));
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

RushCensusCounts& RushCensusCounts::operator+=(const RushCensusCounts& o) {
    candidates += o.candidates;
    pruned += o.pruned;
    clusters += o.clusters;
    solvable += o.solvable;
    kept += o.kept;
    states += o.states;
    return *this;
}

RushVerdict RushCensus::process(const RushBoard& board, RushState candidate, RushDbEntry& entry,
                                RushCensusCounts& counts) {
    ++counts.candidates;
    if (!all_clusters_ && rush_layout_check(board, candidate) != RushLayout::Possible) {
        ++counts.pruned;
        return RushVerdict::Pruned;
    }
    const bool canonical = grader_.explore(
        board, candidate, [&](RushState s, std::uint32_t) { return s.bits >= candidate.bits; });
    if (!canonical) return RushVerdict::NotCanonical;
    ++counts.clusters;
    counts.states += grader_.cluster().size();
    const RushGrade g = grader_.finish(false);
    if (!g.solvable) return RushVerdict::Unsolvable;
    ++counts.solvable;
    if (g.hardest_moves == 0) return RushVerdict::Trivial;
    const std::uint32_t hardest = grader_.hardest_start(board);
    const RushState start = grader_.cluster().state(hardest);
    const std::uint32_t moving = rush_solution_pieces(grader_, hardest);
    if (!rush_is_minimal(board, start, g.hardest_moves, moving, probe_))
        return RushVerdict::NotMinimal;
    ++counts.kept;
    entry = RushDbEntry{g.hardest_moves, format_rush(board, start), g.cluster_size};
    return RushVerdict::Kept;
}

RushUnitResult run_rush_unit(const RushUniverse& universe, std::size_t unit, RushCensus& census) {
    Stopwatch clock;
    RushUnitResult r;
    RushDbEntry entry;
    universe.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
        if (census.process(board, s, entry, r.counts) == RushVerdict::Kept)
            r.entries.push_back(std::move(entry));
    });
    r.seconds = clock.seconds();
    return r;
}

std::string encode_rush_unit(const RushUnitResult& r) {
    const RushCensusCounts& c = r.counts;
    std::string out = "counts " + std::to_string(c.candidates) + ' ' + std::to_string(c.clusters) +
                      ' ' + std::to_string(c.solvable) + ' ' + std::to_string(c.kept) + ' ' +
                      std::to_string(c.states) + ' ' +
                      std::to_string(static_cast<std::uint64_t>(r.seconds * 1e6)) + ' ' +
                      std::to_string(c.pruned) + '\n';
    for (const RushDbEntry& e : r.entries) out += format_rush_db_line(e) + '\n';
    return out;
}

RushUnitResult decode_rush_unit(std::string_view text) {
    auto bad = [](const std::string& why) -> RushUnitResult {
        throw InputError("malformed unit record in checkpoint: " + why);
    };
    RushUnitResult r;
    std::size_t end = text.find('\n');
    if (end == std::string_view::npos) return bad("no counts line");
    {
        std::uint64_t v[7] = {};  // the 7th (pruned) is absent in records from before pruning
        std::string_view line = text.substr(0, end);
        if (line.substr(0, 6) != "counts") return bad("no counts line");
        line.remove_prefix(6);
        for (std::uint64_t& x : v) {
            if (&x == &v[6] && line.empty()) break;
            if (line.empty() || line.front() != ' ') return bad("bad counts line");
            line.remove_prefix(1);
            auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), x);
            if (ec != std::errc()) return bad("bad counts line");
            line.remove_prefix(static_cast<std::size_t>(p - line.data()));
        }
        if (!line.empty()) return bad("bad counts line");
        r.counts.candidates = v[0];
        r.counts.clusters = v[1];
        r.counts.solvable = v[2];
        r.counts.kept = v[3];
        r.counts.states = v[4];
        r.counts.pruned = v[6];
        r.seconds = static_cast<double>(v[5]) / 1e6;
    }
    for (std::size_t at = end + 1; at < text.size(); at = end + 1) {
        end = text.find('\n', at);
        if (end == std::string_view::npos) return bad("unterminated line");
        const RushRecord rec = parse_rush_record(text.substr(at, end - at));
        if (rec.expected_moves < 0) return bad("a line without its columns");
        r.entries.push_back(RushDbEntry{rec.expected_moves, rec.board,
                                        static_cast<std::uint32_t>(rec.expected_cluster)});
    }
    if (r.entries.size() != r.counts.kept) return bad("line count differs from its counts");
    return r;
}

std::uint32_t rush_solution_pieces(const RushGrader& graded, std::uint32_t index) {
    const RushCluster& graph = graded.cluster();
    const auto to_goal = graded.moves_to_solve();
    std::uint32_t pieces = 0, u = index;
    for (int d = to_goal[u]; d > 0; --d) {
        // A move is a run of steps of one label; its states are the one-move successors of u.
        bool moved = false;
        for (const auto& e : graph.edges(u)) {
            for (std::uint32_t w = e.target(); w != RushCluster::kNone;
                 w = graph.follow(w, e.label()))
                if (to_goal[w] == d - 1) {
                    pieces |= 1u << (e.label() >> 1);
                    u = w;
                    moved = true;
                    break;
                }
            if (moved) break;
        }
        assert(moved);
    }
    return pieces;
}

RushPuzzle rush_without_piece(const RushBoard& board, RushState s, int p) {
    const int n = board.size();
    RushPuzzle out{RushBoard(n, board.metric()), RushState{}};
    for (std::uint64_t w = board.walls(); w; w &= w - 1) {
        const int cell = std::countr_zero(w);
        out.board.add_wall(cell / n, cell % n);
    }
    for (int q = 0; q < board.piece_count(); ++q) {
        if (q == p) continue;
        const int index = out.board.add_piece(board.piece(q));
        out.start = RushBoard::with_offset(out.start, index, RushBoard::offset(s, q));
    }
    return out;
}

RushBoard rush_without_wall(const RushBoard& board, int cell) {
    RushBoard out = board;
    out.remove_wall(cell / board.size(), cell % board.size());
    return out;
}

bool rush_is_minimal(const RushBoard& board, RushState start, int moves, std::uint32_t moving,
                     RushProbe& probe) {
    // Without a piece the puzzle is never harder (every solution still works), so the question
    // is only whether it is solved in fewer moves: a BFS bounded by moves - 1, which stops at the
    // first solution instead of exploring the (often much larger) cluster of the smaller puzzle.
    auto lowered = [&](const RushBoard& less, RushState from) {
        return probe.goal_distance(less, from, moves - 1) >= 0;
    };
    const RushBoard in_moves = board.with_metric(RushMetric::Moves);
    for (int p = 1; p < board.piece_count(); ++p) {
        if (moving >> p & 1) continue;
        const RushPuzzle less = rush_without_piece(in_moves, start, p);
        if (!lowered(less.board, less.start)) return false;
    }
    for (std::uint64_t w = board.walls(); w; w &= w - 1)
        if (!lowered(rush_without_wall(in_moves, std::countr_zero(w)), start)) return false;
    return true;
}

}  // namespace frontier
