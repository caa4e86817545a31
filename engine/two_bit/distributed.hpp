// The two-bit BFS over the processes of a distributed run: each process keeps one contiguous
// slice of the two-bit table (engine/two_bit/bfs.hpp), so a table larger than one machine's
// memory (the 5x3 puzzle's 163 GB) is split across machines, and each process writes its slice
// as one shard of a sharded table file (engine/tables/sharded_table.hpp) that lookup reads as one.
//
// Each layer goes in the direction one process would choose (the same rule on the global layer
// counts; a small push reads only the words of its marked groups, as there), scanning the slice
// in rounds of `round_words` table words; every process runs as many
// rounds as the one with the largest slice (the others exchange empty buffers).
//   push  a child in this slice is claimed at once, as in one process; any other is appended, as
//         an offset into its owner's slice, to the buffer for that owner; one all-to-all per
//         round delivers them and each process claims what it received.
//   pull  a candidate with a nearer neighbour in this slice is claimed at once; one whose other
//         neighbours lie in other slices asks their owners: the questions (offsets) go out in
//         one all-to-all, the answers (one byte each: is that entry of the current depth?) come
//         back in another, and the candidates with a yes are claimed.
// Offsets are 4 bytes while slices hold at most 2^32 entries, else 8. Layer counts, the per-class
// checks and the farthest states are summed or gathered over the processes, so every process
// runs the same layers and agrees on the end.
//
// Traffic: with the sliding-tile index (pair * cells + blank) horizontal moves stay in the pair,
// hence in the slice; vertical ones cross slices when they change the digits that choose the
// slice. Memory per process: its slice (entries / 4 bytes), the slice's frontier maps
// (engine/two_bit/frontier.hpp) and one round's buffers.
//
// Slices: SliceLayout with slices a multiple of period x 16,384 entries, so a slice starts on a
// block and on a 4 KiB page of the packed table (the shards can be mapped side by side); trailing
// slices may be empty. The table, layer counts, directions and farthest states are exactly those
// of one process, whatever the process and thread counts. A run resumes from every process's
// slice as saved after a layer (TwoBitBfsOptions::after_layer, resume_layers).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include <frontier/engine/distributed/cluster.hpp>
#include <frontier/engine/distributed/distributed_bfs.hpp>
#include <frontier/engine/two_bit/bfs.hpp>

namespace frontier {

// Entries per alignment unit of a two-bit slice: whole blocks and whole 4 KiB pages.
inline constexpr std::uint64_t kTwoBitPageEntries = 16384;

inline SliceLayout two_bit_slice_layout(std::uint64_t size, int period, int processes) {
    return SliceLayout(size, processes, static_cast<std::uint64_t>(period) * kTwoBitPageEntries);
}

struct TwoBitDistributedOptions {
    // threads: per process (0: the host's cores shared among its processes); on_layer is called
    // on every process (the same values); so is after_layer (a checkpoint writer saves each
    // process's slice there, and may call collectives); resume_layers: every process's slice
    // holds the table after these layers (the same counts on every process).
    TwoBitBfsOptions bfs;
    std::uint64_t round_words = std::uint64_t{1} << 21;  // table words (64 Mi entries) per exchange
};

namespace detail {

// What one process sends in a round, one buffer per owner (Offset: uint32_t or uint64_t): the
// children it pushed, or the neighbours it asks about for its pull candidates, with the candidate
// each question is for.
template <class Offset>
struct TwoBitOutbox {
    static constexpr bool kRemote = true;
    struct Asked {
        std::uint64_t local;  // the candidate, in this slice
        std::uint32_t owner;  // the process asked
        std::uint32_t at;     // the question's place in to[owner]
    };
    const SliceLayout* layout;
    std::vector<std::vector<Offset>> to;
    std::vector<Asked> asked;

