#include <frontier/domains/rush/rush_heuristics.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace frontier {

namespace {

// Rows [from, to] of column col as a row-major bitboard, or 0 when the range leaves the board.
std::uint64_t column_span(int n, int col, int from, int to) {
    if (from < 0 || to >= n) return 0;
    std::uint64_t m = 0;
    for (int r = from; r <= to; ++r) m |= std::uint64_t{1} << (r * n + col);
    return m;
}

}  // namespace

int rush_heuristic(const RushBoard& b, RushState s, int level) {
    const int n = b.size(), row = b.exit_row();
    const int primary = RushBoard::offset(s, 0);
    if (primary == n - 2) return 0;
    const int h1 = b.metric() == RushMetric::Steps ? n - 2 - primary : 1;
    if (level <= 1) return h1;

    // Blockers: the pieces on the exit row's cells right of the primary car.
    std::array<std::uint64_t, RushBoard::kMaxPieces> at{};  // each piece's cells
    for (int p = 0; p < b.piece_count(); ++p) at[p] = b.cells(p, RushBoard::offset(s, p));
    const std::uint64_t path =
        ((std::uint64_t{1} << n) - 1 - ((std::uint64_t{2} << (primary + 1)) - 1)) << (row * n);
    std::uint32_t blockers = 0;
    for (int p = 1; p < b.piece_count(); ++p)
        if (at[p] & path) blockers |= std::uint32_t{1} << p;
    const int count = std::popcount(blockers);
    const int h2 = h1 + count;
    if (level == 2 || count == 0) return h2;

    // For each vertical blocker, the pieces it must displace to leave the row upwards (bottom
    // just above the row) or downwards (top just below); a wall or the edge rules a way out.
    struct Options {
        std::uint32_t way[2];
        int count;
    };
    std::array<Options, 8> options{};
    int k = 0;
    for (std::uint32_t rest = blockers; rest; rest &= rest - 1, ++k) {
        const int p = std::countr_zero(rest);
        Options& o = options[k];
        o.count = 0;
        if (!b.piece(p).vertical) continue;  // the board is unsolvable: no requirement
        const int col = b.piece(p).line, top = RushBoard::offset(s, p);
        const int length = b.piece(p).length;
        const std::uint64_t spans[2] = {column_span(n, col, row - length, top - 1),
                                        column_span(n, col, top + length, row + length)};
        for (const std::uint64_t span : spans) {
            if (span == 0 || (span & b.walls())) continue;
            std::uint32_t pieces = 0;
            for (int q = 1; q < b.piece_count(); ++q)
                if (at[q] & span) pieces |= std::uint32_t{1} << q;
            o.way[o.count++] = pieces;
        }
    }
    // The fewest further pieces over every choice of a way out per blocker (a blocker with no
    // way out adds nothing: the board is unsolvable then, any bound is admissible).
    const std::uint32_t counted = blockers | 1u;
    int best = 64;
    for (unsigned choice = 0; choice < (1u << count); ++choice) {
        std::uint32_t needed = 0;
        bool valid = true;
        for (int i = 0; i < count && valid; ++i) {
            const unsigned pick = choice >> i & 1;
            if (options[i].count == 0)
                valid = pick == 0;
            else if (pick < static_cast<unsigned>(options[i].count))
                needed |= options[i].way[pick];
            else
                valid = false;
        }
        if (valid) best = std::min(best, std::popcount(needed & ~counted));
    }
    return h2 + (best == 64 ? 0 : best);
}

RushExitBound::RushExitBound(const RushBoard& board)
    : board_(&board), goal_(board.size() - 2), steps_(board.metric() == RushMetric::Steps) {
    const int n = board.size(), row = board.exit_row();
    std::uint64_t any_way = 0;
    std::fill(std::begin(listed_), std::end(listed_), std::int8_t{-1});
    for (int p = 1; p < board.piece_count(); ++p) {
        const RushPiece& pc = board.piece(p);
        if (!pc.vertical && pc.line != row) continue;  // never on the exit row
        listed_[p] = static_cast<std::int8_t>(count_);
        const Crossing c{static_cast<std::uint8_t>(p), pc.vertical,
                         static_cast<std::uint8_t>(std::max(0, row - pc.length + 1)),
                         static_cast<std::uint8_t>(row), pc.line};
        if (c.vertical)
            for (int top = c.low; top <= c.high; ++top) {
                auto way = [&](int from, int to) {
                    const std::uint64_t span = column_span(n, c.column, from, to);
                    return span & board.walls() ? 0 : span;
                };
                const Ways w{way(row - pc.length, top - 1), way(top + pc.length, row + pc.length)};
                ways_[count_][top - c.low] = w;
                any_way |= w.up | w.down;
            }
        crossing_[count_++] = c;
    }
    // The pieces that may ever stand on a way: tighter() looks at no other.
    for (int p = 1; p < board.piece_count(); ++p)
        for (int o = 0; o + board.piece(p).length <= n; ++o)
            if (board.cells(p, o) & any_way) near_ |= std::uint32_t{1} << p;
}

int RushExitBound::tighter(RushState s, int h) const {
    const int primary = RushBoard::offset(s, 0);
    if (primary == goal_) return 0;
    // The vertical blockers' ways out (a blocker with none adds nothing: the board is
    // unsolvable then, as in rush_heuristic), and every cell of those ways.
    // (A blocker with one way out lists it twice, so every choice below is a valid one.)
    std::uint64_t way[RushBoard::kMaxPieces][2];
    int count = 0;
    std::uint32_t counted = 1;
    std::uint64_t cells = 0;
    for (int i = 0; i < count_; ++i) {
        const Crossing& c = crossing_[i];
        const int o = RushBoard::offset(s, c.piece);
        if (!in_front(c, o, primary)) continue;
        counted |= std::uint32_t{1} << c.piece;
        if (!c.vertical) continue;
        const Ways& w = ways_[i][o - c.low];
        if (!(w.up | w.down)) continue;
        way[count][0] = w.up ? w.up : w.down;
        way[count][1] = w.down ? w.down : w.up;
        ++count;
        cells |= w.up | w.down;
    }
    if (count == 0) return h;
    // Per way, the pieces on it other than A and the blockers (bit p).
    std::uint32_t on[RushBoard::kMaxPieces][2] = {};
    for (std::uint32_t rest = near_ & ~counted; rest; rest &= rest - 1) {
        const int p = std::countr_zero(rest);
        const std::uint64_t at = board_->cells(p, RushBoard::offset(s, p));
        if (!(at & cells)) continue;
        for (int k = 0; k < count; ++k)
            for (int j = 0; j < 2; ++j) on[k][j] |= at & way[k][j] ? 1u << p : 0;
    }
    // The fewest pieces over every choice of a way per blocker (2^count choices, count <= 4 on a
    // 6 x 6 board).
    int best = 64;
    for (unsigned choice = 0; choice < (1u << count); ++choice) {
        std::uint32_t needed = 0;
        for (int k = 0; k < count; ++k) needed |= on[k][choice >> k & 1];
        best = std::min(best, std::popcount(needed));
    }
    return h + best;
}

}  // namespace frontier
