// SearchTree: the closed list of best-first and graph searches, and the path back to the start.
//
// An Abseil flat_hash_map from packed state to {g, the move that reached it}. For a
// ReversibleDomain that is all the path needs: walking back applies inverse(move) to the state.
// Other domains also keep the parent state ([[no_unique_address]] makes it free when unused).
// Per entry: sizeof(State) + 8 bytes + the move, plus the table's load-factor slack; for sliding
// tiles about 24 bytes. Not thread-safe; each search (or HDA* owner) has its own. The table's
// arrays of 2 MiB and more use huge pages (engine/huge_page_allocator.hpp: fewer page faults).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/table_growth.hpp>
#include <frontier/engine/huge_page_allocator.hpp>

namespace frontier {

template <SearchDomain D>
class SearchTree {
    static_assert(require_hashable_state<typename D::State>());

  public:
    using State = typename D::State;
    using Move = typename D::Move;
    struct Empty {};
    using Parent = std::conditional_t<ReversibleDomain<D>, Empty, State>;
    struct Node {
        std::int32_t g;
        bool root;
        Move move;                            // the move that reached this state
        [[no_unique_address]] Parent parent;  // only for non-reversible domains
    };

    void add_root(const State& s) {
        grow_or_abandon(nodes_, [&] { nodes_[s] = Node{0, true, Move{}, Parent{}}; });
    }

    // Records `child` reached from `parent` by `m` at cost g unless it is already known with a
    // cost <= g. Returns true when the child is new or improved.
    bool offer(const State& child, const State& parent, const Move& m, std::int32_t g) {
        return offer_with_parent(child, parent_of(parent), m, g);
    }
    // The same with the parent reference already reduced (what HDA* carries in its messages).
    bool offer_with_parent(const State& child, const Parent& parent, const Move& m,
                           std::int32_t g) {
        auto [it, inserted] = grow_or_abandon(nodes_, [&] {
            return nodes_.try_emplace(child, Node{g, false, m, parent});
        });
        if (inserted) return true;
        if (it->second.g <= g) return false;
        it->second = Node{g, false, m, parent};
        return true;
    }
    // What a node keeps of its parent: nothing for a ReversibleDomain, else the parent state.
    static Parent parent_of(const State& p) {
        if constexpr (ReversibleDomain<D>)
            return Empty{};
        else
            return p;
    }

    const Node* find(const State& s) const {
        auto it = nodes_.find(s);
        return it == nodes_.end() ? nullptr : &it->second;
    }
    std::size_t size() const { return nodes_.size(); }

    // The moves from the root to `s`, in order.
    std::vector<Move> path_to(const D& d, State s) const {
        return trace_path(d, s, [this](const State& x) { return find(x); });
    }

    // The same walk over nodes spread across several trees (HDA*'s owners): `find(state)`
    // returns the state's node wherever it lives.
    template <class Find>
    static std::vector<Move> trace_path(const D& d, State s, Find&& find) {
        std::vector<Move> moves;
        for (const Node* n = find(s); n && !n->root; n = find(s)) {
            moves.push_back(n->move);
            if constexpr (ReversibleDomain<D>)
                s = d.apply(s, d.inverse(n->move));
            else
                s = n->parent;
        }
        std::reverse(moves.begin(), moves.end());
        return moves;
    }

  private:
    absl::flat_hash_map<State, Node, absl::Hash<State>, std::equal_to<State>,
                        HugePageAllocator<std::pair<const State, Node>>>
        nodes_;
};

}  // namespace frontier
