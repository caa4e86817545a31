// ClusterGraph: the connected component ("cluster") of one state, explored once and kept as an
// indexed graph, so that any number of BFS passes over it need no hashing.
//
// explore() runs a BFS over the domain's successor edges from the start. Each new state gets the
// next dense index (so indices are in discovery order, by nondecreasing edge distance from the
// start, and the start is index 0); every generated edge is stored, in generation order, as the
// child's index plus an 8-bit label computed from the move (compressed sparse rows: offsets,
// edges). The map from state to index (a StateIndex, engine/state_index.hpp) is the only
// hashing, and every buffer is kept between explorations, so a worker that reuses one
// ClusterGraph for puzzle after puzzle allocates nothing once it has seen its largest cluster.
//
// distances() is a multi-source BFS over the stored edges with one of two costs:
//   Cost::Edges  every edge costs 1;
//   Cost::Runs   a run of consecutive edges with the same label costs 1 in all. With labels that
//                name "this piece, this direction" on one-cell steps, a run is one slide of any
//                length: Rush Hour's move metric computed on its step graph. It needs at most one
//                edge per label out of a state, edges sorted by label within a state (true when
//                the domain generates them in label order), and labels below 64: each state
//                keeps the set of its labels in one word, so the edge that continues a run is
//                found by a popcount instead of a scan of the state's edges (an InputError
//                otherwise).
// The graph is meant for undirected spaces (every move has an inverse), where the distance from
// a set of sources is also the distance to it.
//
// Memory per state: the state, 4 to 16 index slots of sizeof(State) + 8 bytes in the map, 4
// bytes of offset, 8 bytes of label set (16 with explore_labelled), 4 bytes per edge (a 24-bit
// target and the label: clusters of more than 2^24 states are refused with an InputError, and 4
// more of scratch for Cost::Runs), 2 bytes per distance array; the arrays keep the size of the
// largest cluster so far. Memory traffic is what grows the cost per state on large clusters,
// hence the packing. Not thread-safe; one per worker.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/state_index.hpp>

namespace frontier {

template <SearchDomain D>
class ClusterGraph {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};
    static constexpr std::uint16_t kUnreached = 0xFFFF;
    static constexpr std::uint32_t kMaxStates = std::uint32_t{1} << 24;  // a 24-bit edge target
    enum class Cost { Edges, Runs };

    ClusterGraph() = default;
    ClusterGraph(const ClusterGraph&) = delete;
    ClusterGraph& operator=(const ClusterGraph&) = delete;

