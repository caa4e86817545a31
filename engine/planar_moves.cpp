#include <frontier/engine/planar_moves.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <frontier/engine/error.hpp>

namespace frontier {

std::int64_t PlanarMove::shift(std::uint64_t m, int selector) const {
    switch (kind) {
        case Kind::same:
            return 0;
        case Kind::runs:
            return deltas[(m / run) % deltas.size()];
        case Kind::periodic:
            for (const Shift& s : by_phase[(m / 32) % phases])
                if (s.mask[selects ? selector : 0] >> (2 * (m % 32)) & 1) return s.delta;
    }
    throw InputError("planar moves: block " + std::to_string(m) + " has no shift");
}

std::optional<std::vector<std::uint8_t>> plane_colours(const PlanarMoves& moves) {
    const auto planes = static_cast<std::size_t>(moves.planes);
    if (moves.planes < 1 || moves.parents.size() != planes) return std::nullopt;
    for (const auto& list : moves.parents)
        for (const PlanarMove& mv : list)
            if (mv.parent < 0 || mv.parent >= moves.planes) return std::nullopt;
    std::vector<std::uint8_t> colour(planes, 2);  // 2: not reached yet
    std::vector<std::size_t> stack;
    for (std::size_t start = 0; start < planes; ++start) {
        if (colour[start] != 2) continue;
        colour[start] = 0;
        stack.push_back(start);
        while (!stack.empty()) {
            const std::size_t c = stack.back();
            stack.pop_back();
            for (const PlanarMove& mv : moves.parents[c]) {
                const auto p = static_cast<std::size_t>(mv.parent);
                if (colour[p] == colour[c]) return std::nullopt;
                if (colour[p] == 2) {
                    colour[p] = colour[c] ^ 1;
                    stack.push_back(p);
                }
            }
        }
    }
    return colour;
}

namespace detail {

bool region_active(const PlanarMoves& all, const std::vector<PlanarMove>& moves,
                   const MoveWalk* walks, const Activity& last, std::uint64_t region) {
    const auto blocks = static_cast<std::int64_t>(all.blocks);
    auto any = [](const std::vector<std::uint8_t>& act, std::int64_t from, std::int64_t to,
                  std::int64_t limit) {
        constexpr auto kSpan = static_cast<std::int64_t>(kRegionBlocks);
        from = std::max<std::int64_t>(from, 0);
        to = std::min(to, limit);
        for (std::int64_t x = from / kSpan; from < to && x <= (to - 1) / kSpan; ++x)
            if (act[static_cast<std::size_t>(x)]) return true;
        return false;
    };
    const auto a = static_cast<std::int64_t>(region * kRegionBlocks);
    const std::int64_t end = a + static_cast<std::int64_t>(kRegionBlocks);
    for (std::size_t s = 0; s < moves.size(); ++s) {
        const PlanarMove& mv = moves[s];
        const auto& act = last[static_cast<std::size_t>(mv.parent)];
        switch (mv.kind) {
            case PlanarMove::Kind::same:
                if (act[region]) return true;
                break;
            case PlanarMove::Kind::periodic:
                if (any(act, a + mv.lo, end + mv.hi, blocks)) return true;
                break;
            case PlanarMove::Kind::runs: {
                MoveWalk wk = walks[s];
                for (std::int64_t at = a; at < end;) {
                    const std::int64_t len =
                        std::min(static_cast<std::int64_t>(mv.run - wk.in_run), end - at);
                    const std::int64_t d = mv.deltas[wk.combo];
                    if (any(act, at + d, at + len + d, blocks)) return true;
                    at += len;
                    wk.in_run += static_cast<std::uint64_t>(len);
                    if (wk.in_run >= mv.run) {
                        wk.in_run -= mv.run;
                        if (++wk.combo == mv.deltas.size()) wk.combo = 0;
                    }
                }
                break;
            }
        }
    }
    return false;
}

void check_planar_fit(const PlanarMoves& moves, std::uint64_t entries, const char* search) {
    const auto planes = static_cast<std::uint64_t>(moves.planes);
    bool fits = moves.planes >= 1 && moves.blocks % 32 == 0 && moves.blocks * planes == entries &&
                moves.parents.size() == planes && moves.flip.size() == planes;
    bool selects = false;
    for (const auto& list : moves.parents) {
        fits = fits && list.size() <= 8;
        for (const PlanarMove& mv : list) {
            fits = fits && mv.parent >= 0 && mv.parent < moves.planes;
            selects = selects || mv.selects;
            if (mv.kind == PlanarMove::Kind::periodic)
                fits = fits && mv.phases >= 1 && mv.by_phase.size() == mv.phases;
            if (mv.kind == PlanarMove::Kind::runs)
                fits = fits && mv.run >= 32 && !mv.deltas.empty();
        }
    }
    if (selects) fits = fits && moves.selector.size() * 64 >= moves.blocks;
    if (!fits)
        throw InputError(std::string(search) + ": the planar moves do not fit a table of " +
                         std::to_string(entries) + " entries");
}

}  // namespace detail

}  // namespace frontier