    TwoBitOutbox(const SliceLayout& l, int processes) : layout(&l), to(processes) {}
    void add(std::uint64_t i) {
        const int p = layout->owner(i);
        to[p].push_back(static_cast<Offset>(i - layout->first(p)));
    }
    void ask(std::uint64_t local, std::uint64_t i) {
        const int p = layout->owner(i);
        asked.push_back(
            {local, static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(to[p].size())});
        to[p].push_back(static_cast<Offset>(i - layout->first(p)));
    }
    // Appends a chunk's buffers, its questions' places moved past what this already holds.
    void append(const TwoBitOutbox& part) {
        for (const Asked& a : part.asked)
            asked.push_back(
                {a.local, a.owner, a.at + static_cast<std::uint32_t>(to[a.owner].size())});
        for (std::size_t p = 0; p < to.size(); ++p)
            to[p].insert(to[p].end(), part.to[p].begin(), part.to[p].end());
    }
};

// out[p] to each process p, by one all-to-all; returns what arrived, concatenated in rank order.
template <class T>
std::vector<T> exchange_pieces(Cluster& cluster, const std::vector<std::vector<T>>& out) {
    std::vector<std::span<const std::byte>> pieces;
    for (const auto& piece : out) pieces.push_back(std::as_bytes(std::span<const T>(piece)));
    const std::vector<std::byte> bytes = cluster.all_to_all(pieces);
    std::vector<T> in(bytes.size() / sizeof(T));
    if (!in.empty()) std::memcpy(in.data(), bytes.data(), in.size() * sizeof(T));
    return in;
}

// One round of a pull layer after the scan: the owners answer the questions (is this entry of
// depth `code`?), and each candidate with a yes is claimed.
template <class Offset, class Chunk, class Absorb>
void answer_pull_round(Cluster& cluster, TwoBitTable& slice, const TwoBitOutbox<Offset>& out,
                       int code, int next, const std::function<Chunk()>& make_chunk,
                       const Absorb& absorb) {
    const int ranks = cluster.size();
    std::vector<std::vector<std::uint64_t>> counts(ranks);
    for (int p = 0; p < ranks; ++p) counts[p].push_back(out.to[p].size());
    const std::vector<std::uint64_t> asked_here = exchange_pieces(cluster, counts);
    const std::vector<Offset> questions = exchange_pieces(cluster, out.to);
    std::vector<std::uint8_t> answers(questions.size());
    parallel_for_each(tbb::blocked_range<std::size_t>(0, questions.size(), 1 << 14),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                          for (std::size_t k = r.begin(); k != r.end(); ++k)
                              answers[k] = slice.get(questions[k]) == code;
                      });
    std::vector<std::vector<std::uint8_t>> replies(ranks);
    for (std::size_t p = 0, at = 0; p < static_cast<std::size_t>(ranks); at += asked_here[p++])
        replies[p].assign(answers.begin() + static_cast<std::ptrdiff_t>(at),
                          answers.begin() + static_cast<std::ptrdiff_t>(at + asked_here[p]));
    const std::vector<std::uint8_t> yes = exchange_pieces(cluster, replies);
    std::vector<std::size_t> from(ranks + 1, 0);  // where each owner's answers start in `yes`
    for (int p = 0; p < ranks; ++p) from[p + 1] = from[p] + out.to[p].size();
    parallel_for_each(tbb::blocked_range<std::size_t>(0, out.asked.size(), 1 << 14),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                          Chunk chunk = make_chunk();
                          for (std::size_t k = r.begin(); k != r.end(); ++k) {
                              const auto& a = out.asked[k];
                              if (yes[from[a.owner] + a.at]) chunk.claim_local(a.local, next);
                          }
                          absorb(chunk);
                      });
}