    // Explores the cluster of `start`. labels(move) -> std::uint8_t is stored with each edge;
    // visit(state, index) -> bool is called once per new state in index order, the start first;
    // when it returns false the exploration stops (the graph is then incomplete) and explore()
    // returns false. The previous cluster is discarded.
    //
    // Every generated edge costs one hash lookup, so each undirected edge is looked up from both
    // ends (explore_labelled() looks it up once, for domains that can name their steps). On
    // large clusters the lookups are cache misses: the successors of the next state are
    // generated and their table slots prefetched before the current state's successors are
    // looked up, so the misses of two states overlap.
    template <class Labels, class Visit>
    bool explore(const D& d, const State& start, const Labels& labels, Visit&& visit) {
        reset();
        index_.find_or_insert(start, Index::hash(start), 0);
        states_.assign(1, start);
        edges_.clear();
        if (!visit(start, std::uint32_t{0})) return end(1, false);
        layer_starts_.push_back(0);
        std::uint32_t layer_end = 1;
        bool go_on = true;
        auto gather = [&](std::uint32_t j, std::vector<Child>& out) {
            out.clear();
            d.for_each_successor(states_[j], [&](const State& child, const Move& m) {
                const std::uint64_t h = Index::hash(child);
                index_.prefetch(h);
                out.push_back(Child{child, h, labels(m)});
            });
        };
        std::vector<Child>*now = &children_[0], *ahead = &children_[1];
        gather(0, *now);
        for (std::uint32_t i = 0; i < states_.size(); ++i) {
            if (i == layer_end) {
                layer_starts_.push_back(i);
                layer_end = static_cast<std::uint32_t>(states_.size());
            }
            const bool early = i + 1 < states_.size();
            if (early) gather(i + 1, *ahead);
            std::uint64_t label_set = 0;
            std::uint8_t any_label = 0;
            for (const Child& c : *now) {
                label_set |= std::uint64_t{1} << (c.label & 63);
                any_label |= c.label;
                const auto next = static_cast<std::uint32_t>(states_.size());
                const auto [target, inserted] = index_.find_or_insert(c.state, c.hash, next);
                if (inserted) {
                    if (next == kMaxStates) too_large();
                    states_.push_back(c.state);
                    if (go_on && !visit(c.state, next)) go_on = false;
                }
                edges_.push_back(Edge{target | std::uint32_t{c.label} << 24});
            }
            offsets_.push_back(static_cast<std::uint32_t>(edges_.size()));
            label_sets_.push_back(label_set);
            wide_labels_ |= any_label >= 64;
            if (!go_on) break;
            if (!early && i + 1 < states_.size()) gather(i + 1, *ahead);
            std::swap(now, ahead);
        }
        return end(static_cast<std::uint32_t>(states_.size()), go_on);
    }

    // explore() for domains whose steps out of a state can be named before they are generated:
    // `steps` gives set(d, s) (the labels of s's edges, bit l for label l < 64), step(d, s, l)
    // (the state along label l) and reverse(l) (the label of the way back). Labels are then unique
    // per state and edges come in label order, as Cost::Runs needs. The graph is the one
    // explore() builds with the same labels, index for index and edge for edge.
    //
    // Each undirected edge is looked up once instead of twice: a state's edge slots are laid out
    // when it is discovered (its offset is known then, since states are discovered in index
    // order), and the lookup of u -> w also writes w's edge back to u when w is not expanded yet,
    // marking it filled; w's expansion then looks up only the labels not filled, one mask.
    // (Lists of reverse edges per state, read when the state is expanded, measured slower than
    // two lookups: the known-or-not branch mispredicts and the lists scatter memory traffic;
    // slots at known places need neither.)
    // The lookups do not branch on whether the child is new either (StateIndex::find_or_add): a
    // child is written at the end of the states and the count moves only when it was new; the
    // new states are laid out, given their edges back and visited after the parent's lookups.
    // On Rush Hour clusters about a third of the lookups add a state, and the branches on it
    // mispredicted often enough to cost a fifth of the exploration. The lookups also list the new
    // states' labels back (back_), so the edges back need no second pass over the parent's edges
    // to find the new children (6-8% of the Rush Hour census's time on its samples' units).
    template <class Steps, class Visit>
    bool explore_labelled(const D& d, const State& start, const Steps& steps, Visit&& visit) {
        reset();
        index_.find_or_insert(start, Index::hash(start), 0);
        if (states_.size() < kRoom) states_.resize(kRoom);
        states_[0] = start;
        std::uint32_t count = 1;  // states discovered; states_ keeps kRoom more
        lay_out(d, steps, 0, count);
        if (!visit(start, std::uint32_t{0})) return end(count, false);
        layer_starts_.push_back(0);
        std::uint32_t layer_end = 1;
        auto gather = [&](std::uint32_t j, Children& out) {
            out.size = 0;
            for (std::uint64_t todo = label_sets_[j] & ~filled_[j]; todo; todo &= todo - 1) {
                const auto l = static_cast<std::uint8_t>(std::countr_zero(todo));
                const State child = steps.step(d, states_[j], l);
                const std::uint64_t h = Index::hash(child);
                index_.prefetch(h);
                // Field by field: a Child built whole went through the stack and was read back
                // with one 16-byte load over two 8-byte stores, which the CPU cannot forward.
                Child& c = out.child[out.size++];
                c.state = child;
                c.hash = h;
                c.label = l;
            }
        };
        Children *now = &lists_[0], *ahead = &lists_[1];
        gather(0, *now);
        for (std::uint32_t i = 0; i < count; ++i) {
            if (i == layer_end) {
                layer_starts_.push_back(i);
                layer_end = count;
            }
            const bool early = i + 1 < count;
            if (early) gather(i + 1, *ahead);
            index_.make_room(now->size);
            if (states_.size() < count + kRoom) states_.resize(2 * states_.size());
            const std::uint32_t first_new = count;
            for (const Child& c : *now) {
                const std::uint32_t target = index_.find_or_add(c.state, c.hash, count);
                states_[count] = c.state;
                back_[count - first_new] = steps.reverse(c.label);  // kept only when new
                count += target == count;
                edges_[slot(i, c.label)] = Edge{target | std::uint32_t{c.label} << 24};
                // (target < i only when i's own expansion filled this label after the gather.)
                if (target > i && target < first_new) write_back(i, target, steps.reverse(c.label));
            }
            if (count > first_new) {
                if (count > kMaxStates) too_large();
                lay_out(d, steps, first_new, count);
                for (std::uint32_t k = first_new; k < count; ++k)
                    write_back(i, k, back_[k - first_new]);
                for (std::uint32_t k = first_new; k < count; ++k)
                    if (!visit(states_[k], k)) return end(count, false);
            }
            if (!early && i + 1 < count) gather(i + 1, *ahead);
            std::swap(now, ahead);
        }
        return end(count, true);
    }

