// Reading a finished two-bit table (engine/two_bit/bfs.hpp makes one): the exact distance of a
// state walked down the table, with the checks that make a damaged table refuse instead of
// answer wrongly, and the whole-payload check against the header's layer counts.
//
// Apart from the search because a reader (lookup, a library caller with a saved table) needs
// none of the search's machinery, and the checks are a concern of their own: what a walk checks
// costs one memory read more than the walk; the whole-payload check reads every byte once.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/tables/payload_blocks.hpp>
#include <frontier/engine/two_bit/bfs.hpp>

namespace frontier {

// A read-only view of a two-bit table's bytes (a mapped table file's payload).
class TwoBitView {
  public:
    explicit TwoBitView(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::uint64_t size() const { return bytes_.size() * 4; }
    int get(std::uint64_t i) const { return bytes_[i >> 2] >> (2 * (i & 3)) & 3; }

  private:
    std::span<const std::uint8_t> bytes_;
};

// A TwoBitView that checks each payload block the first time it reads from it, against the
// block checksums of the table's header (engine/tables/payload_blocks.hpp). The walk's own checks
// cannot see two damaged entries that trade depth classes; a block's checksum does.
class BlockCheckedTwoBitView {
  public:
    BlockCheckedTwoBitView(std::span<const std::uint8_t> bytes, const PayloadBlocks& blocks)
        : view_(bytes), blocks_(blocks) {}
    std::uint64_t size() const { return view_.size(); }
    int get(std::uint64_t i) const {
        blocks_.check(i >> 2);
        return view_.get(i);
    }

