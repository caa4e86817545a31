// The contract between Frontier's algorithms and its puzzles: what a puzzle type must provide.
//
// A domain is a small value type that describes one puzzle instance (board shape, goal, move
// tables) and answers questions about packed states. Algorithms are templates over a domain, so
// every call below is resolved and usually inlined at compile time: there is no virtual call per
// node. A domain never draws, prints or parses; that lives beside it in DomainIO<D>
// (engine/domain_io.hpp).
//
//   SearchDomain      State (trivially copyable, hashable, equality-comparable), Move, goal test,
//                     successor generation through a callback: for_each_successor(s, f) calls
//                     f(child, move) once per legal move, in a fixed documented order.
//   PerfectHashDomain adds size(), rank(s) dense in [0, size()) and unrank(r), exact inverses.
//   ReversibleDomain  adds inverse(move) and apply(state, move), so tree searches can skip the
//                     move that undoes the last and paths can be walked back without parents.
//   IndexedDomain     adds index_bits() = k, index(s) injective into [0, 2^k) and from_index(i),
//                     its inverse on indices of states: a sparse space a bitmap can cover.
//   GradedDomain      D::kGraded is true: all paths between two states have the same length
//                     (each peg-solitaire jump removes one peg), so every solution is optimal and
//                     a state is met at one depth only.
//   HasEnumerationRoots  adds enumeration_roots(): where a full enumeration starts when that is
//                     not the goal (peg solitaire and sliding blocks count from their start).
//
// The contract in full (what the compiler checks is only the syntax; the rest is promised by the
// domain and relied upon by every algorithm):
//   - State is a packed value: trivially copyable, default-constructible, operator== compares
//     the whole value. The algorithms that keep a visited set (A*, bfs, HDA*, layered_hash_bfs;
//     not IDA* nor the dense BFS) also hash it with Abseil: give it `template <class H> friend H
//     AbslHashValue(H, State)`. HDA*'s default owner hash reads its bytes, so it must have no
//     padding (std::has_unique_object_representations_v), or pass a hasher of your own.
//   - Move is a small default-constructible value; ReversibleDomain needs operator== on it.
//   - Every member function is const and a pure function of its arguments and the domain's
//     fixed data: the parallel algorithms call them from many threads at once without locks.
//   - for_each_successor(s, f) calls f(child, move) exactly once per legal move of s, in the same
//     order on every call, and does not keep f. Every move costs 1 unless the algorithm says
//     otherwise. The algorithms that enumerate (the layered BFS) or search without a heuristic
//     treat the graph as directed: a distance is from the roots to the state.
//   - PerfectHashDomain: rank is a bijection between the states of interest and [0, size()),
//     unrank(rank(s)) == s and rank(unrank(r)) == r for every r < size(); size() fits the table
//     the dense BFS allocates (one byte per rank). Ranks of unreachable states stay 255 in the
//     distance table.
//   - IndexedDomain: index is injective and index(s) < 2^index_bits(); from_index(index(s)) == s.
//   - ReversibleDomain: apply(s, m) is the child f receives for m, and apply(child, inverse(m))
//     is s again.
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <absl/hash/hash.h>

namespace frontier {

template <class S>
concept PackedState = std::is_trivially_copyable_v<S> && std::equality_comparable<S>;

// Abseil can hash S: S has an AbslHashValue overload (or is a type Abseil hashes already).
template <class S>
concept AbslHashable = std::is_default_constructible_v<absl::Hash<S>>;

// The first check of every algorithm that keeps states in an Abseil hash container (A*, BFS,
// DFS, greedy, HDA*, the hash BFS): one line that names what is missing, before the fifteen
// inside Abseil's templates that never do.
template <class State>
constexpr bool require_hashable_state() {
    static_assert(
        AbslHashable<State>,
        "frontier: this algorithm keeps states in a hash set, so the domain's State needs "
        "an AbslHashValue overload (docs/howto/library.md, \"Write a domain\")");
    return true;
}

template <class D>
concept SearchDomain = requires(const D& d, const typename D::State& s) {
    requires PackedState<typename D::State>;
    typename D::Move;
    { d.is_goal(s) } -> std::convertible_to<bool>;
    d.for_each_successor(s, [](const typename D::State&, const typename D::Move&) {});
};

template <class D>
concept PerfectHashDomain = SearchDomain<D> &&
    requires(const D& d, const typename D::State& s, std::uint64_t r) {
    { d.size() } -> std::convertible_to<std::uint64_t>;
    { d.rank(s) } -> std::convertible_to<std::uint64_t>;
    { d.unrank(r) } -> std::same_as<typename D::State>;
};

template <class D>
concept ReversibleDomain = SearchDomain<D> &&
    requires(const D& d, const typename D::State& s, const typename D::Move& m) {
    { d.inverse(m) } -> std::convertible_to<typename D::Move>;
    { d.apply(s, m) } -> std::same_as<typename D::State>;
    { m == m } -> std::convertible_to<bool>;
};

template <class D>
concept IndexedDomain = SearchDomain<D> &&
    requires(const D& d, const typename D::State& s, std::uint64_t i) {
    { d.index_bits() } -> std::convertible_to<int>;
    { d.index(s) } -> std::convertible_to<std::uint64_t>;
    { d.from_index(i) } -> std::same_as<typename D::State>;
};

template <class D>
concept GradedDomain = SearchDomain<D> && requires {
    requires D::kGraded;
};

template <class D>
concept HasEnumerationRoots = SearchDomain<D> && requires(const D& d) {
    { d.enumeration_roots() } -> std::same_as<std::vector<typename D::State>>;
};

}  // namespace frontier
