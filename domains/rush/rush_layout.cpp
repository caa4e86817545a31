#include "domains/rush/rush_layout.hpp"

#include <array>
#include <bit>

namespace frontier {

namespace {

struct Range {
    int lo, hi;
};

// The offsets piece p's line allows: the run of wall-free cells around it, less the lengths of
// the same-line pieces in that run before and after it.
Range static_range(const RushBoard& b, RushState s, int p) {
    const int n = b.size();
    const RushPiece& pc = b.piece(p);
    const std::uint64_t walls = b.walls();
    auto wall_at = [&](int k) {
        const int cell = pc.vertical ? k * n + pc.line : pc.line * n + k;
        return (walls >> cell & 1) != 0;
    };
    const int o = RushBoard::offset(s, p);
    int first = o, last = o + pc.length - 1;
    while (first > 0 && !wall_at(first - 1)) --first;
    while (last < n - 1 && !wall_at(last + 1)) ++last;
    int before = 0, after = 0;
    for (int q = 0; q < b.piece_count(); ++q) {
        const RushPiece& x = b.piece(q);
        if (q == p || x.vertical != pc.vertical || x.line != pc.line) continue;
        const int xo = RushBoard::offset(s, q);
        if (xo < first || xo > last) continue;
        (xo < o ? before : after) += x.length;
    }
    return {first + before, last + 1 - after - pc.length};
}

// The cells next to `cells` along a line: one column over for a row, one row over for a column.
std::uint64_t along(std::uint64_t cells, bool vertical, int n) {
    return vertical ? (cells << n | cells >> n) : (cells << 1 | cells >> 1);
}

}  // namespace

RushLayout rush_layout_check(const RushBoard& b, RushState s) {
    const int n = b.size(), count = b.piece_count(), row = b.exit_row();
    const int a = RushBoard::offset(s, 0);
    std::array<std::uint64_t, RushBoard::kMaxPieces> reach{};
    for (int p = 0; p < count; ++p) {
        const Range r = static_range(b, s, p);
        const RushPiece& pc = b.piece(p);
        if (p > 0 && pc.vertical && pc.line >= a + 2 && r.lo >= row + 1 - pc.length && r.hi <= row)
            return RushLayout::Unsolvable;
        for (int o = r.lo; o <= r.hi; ++o) reach[p] |= b.cells(p, o);
    }
    for (int p = 1; p < count; ++p) {
        const RushPiece& pc = b.piece(p);
        const std::uint64_t next = along(reach[p], pc.vertical, n);
        bool touched = false;
        for (int q = 0; q < count && !touched; ++q) {
            if (q == p) continue;
            const RushPiece& x = b.piece(q);
            if (x.vertical != pc.vertical)
                touched = (reach[p] & reach[q]) != 0;
            else if (x.line == pc.line)
                touched = (next & reach[q]) != 0;
        }
        if (!touched) return RushLayout::Superfluous;
    }
    for (std::uint64_t w = b.walls(); w; w &= w - 1) {
        const int cell = std::countr_zero(w), r = cell / n, c = cell % n;
        bool touched = false;
        for (int p = 0; p < count && !touched; ++p) {
            const RushPiece& pc = b.piece(p);
            if (pc.line == (pc.vertical ? c : r))
                touched = (along(reach[p], pc.vertical, n) >> cell & 1) != 0;
        }
        if (!touched) return RushLayout::Superfluous;
    }
    return RushLayout::Possible;
}

}  // namespace frontier