    std::uint32_t size() const { return size_; }
    const State& state(std::uint32_t i) const { return states_[i]; }
    std::span<const State> states() const { return {states_.data(), size_}; }
    std::size_t edge_count() const { return offsets_.back(); }
    // The index of s, or kNone when s is not in the cluster.
    std::uint32_t find(const State& s) const { return index_.find(s); }
    // Edge distance of state i from the start (its BFS layer during explore()).
    int depth(std::uint32_t i) const {
        return static_cast<int>(std::upper_bound(layer_starts_.begin(), layer_starts_.end(), i) -
                                layer_starts_.begin()) -
               1;
    }
    // The edges out of i (target index and label), in generation order.
    struct Edge {
        std::uint32_t bits;  // the target's index in the low 24 bits, the label in the high 8
        std::uint32_t target() const { return bits & (kMaxStates - 1); }
        std::uint8_t label() const { return static_cast<std::uint8_t>(bits >> 24); }
    };
    std::span<const Edge> edges(std::uint32_t i) const {
        return {edges_.data() + offsets_[i], edges_.data() + offsets_[i + 1]};
    }

    // The neighbour of w along its edge labelled l (below 64), or kNone (edges sorted by label,
    // as Cost::Runs needs): the label set says whether the edge exists and how many edges
    // come before it.
    std::uint32_t follow(std::uint32_t w, std::uint8_t l) const {
        if (l >= 64 || !(label_sets_[w] >> l & 1)) return kNone;
        return edges_[slot(w, l)].target();
    }

    // Multi-source BFS: dist[i] = cost from the nearest source, kUnreached where none reaches.
    // Stops as soon as `stop_at` gets its distance (other entries may then be unset). Returns
    // the largest distance assigned.
    int distances(std::span<const std::uint32_t> sources, std::vector<std::uint16_t>& dist,
                  Cost cost, std::uint32_t stop_at = kNone) const {
        return cost == Cost::Edges ? bfs<Cost::Edges>(sources, dist, stop_at)
                                   : bfs<Cost::Runs>(sources, dist, stop_at);
    }

