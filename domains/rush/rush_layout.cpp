#include <frontier/domains/rush/rush_layout.hpp>

#include <algorithm>
#include <array>
#include <bit>

namespace frontier {

namespace {

// Bits [from, to] of a line (empty when to < from).
constexpr std::uint32_t span(int from, int to) {
    return to < from ? 0 : ((std::uint32_t{2} << to) - 1) & ~((std::uint32_t{1} << from) - 1);
}

// Per-line bitmasks, [0] rows and [1] columns, bit k = the k-th cell along the line.
using LineMasks = std::array<std::array<std::uint32_t, 8>, 2>;

// One board's lines: per row the cells of its horizontal pieces and of its walls, per column the
// same for vertical pieces. Built in O(pieces).
struct Lines {
    LineMasks pieces{}, walls{};

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

// The run of a line around cells [from, to] free of `blocked` cells: from just after the last
// blocked cell before them to just before the first one after them.
struct Run {
    int first, last;
};
Run run_around(std::uint32_t blocked, int from, int to, int n) {
    const std::uint32_t after = blocked >> (to + 1);
    return {static_cast<int>(std::bit_width(blocked & span(0, from - 1))),
            after ? to + std::countr_zero(after) : n - 1};
}

// Piece p's range within its run of `blocked`, and whether another piece of its line shares the
// run (the pieces of a line keep their order).
struct Range {
    int lo, hi;
    bool neighbour;
};

Range range_in_run(const RushBoard& b, const Lines& lines, const LineMasks& blocked, RushState s,
                   int p) {
    const int n = b.size();
    const RushPiece& pc = b.piece(p);
    const int o = RushBoard::offset(s, p), end = o + pc.length;  // cells [o, end)
    const std::uint32_t others = lines.pieces[pc.vertical][pc.line] & ~span(o, end - 1);
    const Run run = run_around(blocked[pc.vertical][pc.line], o, end - 1, n);
    const int before = std::popcount(others & span(run.first, o - 1));
    const int after = std::popcount(others & span(end, run.last));
    return {run.first + before, run.last + 1 - after - pc.length, before + after > 0};
}

// The ranges of every piece, narrowed until they hold each other: a cell that a piece covers at
// every offset of its range is blocked for the pieces crossing it, which narrows their ranges,
// and so on. Blocked cells only accumulate, so ranges only narrow; a piece is looked at again
// only when its line gained a blocked cell since it was last looked at, and the passes end within
// a few.
using Ranges = std::array<Range, RushBoard::kMaxPieces>;
Ranges narrowed_ranges(const RushBoard& b, const Lines& lines, RushState s) {
    Ranges r;
    LineMasks blocked = lines.walls;
    std::array<std::uint8_t, RushBoard::kMaxPieces> seen;  // its line's version when looked at
    std::uint8_t version[2][8] = {};                       // bumped when a line gains a cell
    seen.fill(0xFF);
    for (bool changed = true; changed;) {
        changed = false;
        for (int p = 0; p < b.piece_count(); ++p) {
            const RushPiece& pc = b.piece(p);
            if (seen[p] == version[pc.vertical][pc.line]) continue;
            seen[p] = version[pc.vertical][pc.line];
            r[p] = range_in_run(b, lines, blocked, s, p);
            const std::uint32_t bit = std::uint32_t{1} << pc.line;
            for (int k = r[p].hi; k < r[p].lo + pc.length; ++k) {
                std::uint32_t& crossing = blocked[!pc.vertical][k];
                if (crossing & bit) continue;
                crossing |= bit;
                ++version[!pc.vertical][k];
                changed = true;
            }
        }
    }
    return r;
}

// The verdict from ranges that hold every state of the cluster (narrower ranges only turn more
// layouts from Possible to Unsolvable or Superfluous).
RushLayout verdict(const RushBoard& b, const Ranges& ranges) {
    const int n = b.size(), count = b.piece_count();
    if (ranges[0].hi < n - b.piece(0).length) return RushLayout::Unsolvable;
    std::array<std::uint64_t, RushBoard::kMaxPieces> reach;
    std::uint32_t alone = 0;      // bit p: no other piece in p's run
    std::uint64_t tried[2] = {};  // cells horizontal [0] and vertical [1] pieces may step into
    for (int p = 0; p < count; ++p) {
        const Range r = ranges[p];
        const RushPiece& pc = b.piece(p);
        reach[p] = 0;
        for (int o = r.lo; o <= r.hi; ++o) reach[p] |= b.cells(p, o);
        // A step is tried from any offset of the range: into the range or one cell past it.
        tried[pc.vertical] |= reach[p] | b.cells(p, std::max(r.lo - 1, 0)) |
                              b.cells(p, std::min(r.hi + 1, n - pc.length));
        if (!r.neighbour) alone |= std::uint32_t{1} << p;
    }
    // A piece that stops no step: alone on its run, and no crossing piece tries a cell it may
    // cover.
    for (int p = 1; p < count; ++p)
        if ((alone >> p & 1) && (reach[p] & tried[!b.piece(p).vertical]) == 0)
            return RushLayout::Superfluous;
    // A wall that stops no step: no piece tries its cell.
    if ((b.walls() & ~(tried[0] | tried[1])) != 0) return RushLayout::Superfluous;
    // A that never leaves the exit: every state solved.
    if (ranges[0].lo == n - b.piece(0).length) return RushLayout::Trivial;
    return RushLayout::Possible;
}

}  // namespace

RushLayout rush_layout_check(const RushBoard& b, RushState s) {
    const Lines lines(b, s);
    return verdict(b, narrowed_ranges(b, lines, s));
}

}  // namespace frontier