template <class Offset, TwoBitSpace S>
TwoBitBfsResult two_bit_bfs_over_slices(const S& space, std::span<const std::uint64_t> roots,
                                        TwoBitTable& slice, Cluster& cluster,
                                        const SliceLayout& layout,
                                        const TwoBitDistributedOptions& options) {
    using Outbox = TwoBitOutbox<Offset>;
    using Chunk = TwoBitChunk<S, Outbox>;
    const TwoBitParity parity = two_bit_parity(space, roots);
    const int ranks = cluster.size();
    const std::uint64_t base = layout.first(cluster.rank());
    const std::size_t keep = options.bfs.farthest_limit;
    TwoBitBfsResult result;
    result.threads = threads_per_rank(options.bfs.threads, cluster);
    result.processes = ranks;
    Stopwatch clock;
    std::vector<std::uint64_t>& layers = result.layers;
    const auto gather_smallest = [&](const std::vector<std::uint64_t>& mine) {
        auto all = all_gather_vector<std::uint64_t>(cluster, mine);
        std::sort(all.begin(), all.end());
        if (all.size() > keep) all.resize(keep);
        return all;
    };
    std::vector<std::uint64_t> last_smallest;
    std::optional<TwoBitFrontier> frontier;  // this slice's (engine/two_bit/frontier.hpp)
    if (options.bfs.frontier_maps) frontier.emplace(slice.size());
    if (options.bfs.resume_layers.empty()) {
        slice.clear(result.threads);
        if (frontier) run_with_threads(result.threads, [&] { frontier->begin_layer(); });
        std::vector<std::uint64_t> mine;
        for (std::uint64_t r : roots)
            if (r - base < slice.size() && slice.claim(r - base, two_bit_code(0))) {
                mine.push_back(r);
                if (frontier) frontier->mark(r - base);
            }
        if (frontier) frontier->end_layer();
        std::sort(mine.begin(), mine.end());
        layers.push_back(static_cast<std::uint64_t>(all_sum(cluster, std::ssize(mine))));
        last_smallest = gather_smallest(mine);
    } else {
        layers = options.bfs.resume_layers;  // every rank's slice as saved after these layers
    }
    std::uint64_t class_size[2];
    two_bit_class_sizes(space, parity, class_size);
    const TwoBitLayout table_layout(space, parity);
    const std::uint64_t words = slice.word_count();
    const std::uint64_t round_words = std::max<std::uint64_t>(1, options.round_words);
    const auto rounds = static_cast<std::uint64_t>(
        all_max(cluster, static_cast<std::int64_t>((words + round_words - 1) / round_words)));
    TwoBitFrontier* const marks = frontier ? &*frontier : nullptr;  // pulls mark too
    const std::function<Chunk()> make_chunk = [&] {
        return Chunk(space, slice, keep, base, nullptr, marks);
    };
    std::int64_t exchanged = 0, exchanged_bytes = 0;
    std::mutex merge;
    run_with_threads(result.threads, [&] {
        while (layers.back() > 0) {
            const int depth = static_cast<int>(layers.size()) - 1;
            if (options.bfs.max_depth >= 0 && depth >= options.bfs.max_depth) {
                result.complete = false;
                break;
            }
            // Every rank's maps are valid or not alike, and every rank decides from the global
            // counts: the same directions and sparse pushes as two_bit_bfs.
            const char direction = two_bit_direction(layers, class_size, parity.filter,
                                                     space.size(), frontier && frontier->valid());
            result.directions += direction;
            const bool pull = direction == 'u', sparse = direction == 's';
            if (marks) marks->begin_layer();
            const int code = two_bit_code(depth), next = two_bit_code(depth + 1);
            std::int64_t totals[4] = {0, 0, 0, 0};  // claimed here, current in each class, visited
            std::vector<std::uint64_t> smallest;
            const auto absorb = [&](const Chunk& chunk) {
                std::lock_guard lock(merge);
                totals[0] += static_cast<std::int64_t>(chunk.claimed);
                totals[1] += static_cast<std::int64_t>(chunk.current[0]);
                totals[2] += static_cast<std::int64_t>(chunk.current[1]);
                totals[3] += static_cast<std::int64_t>(chunk.visited);
                smallest.insert(smallest.end(), chunk.smallest.begin(), chunk.smallest.end());
            };
            for (std::uint64_t round = 0; round < rounds; ++round) {
                const std::uint64_t lo = std::min(words, round * round_words);
                const std::uint64_t hi = std::min(words, lo + round_words);
                Outbox out(layout, ranks);
                parallel_for_each(tbb::blocked_range<std::uint64_t>(lo, hi, 4096),
                                  [&](const tbb::blocked_range<std::uint64_t>& range) {
                                      Outbox part(layout, ranks);
                                      Chunk chunk(space, slice, keep, base, &part, marks);
                                      if (sparse)
                                          chunk.scan_marked(table_layout, range.begin(),
                                                            range.end(), code, depth & 1, next);
                                      else
                                          chunk.scan(table_layout, range.begin(), range.end(), code,
                                                     (pull ? depth + 1 : depth) & 1, next, pull);
                                      absorb(chunk);
                                      std::lock_guard lock(merge);
                                      out.append(part);
                                  });
                for (int p = 0; p < ranks; ++p)
                    if (p != cluster.rank()) {
                        exchanged += std::ssize(out.to[p]);
                        exchanged_bytes +=
                            std::ssize(out.to[p]) * (pull ? sizeof(Offset) + 1 : sizeof(Offset));
                    }
                if (pull) {
                    answer_pull_round<Offset, Chunk>(cluster, slice, out, code, next, make_chunk,
                                                     absorb);
                    continue;
                }
                const std::vector<Offset> in = exchange_pieces(cluster, out.to);
                parallel_for_each(tbb::blocked_range<std::size_t>(0, in.size(), 1 << 14),
                                  [&](const tbb::blocked_range<std::size_t>& range) {
                                      Chunk chunk = make_chunk();
                                      for (std::size_t k = range.begin(); k != range.end(); ++k)
                                          chunk.claim_local(in[k], next);
                                      absorb(chunk);
                                  });
            }
            if (frontier) frontier->end_layer();
            cluster.all_sum(totals);
            const std::uint64_t current[2] = {static_cast<std::uint64_t>(totals[1]),
                                              static_cast<std::uint64_t>(totals[2])};
            if (!sparse) check_current(layers, parity.filter, current);
            result.visited += static_cast<std::uint64_t>(totals[3]);
            std::sort(smallest.begin(), smallest.end());
            if (smallest.size() > keep) smallest.resize(keep);
            smallest = gather_smallest(smallest);
            end_two_bit_layer(layers, static_cast<std::uint64_t>(totals[0]), smallest,
                              last_smallest, options.bfs, clock.seconds());
        }
    });
    end_two_bit_search(result, std::move(last_smallest));
    std::uint64_t codes[4][2] = {};
    run_with_threads(result.threads, [&] {
        count_two_bit_codes(
            table_layout, words, [&] { return Chunk(space, slice, 0, base); }, codes);
    });
    std::int64_t counted[6];  // all_sum's: code c, class p at 2 * (c - 1) + p
    for (int k = 0; k < 6; ++k) counted[k] = static_cast<std::int64_t>(codes[1 + k / 2][k % 2]);
    cluster.all_sum(counted);
    for (int k = 0; k < 6; ++k) codes[1 + k / 2][k % 2] = static_cast<std::uint64_t>(counted[k]);
    check_codes(result.layers, parity.filter, codes);
    std::int64_t traffic[2] = {exchanged, exchanged_bytes};
    cluster.all_sum(traffic);
    result.exchanged = static_cast<std::uint64_t>(traffic[0]);
    result.exchanged_bytes = static_cast<std::uint64_t>(traffic[1]);
    result.seconds = clock.seconds();
    return result;
}

}  // namespace detail

// Collective: every process of `cluster` calls it with the same space and roots; `slice` holds
// this process's part of the table, two_bit_slice_layout(space.size(), space.period(),
// cluster.size()).size(rank) entries (cleared here). The result (layers, reached, farthest,
// exchanged) is the same on every process, and the slices side by side are one process's table.
template <TwoBitSpace S>
TwoBitBfsResult two_bit_bfs_distributed(const S& space, std::span<const std::uint64_t> roots,
                                        TwoBitTable& slice, Cluster& cluster,
                                        const TwoBitDistributedOptions& options = {}) {
    detail::check_two_bit_space(space, roots);
    const SliceLayout layout = two_bit_slice_layout(space.size(), space.period(), cluster.size());
    if (slice.size() != layout.size(cluster.rank()))
        throw InputError("two-bit BFS: the slice does not have the layout's entries for rank " +
                         std::to_string(cluster.rank()));
    if (layout.slice <= (std::uint64_t{1} << 32))
        return detail::two_bit_bfs_over_slices<std::uint32_t>(space, roots, slice, cluster, layout,
                                                              options);
    return detail::two_bit_bfs_over_slices<std::uint64_t>(space, roots, slice, cluster, layout,
                                                          options);
}

}  // namespace frontier
