#include <frontier/engine/two_bit/planar.hpp>

#include <algorithm>
#include <bit>
#include <mutex>
#include <string>

#include <tbb/blocked_range.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>
#include <frontier/engine/two_bit/planes.hpp>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace frontier {

namespace {

constexpr std::uint64_t kLow = TwoBitTable::kLow;
using detail::Activity;
using detail::kRegionWords;
using detail::MoveWalk;

// The 32 low bits of x on the low bits of the 32 entries of a word.
std::uint64_t spread(std::uint64_t x) {
#if defined(__BMI2__)
    return _pdep_u64(x, kLow);
#else
    x &= 0xffffffffull;
    x = (x | x << 16) & 0x0000ffff0000ffffull;
    x = (x | x << 8) & 0x00ff00ff00ff00ffull;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0full;
    x = (x | x << 2) & 0x3333333333333333ull;
    return (x | x << 1) & kLow;
#endif
}

// One search's fixed facts, shared by the threads.
struct Planes {
    const PlanarMoves& moves;
    std::uint64_t* table;
    std::uint64_t words;    // per plane
    std::uint64_t regions;  // per plane

    std::uint64_t* plane(int c) const { return table + static_cast<std::uint64_t>(c) * words; }
    // Entries of word w of `pl` equal to `code`, 0 past the plane's ends.
    std::uint64_t matching(const std::uint64_t* pl, std::int64_t w, int code) const {
        if (w < 0 || static_cast<std::uint64_t>(w) >= words) return 0;
        return TwoBitTable::matches(pl[w], code);
    }
    // The 32 entries from block s on, as `code` matches.
    std::uint64_t window(const std::uint64_t* pl, std::int64_t s, int code) const {
        const std::int64_t w = s >> 5;
        const int off = static_cast<int>(s & 31);
        const std::uint64_t a = matching(pl, w, code);
        if (off == 0) return a;
        return a >> (2 * off) | matching(pl, w + 1, code) << (64 - 2 * off);
    }
    // The selectors of word w's blocks, flipped for the child plane.
    std::uint64_t selectors(std::uint64_t w, bool flip) const {
        return spread(moves.selector[w / 2] >> (32 * (w & 1)) & 0xffffffffull) ^ (flip ? kLow : 0);
    }
};

// The entries of word w of the child plane whose parent over `mv` holds `code`.
std::uint64_t parents_at(const Planes& p, const PlanarMove& mv, const MoveWalk& wk, std::uint64_t w,
                         int code, bool flip) {
    const std::uint64_t* pp = p.plane(mv.parent);
    const auto m0 = static_cast<std::int64_t>(w * 32);
    if (mv.kind == PlanarMove::Kind::same) return TwoBitTable::matches(pp[w], code);
    if (mv.kind == PlanarMove::Kind::runs) {
        const std::uint64_t left = mv.run - wk.in_run;
        if (left >= 32) return p.window(pp, m0 + mv.deltas[wk.combo], code);
        const int len = static_cast<int>(left);
        const std::uint64_t next = wk.combo + 1 == mv.deltas.size() ? 0 : wk.combo + 1;
        return (p.window(pp, m0 + mv.deltas[wk.combo], code) &
                ((std::uint64_t{1} << 2 * len) - 1)) |
               p.window(pp, m0 + len + mv.deltas[next], code) << (2 * len);
    }
    const std::uint64_t sel = mv.selects ? p.selectors(w, flip) : 0;
    std::uint64_t hits = 0;
    if (mv.lo >= -64 && mv.hi <= 64) {  // every parent within two words: read six once
        std::uint64_t near[6];
        for (int j = 0; j < 6; ++j)
            near[j] = p.matching(pp, static_cast<std::int64_t>(w) + j - 2, code);
        for (const PlanarMove::Shift& s : mv.by_phase[wk.phase]) {
            const std::uint64_t mask =
                mv.selects ? (s.mask[0] & ~sel) | (s.mask[1] & sel) : s.mask[0];
            const std::int64_t from = s.delta + 64;
            const int wi = static_cast<int>(from >> 5), off = static_cast<int>(from & 31);
            const std::uint64_t v =
                off == 0 ? near[wi] : near[wi] >> (2 * off) | near[wi + 1] << (64 - 2 * off);
            hits |= v & mask;
        }
        return hits;
    }
    for (const PlanarMove::Shift& s : mv.by_phase[wk.phase]) {
        const std::uint64_t mask = mv.selects ? (s.mask[0] & ~sel) | (s.mask[1] & sel) : s.mask[0];
        if (mask) hits |= p.window(pp, m0 + s.delta, code) & mask;
    }
    return hits;
}

// One thread's share of a layer in one child plane: the claims, the smallest claimed indices
// (the space's, ascending) and the words examined.
struct RegionScan {
    std::uint64_t claimed = 0, examined = 0;
    std::vector<std::uint64_t> smallest;
};

// Regions of the child plane with no unreached entry left (`full`) are skipped for good; so are
// those whose parents were idle in the last layer.
void scan_regions(const Planes& p, int child, int depth, const Activity& last, Activity& next,
                  Activity& full, std::uint64_t first_region, std::uint64_t end_region,
                  std::size_t keep, RegionScan& out) {
    const std::vector<PlanarMove>& moves = p.moves.parents[static_cast<std::size_t>(child)];
    const int code = two_bit_code(depth), next_code = two_bit_code(depth + 1);
    const bool flip = p.moves.flip[static_cast<std::size_t>(child)] != 0;
    std::uint64_t* tp = p.plane(child);
    const auto planes = static_cast<std::uint64_t>(p.moves.planes);
    detail::scan_child_regions(
        p.moves, child, last, next, full, first_region, end_region,
        [&](std::uint64_t w, const MoveWalk* walks) -> detail::GroupScan {
            ++out.examined;
            const std::uint64_t old = tp[w], free = TwoBitTable::matches(old, 0);
            if (!free) return {};
            std::uint64_t hits = 0;
            for (std::size_t s = 0; s < moves.size(); ++s)
                hits |= parents_at(p, moves[s], walks[s], w, code, flip);
            const std::uint64_t fresh = hits & free;
            if (!fresh) return {.claimed = false, .open = true};
            tp[w] = old | fresh * static_cast<std::uint64_t>(next_code);
            out.claimed += static_cast<std::uint64_t>(std::popcount(fresh));
            for (std::uint64_t f = fresh; f && out.smallest.size() < keep; f &= f - 1)
                out.smallest.push_back(
                    (w * 32 + static_cast<std::uint64_t>(std::countr_zero(f) / 2)) * planes +
                    static_cast<std::uint64_t>(child));
            return {.claimed = true, .open = fresh != free};
        });
}

// The entries of each code in each parity class of planes, for detail::check_codes.
void count_codes(const Planes& p, const detail::TwoBitParity& parity, std::uint64_t codes[4][2]) {
    std::mutex merge;
    for (int c = 0; c < p.moves.planes; ++c) {
        const std::uint64_t* pl = p.plane(c);
        parallel_for_each(tbb::blocked_range<std::uint64_t>(0, p.words, 1 << 14),
                          [&](const tbb::blocked_range<std::uint64_t>& r) {
                              std::uint64_t n[4] = {};
                              for (std::uint64_t w = r.begin(); w < r.end(); ++w)
                                  for (int code = 1; code <= 3; ++code)
                                      n[code] += static_cast<std::uint64_t>(
                                          std::popcount(TwoBitTable::matches(pl[w], code)));
                              std::lock_guard lock(merge);
                              for (int code = 1; code <= 3; ++code)
                                  codes[code][parity.of(c)] += n[code];
                          });
    }
}

}  // namespace

