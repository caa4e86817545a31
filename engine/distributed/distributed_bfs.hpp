// The layered BFS over the processes of a distributed run: each process owns one contiguous slice
// of the rank space (its slice of the distance table and of both frontier bitsets), and the layer
// loop of engine/enumerate/layered_bfs.hpp runs on every process over its slice.
//
// Per layer, each process expands its frontier states with its threads. A child whose rank falls
// in this slice is claimed at once (the same compare-and-swap as in one process); any other is
// appended, as an offset into its owner's slice (4 bytes while slices hold at most 2^32 ranks,
// else 8), to the buffer for that owner. The buffers are exchanged with one MPI_Alltoallv and
// each process claims what it received. To bound the buffers, a layer is expanded in rounds of
// at most `round_states` frontier states per process (every process runs as many rounds as the
// busiest needs; the others exchange empty buffers). The layer's count is the sum over the
// processes (an all-reduce), so every process runs the same number of layers and agrees on the
// end. Children are not deduplicated before sending: a child reached twice is sent twice and
// claimed once.
//
// Slices: SliceLayout cuts [0, size) into equal slices whose length is a multiple of 64 Ki ranks
// (the last slice shorter, trailing ones possibly empty), so bitset words never straddle two
// slices and the shards of a table file can be mapped side by side
// (engine/tables/sharded_table.hpp). Communication: about (remote children per expanded state) x
// (offset bytes) per state; with the sliding-tile rank (blank cell first), slices are runs of blank
// cells, so only moves that carry the blank into another process's cells travel.
//
// The results (layers, reached, farthest, the table contents) are exactly those of one process,
// whatever the process and thread counts.
#pragma once

#include <bit>
#include <cstring>
#include <mutex>

#include <frontier/engine/distributed/cluster.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>

namespace frontier {

inline constexpr std::uint64_t kSliceAlignment = std::uint64_t{1} << 16;

// How the ranks [0, total) are cut into one slice per process.
struct SliceLayout {
    std::uint64_t total = 0, slice = kSliceAlignment;
    int parts = 1;

    // Slices are multiples of `alignment` ranks (the two-bit tables align them to their period
    // and to pages, engine/two_bit/distributed.hpp).
    SliceLayout(std::uint64_t total_ranks, int processes, std::uint64_t alignment = kSliceAlignment)
        : total(total_ranks), slice(alignment), parts(processes) {
        const std::uint64_t even = (total + parts - 1) / parts;
        slice = std::max(alignment, (even + alignment - 1) / alignment * alignment);
    }
    std::uint64_t first(int p) const {
        return std::min(total, slice * static_cast<std::uint64_t>(p));
    }
    std::uint64_t size(int p) const { return first(p + 1) - first(p); }
    int owner(std::uint64_t rank) const { return static_cast<int>(rank / slice); }
};

namespace detail {

// The slice of this process, and the exchange with the others (Offset: uint32_t or uint64_t).
template <class Offset>
class ClusterSlice {
  public:
    static constexpr bool kDistributed = true;

    ClusterSlice(Cluster& cluster, const SliceLayout& layout, std::uint64_t round_states)
        : cluster_(cluster),
          layout_(layout),
          round_states_(std::max<std::uint64_t>(1, round_states)),
          out_(cluster.size()) {}

    std::uint64_t first() const { return layout_.first(cluster_.rank()); }
    std::uint64_t sum(std::uint64_t v) {
        return static_cast<std::uint64_t>(all_sum(cluster_, static_cast<std::int64_t>(v)));
    }

    // Per-task buffers of children for other slices, merged into the process's buffers.
    struct Part {
        const SliceLayout* layout;
        std::vector<std::vector<Offset>> to;
        void add(std::uint64_t rank) {
            const int p = layout->owner(rank);
            to[p].push_back(static_cast<Offset>(rank - layout->first(p)));
        }
    };
    Part local_part() { return Part{&layout_, std::vector<std::vector<Offset>>(out_.size())}; }
    void merge(const Part& part) {
        std::lock_guard lock(mutex_);
        for (std::size_t p = 0; p < out_.size(); ++p)
            out_[p].insert(out_[p].end(), part.to[p].begin(), part.to[p].end());
    }

