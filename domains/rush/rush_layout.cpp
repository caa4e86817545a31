#include "domains/rush/rush_layout.hpp"

#include <array>
#include <bit>

namespace frontier {

namespace {

// Bits [from, to] of a line (empty when to < from).
constexpr std::uint32_t span(int from, int to) {
    return to < from ? 0 : ((std::uint32_t{2} << to) - 1) & ~((std::uint32_t{1} << from) - 1);
}

// One board's lines: per row the cells of its horizontal pieces and of its walls, per column the
// same for vertical pieces (bit k = the k-th cell along the line). Built in O(pieces).
struct Lines {
    std::array<std::uint32_t, 8> pieces[2]{}, walls[2]{};  // [0] rows, [1] columns

    Lines(const RushBoard& b, RushState s) {
        const int n = b.size();
        for (std::uint64_t w = b.walls(); w; w &= w - 1) {
            const int cell = std::countr_zero(w);
            walls[0][cell / n] |= std::uint32_t{1} << cell % n;
            walls[1][cell % n] |= std::uint32_t{1} << cell / n;
        }
        for (int p = 0; p < b.piece_count(); ++p) {
            const RushPiece& pc = b.piece(p);
            const int o = RushBoard::offset(s, p);
            pieces[pc.vertical][pc.line] |= span(o, o + pc.length - 1);
        }
    }
};

// The wall-free run of a line around cells [from, to]: from just after the last wall before
// them to just before the first wall after them.
struct Run {
    int first, last;
};
Run run_around(std::uint32_t walls, int from, int to, int n) {
    const std::uint32_t after = walls >> (to + 1);
    return {static_cast<int>(std::bit_width(walls & span(0, from - 1))),
            after ? to + std::countr_zero(after) : n - 1};
}

// Piece p's static range, and whether another piece of its line shares its wall-free run.
struct Range {
    int lo, hi;
    bool neighbour;
};

Range static_range(const RushBoard& b, const Lines& lines, RushState s, int p) {
    const int n = b.size();
    const RushPiece& pc = b.piece(p);
    const int o = RushBoard::offset(s, p), end = o + pc.length;  // cells [o, end)
    const std::uint32_t others = lines.pieces[pc.vertical][pc.line] & ~span(o, end - 1);
    const Run run = run_around(lines.walls[pc.vertical][pc.line], o, end - 1, n);
    const int before = std::popcount(others & span(run.first, o - 1));
    const int after = std::popcount(others & span(end, run.last));
    return {run.first + before, run.last + 1 - after - pc.length, before + after > 0};
}

}  // namespace

RushLayout rush_layout_check(const RushBoard& b, RushState s) {
    const int n = b.size(), count = b.piece_count(), row = b.exit_row();
    const int a = RushBoard::offset(s, 0);
    const Lines lines(b, s);
    std::array<std::uint64_t, RushBoard::kMaxPieces> reach{};
    std::uint32_t alone = 0;         // bit p: no other piece in p's wall-free run
    std::uint64_t crossing[2] = {};  // the reach of all horizontal [0] and vertical [1] pieces
    for (int p = 0; p < count; ++p) {
        const Range r = static_range(b, lines, s, p);
        const RushPiece& pc = b.piece(p);
        if (p > 0 && pc.vertical && pc.line >= a + 2 && r.lo >= row + 1 - pc.length && r.hi <= row)
            return RushLayout::Unsolvable;
        for (int o = r.lo; o <= r.hi; ++o) reach[p] |= b.cells(p, o);
        crossing[pc.vertical] |= reach[p];
        if (!r.neighbour) alone |= std::uint32_t{1} << p;
    }
    // A piece nothing touches: alone on its run, and no crossing piece's reach overlaps its own.
    for (int p = 1; p < count; ++p)
        if ((alone >> p & 1) && (reach[p] & crossing[!b.piece(p).vertical]) == 0)
            return RushLayout::Superfluous;
    // A wall nothing touches: no piece of its row or column in the runs on either side of it
    // (the nearest such piece's range reaches the wall).
    for (std::uint64_t w = b.walls(); w; w &= w - 1) {
        const int cell = std::countr_zero(w);
        bool touched = false;
        for (int vertical = 0; vertical < 2 && !touched; ++vertical) {
            const int line = vertical ? cell % n : cell / n, k = vertical ? cell / n : cell % n;
            const Run run = run_around(lines.walls[vertical][line], k, k, n);
            touched = (lines.pieces[vertical][line] & span(run.first, run.last)) != 0;
        }
        if (!touched) return RushLayout::Superfluous;
    }
    return RushLayout::Possible;
}

}  // namespace frontier