TwoBitBfsResult planar_two_bit_bfs(const PlanarPlan& plan, std::span<const std::uint64_t> roots,
                                   TwoBitTable& table, const TwoBitBfsOptions& options) {
    const PlanarMoves& moves = plan.moves;
    detail::check_planar_fit(moves, table.size(), "planar two-bit BFS");
    const int planes = moves.planes;
    const Planes p{moves, table.words(), moves.blocks / 32,
                   (moves.blocks / 32 + kRegionWords - 1) / kRegionWords};
    TwoBitBfsResult result;
    result.threads = resolve_threads(options.threads);
    Stopwatch clock;
    std::vector<std::uint64_t>& layers = result.layers;
    std::vector<std::uint64_t> last_smallest;
    Activity last(static_cast<std::size_t>(planes), std::vector<std::uint8_t>(p.regions)),
        next = last, full = last;
    const auto per = static_cast<std::uint64_t>(planes);
    if (options.resume_layers.empty()) {
        table.clear(options.threads);
        for (std::uint64_t r : roots) {
            const auto c = static_cast<int>(r % per);
            const std::uint64_t m = r / per, w = m / 32;
            std::uint64_t& word = p.plane(c)[w];
            if (word >> (2 * (m % 32)) & 3) continue;
            word |= static_cast<std::uint64_t>(two_bit_code(0)) << (2 * (m % 32));
            last[static_cast<std::size_t>(c)][w / kRegionWords] = 1;
            last_smallest.push_back(r);
        }
        std::sort(last_smallest.begin(), last_smallest.end());
        layers.push_back(last_smallest.size());
    } else {
        layers = options.resume_layers;
        space_order_to_planes(table, planes, options.threads);
        for (auto& plane : last) std::fill(plane.begin(), plane.end(), 1);
    }
    std::mutex merge;
    run_with_threads(options.threads, [&] {
        while (layers.back() > 0) {
            const int depth = static_cast<int>(layers.size()) - 1;
            if (options.max_depth >= 0 && depth >= options.max_depth) {
                result.complete = false;
                break;
            }
            result.directions += 'w';
            std::uint64_t claimed = 0;
            std::vector<std::uint64_t> smallest;
            for (int child = 0; child < planes; ++child) {
                if (plan.parity.of(child) != ((depth + 1) & 1)) continue;
                parallel_for_each(tbb::blocked_range<std::uint64_t>(0, p.regions, 128),
                                  [&](const tbb::blocked_range<std::uint64_t>& r) {
                                      RegionScan scan;
                                      scan_regions(p, child, depth, last, next, full, r.begin(),
                                                   r.end(), options.farthest_limit, scan);
                                      std::lock_guard lock(merge);
                                      claimed += scan.claimed;
                                      result.visited += 32 * scan.examined;
                                      smallest.insert(smallest.end(), scan.smallest.begin(),
                                                      scan.smallest.end());
                                  });
            }
            std::swap(last, next);
            for (auto& plane : next) std::fill(plane.begin(), plane.end(), 0);
            detail::end_two_bit_layer(layers, claimed, smallest, last_smallest, options,
                                      clock.seconds());
        }
    });
    detail::end_two_bit_search(result, std::move(last_smallest));
    std::uint64_t codes[4][2] = {};
    run_with_threads(options.threads, [&] { count_codes(p, plan.parity, codes); });
    planes_to_space_order(table, planes, options.threads);
    detail::check_codes(result.layers, /*filter=*/true, codes);
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
