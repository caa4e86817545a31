#include "domains/rush/rush_heuristics.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace frontier {

namespace {

constexpr std::int8_t kEmpty = -1, kWall = -2;

// The pieces (bit p) on rows [from, to] of column col; false when a wall or the edge is in the
// way (the direction is then impossible).
bool pieces_in_column(const RushBoard& b, const std::array<std::int8_t, 64>& owner, int col,
                      int from, int to, std::uint32_t& set) {
    if (from < 0 || to >= b.size()) return false;
    for (int r = from; r <= to; ++r) {
        const std::int8_t who = owner[r * b.size() + col];
        if (who == kWall) return false;
        if (who >= 0) set |= std::uint32_t{1} << who;
    }
    return true;
}

}  // namespace

int rush_heuristic(const RushBoard& b, RushState s, int level) {
    const int n = b.size(), row = b.exit_row();
    const int primary = RushBoard::offset(s, 0);
    if (primary == n - 2) return 0;
    const int h1 = b.metric() == Metric::Steps ? n - 2 - primary : 1;
    if (level <= 1) return h1;

    std::array<std::int8_t, 64> owner;
    owner.fill(kEmpty);
    for (int c = 0; c < n * n; ++c)
        if (b.walls() >> c & 1) owner[c] = kWall;
    for (int p = 0; p < b.piece_count(); ++p)
        for (int k = 0; k < b.piece(p).length; ++k)
            owner[b.cell(p, RushBoard::offset(s, p), k)] = static_cast<std::int8_t>(p);

    std::uint32_t blockers = 0;
    std::array<int, 8> blocker_list{};
    int count = 0;
    for (int col = primary + 2; col < n; ++col) {
        const std::int8_t who = owner[row * n + col];
        if (who >= 0 && !(blockers >> who & 1)) {
            blockers |= std::uint32_t{1} << who;
            blocker_list[count++] = who;
        }
    }
    const int h2 = h1 + count;
    if (level == 2 || count == 0) return h2;

    // For each vertical blocker, the pieces each way must displace (up to two options).
    std::array<std::array<std::uint32_t, 2>, 8> options{};
    std::array<int, 8> option_count{};
    for (int i = 0; i < count; ++i) {
        const int p = blocker_list[i];
        if (!b.piece(p).vertical) continue;  // the board is unsolvable: no requirement
        const int col = b.piece(p).line, top = RushBoard::offset(s, p);
        const int length = b.piece(p).length;
        std::uint32_t up = 0, down = 0;
        if (pieces_in_column(b, owner, col, row - length, top - 1, up))
            options[i][option_count[i]++] = up;
        if (pieces_in_column(b, owner, col, top + length, row + length, down))
            options[i][option_count[i]++] = down;
    }
    const std::uint32_t counted = blockers | 1u;  // the blockers and the primary car
    int best = 64;
    for (unsigned choice = 0; choice < (1u << count); ++choice) {
        std::uint32_t needed = 0;
        bool valid = true;
        for (int i = 0; i < count && valid; ++i) {
            const int pick = choice >> i & 1;
            if (option_count[i] == 0) {
                valid = pick == 0;  // no option: count that blocker's choice once
            } else if (pick < option_count[i]) {
                needed |= options[i][pick];
            } else {
                valid = false;
            }
        }
        if (valid) best = std::min(best, std::popcount(needed & ~counted));
    }
    return h2 + (best == 64 ? 0 : best);
}

}  // namespace frontier