  private:
    // Multi-source BFS a layer at a time, branch-free on the state's distance: every state looked
    // at is written to the queue's tail and the tail moves only when the state is new (the queue
    // has one slot more than the cluster for that write; branching on "new or not" mispredicted
    // often enough to take twice the time on Rush Hour clusters). Cost::Runs: every state on the
    // run of an edge out of layer k is one move away; the run stops at a state of layer k or less
    // (its own runs are expanded in its layer). Three runs in four stop at their first state (the
    // 4,780-state cluster of the benchmarks), so a loop per run mispredicted its exit about once
    // an edge: each edge's first state is handled as with Cost::Edges, and a run that goes on is
    // listed (branch-free), then followed one state further per pass before the next layer. A
    // state is reached along a label from one state only: the list never outgrows the edges.
    template <Cost kCost>
    int bfs(std::span<const std::uint32_t> sources, std::vector<std::uint16_t>& dist,
            std::uint32_t stop_at) const {
        if (kCost == Cost::Runs && wide_labels_)
            throw InputError("ClusterGraph: Cost::Runs needs edge labels below 64");
        dist.assign(size_, kUnreached);
        queue_.resize(size_ + 1);
        if (kCost == Cost::Runs) runs_.resize(edges_.size() + 1);
        std::uint16_t* const d = dist.data();
        std::uint32_t* const queue = queue_.data();
        std::uint32_t* const runs = runs_.data();  // edge bits: where a run is, and its label
        const Edge* const edges = edges_.data();
        std::size_t tail = 0;
        for (const std::uint32_t s : sources)
            if (d[s] != 0) {
                d[s] = 0;
                queue[tail++] = s;
            }
        auto reached = [&] { return stop_at != kNone && d[stop_at] != kUnreached; };
        for (std::size_t head = 0; head < tail && !reached();) {
            const std::uint16_t du = d[queue[head]];
            const auto next = static_cast<std::uint16_t>(du + 1);
            std::size_t count = 0;  // runs listed
            for (const std::size_t end = tail; head < end; ++head) {
                const std::uint32_t u = queue[head];
                for (std::uint32_t e = offsets_[u], stop = offsets_[u + 1]; e < stop; ++e) {
                    const std::uint32_t w = edges[e].target();
                    const std::uint16_t dw = d[w];
                    queue[tail] = w;
                    tail += dw == kUnreached;
                    d[w] = std::min(dw, next);
                    if constexpr (kCost == Cost::Runs) {
                        runs[count] = edges[e].bits;
                        count += dw > du;
                    }
                }
            }
            // A listed run is at a state of layer du + 1; where it ends, edge 0 stands in.
            for (std::size_t k = 0; k < count; ++k) {
                const Edge at{runs[k]};
                const std::uint8_t l = at.label();
                const bool goes_on = label_sets_[at.target()] >> l & 1;
                const std::uint32_t e = goes_on ? slot(at.target(), l) : 0;
                const std::uint32_t x = edges[e].target();
                const std::uint16_t dx = d[x];
                queue[tail] = x;
                tail += goes_on & (dx == kUnreached);
                d[x] = std::min(dx, goes_on ? next : kUnreached);
                runs[count] = edges[e].bits;
                count += goes_on & (dx > du);
            }
        }
        return tail == 0 ? 0 : reached() ? d[stop_at] : d[queue[tail - 1]];
    }

    using Index = StateIndex<State>;
    // The index never reserves fewer than kMinReserve entries (65,536 slots, 1 MiB: within a 2 MiB
    // L2). The Rush Hour census explores clusters of a few dozen to a few thousand states one
    // after another, and growing the index in the middle of one rehashes it: against a floor of
    // 4,096 entries its full explorations took 3-7% less time on dev-2c-xeon (a timing harness
    // outside the repository), and a floor of 1,024 ran its sample 7% slower still.
    static constexpr std::size_t kMinReserve = 16384, kMaxReserve = std::size_t{1} << 20;
    // explore_labelled() writes every child at the end of states_ before it knows whether it is
    // new, so states_ keeps this much room past the states discovered (a state has at most 64
    // children). states_ and edges_ only grow: resizing them to the exact size on every
    // exploration wrote zeros over memory that is written again anyway (a sixth of the time).
    static constexpr std::size_t kRoom = 64;

