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
//                edge per label out of a state, and edges sorted by label within a state (true
//                when the domain generates them in label order).
// The graph is meant for undirected spaces (every move has an inverse), where the distance from
// a set of sources is also the distance to it.
//
// Memory per state: the state, 2 to 8 index slots of sizeof(State) + 8 bytes in the map, 4
// bytes of offset, 4 bytes per edge (a 24-bit target and the label:
// clusters of more than 2^24 states are refused with an InputError), 2 bytes per distance
// array. Memory traffic is what grows the cost per state on large clusters, hence the packing.
// Not thread-safe; one per worker.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/concepts.hpp"
#include "engine/error.hpp"
#include "engine/state_index.hpp"

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
    // ends. Recording the reverse edge on the far end instead (a list per state, read when that
    // state is expanded) halves the lookups but measured slower on Rush Hour clusters: the
    // known-or-not branch mispredicts and the lists add scattered memory traffic. On large
    // clusters the lookups are cache misses: the successors of the next state are generated and
    // their table slots prefetched before the current state's successors are looked up, so the
    // misses of two states overlap.
    template <class Labels, class Visit>
    bool explore(const D& d, const State& start, const Labels& labels, Visit&& visit) {
        reset();
        index_.find_or_insert(start, Index::hash(start), 0);
        states_.push_back(start);
        if (!visit(start, std::uint32_t{0})) return false;
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
            for (const Child& c : *now) {
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
            if (!go_on) break;
            if (!early && i + 1 < states_.size()) gather(i + 1, *ahead);
            std::swap(now, ahead);
        }
        // The next exploration reserves what this one needed, stopped early or not: a run of
        // explorations that stop after a few states (the enumerator's) must not each pay for
        // clearing the table of the last large cluster.
        expected_ = std::clamp<std::size_t>(states_.size(), kMinReserve, kMaxReserve);
        return go_on;
    }

    std::uint32_t size() const { return static_cast<std::uint32_t>(states_.size()); }
    const State& state(std::uint32_t i) const { return states_[i]; }
    const std::vector<State>& states() const { return states_; }
    std::size_t edge_count() const { return edges_.size(); }
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

    // The neighbour of w along its edge labelled l, or kNone (edges sorted by label, as
    // Cost::Runs needs). A scan of w's few edges: a per-state label set with popcount indexing
    // measured no faster on Rush Hour clusters.
    std::uint32_t follow(std::uint32_t w, std::uint8_t l) const {
        for (std::uint32_t e = offsets_[w], end = offsets_[w + 1]; e < end; ++e) {
            if (edges_[e].label() == l) return edges_[e].target();
            if (edges_[e].label() > l) break;
        }
        return kNone;
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
    template <Cost kCost>
    int bfs(std::span<const std::uint32_t> sources, std::vector<std::uint16_t>& dist,
            std::uint32_t stop_at) const {
        dist.assign(states_.size(), kUnreached);
        queue_.clear();
        for (const std::uint32_t s : sources)
            if (dist[s] != 0) {
                dist[s] = 0;
                queue_.push_back(s);
            }
        if (queue_.empty()) return 0;
        if (stop_at != kNone && dist[stop_at] == 0) return 0;
        std::uint16_t* const d = dist.data();
        const Edge* const edges = edges_.data();
        for (std::size_t head = 0; head < queue_.size(); ++head) {
            const std::uint32_t u = queue_[head];
            const std::uint16_t du = d[u];
            const auto next = static_cast<std::uint16_t>(du + 1);
            for (std::uint32_t e = offsets_[u], end = offsets_[u + 1]; e < end; ++e) {
                std::uint32_t w = edges[e].target();
                if constexpr (kCost == Cost::Edges) {
                    if (d[w] != kUnreached) continue;
                    d[w] = next;
                    queue_.push_back(w);
                    if (w == stop_at) return next;
                } else {
                    // Follow the run of this label from u: every state on it is one move away.
                    // A state reached at a layer <= du has its own run expanded in its layer.
                    const std::uint8_t l = edges[e].label();
                    while (true) {
                        if (d[w] == kUnreached) {
                            d[w] = next;
                            queue_.push_back(w);
                            if (w == stop_at) return next;
                        } else if (d[w] <= du) {
                            break;
                        }
                        w = follow(w, l);
                        if (w == kNone) break;
                    }
                }
            }
        }
        return d[queue_.back()];
    }

    using Index = StateIndex<State>;
    static constexpr std::size_t kMinReserve = 1024, kMaxReserve = std::size_t{1} << 20;

    [[noreturn]] static void too_large() {
        throw InputError("cluster has more than " + std::to_string(kMaxStates) +
                         " states, the limit of ClusterGraph");
    }

    void reset() {
        index_.clear(expected_);
        states_.clear();
        offsets_.assign(1, 0);
        edges_.clear();
        layer_starts_.clear();
    }

    struct Child {
        State state;
        std::uint64_t hash;
        std::uint8_t label;
    };

    Index index_;
    std::size_t expected_ = kMinReserve;  // reserve for the next cluster: the last one's size
    std::vector<State> states_;
    std::vector<std::uint32_t> offsets_;  // state i's edges: [offsets_[i], offsets_[i + 1])
    std::vector<Edge> edges_;
    std::vector<std::uint32_t> layer_starts_;
    mutable std::vector<std::uint32_t> queue_;  // scratch of distances()
    std::vector<Child> children_[2];            // scratch of explore()
};

}  // namespace frontier