  private:
    TwoBitView view_;
    const PayloadBlocks& blocks_;
};

// What a lookup may take from a two-bit table's header and check every walk against, so that a
// damaged payload is refused instead of read wrongly (the payload checksum is not read on every
// open: a 7x2 table is 10.9 GB).
struct TwoBitWalkChecks {
    int max_depth = -1;        // the deepest layer: no walk is longer (-1: the table's size)
    bool all_reached = false;  // the search reached every entry, so none may be 0
};

// True when the space declares `static constexpr bool kBipartite = true`: every move changes the
// depth by exactly 1, so neighbours never share a value mod 3. Optional, so that a space of any
// graph still models TwoBitSpace; without it the same-value check is skipped.
template <class S>
constexpr bool two_bit_bipartite() {
    if constexpr (requires { S::kBipartite; })
        return S::kBipartite;
    else
        return false;
}

namespace detail {

[[noreturn]] inline void two_bit_damaged(const std::string& why) {
    throw DamagedTableError("damaged two-bit table (" + why + ")");
}

}  // namespace detail

// The exact distance of `index` from `root` in a finished two-bit table (at most one root), found
// by walking down: each step goes to a neighbour whose value is one less mod 3, which is one move
// nearer (a neighbour is at most one move farther or nearer). -1 when the entry is 0 (not
// reached). When `path` is given it receives the indices walked, from `index` to `root`.
//
// Checked on every call, at one memory read more than the walk (the root's): the root's entry is
// 1; no entry met (the walked states and all their neighbours) is 0 when checks.all_reached; no
// walk is longer than checks.max_depth (a cycle of damaged entries ends); in a bipartite space
// no two neighbours hold the same value. DamagedTableError when one fails. With all_reached, in a
// bipartite space, one damaged entry can then never give a wrong answer: the walk steps onto it
// only when it lies one move farther but reads one nearer, and then no neighbour of it reads one
// less again (a dead end); when it is the looked-up state, it reads what its nearer neighbours
// read (the same value) or what its farther ones do, and then none reads one less (a dead end).
// O(distance x neighbours); thread-safe for concurrent readers of a finished table.
template <TwoBitSpace S, class Table>
int two_bit_distance(const S& space, const Table& table, std::uint64_t index, std::uint64_t root,
                     const TwoBitWalkChecks& checks = {},
                     std::vector<std::uint64_t>* path = nullptr) {
    if (const int at_root = table.get(root); at_root != two_bit_code(0))
        detail::two_bit_damaged("the goal's entry is " + std::to_string(at_root) + ", not 1");
    int code = table.get(index);
    if (code == 0) {
        if (checks.all_reached) detail::two_bit_damaged("an unreached entry in a complete table");
        return -1;
    }
    const std::uint64_t limit = checks.max_depth >= 0 ? static_cast<std::uint64_t>(checks.max_depth)
                                                      : static_cast<std::uint64_t>(table.size());
    auto cursor = space.cursor();
    const auto period = static_cast<std::uint64_t>(space.period());
    std::uint64_t distance = 0;
    if (path) path->assign(1, index);
    while (index != root) {
        if (distance == limit)
            detail::two_bit_damaged("a walk longer than the deepest layer, " +
                                    std::to_string(limit));
        const int nearer = code == 1 ? 3 : code - 1;
        std::uint64_t next[S::kMaxNeighbors];
        cursor.go(index / period);
        const int count = cursor.neighbors(static_cast<int>(index % period), next);
        int step = -1;
        for (int j = 0; j < count; ++j) {
            const int value = table.get(next[j]);
            if (value == 0 && checks.all_reached)
                detail::two_bit_damaged("an unreached entry in a complete table");
            if (two_bit_bipartite<S>() && value == code)
                detail::two_bit_damaged("two neighbouring entries hold the same depth mod 3");
            if (value == nearer && step < 0) step = j;
        }
        if (step < 0) detail::two_bit_damaged("a state with no nearer neighbour");
        index = next[step];
        code = nearer;
        ++distance;
        if (path) path->push_back(index);
    }
    return static_cast<int>(distance);
}

// How many entries of a two-bit payload (every 2-bit slot of `bytes`, the padding after the
// last entry included) hold each value 0 to 3. Reads the whole payload, in parallel.
inline std::array<std::uint64_t, 4> count_two_bit_values(std::span<const std::uint8_t> bytes,
                                                         int threads = 0) {
    std::array<std::uint64_t, 4> total{};
    std::mutex merge;
    run_with_threads(threads, [&] {
        parallel_for_each(tbb::blocked_range<std::size_t>(0, bytes.size(), std::size_t{1} << 20),
                          [&](const tbb::blocked_range<std::size_t>& r) {
                              std::array<std::uint64_t, 4> n{};
                              std::size_t i = r.begin();
                              for (; i + 8 <= r.end(); i += 8) {  // 32 entries at a time
                                  std::uint64_t w;
                                  std::memcpy(&w, bytes.data() + i, 8);
                                  for (int v = 1; v < 4; ++v)
                                      n[v] += static_cast<std::uint64_t>(
                                          std::popcount(TwoBitTable::matches(w, v)));
                              }
                              for (; i < r.end(); ++i)
                                  for (int k = 0; k < 4; ++k) ++n[bytes[i] >> (2 * k) & 3];
                              std::lock_guard lock(merge);
                              for (int v = 1; v < 4; ++v) total[v] += n[v];
                          });
    });
    total[0] = bytes.size() * 4 - total[1] - total[2] - total[3];
    return total;
}

// Checks a whole two-bit payload against its layer counts: as many entries hold 1 + d mod 3 as
// the layers of depth d mod 3 hold states, and every other entry (the padding too) is 0.
// DamagedTableError naming the first value that differs.
inline void check_two_bit_values(std::span<const std::uint8_t> bytes,
                                 const std::vector<std::uint64_t>& layers, int threads = 0) {
    std::array<std::uint64_t, 4> want{};
    std::uint64_t reached = 0;
    for (std::size_t d = 0; d < layers.size(); ++d) {
        want[1 + d % 3] += layers[d];
        reached += layers[d];
    }
    if (reached > bytes.size() * 4)
        detail::two_bit_damaged("the layers hold more states than the table has entries");
    want[0] = bytes.size() * 4 - reached;
    const std::array<std::uint64_t, 4> got = count_two_bit_values(bytes, threads);
    for (int v = 0; v < 4; ++v)
        if (got[v] != want[v])
            detail::two_bit_damaged("the count of entries holding " + std::to_string(v) + " is " +
                                    std::to_string(got[v]) + ", the layer counts give " +
                                    std::to_string(want[v]));
}

}  // namespace frontier