    [[noreturn]] static void too_large() {
        throw InputError("cluster has more than " + std::to_string(kMaxStates) +
                         " states, the limit of ClusterGraph");
    }

    void reset() {
        index_.clear(expected_);
        offsets_.assign(1, 0);
        label_sets_.clear();
        filled_.clear();
        wide_labels_ = false;
        layer_starts_.clear();
    }

    // explore_labelled(): states first..count - 1 get their label sets and edge slots.
    template <class Steps>
    void lay_out(const D& d, const Steps& steps, std::uint32_t first, std::uint32_t count) {
        for (std::uint32_t k = first; k < count; ++k) {
            const std::uint64_t set = steps.set(d, states_[k]);
            label_sets_.push_back(set);
            filled_.push_back(0);
            offsets_.push_back(offsets_.back() + static_cast<std::uint32_t>(std::popcount(set)));
        }
        if (edges_.size() < offsets_.back()) edges_.resize(2 * offsets_.back());
    }
    // explore_labelled(): the edge from `target` back to i (labelled `back`), once the target is
    // laid out. Forced inline: GCC kept it out of line, a call per edge back.
    [[gnu::always_inline]] void write_back(std::uint32_t i, std::uint32_t target,
                                           std::uint8_t back) {
        edges_[slot(target, back)] = Edge{i | std::uint32_t{back} << 24};
        filled_[target] |= std::uint64_t{1} << back;
    }
    // The end of an exploration, complete or not: its size, and the next exploration reserves
    // what this one needed (StateIndex::clear), so that after a large cluster a run of
    // explorations that stop after a few states, the census's, gets a small table again.
    bool end(std::uint32_t count, bool complete) {
        size_ = count;
        expected_ = std::clamp<std::size_t>(count, kMinReserve, kMaxReserve);
        return complete;
    }
    // The position of state i's edge labelled l (present) in edges_.
    std::uint32_t slot(std::uint32_t i, std::uint8_t l) const {
        return offsets_[i] + static_cast<std::uint32_t>(
                                 std::popcount(label_sets_[i] & ((std::uint64_t{1} << l) - 1)));
    }

    struct Child {
        State state;
        std::uint64_t hash;
        std::uint8_t label;
    };
    // explore_labelled(): one state's children, at most 64 (one per label).
    struct Children {
        Child child[64];
        std::uint32_t size = 0;
        const Child* begin() const { return child; }
        const Child* end() const { return child + size; }
    };

    Index index_;
    std::size_t expected_ = kMinReserve;  // reserve for the next cluster: the last one's size
    std::vector<State> states_;  // the first size_ are the cluster's (explore_labelled keeps room)
    std::uint32_t size_ = 0;
    std::vector<std::uint32_t> offsets_;  // state i's edges: [offsets_[i], offsets_[i + 1])
    std::vector<Edge> edges_;
    std::vector<std::uint64_t> label_sets_;  // state i's labels (bit l for label l & 63)
    bool wide_labels_ = false;               // some label was 64 or more: no Cost::Runs
    std::vector<std::uint64_t> filled_;      // explore_labelled(): state i's edges already written
    std::vector<std::uint32_t> layer_starts_;
    mutable std::vector<std::uint32_t> queue_;  // scratch of distances()
    mutable std::vector<std::uint32_t> runs_;   // scratch of distances() with Cost::Runs
    std::vector<Child> children_[2];            // scratch of explore()
    Children lists_[2];                         // scratch of explore_labelled()
    std::uint8_t back_[64];  // explore_labelled(): per new child of a state, its label back
};

}  // namespace frontier
