// A prototype of the blank-major two-bit search for sliding boards, kept as the reference for
// the engine's version: every layer is done with word operations, no cursor, no frontier maps,
// no zones. docs/notes/measurements.md ("Two-bit tables") gives the design and its measurements.
//
//   build/bench/frontier_planar_prototype ROWS COLS THREADS [MAX_DEPTH]
//
// prints the layer counts (V=1 in the environment: each layer's time and the moves' tables on
// stderr). Boards of up to 14 cells, the goal blank in the last cell.
//
// Index: one plane per blank cell c, and in a plane one entry per pair m: m is the SlidingTiles
// half-rank of the tiles read row-major without the blank (Lehmer digits d[0..n-3] of n tiles);
// the member (digit n-2, the order of the last two tiles) is the digits' parity XOR the cell's
// required parity. A horizontal move keeps the pair: the same positions in the neighbour plane.
// A vertical move moves one tile across the COLS - 1 tiles between it and the blank, a window of
// sequence positions from the upper cell on, so the child's pair is the parent's plus a constant
// that depends only on the window's digits (and the member when the window reaches it): long
// runs of pairs share it (two funnel shifts per word), or, near the sequence's end, few distinct
// constants, each the set of pairs with given low digits (a mask per word phase, one shift per
// constant). The tables come from moving the tiles themselves at set-up. Child planes are
// written by one thread per word and parent planes only read: no locks.
#include <sys/mman.h>
#include <tbb/combinable.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numeric>
#include <vector>
#if defined(__BMI2__)
#include <immintrin.h>
#endif
using u64 = std::uint64_t;
using i64 = std::int64_t;
static constexpr u64 kLow = 0x5555555555555555ull;
static inline u64 spread(u64 x) {
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
static inline u64 matches(u64 w, int code) {
    const u64 x = w ^ (kLow * static_cast<u64>(code));
    return ~(x | x >> 1) & kLow;
}
int rows, cols, N, n;
u64 P, W;
u64 g[32];
int req[32], par[32];
u64* table;
u64* dpbits;
static inline u64* plane(int c) {
    return table + static_cast<u64>(c) * W;
}
static inline u64 extract(const u64* pl, int code, i64 s) {
    const i64 w0 = s >> 5;
    const int off = static_cast<int>(s & 31);
    auto m = [&](i64 w) -> u64 {
        return (w < 0 || static_cast<u64>(w) >= W) ? 0 : matches(pl[w], code);
    };
    const u64 a = m(w0);
    if (off == 0) return a;
    return (a >> (2 * off)) | (m(w0 + 1) << (64 - 2 * off));
}
// The parent (pair, member) of the child (plane cc, pair mc, member ec) across the move from
// plane cp, by the tiles themselves (setup only).
static void parent_of(int cc, int cp, u64 mc, int ec, u64& mp, int& ep) {
    int d[16], a[16], cell[16], b[16];
    for (int i = 0; i <= n - 3; ++i) d[i] = static_cast<int>((mc / g[i]) % static_cast<u64>(n - i));
    d[n - 2] = ec;
    d[n - 1] = 0;
    bool used[16] = {};
    for (int i = 0; i < n; ++i) {
        int k = d[i], t = 0;
        for (;; ++t)
            if (!used[t] && k-- == 0) break;
        used[t] = true;
        a[i] = t;
    }
    for (int c = 0, j = 0; c < N; ++c) cell[c] = c == cc ? -1 : a[j++];
    std::swap(cell[cc], cell[cp]);
    for (int c = 0, j = 0; c < N; ++c)
        if (c != cp) b[j++] = cell[c];
    mp = 0;
    for (int i = 0; i < n; ++i) {
        int di = 0;
        for (int l = i + 1; l < n; ++l) di += b[l] < b[i];
        if (i <= n - 3) mp += static_cast<u64>(di) * g[i];
        if (i == n - 2) ep = di;
    }
}
static int dp_of(u64 m) {
    int p = 0;
    for (int i = 0; i <= n - 3; ++i)
        p ^= static_cast<int>((m / g[i]) % static_cast<u64>(n - i)) & 1;
    return p;
}
struct Move {
    int parent = 0, kind = 0;  // 0 identity, 1 classes, 2 runs
    bool member = false;
    u64 period = 1, phases = 1;
    struct Class {
        i64 delta;
        std::vector<u64> mask[2];
    };
    std::vector<Class> classes;
    u64 run = 0, combos = 0;
    std::vector<i64> deltas;
    i64 lo = 0, hi = 0;
    struct Entry {
        i64 delta;
        u64 mask0, mask1;
    };
    std::vector<std::vector<Entry>> by_phase;  // classes with entries in the phase
};
std::vector<std::vector<Move>> parents;  // per child plane
static Move make_move(int cc, int cp) {
    Move mv;
    mv.parent = cp;
    if (cc / cols == cp / cols) return mv;  // horizontal: the same pair
    const int k = std::min(cc, cp), last = k + cols - 1;
    const int hi = std::min(last, n - 3);
    mv.member = last >= n - 2;
    u64 R = 1, C = 1;
    for (int i = hi + 1; i <= n - 3; ++i) R *= static_cast<u64>(n - i);
    for (int i = k; i <= hi; ++i) C *= static_cast<u64>(n - i);
    if (!mv.member && R >= 32) {
        mv.kind = 2;
        mv.run = R;
        mv.combos = C;
        for (u64 c = 0; c < C; ++c) {
            u64 mp;
            int ep;
            const u64 m = c * R;
            parent_of(cc, cp, m, dp_of(m) ^ req[cc], mp, ep);
            mv.deltas.push_back(static_cast<i64>(mp) - static_cast<i64>(m));
        }
        return mv;
    }
    mv.kind = 1;
    mv.period = R * C;
    mv.phases = mv.period / std::gcd<u64>(mv.period, 32);
    std::map<i64, int> idx;
    for (u64 ph = 0; ph < mv.phases; ++ph)
        for (int j = 0; j < 32; ++j) {
            const u64 m = (ph * 32 + j) % mv.period;
            for (int e = 0; e < (mv.member ? 2 : 1); ++e) {
                u64 mp;
                int ep;
                // a representative pair with these low digits whose member is e: pairs m + t *
                // period share them
                parent_of(cc, cp, m, e, mp, ep);
                const i64 dl = static_cast<i64>(mp) - static_cast<i64>(m);
                auto it = idx.find(dl);
                if (it == idx.end()) {
                    it = idx.emplace(dl, static_cast<int>(mv.classes.size())).first;
                    mv.classes.push_back(
                        {dl, {std::vector<u64>(mv.phases), std::vector<u64>(mv.phases)}});
                }
                for (int e2 = 0; e2 < 2; ++e2)
                    if (mv.member ? e2 == e : true)
                        mv.classes[it->second].mask[e2][ph] |= u64{1} << (2 * j);
            }
        }
    for (auto& c : mv.classes) {
        mv.lo = std::min(mv.lo, c.delta);
        mv.hi = std::max(mv.hi, c.delta);
    }
    mv.by_phase.resize(mv.phases);
    for (u64 ph = 0; ph < mv.phases; ++ph)
        for (auto& c : mv.classes)
            if (c.mask[0][ph] | c.mask[1][ph])
                mv.by_phase[ph].push_back({c.delta, c.mask[0][ph], c.mask[1][ph]});
    if (mv.classes.size() == 1 && mv.classes[0].delta == 0 && !mv.member) mv.kind = 0;
    return mv;
}
int main(int argc, char** argv) {
    if (argc < 4 || atoi(argv[1]) < 2 || atoi(argv[2]) < 2 || atoi(argv[1]) * atoi(argv[2]) > 14 ||
        atoi(argv[3]) < 1) {
        fprintf(stderr,
                "usage: %s ROWS COLS THREADS [MAX_DEPTH]  (2 to 14 cells, rows and cols >= 2)\n",
                argv[0]);
        return 2;
    }
    rows = atoi(argv[1]);
    cols = atoi(argv[2]);
    const int threads = atoi(argv[3]), maxd = argc > 4 ? atoi(argv[4]) : 1000;
    tbb::global_control gc(tbb::global_control::max_allowed_parallelism, threads);
    N = rows * cols;
    n = N - 1;
    u64 f = 1;
    for (int i = 2; i <= n; ++i) f *= i;
    P = f / 2;
    W = (P + 31) / 32;
    for (int i = 0; i <= n - 3; ++i) {
        u64 x = 1;
        for (int j = 2; j <= n - 1 - i; ++j) x *= j;
        g[i] = x / 2;
    }
    for (int c = 0; c < N; ++c) {
        req[c] = cols % 2 == 0 ? (((N - 1) / cols) ^ (c / cols)) & 1 : 0;
        par[c] = (std::abs(c / cols - (N - 1) / cols) + std::abs(c % cols - (N - 1) % cols)) & 1;
    }
    auto t0 = std::chrono::steady_clock::now();
    auto secs = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    table = static_cast<u64*>(
        mmap(nullptr, N * W * 8, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    madvise(table, N * W * 8, MADV_HUGEPAGE);
    dpbits = static_cast<u64*>(mmap(nullptr, (P / 64 + 1) * 8, PROT_READ | PROT_WRITE,
                                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    {
        std::vector<std::uint8_t> low(60);
        for (int r = 0; r < 60; ++r) low[r] = (r % 3 + (r / 3) % 4 + r / 12) & 1;
        const u64 Q = (P + 59) / 60;
        std::vector<std::uint8_t> dq(Q);
        tbb::parallel_for(tbb::blocked_range<u64>(0, Q, 1 << 16),
                          [&](const tbb::blocked_range<u64>& rg) {
                              for (u64 q0 = rg.begin(); q0 < rg.end(); ++q0) {
                                  u64 q = q0;
                                  int p = 0;
                                  for (int i = n - 6; i >= 0 && q; --i) {
                                      const u64 r = static_cast<u64>(n - i);
                                      p ^= static_cast<int>((q % r) & 1);
                                      q /= r;
                                  }
                                  dq[q0] = static_cast<std::uint8_t>(p);
                              }
                          });
        tbb::parallel_for(tbb::blocked_range<u64>(0, (P + 63) / 64, 4096),
                          [&](const tbb::blocked_range<u64>& rg) {
                              for (u64 wd = rg.begin(); wd < rg.end(); ++wd) {
                                  u64 bits = 0, m = wd * 64, q = m / 60, r = m % 60;
                                  for (int j = 0; j < 64 && m < P; ++j, ++m) {
                                      bits |= static_cast<u64>(low[r] ^ dq[q]) << j;
                                      if (++r == 60) {
                                          r = 0;
                                          ++q;
                                      }
                                  }
                                  dpbits[wd] = bits;
                              }
                          });
    }
    parents.resize(N);
    for (int c = 0; c < N; ++c) {
        const int r = c / cols, col = c % cols;
        if (col > 0) parents[c].push_back(make_move(c, c - 1));
        if (col < cols - 1) parents[c].push_back(make_move(c, c + 1));
        if (r > 0) parents[c].push_back(make_move(c, c - cols));
        if (r < rows - 1) parents[c].push_back(make_move(c, c + cols));
    }
    fprintf(stderr, "setup %.2f s\n", secs());
    if (getenv("V"))
        for (int c = 0; c < N; ++c)
            for (const Move& mv : parents[c]) {
                size_t tot = 0;
                for (auto& v : mv.by_phase) tot += v.size();
                fprintf(stderr,
                        "plane %d <- %d kind %d member %d classes %zu phases %llu avg/phase %.1f "
                        "run %llu\n",
                        c, mv.parent, mv.kind, mv.member, mv.classes.size(),
                        (unsigned long long)mv.phases, mv.phases ? double(tot) / mv.phases : 0.0,
                        (unsigned long long)mv.run);
            }
    const u64 regions = (W + 63) / 64;
    std::vector<std::vector<std::uint8_t>> cur(N, std::vector<std::uint8_t>(regions)), nxt = cur;
    std::vector<u64> layers{1};
    plane(N - 1)[0] |= 1;
    cur[N - 1][0] = 1;
    double last = secs();
    struct Walk {
        u64 ph = 0, r = 0, combo = 0;
    };
    for (int d = 0; d < maxd; ++d) {
        const int code = 1 + d % 3, next = 1 + (d + 1) % 3;
        tbb::combinable<u64> claimed;
        for (int ct = 0; ct < N; ++ct) {
            if (par[ct] != ((d + 1) & 1)) continue;
            u64* tp = plane(ct);
            const std::vector<Move>& mvs = parents[ct];
            const int np = static_cast<int>(mvs.size());
            const u64 flip = req[ct] ? kLow : 0;
            tbb::parallel_for(
                tbb::blocked_range<u64>(0, regions, 128), [&](const tbb::blocked_range<u64>& rgn) {
                    const u64 wb = rgn.begin() * 64, we = std::min(W, rgn.end() * 64);
                    u64 count = 0;
                    Walk walk[4];
                    for (int s = 0; s < np; ++s) {
                        const Move& mv = mvs[s];
                        if (mv.kind == 1) walk[s].ph = wb % mv.phases;
                        if (mv.kind == 2) {
                            const u64 m = wb * 32;
                            walk[s].r = m % mv.run;
                            walk[s].combo = (m / mv.run) % mv.combos;
                        }
                    }
                    auto advance_by = [&](u64 words) {
                        for (int s = 0; s < np; ++s) {
                            const Move& mv = mvs[s];
                            Walk& wk = walk[s];
                            if (mv.kind == 1) wk.ph = (wk.ph + words) % mv.phases;
                            if (mv.kind == 2) {
                                wk.r += 32 * words;
                                while (wk.r >= mv.run) {
                                    wk.r -= mv.run;
                                    if (++wk.combo == mv.combos) wk.combo = 0;
                                }
                            }
                        }
                    };
                    auto region_active = [&](u64 rgi) {
                        const i64 a = static_cast<i64>(rgi * 2048);
                        auto any = [&](const std::vector<std::uint8_t>& act, i64 from, i64 to) {
                            from = std::max<i64>(from, 0);
                            to = std::min<i64>(to, static_cast<i64>(P));
                            if (from >= to) return false;
                            for (i64 x = from / 2048; x <= (to - 1) / 2048; ++x)
                                if (act[x]) return true;
                            return false;
                        };
                        for (int s = 0; s < np; ++s) {
                            const Move& mv = mvs[s];
                            const auto& act = cur[mv.parent];
                            if (mv.kind == 0) {
                                if (act[rgi]) return true;
                                continue;
                            }
                            if (mv.kind == 1) {
                                if (any(act, a + mv.lo, a + 2048 + mv.hi)) return true;
                                continue;
                            }
                            Walk wk = walk[s];
                            i64 pos = a;
                            const i64 end = a + 2048;
                            while (pos < end) {
                                const i64 len =
                                    std::min<i64>(static_cast<i64>(mv.run - wk.r), end - pos);
                                if (any(act, pos + mv.deltas[wk.combo],
                                        pos + len + mv.deltas[wk.combo]))
                                    return true;
                                pos += len;
                                wk.r += static_cast<u64>(len);
                                if (wk.r >= mv.run) {
                                    wk.r -= mv.run;
                                    if (++wk.combo == mv.combos) wk.combo = 0;
                                }
                            }
                        }
                        return false;
                    };
                    for (u64 w = wb; w < we; ++w, advance_by(1)) {
                        if (w % 64 == 0 && !region_active(w / 64)) {
                            const u64 skip = std::min<u64>(64, we - w) - 1;
                            advance_by(skip);
                            w += skip;
                            continue;
                        }
                        const u64 tw = tp[w];
                        const u64 free = matches(tw, 0);
                        if (!free) continue;
                        u64 hits = 0;
                        const i64 m0 = static_cast<i64>(w * 32);
                        for (int s = 0; s < np; ++s) {
                            const Move& mv = mvs[s];
                            const u64* pp = plane(mv.parent);
                            const Walk& wk = walk[s];
                            if (mv.kind == 0) {
                                hits |= matches(pp[w], code);
                                continue;
                            }
                            if (mv.kind == 1) {
                                const u64 em = mv.member
                                                   ? (spread((dpbits[w / 2] >> (32 * (w & 1))) &
                                                             0xffffffffull) ^
                                                      flip)
                                                   : 0;
                                if (mv.lo >= -64 && mv.hi <= 64) {  // every parent within two words
                                    u64 M[6];
                                    for (int j = 0; j < 6; ++j) {
                                        const i64 x = static_cast<i64>(w) + j - 2;
                                        M[j] = (x < 0 || static_cast<u64>(x) >= W)
                                                   ? 0
                                                   : matches(pp[x], code);
                                    }
                                    for (const Move::Entry& c : mv.by_phase[wk.ph]) {
                                        const u64 mk = mv.member
                                                           ? ((c.mask0 & ~em) | (c.mask1 & em))
                                                           : c.mask0;
                                        const i64 sft = c.delta + 64;
                                        const int wi = static_cast<int>(sft >> 5),
                                                  off = static_cast<int>(sft & 31);
                                        const u64 v = off == 0 ? M[wi]
                                                               : (M[wi] >> (2 * off)) |
                                                                     (M[wi + 1] << (64 - 2 * off));
                                        hits |= v & mk;
                                    }
                                } else {
                                    for (const Move::Entry& c : mv.by_phase[wk.ph]) {
                                        const u64 mk = mv.member
                                                           ? ((c.mask0 & ~em) | (c.mask1 & em))
                                                           : c.mask0;
                                        if (mk) hits |= extract(pp, code, m0 + c.delta) & mk;
                                    }
                                }
                                continue;
                            }
                            const u64 left = mv.run - wk.r;
                            if (left >= 32) {
                                hits |= extract(pp, code, m0 + mv.deltas[wk.combo]);
                            } else {
                                const int len = static_cast<int>(left);
                                const u64 nc = wk.combo + 1 == mv.combos ? 0 : wk.combo + 1;
                                hits |= (extract(pp, code, m0 + mv.deltas[wk.combo]) &
                                         ((u64{1} << (2 * len)) - 1)) |
                                        (extract(pp, code, m0 + len + mv.deltas[nc]) << (2 * len));
                            }
                        }
                        u64 fresh = hits & free;
                        if (w == W - 1 && P % 32) fresh &= (u64{1} << (2 * (P % 32))) - 1;
                        if (fresh) {
                            tp[w] = tw | fresh * static_cast<u64>(next);
                            count += std::popcount(fresh);
                            nxt[ct][w / 64] = 1;
                        }
                    }
                    claimed.local() += count;
                });
        }
        std::swap(cur, nxt);
        for (auto& v : nxt) std::fill(v.begin(), v.end(), 0);
        const u64 c = claimed.combine([](u64 a, u64 b) { return a + b; });
        if (c == 0) break;
        layers.push_back(c);
        const double now = secs();
        if (getenv("V"))
            fprintf(stderr, "%d %llu %.3f\n", d + 1, (unsigned long long)c, now - last);
        last = now;
    }
    u64 total = 0;
    for (u64 x : layers) total += x;
    printf("layers %zu total %llu seconds %.3f\n", layers.size(), (unsigned long long)total,
           secs());
    for (size_t i = 0; i < layers.size(); ++i)
        printf("%zu %llu\n", i, (unsigned long long)layers[i]);
}
