// The one-byte table's planar search (planar_layered_bfs in layered_bfs.hpp): the layered BFS of
// a domain whose ranks are plane * blocks + block and whose moves are PlanarMoves
// (engine/planar_moves.hpp).
//
// A layer visits the planes of the next depth's colour. For each group of 32 blocks of such a
// plane it compares the 32 bytes with kUnreached, and each parent plane's 32 bytes at the move's
// delta with the current depth (one unaligned load and compare per run or per delta of a
// period), ORs what the moves give and writes depth + 1 into the unreached bytes that a parent
// reached. Each group is written by one thread and parent planes (the other colour) are only
// read, so there are no atomics, and no frontier bitsets: the bytes say the depth.
#include <algorithm>
#include <bit>
#include <cstring>
#include <mutex>
#include <string>

#include <tbb/blocked_range.h>

#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/timer.hpp>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace frontier {

namespace {

using detail::Activity;
using detail::kRegionWords;
using detail::MoveWalk;

// Bit j set when p[j] == v, for the 32 bytes from p.
std::uint32_t bytes_equal(const std::uint8_t* p, std::uint8_t v) {
#if defined(__AVX2__)
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(static_cast<char>(v)))));
#else
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kSevens = 0x7f7f7f7f7f7f7f7full;
    std::uint32_t out = 0;
    for (int k = 0; k < 4; ++k) {
        std::uint64_t w;
        std::memcpy(&w, p + 8 * k, 8);
        const std::uint64_t x = w ^ (kOnes * v);
        // The high bit of each byte that is zero, exactly (no borrow between bytes).
        const std::uint64_t zero = ~(((x & kSevens) + kSevens) | x | kSevens);
        out |= static_cast<std::uint32_t>((zero >> 7) * 0x0102040810204080ull >> 56) << (8 * k);
    }
    return out;
#endif
}

// A periodic move's delta with its masks as one bit per block (PlanarMove::Shift keeps the
// two-bit table's two bits per entry).
struct ByteShift {
    std::int64_t delta;
    std::uint32_t mask[2];
};

std::uint32_t one_bit_per_block(std::uint64_t two_bit_mask) {
    std::uint32_t out = 0;
    for (int j = 0; j < 32; ++j)
        out |= static_cast<std::uint32_t>(two_bit_mask >> (2 * j) & 1) << j;
    return out;
}

struct Search {
    const PlanarMoves& moves;
    std::span<std::uint8_t> table;
    std::uint64_t groups, regions;  // per plane
    // [plane][move][phase]: the periodic moves' shifts with byte masks
    std::vector<std::vector<std::vector<std::vector<ByteShift>>>> shifts;

    std::uint8_t* plane(int c) const {
        return table.data() + static_cast<std::uint64_t>(c) * moves.blocks;
    }
    // Bit j set when block s + j of `pl` holds v; blocks outside the plane never match.
    std::uint32_t equal_at(const std::uint8_t* pl, std::int64_t s, std::uint8_t v) const {
        const auto blocks = static_cast<std::int64_t>(moves.blocks);
        if (s >= 0 && s + 32 <= blocks) return bytes_equal(pl + s, v);
        std::uint32_t out = 0;
        for (int j = 0; j < 32; ++j)
            if (s + j >= 0 && s + j < blocks && pl[s + j] == v) out |= 1u << j;
        return out;
    }
    std::uint32_t selectors(std::uint64_t g, bool flip) const {
        return static_cast<std::uint32_t>(moves.selector[g / 2] >> (32 * (g & 1))) ^
               (flip ? ~0u : 0u);
    }
};

// The blocks of group g of a child plane whose parent over move `s` holds depth v.
std::uint32_t parents_at(const Search& S, int child, std::size_t s, const MoveWalk& wk,
                         std::uint64_t g, std::uint8_t v, bool flip) {
    const PlanarMove& mv = S.moves.parents[static_cast<std::size_t>(child)][s];
    const std::uint8_t* pp = S.plane(mv.parent);
    const auto m0 = static_cast<std::int64_t>(g * 32);
    if (mv.kind == PlanarMove::Kind::same) return bytes_equal(pp + m0, v);
    if (mv.kind == PlanarMove::Kind::runs) {
        const std::uint64_t left = mv.run - wk.in_run;
        if (left >= 32) return S.equal_at(pp, m0 + mv.deltas[wk.combo], v);
        const int len = static_cast<int>(left);
        const std::uint64_t next = wk.combo + 1 == mv.deltas.size() ? 0 : wk.combo + 1;
        return (S.equal_at(pp, m0 + mv.deltas[wk.combo], v) & ((1u << len) - 1)) |
               S.equal_at(pp, m0 + len + mv.deltas[next], v) << len;
    }
    const std::uint32_t sel = mv.selects ? S.selectors(g, flip) : 0;
    std::uint32_t hits = 0;
    for (const ByteShift& b : S.shifts[static_cast<std::size_t>(child)][s][wk.phase]) {
        const std::uint32_t mask = mv.selects ? (b.mask[0] & ~sel) | (b.mask[1] & sel) : b.mask[0];
        if (mask) hits |= S.equal_at(pp, m0 + b.delta, v) & mask;
    }
    return hits;
}

// One task's part of a layer in one child plane.
struct RegionScan {
    std::uint64_t claimed = 0;
    std::vector<std::uint64_t> smallest;  // ranks, ascending
};

