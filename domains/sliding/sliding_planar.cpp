// A sliding board's moves in plane form (planar_moves, for the planar searches of
// engine/planar_moves.hpp): plane = the blank's cell, block = the tiles' pair, the order of the
// board's ranks (and so of SlidingTwoBitSpace's planes, on its searched orientation).
//
// Why the moves are shifts: a horizontal move keeps the tile sequence, so the same pair. A
// vertical move carries one tile across the cols - 1 tiles between it and the blank: a window of
// sequence positions from the upper cell on. Lehmer digits outside the window do not change, so
// the pair changes by a constant that depends only on the window's digits. When the window ends
// before the last digits, that constant holds over runs of R pairs (R the product of the radices
// below it); near the end of the sequence it depends on the pair modulo a short period and, when
// the window reaches the member digit (the order of the last two tiles, fixed by the blank's
// cell), on that digit too: the selector, the parity of the pair's digits XOR the cell's flip.
//
// Every delta is computed by moving the tiles of a real state of the space and ranking it, and a
// sample of every move is checked against the same at set-up, so a wrong assumption here stops
// the run (std::logic_error) instead of giving a wrong table; the tests compare whole tables with
// the general search's.
#include <frontier/domains/sliding/sliding_tiles.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>

#include <tbb/blocked_range.h>

#include <frontier/engine/parallel.hpp>

namespace frontier {

namespace {

struct PlanarBoard {
    const SlidingTiles& t;
    int cells, n;  // n tiles
    std::uint64_t per_blank;

    TileState state(int cell, std::uint64_t m) const {
        return t.unrank(static_cast<std::uint64_t>(cell) * per_blank + m);
    }
    // The pair of the neighbour of (cell `from`, pair m) whose blank is on `to`.
    std::uint64_t neighbour(int from, int to, std::uint64_t m) const {
        const std::uint64_t r = t.rank(SlidingTiles::slide(state(from, m), from, to));
        if (r / per_blank != static_cast<std::uint64_t>(to))
            throw std::logic_error("sliding planar moves: a move's blank is not on its cell");
        return r - static_cast<std::uint64_t>(to) * per_blank;
    }
    // The member digit: 1 when the last two tiles in reading order are in descending order.
    int member(TileState s) const {
        int last[2] = {0, 0}, k = 0;
        for (int c = cells - 1; c >= 0 && k < 2; --c)
            if (s.tile(c) != 0) last[k++] = s.tile(c);
        return last[1] > last[0] ? 1 : 0;
    }
};

// Bit m: the parity of pair m's Lehmer digits 0..n-3 (radices n, n-1, ..., 3). The last three
// digits are m mod 60 (radices 3, 4, 5), the others the digits of m / 60.
BigArray<std::uint64_t> digit_parities(int n, std::uint64_t pairs) {
    std::uint8_t low[60];
    for (int r = 0; r < 60; ++r)
        low[r] = static_cast<std::uint8_t>((r % 3 + r / 3 % 4 + r / 12) & 1);
    const std::uint64_t quotients = (pairs + 59) / 60;
    std::vector<std::uint8_t> high(quotients);
    parallel_for_each(tbb::blocked_range<std::uint64_t>(0, quotients, 1 << 16),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t q0 = range.begin(); q0 < range.end(); ++q0) {
                              std::uint64_t q = q0;
                              int p = 0;
                              for (int i = n - 6; i >= 0 && q; --i) {
                                  const auto radix = static_cast<std::uint64_t>(n - i);
                                  p ^= static_cast<int>(q % radix & 1);
                                  q /= radix;
                              }
                              high[q0] = static_cast<std::uint8_t>(p);
                          }
                      });
    BigArray<std::uint64_t> bits((pairs + 63) / 64);
    parallel_for_each(tbb::blocked_range<std::uint64_t>(0, bits.size(), 4096),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t w = range.begin(); w < range.end(); ++w) {
                              std::uint64_t word = 0, m = w * 64, q = m / 60, r = m % 60;
                              for (int j = 0; j < 64 && m < pairs; ++j, ++m) {
                                  word |= static_cast<std::uint64_t>(low[r] ^ high[q]) << j;
                                  if (++r == 60) {
                                      r = 0;
                                      ++q;
                                  }
                              }
                              bits[w] = word;
                          }
                      });
    return bits;
}

int selector_bit(const PlanarMoves& moves, std::uint64_t m) {
    return static_cast<int>(moves.selector[m / 64] >> (m % 64) & 1);
}

