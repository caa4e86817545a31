// The smallest program against the installed library: a domain in a dozen lines and its whole
// distance table, with the light include (engine/frontier_light.hpp). It checks what it finds
// against the answer worked out by hand and exits 1 if they differ.
#include <array>
#include <cstdint>
#include <frontier/engine/frontier_light.hpp>
#include <iostream>
#include <span>
#include <vector>
// The cycle graph of n states, i -> i +- 1 mod n: a domain in a dozen lines.
struct Ring {
    struct State {
        std::uint32_t at = 0;
        friend bool operator==(State, State) = default;
    };
    using Move = int;
    std::uint32_t n;
    bool is_goal(State s) const { return s.at == 0; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        f(State{(s.at + 1) % n}, 1);
        f(State{(s.at + n - 1) % n}, -1);
    }
    std::uint64_t size() const { return n; }
    std::uint64_t rank(State s) const { return s.at; }
    State unrank(std::uint64_t r) const { return State{static_cast<std::uint32_t>(r)}; }
};
static_assert(frontier::PerfectHashDomain<Ring>);
int main() {
    const Ring ring{301};
    std::vector<std::uint8_t> depth(ring.size());
    const std::array roots{Ring::State{}};
    const auto r = frontier::layered_bfs(ring, std::span(roots), std::span(depth));
    // Depth d holds the two states d and n - d, up to n / 2: 1, 2, 2, ..., 2 (n odd).
    bool ok = r.layers.size() == ring.n / 2 + 1 && r.layers[0] == 1 && r.reached == ring.n;
    for (std::size_t d = 1; d < r.layers.size(); ++d) ok = ok && r.layers[d] == 2;
    for (std::uint32_t i = 0; i < ring.n; ++i) ok = ok && depth[i] == std::min(i, ring.n - i);
    std::cout << (ok ? "ring: same layers" : "ring: DIFFERENT layers") << '\n';
    return ok ? 0 : 1;
}
