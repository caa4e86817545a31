// Must not compile: a State without AbslHashValue given to A*. The test (tests/CMakeLists.txt)
// asserts that the compiler's message names AbslHashValue and the doc that asks for it.
#include <cstdint>

#include <frontier/engine/search/astar.hpp>

struct Line {
    struct State {
        std::uint32_t at = 0;
        friend bool operator==(State, State) = default;
    };
    using Move = int;
    bool is_goal(State s) const { return s.at == 3; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        f(State{s.at + 1}, 1);
    }
};

int main() {
    const auto r = frontier::astar(Line{}, Line::State{}, [](const Line::State&) { return 0; });
    return static_cast<int>(r.length());
}
