// A prototype of the blank-major two-bit search for sliding boards of two columns (R x 2), kept
// as the reference for the engine's version: every layer is done with word operations, no cursor,
// no frontier maps, no zones. docs/notes/measurements.md ("Two-bit tables") gives the design and
// its measurements.
//
//   build/bench/frontier_planar_prototype ROWS THREADS [MAX_DEPTH]
//
// prints the layer counts (V=1 in the environment: each layer's time on stderr).
//
// Index: the table is one plane per blank cell c, and in a plane one entry per pair m: m is the
// SlidingTiles half-rank of the tiles read row-major without the blank (Lehmer digits d[0..n-3]),
// the member (digit n-2, the order of the last two tiles) is the digits' parity XOR the cell's
// required parity. A horizontal move keeps the pair: plane c to plane c ^ 1, same positions. A
// vertical move between cells c and c + 2 swaps the tiles at sequence positions c and c + 1: it
// adds to the pair a constant that depends on those two digits (and, for the window at n - 3,
// on the member), so each child word gathers its parents' code masks by a few shifts.
// Child planes are written by one thread per word and parent planes only read: no locks.
#include <sys/mman.h>
#if defined(__BMI2__)
#include <immintrin.h>
#endif
#include <tbb/combinable.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <numeric>
#include <vector>
using u64 = std::uint64_t;
static constexpr u64 kLow = 0x5555555555555555ull;
// Bit j of x (j < 32) to bit 2j.
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
int R, N, n;
u64 P, W;   // pairs, words per plane
u64 g[32];  // g[i] = (n-1-i)!/2 for i <= n-3
int req[32], par[32];
u64* table;   // N planes of W words
u64* dpbits;  // dp(m) bit per pair
static inline u64* plane(int c) {
    return table + static_cast<u64>(c) * W;
}
// code-match mask of pairs [s, s+32) of plane c (s may be negative or past P: zero there)
static inline u64 extract(const u64* pl, int code, std::int64_t s) {
    const std::int64_t w0 = s >> 5;  // floor
    const int off = static_cast<int>(s & 31);
    auto m = [&](std::int64_t w) -> u64 {
        return (w < 0 || static_cast<u64>(w) >= W) ? 0 : matches(pl[w], code);
    };
    const u64 a = m(w0);
    if (off == 0) return a;
    const u64 b = m(w0 + 1);
    return (a >> (2 * off)) | (b << (64 - 2 * off));
}
struct DeltaClass {
    std::int64_t delta;
    std::vector<u64> mask;
};             // per phase
struct Move {  // edge {c, c+2}: transposition k = c
    int k;
    int kind;  // 0 identity, 1 classes (periodic masks), 2 segments, 3 member (k = n-3)
    u64 period = 0, phases = 0;
    std::vector<DeltaClass> classes;
    u64 run = 0;                  // segments: run length in pairs
    bool near = false;            // classes: every |delta| <= 64 - 32
    std::int64_t lo = 0, hi = 0;  // kinds 1 and 3: the smallest and largest delta
};
std::vector<Move> moves;  // by k
// the parent digits' change for a transposition at k of digits (a, b): returns new (a', b')
static inline void transpose(int a, int b, int& a2, int& b2) {
    if (a <= b) {
        a2 = b + 1;
        b2 = a;
    } else {
        a2 = b;
        b2 = a - 1;
    }
}
static inline int digit(u64 m, int i) {
    return static_cast<int>((m / g[i]) % static_cast<u64>(n - i));
}
static std::int64_t delta_of(u64 m, int k) {
    const int a = digit(m, k), b = digit(m, k + 1);
    int a2, b2;
    transpose(a, b, a2, b2);
    return static_cast<std::int64_t>(a2 - a) * static_cast<std::int64_t>(g[k]) +
           static_cast<std::int64_t>(b2 - b) * static_cast<std::int64_t>(g[k + 1]);
}
int main(int argc, char** argv) {
    if (argc < 3 || atoi(argv[1]) < 2 || atoi(argv[1]) > 7 || atoi(argv[2]) < 1) {
        fprintf(stderr, "usage: %s ROWS THREADS [MAX_DEPTH]  (ROWS 2 to 7: an R x 2 board)\n",
                argv[0]);
        return 2;
    }
    R = atoi(argv[1]);
    int threads = atoi(argv[2]);
    int maxd = argc > 3 ? atoi(argv[3]) : 1000;
    tbb::global_control gc(tbb::global_control::max_allowed_parallelism, threads);
    N = 2 * R;
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
        req[c] = ((R - 1) ^ (c / 2)) & 1;
        par[c] = (std::abs(c / 2 - (N - 1) / 2) + std::abs(c % 2 - 1)) & 1;
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
    // dp(m) = parity of the digits of m: the last three digits (radices 3, 4, 5: m mod 60) from a
    // table, the rest from m / 60 recursively by blocks
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
                                  u64 bits = 0;
                                  u64 m = wd * 64, q = m / 60, r = m % 60;
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
    fprintf(stderr, "dp bits %.2f s\n", secs());
    // moves
    moves.resize(n);
    for (int k = 0; k <= n - 2; ++k) {
        Move& mv = moves[k];
        mv.k = k;
        if (k == n - 2) {
            mv.kind = 0;
            continue;
        }
        if (k == n - 3) {
            mv.kind = 3;
            continue;
        }
        u64 run = 1;
        for (int i = k + 2; i <= n - 3; ++i) run *= static_cast<u64>(n - i);
        const u64 period = run * static_cast<u64>(n - k) * static_cast<u64>(n - k - 1);
        const u64 phases = period / std::gcd<u64>(period, 32);
        if (phases <= 512) {
            mv.kind = 1;
            mv.period = period;
            mv.phases = phases;
            std::map<std::int64_t, int> idx;
            for (u64 ph = 0; ph < phases; ++ph) {
                const u64 base = (ph * 32) % period;
                for (int j = 0; j < 32; ++j) {
                    const u64 m = base + j;
                    const std::int64_t d =
                        delta_of(m % period + 0, k);  // digits k,k+1 of m depend on m mod period
                    auto it = idx.find(d);
                    if (it == idx.end()) {
                        it = idx.emplace(d, static_cast<int>(mv.classes.size())).first;
                        mv.classes.push_back({d, std::vector<u64>(phases, 0)});
                    }
                    mv.classes[it->second].mask[ph] |= u64{1} << (2 * j);
                }
            }
            mv.near = true;
            for (const DeltaClass& dc : mv.classes)
                if (dc.delta < -64 || dc.delta > 32) mv.near = false;
        } else {
            mv.kind = 2;
            mv.run = run;
        }
    }
    // member move masks: phase (32w mod 3) -> entries with m mod 3 == d
    u64 mod3[3][3] = {};
    for (int ph = 0; ph < 3; ++ph)
        for (int j = 0; j < 32; ++j) mod3[ph][(ph + j) % 3] |= u64{1} << (2 * j);
    // activity: per plane, one byte per region of 64 words (2048 pairs): claimed in the last layer
    const u64 regions = (W + 63) / 64;
    std::vector<std::vector<std::uint8_t>> cur(N, std::vector<std::uint8_t>(regions)), nxt = cur;
    for (Move& mv : moves) {
        if (mv.kind == 1)
            for (const DeltaClass& dc : mv.classes) {
                mv.lo = std::min(mv.lo, dc.delta);
                mv.hi = std::max(mv.hi, dc.delta);
            }
        if (mv.kind == 3) {
            mv.lo = -2;
            mv.hi = 2;
        }
    }
    // root
    std::vector<u64> layers{1};
    plane(N - 1)[0] |= 1;  // code 1 = depth 0 (m = 0, member 0)
    cur[N - 1][0] = 1;
    double last = secs();
    for (int d = 0; d < maxd; ++d) {
        const int code = 1 + d % 3, next = 1 + (d + 1) % 3;
        tbb::combinable<u64> claimed;
        for (int ct = 0; ct < N; ++ct) {
            if (par[ct] != ((d + 1) & 1)) continue;
            u64* tp = plane(ct);
            const int row = ct / 2;
            const int ch = ct ^ 1;
            const int cu = row > 0 ? ct - 2 : -1, cd = row < R - 1 ? ct + 2 : -1;
            tbb::parallel_for(
                tbb::blocked_range<u64>(0, regions, 128), [&](const tbb::blocked_range<u64>& rgn) {
                    const tbb::blocked_range<u64> rg(rgn.begin() * 64, std::min(W, rgn.end() * 64));
                    u64 count = 0;
                    // per vertical neighbour: incremental phase (kind 1) or run position (kind 2)
                    struct Walk {
                        u64 ph = 0, q = 0, r = 0, combo = 0, combos = 1;
                        std::vector<std::int64_t> deltas;
                    };
                    Walk walk[2];
                    for (int s = 0; s < 2; ++s) {
                        const int cp = s == 0 ? cu : cd;
                        if (cp < 0) continue;
                        const Move& mv = moves[std::min(cp, ct)];
                        const u64 m = rg.begin() * 32;
                        if (mv.kind == 1) walk[s].ph = rg.begin() % mv.phases;
                        if (mv.kind == 2) {
                            const int k = mv.k;
                            walk[s].combos = static_cast<u64>(n - k) * static_cast<u64>(n - k - 1);
                            for (u64 c = 0; c < walk[s].combos; ++c)
                                walk[s].deltas.push_back(delta_of(c * mv.run, k));
                            walk[s].q = m / mv.run;
                            walk[s].r = m % mv.run;
                            walk[s].combo = walk[s].q % walk[s].combos;
                        }
                    }
                    auto advance = [&] {
                        for (int s = 0; s < 2; ++s) {
                            const int cp = s == 0 ? cu : cd;
                            if (cp < 0) continue;
                            const Move& mv = moves[std::min(cp, ct)];
                            Walk& wk = walk[s];
                            if (mv.kind == 1) {
                                if (++wk.ph == mv.phases) wk.ph = 0;
                            }
                            if (mv.kind == 2) {
                                wk.r += 32;
                                while (wk.r >= mv.run) {
                                    wk.r -= mv.run;
                                    if (++wk.combo == wk.combos) wk.combo = 0;
                                }
                            }
                        }
                    };
                    auto advance_by = [&](u64 words) {
                        for (int s = 0; s < 2; ++s) {
                            const int cp = s == 0 ? cu : cd;
                            if (cp < 0) continue;
                            const Move& mv = moves[std::min(cp, ct)];
                            Walk& wk = walk[s];
                            if (mv.kind == 1) wk.ph = (wk.ph + words) % mv.phases;
                            if (mv.kind == 2) {
                                wk.r += 32 * words;
                                while (wk.r >= mv.run) {
                                    wk.r -= mv.run;
                                    if (++wk.combo == wk.combos) wk.combo = 0;
                                }
                            }
                        }
                    };
                    auto region_active = [&](u64 rgi) {
                        if (cur[ch][rgi]) return true;
                        const std::int64_t a = static_cast<std::int64_t>(rgi * 2048);
                        auto any = [&](const std::vector<std::uint8_t>& act, std::int64_t from,
                                       std::int64_t to) {  // pairs [from, to)
                            from = std::max<std::int64_t>(from, 0);
                            to = std::min<std::int64_t>(to, static_cast<std::int64_t>(P));
                            if (from >= to) return false;
                            for (std::int64_t x = from / 2048; x <= (to - 1) / 2048; ++x)
                                if (act[x]) return true;
                            return false;
                        };
                        for (int s = 0; s < 2; ++s) {
                            const int cp = s == 0 ? cu : cd;
                            if (cp < 0) continue;
                            const Move& mv = moves[std::min(cp, ct)];
                            const auto& act = cur[cp];
                            if (mv.kind == 0) {
                                if (act[rgi]) return true;
                                continue;
                            }
                            if (mv.kind != 2) {
                                if (any(act, a + mv.lo, a + 2048 + mv.hi)) return true;
                                continue;
                            }
                            Walk wk = walk[s];
                            std::int64_t pos = a;
                            const std::int64_t end = a + 2048;
                            while (pos < end) {
                                const std::int64_t len = std::min<std::int64_t>(
                                    static_cast<std::int64_t>(mv.run - wk.r), end - pos);
                                if (any(act, pos + wk.deltas[wk.combo],
                                        pos + len + wk.deltas[wk.combo]))
                                    return true;
                                pos += len;
                                wk.r += static_cast<u64>(len);
                                if (wk.r >= mv.run) {
                                    wk.r -= mv.run;
                                    if (++wk.combo == wk.combos) wk.combo = 0;
                                }
                            }
                        }
                        return false;
                    };
                    for (u64 w = rg.begin(); w < rg.end(); ++w, advance()) {
                        if (w % 64 == 0) {
                            const u64 rgi = w / 64;
                            if (!region_active(rgi)) {
                                const u64 skip = std::min<u64>(64, rg.end() - w) -
                                                 1;  // the loop's advance() does one more
                                advance_by(skip);
                                w += skip;
                                continue;
                            }
                        }
                        const u64 tw = tp[w];
                        const u64 free = matches(tw, 0);
                        if (!free) continue;
                        u64 hits = matches(plane(ch)[w], code);
                        for (int s = 0; s < 2; ++s) {
                            const int cp = s == 0 ? cu : cd;
                            if (cp < 0) continue;
                            Walk& wk = walk[s];
                            const Move& mv = moves[std::min(cp, ct)];
                            const u64* pp = plane(cp);
                            const std::int64_t m0 = static_cast<std::int64_t>(w * 32);
                            switch (mv.kind) {
                                case 0:
                                    hits |= matches(pp[w], code);
                                    break;
                                case 1: {
                                    const u64 ph = wk.ph;
                                    if (mv.near) {  // every delta within two words: five matches
                                                    // shared
                                        u64 M[6];
                                        for (int j = 0; j < 5; ++j) {
                                            const std::int64_t x =
                                                static_cast<std::int64_t>(w) + j - 2;
                                            M[j] = (x < 0 || static_cast<u64>(x) >= W)
                                                       ? 0
                                                       : matches(pp[x], code);
                                        }
                                        M[5] = 0;
                                        for (const DeltaClass& dc : mv.classes) {
                                            const u64 mk = dc.mask[ph];
                                            if (!mk) continue;
                                            const std::int64_t sft = dc.delta + 64;  // >= 0
                                            const int wi = static_cast<int>(sft >> 5),
                                                      off = static_cast<int>(sft & 31);
                                            const u64 v = off == 0
                                                              ? M[wi]
                                                              : (M[wi] >> (2 * off)) |
                                                                    (M[wi + 1] << (64 - 2 * off));
                                            hits |= v & mk;
                                        }
                                    } else {
                                        for (const DeltaClass& dc : mv.classes) {
                                            const u64 mk = dc.mask[ph];
                                            if (mk) hits |= extract(pp, code, m0 + dc.delta) & mk;
                                        }
                                    }
                                    break;
                                }
                                case 2: {
                                    // the word's 32 pairs: the rest of run q, maybe the start of
                                    // the next
                                    const u64 left = mv.run - wk.r;  // pairs of run q from m0 on
                                    if (left >= 32) {
                                        hits |= extract(pp, code, m0 + wk.deltas[wk.combo]);
                                    } else {
                                        const int len = static_cast<int>(left);
                                        u64 bits = extract(pp, code, m0 + wk.deltas[wk.combo]);
                                        const u64 low = (u64{1} << (2 * len)) - 1;
                                        const u64 nc = wk.combo + 1 == wk.combos ? 0 : wk.combo + 1;
                                        u64 rest = extract(pp, code, m0 + len + wk.deltas[nc]);
                                        hits |= (bits & low) | (rest << (2 * len));
                                    }
                                    break;
                                }
                                case 3: {
                                    // child member e = dp(m) ^ req[ct]; digit a = m mod 3; parent
                                    // (a', e') by transpose(a, e)
                                    const u64 dpw =
                                        (dpbits[w / 2] >> (32 * (w & 1))) & 0xffffffffull;
                                    const u64 dps = spread(dpw);
                                    const u64 e1 =
                                        req[ct] ? (~dps & kLow) : dps;  // entries whose member is 1
                                    const int ph = static_cast<int>((w * 32) % 3);
                                    for (int a = 0; a < 3; ++a)
                                        for (int e = 0; e < 2; ++e) {
                                            const u64 mk = mod3[ph][a] & (e ? e1 : (~e1 & kLow));
                                            if (!mk) continue;
                                            int a2, e2;
                                            transpose(a, e, a2, e2);
                                            hits |= extract(pp, code, m0 + (a2 - a)) & mk;
                                        }
                                    break;
                                }
                            }
                        }
                        const u64 fresh = hits & free;
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
