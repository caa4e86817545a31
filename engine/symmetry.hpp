// Searching up to symmetry: a view of a domain whose states are canonical representatives.
//
// SymmetricDomain: the domain offers canonical(s), one fixed member of s's class under the
// puzzle's symmetries (peg solitaire: the smallest of the board's 8 rotations and reflections).
// SymmetryReduced<D> is then a domain of its own whose successors are canonicalised, so any
// engine search over it visits one state per class. This counts classes exactly when the moves
// commute with the symmetries and the roots' classes are closed under them (a symmetric start);
// moves it reports are moves of some member of the class, not replayable on one board.
//
// The wrapper forwards what the base domain has (an index, grading, enumeration roots), so it
// goes wherever the base domain goes; it costs one canonical() per generated state.
#pragma once

#include <cstdint>
#include <vector>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/bitmap_bfs.hpp>

namespace frontier {

template <class D>
concept SymmetricDomain = SearchDomain<D> && requires(const D& d, const typename D::State& s) {
    { d.canonical(s) } -> std::same_as<typename D::State>;
};

template <SymmetricDomain D>
class SymmetryReduced {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    static constexpr bool kGraded = GradedDomain<D>;

    explicit SymmetryReduced(const D& base) : base_(base) {}
    const D& base() const { return base_; }

    bool is_goal(const State& s) const { return base_.is_goal(s); }
    template <class F>
    void for_each_successor(const State& s, F&& f) const {
        base_.for_each_successor(s,
                                 [&](const State& c, const Move& m) { f(base_.canonical(c), m); });
    }
    State canonical(const State& s) const { return base_.canonical(s); }

    int index_bits() const requires IndexedDomain<D> { return base_.index_bits(); }
    std::uint64_t index(const State& s) const requires IndexedDomain<D> { return base_.index(s); }
    State from_index(std::uint64_t i) const requires IndexedDomain<D> {
        return base_.from_index(i);
    }
    std::vector<State> enumeration_roots() const requires HasEnumerationRoots<D> {
        std::vector<State> roots = base_.enumeration_roots();
        for (State& s : roots) s = base_.canonical(s);
        return roots;
    }

  private:
    D base_;
};

}  // namespace frontier