// Regions of the child plane with no unreached block left (`full`) are skipped for good; so are
// those whose parents were idle in the last layer.
void scan_regions(const Search& S, int child, std::uint8_t depth, const Activity& last,
                  Activity& next, Activity& full, std::uint64_t first_region,
                  std::uint64_t end_region, std::size_t keep, RegionScan& out) {
    const std::size_t moves = S.moves.parents[static_cast<std::size_t>(child)].size();
    const bool flip = S.moves.flip[static_cast<std::size_t>(child)] != 0;
    const auto child_depth = static_cast<std::uint8_t>(depth + 1);
    std::uint8_t* tp = S.plane(child);
    const std::uint64_t base = static_cast<std::uint64_t>(child) * S.moves.blocks;
    detail::scan_child_regions(S.moves, child, last, next, full, first_region, end_region,
                               [&](std::uint64_t g, const MoveWalk* walks) -> detail::GroupScan {
                                   const std::uint32_t free = bytes_equal(tp + g * 32, kUnreached);
                                   if (!free) return {};
                                   std::uint32_t hits = 0;
                                   for (std::size_t s = 0; s < moves; ++s)
                                       hits |= parents_at(S, child, s, walks[s], g, depth, flip);
                                   const std::uint32_t fresh = hits & free;
                                   if (!fresh) return {.claimed = false, .open = true};
                                   for (std::uint32_t f = fresh; f; f &= f - 1) {
                                       const std::uint64_t m =
                                           g * 32 + static_cast<std::uint64_t>(std::countr_zero(f));
                                       tp[m] = child_depth;
                                       if (out.smallest.size() < keep)
                                           out.smallest.push_back(base + m);
                                   }
                                   out.claimed += static_cast<std::uint64_t>(std::popcount(fresh));
                                   return {.claimed = true, .open = fresh != free};
                               });
}

Search prepare(const PlanarMoves& moves, std::span<std::uint8_t> table) {
    detail::check_planar_fit(moves, table.size(), "planar layered BFS");
    const std::uint64_t groups = moves.blocks / 32;
    Search S{moves, table, groups, (groups + kRegionWords - 1) / kRegionWords, {}};
    S.shifts.resize(moves.parents.size());
    for (std::size_t c = 0; c < moves.parents.size(); ++c)
        for (const PlanarMove& mv : moves.parents[c]) {
            auto& phases = S.shifts[c].emplace_back();
            for (const auto& list : mv.by_phase) {
                auto& out = phases.emplace_back();
                for (const PlanarMove::Shift& sh : list)
                    out.push_back(
                        {sh.delta, {one_bit_per_block(sh.mask[0]), one_bit_per_block(sh.mask[1])}});
            }
        }
    return S;
}

}  // namespace

LayeredBfsResult planar_layered_bfs(const PlanarMoves& moves,
                                    const std::vector<std::uint8_t>& colour,
                                    std::span<const std::uint64_t> roots,
                                    std::span<std::uint8_t> table,
                                    const LayeredBfsOptions& options) {
    const Search S = prepare(moves, table);
    const int planes = moves.planes;
    LayeredBfsResult result;
    result.threads = resolve_threads(options.threads);
    Stopwatch clock;
    Activity last(static_cast<std::size_t>(planes), std::vector<std::uint8_t>(S.regions)),
        next = last, full = last;
    std::vector<std::uint64_t> farthest;
    int root_colour = -1;
    std::mutex merge;
    run_with_threads(result.threads, [&] {
        detail::fill_parallel(table, kUnreached);
        for (std::uint64_t r : roots) {
            if (r >= table.size()) detail::refuse_rank(r, table.size());
            if (table[r] != kUnreached) continue;
            const auto c = static_cast<std::size_t>(r / moves.blocks);
            if (root_colour >= 0 && colour[c] != root_colour)
                throw InputError("planar layered BFS: roots of both colours");
            root_colour = colour[c];
            table[r] = 0;
            last[c][r % moves.blocks / 32 / kRegionWords] = 1;
            farthest.push_back(r);
        }
        std::uint64_t count = farthest.size();
        std::sort(farthest.begin(), farthest.end());
        if (farthest.size() > options.farthest_limit) farthest.resize(options.farthest_limit);
        for (int depth = 0; count > 0; ++depth) {
            if (!detail::record_layer(result, depth, count, options, clock.seconds())) break;
            count = 0;
            std::vector<std::uint64_t> smallest;
            for (int child = 0; child < planes; ++child) {
                if ((colour[static_cast<std::size_t>(child)] ^ root_colour) != ((depth + 1) & 1))
                    continue;
                parallel_for_each(
                    tbb::blocked_range<std::uint64_t>(0, S.regions, 128),
                    [&](const tbb::blocked_range<std::uint64_t>& range) {
                        RegionScan scan;
                        scan_regions(S, child, static_cast<std::uint8_t>(depth), last, next, full,
                                     range.begin(), range.end(), options.farthest_limit, scan);
                        std::lock_guard lock(merge);
                        count += scan.claimed;
                        smallest.insert(smallest.end(), scan.smallest.begin(), scan.smallest.end());
                    });
            }
            if (count == 0) break;
            std::sort(smallest.begin(), smallest.end());
            if (smallest.size() > options.farthest_limit) smallest.resize(options.farthest_limit);
            farthest = std::move(smallest);
            std::swap(last, next);
            for (auto& plane : next) std::fill(plane.begin(), plane.end(), 0);
        }
    });
    result.farthest = std::move(farthest);
    result.seconds = clock.seconds();
    return result;
}

}  // namespace frontier