    // One layer: rounds of expansion, exchange and claiming. Returns the states claimed here.
    template <PerfectHashDomain D>
    std::uint64_t expand_layer(const D& domain, const Bitset& current,
                               std::span<std::uint8_t> table, Bitset& next, std::uint8_t depth) {
        const auto chunks = frontier_chunks(current);
        const auto rounds =
            static_cast<std::size_t>(all_max(cluster_, static_cast<std::int64_t>(chunks.size())));
        std::uint64_t found = 0;
        for (std::size_t i = 0; i < rounds; ++i) {
            const auto [lo, hi] =
                i < chunks.size() ? chunks[i] : std::pair<std::uint64_t, std::uint64_t>{0, 0};
            found += expand_words(domain, current, lo, hi, table, next, depth, *this, *this);
            const std::vector<Offset> in = exchange();
            std::atomic<std::uint64_t> claimed{0};
            parallel_for_each(tbb::blocked_range<std::size_t>(0, in.size(), 4096), [&](auto r) {
                ClaimBuffer claims(table, next, depth);
                for (std::size_t k = r.begin(); k != r.end(); ++k) claims.add(in[k]);
                claimed.fetch_add(claims.finish(), std::memory_order_relaxed);
            });
            found += claimed.load();
        }
        return found;
    }

    // Every process's farthest ranks (ascending within each slice, slices in order): the first
    // `limit` of them.
    std::vector<std::uint64_t> gather_farthest(std::vector<std::uint64_t> local,
                                               std::size_t limit) {
        auto all = all_gather_vector<std::uint64_t>(cluster_, local);
        if (all.size() > limit) all.resize(limit);
        return all;
    }

    void report(LayeredBfsResult& r) {
        std::int64_t totals[2] = {exchanged_,
                                  exchanged_ * static_cast<std::int64_t>(sizeof(Offset))};
        cluster_.all_sum(totals);
        r.processes = cluster_.size();
        r.exchanged = static_cast<std::uint64_t>(totals[0]);
        r.exchanged_bytes = static_cast<std::uint64_t>(totals[1]);
    }

  private:
    // Word ranges of the frontier holding at most round_states_ states each.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> frontier_chunks(
        const Bitset& current) const {
        std::vector<std::pair<std::uint64_t, std::uint64_t>> chunks;
        std::uint64_t start = 0, states = 0;
        for (std::uint64_t w = 0; w < current.words(); ++w) {
            const auto bits = static_cast<std::uint64_t>(std::popcount(current.word(w)));
            if (states + bits > round_states_ && states > 0) {
                chunks.emplace_back(start, w);
                start = w;
                states = 0;
            }
            states += bits;
        }
        if (states > 0) chunks.emplace_back(start, current.words());
        return chunks;
    }

    std::vector<Offset> exchange() {
        std::vector<std::span<const std::byte>> pieces;
        for (int p = 0; p < static_cast<int>(out_.size()); ++p) {
            if (p != cluster_.rank()) exchanged_ += static_cast<std::int64_t>(out_[p].size());
            pieces.push_back(std::as_bytes(std::span<const Offset>(out_[p])));
        }
        const std::vector<std::byte> bytes = cluster_.all_to_all(pieces);
        for (auto& o : out_) o.clear();
        std::vector<Offset> in(bytes.size() / sizeof(Offset));
        if (!in.empty()) std::memcpy(in.data(), bytes.data(), in.size() * sizeof(Offset));
        return in;
    }

    Cluster& cluster_;
    SliceLayout layout_;
    std::uint64_t round_states_;
    std::mutex mutex_;
    std::vector<std::vector<Offset>> out_;
    std::int64_t exchanged_ = 0;
};

}  // namespace detail

struct DistributedBfsOptions {
    LayeredBfsOptions bfs;  // threads: per process (0: the host's cores
                            // shared among its processes)
    std::uint64_t round_states = std::uint64_t{1} << 22;  // frontier states per exchange round
};

// Collective: every process of `cluster` calls it with the same domain and roots; `slice` holds
// this process's part of the table, SliceLayout(domain.size(), cluster.size()).size(rank) bytes.
// The result (layers, reached, farthest) is the same on every process.
template <PerfectHashDomain D>
LayeredBfsResult layered_bfs_distributed(const D& domain, std::span<const typename D::State> roots,
                                         std::span<std::uint8_t> slice, Cluster& cluster,
                                         const DistributedBfsOptions& options = {}) {
    const SliceLayout layout(domain.size(), cluster.size());
    if (slice.size() != layout.size(cluster.rank()))
        throw InputError("layered_bfs_distributed: slice size does not match the layout");
    LayeredBfsOptions bfs = options.bfs;
    bfs.threads = threads_per_rank(bfs.threads, cluster);
    if (layout.slice <= (std::uint64_t{1} << 32)) {
        detail::ClusterSlice<std::uint32_t> space(cluster, layout, options.round_states);
        return detail::layered_bfs_over(domain, roots, slice, space, bfs);
    }
    detail::ClusterSlice<std::uint64_t> space(cluster, layout, options.round_states);
    return detail::layered_bfs_over(domain, roots, slice, space, bfs);
}

}  // namespace frontier