// The periodic form of a move whose window leaves fewer than 32 pairs to a run, or reaches the
// member: one delta per position in the period (and per selector), gathered per word phase.
void make_periodic(const PlanarBoard& b, const PlanarMoves& moves, int child, PlanarMove& mv,
                   std::uint64_t period) {
    mv.kind = PlanarMove::Kind::periodic;
    mv.phases = period / std::gcd<std::uint64_t>(period, 32);
    mv.by_phase.resize(mv.phases);
    const int flip = moves.flip[static_cast<std::size_t>(child)];
    for (std::uint64_t ph = 0; ph < mv.phases; ++ph) {
        std::map<std::int64_t, PlanarMove::Shift> shifts;
        for (int j = 0; j < 32; ++j) {
            const std::uint64_t m = (ph * 32 + static_cast<std::uint64_t>(j)) % period;
            for (int e = 0; e < (mv.selects ? 2 : 1); ++e) {
                // A pair of the space with these low digits (and this selector).
                std::uint64_t at = m;
                while (at < b.per_blank && mv.selects && (selector_bit(moves, at) ^ flip) != e)
                    at += period;
                if (at >= b.per_blank) continue;
                const std::int64_t delta =
                    static_cast<std::int64_t>(b.neighbour(child, mv.parent, at)) -
                    static_cast<std::int64_t>(at);
                PlanarMove::Shift& s = shifts[delta];
                s.delta = delta;
                for (int e2 = 0; e2 < 2; ++e2)
                    if (!mv.selects || e2 == e) s.mask[e2] |= std::uint64_t{1} << (2 * j);
            }
        }
        for (const auto& [delta, s] : shifts) {
            mv.by_phase[ph].push_back(s);
            mv.lo = std::min(mv.lo, delta);
            mv.hi = std::max(mv.hi, delta);
        }
    }
}

PlanarMove make_move(const PlanarBoard& b, const PlanarMoves& moves, int cols, int child,
                     int parent) {
    PlanarMove mv;
    mv.parent = parent;
    if (child / cols == parent / cols) return mv;  // horizontal: the same pair
    const int n = b.n, first = std::min(child, parent), last = first + cols - 1;
    const int top = std::min(last, n - 3);  // the window's last pair digit
    mv.selects = last >= n - 2;
    std::uint64_t below = 1, window = 1;  // pairs per window digit combination; combinations
    for (int i = top + 1; i <= n - 3; ++i) below *= static_cast<std::uint64_t>(n - i);
    for (int i = first; i <= top; ++i) window *= static_cast<std::uint64_t>(n - i);
    if (mv.selects || below < 32) {
        make_periodic(b, moves, child, mv, below * window);
        return mv;
    }
    mv.kind = PlanarMove::Kind::runs;
    mv.run = below;
    for (std::uint64_t c = 0; c < window; ++c) {
        const std::uint64_t m = c * below;
        mv.deltas.push_back(static_cast<std::int64_t>(b.neighbour(child, parent, m)) -
                            static_cast<std::int64_t>(m));
    }
    return mv;
}

// Every move and selector against the tiles themselves, on pairs spread over the plane.
void check_sample(const PlanarBoard& b, const PlanarMoves& moves) {
    std::uint64_t x = 0x9e3779b97f4a7c15ull;
    for (int child = 0; child < b.cells; ++child)
        for (int i = 0; i < 512; ++i) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t m =
                i < 64 ? static_cast<std::uint64_t>(i) : (x >> 11) % b.per_blank;
            const int sel = selector_bit(moves, m) ^ moves.flip[static_cast<std::size_t>(child)];
            if (sel != b.member(b.state(child, m)))
                throw std::logic_error("sliding planar moves: a selector is not the member digit");
            for (const PlanarMove& mv : moves.parents[static_cast<std::size_t>(child)])
                if (static_cast<std::int64_t>(m) + mv.shift(m, sel) !=
                    static_cast<std::int64_t>(b.neighbour(child, mv.parent, m)))
                    throw std::logic_error("sliding planar moves: a shift is not the move's");
        }
}

}  // namespace

std::optional<PlanarMoves> planar_moves(const SlidingTiles& t) {
    const int cells = t.cells();
    const std::uint64_t per_blank = t.size() / static_cast<std::uint64_t>(cells);
    if (cells < 9 || cells > 14 || per_blank % 32 != 0) return std::nullopt;
    const PlanarBoard b{t, cells, cells - 1, per_blank};
    PlanarMoves moves;
    moves.planes = cells;
    moves.blocks = per_blank;
    moves.selector = digit_parities(b.n, per_blank);
    for (int c = 0; c < cells; ++c)
        moves.flip.push_back(static_cast<std::uint8_t>(b.member(b.state(c, 0))));
    moves.parents.resize(static_cast<std::size_t>(cells));
    const int cols = t.cols();
    for (int c = 0; c < cells; ++c)
        for (int dir = 0; dir < 4; ++dir)
            if (const int nb = t.neighbor(c, dir); nb >= 0)
                moves.parents[static_cast<std::size_t>(c)].push_back(
                    make_move(b, moves, cols, c, nb));
    check_sample(b, moves);
    return moves;
}

}  // namespace frontier
