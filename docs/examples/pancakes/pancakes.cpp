// The pancake problem at two bits per stack, through the installed library: a user-written
// TwoBitSpace (engine/two_bit/space.hpp) searched by two_bit_bfs and read by two_bit_distance.
//
// A stack of n pancakes of sizes 1..n, written top first ("3 1 2"); a move flips the top k of
// them (k = 2..n). The goal is the sorted stack "1 2 ... n". Flips are their own inverses, so a
// stack's distance to the goal equals the goal's to it, and one search from the goal gives every
// stack's distance. There are n! stacks, indexed by their lexicographic rank.
//
//   pancakes [--size N] [--threads T] [--stack "S"]
//
// prints the number of stacks at each number of flips and the largest (the pancake number of
// n), then the distance of the stack S (default: the reversed stack) and one optimal sequence of
// flips, walked down the table.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <frontier/engine/two_bit/bfs.hpp>
#include <frontier/engine/two_bit/lookup.hpp>

constexpr int kMaxSize = 12;  // 12! = 479,001,600 stacks, 120 MB at two bits each
using Stack = std::array<std::uint8_t, kMaxSize>;  // sizes 0..n-1, top first

// The lexicographic rank of a stack among the n! orders, and back (O(n^2), n <= 12).
std::uint64_t rank_of(const Stack& s, int n) {
    std::uint64_t r = 0;
    for (int i = 0; i < n; ++i) {
        int smaller_after = 0;
        for (int j = i + 1; j < n; ++j) smaller_after += s[j] < s[i];
        r = r * static_cast<std::uint64_t>(n - i) + static_cast<std::uint64_t>(smaller_after);
    }
    return r;
}

Stack unrank(std::uint64_t r, int n) {
    std::array<int, kMaxSize> digits{};
    for (int i = n - 1; i >= 0; --i) {
        digits[i] = static_cast<int>(r % static_cast<std::uint64_t>(n - i));
        r /= static_cast<std::uint64_t>(n - i);
    }
    std::vector<std::uint8_t> unused(static_cast<std::size_t>(n));
    std::iota(unused.begin(), unused.end(), std::uint8_t{0});
    Stack s{};
    for (int i = 0; i < n; ++i) {
        s[i] = unused[static_cast<std::size_t>(digits[i])];
        unused.erase(unused.begin() + digits[i]);
    }
    return s;
}

// The space. Period 1: a block is one stack. parity() is 0 everywhere, "unknown": flipping two
// or three pancakes are both single transpositions, so the graph has odd cycles and no
// 2-colouring; the search then scans every stack each layer, which is exact.
class PancakeSpace {
  public:
    static constexpr int kMaxNeighbors = kMaxSize - 1;

    explicit PancakeSpace(int n) : n_(n) {
        size_ = 1;
        for (int i = 2; i <= n; ++i) size_ *= static_cast<std::uint64_t>(i);
    }
    int pancakes() const { return n_; }
    std::uint64_t size() const { return size_; }
    int period() const { return 1; }
    int parity(int) const { return 0; }

    // One thread's position: go() to a stack, then the indices of the stacks one flip away.
    class Cursor {
      public:
        explicit Cursor(int n) : n_(n) {}
        void go(std::uint64_t block) { stack_ = unrank(block, n_); }
        int neighbors(int, std::uint64_t* out) const {
            for (int k = 2; k <= n_; ++k) {
                Stack child = stack_;
                std::reverse(child.begin(), child.begin() + k);
                out[k - 2] = rank_of(child, n_);
            }
            return n_ - 1;
        }

      private:
        int n_;
        Stack stack_{};
    };
    Cursor cursor() const { return Cursor(n_); }

  private:
    int n_;
    std::uint64_t size_;
};
static_assert(frontier::TwoBitSpace<PancakeSpace>);

// "3 1 2" -> sizes 2 0 1; refuses what is not an order of 1..n.
Stack parse_stack(const std::string& text, int n) {
    std::istringstream in(text);
    std::vector<int> sizes;
    for (int v; in >> v;) sizes.push_back(v);
    std::vector<int> sorted = sizes;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> expected(static_cast<std::size_t>(n));
    std::iota(expected.begin(), expected.end(), 1);
    if (!in.eof() || sorted != expected)
        throw frontier::InputError("the stack \"" + text + "\" is not an order of 1.." +
                                   std::to_string(n));
    Stack s{};
    for (int i = 0; i < n; ++i) s[i] = static_cast<std::uint8_t>(sizes[i] - 1);
    return s;
}

std::string format_stack(const Stack& s, int n) {
    std::string text;
    for (int i = 0; i < n; ++i) text += (i ? " " : "") + std::to_string(s[i] + 1);
    return text;
}

int run(int argc, char** argv) {
    int n = 8, threads = 0;
    std::string stack_text;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i + 1 >= argc) throw frontier::InputError(arg + " needs a value");
        if (arg == "--size")
            n = std::atoi(argv[++i]);
        else if (arg == "--threads")
            threads = std::atoi(argv[++i]);
        else if (arg == "--stack")
            stack_text = argv[++i];
        else
            throw frontier::InputError("unknown option " + arg);
    }
    if (n < 2 || n > kMaxSize) throw frontier::InputError("--size must be 2 to 12");

    const PancakeSpace space(n);
    Stack goal{};
    std::iota(goal.begin(), goal.begin() + n, std::uint8_t{0});
    const std::array roots{rank_of(goal, n)};
    frontier::TwoBitTable table(space.size());
    frontier::TwoBitBfsOptions options;
    options.threads = threads;
    const auto result = frontier::two_bit_bfs(space, std::span(roots), table, options);
    for (std::size_t d = 0; d < result.layers.size(); ++d)
        std::cout << "flips " << d << ": " << result.layers[d] << '\n';
    std::cout << "stacks: " << result.reached << ", most flips needed: " << result.max_depth()
              << '\n';

    Stack start{};
    if (stack_text.empty())
        std::reverse_copy(goal.begin(), goal.begin() + n, start.begin());
    else
        start = parse_stack(stack_text, n);
    frontier::TwoBitWalkChecks checks;
    checks.max_depth = result.max_depth();
    checks.all_reached = true;
    std::vector<std::uint64_t> path;
    const int distance =
        frontier::two_bit_distance(space, table, rank_of(start, n), roots[0], checks, &path);
    // "1 flip (flip the top 6)", "3 flips (flip the top 4, 6, 2)": each step of the walk is one
    // flip, the k whose flip turns one stack into the next.
    std::cout << "stack " << format_stack(start, n) << ": " << distance
              << (distance == 1 ? " flip" : " flips");
    std::cout << (path.size() > 1 ? " (flip the top" : " (sorted already)");
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const Stack from = unrank(path[i], n), to = unrank(path[i + 1], n);
        for (int k = 2; k <= n; ++k) {
            Stack flipped = from;
            std::reverse(flipped.begin(), flipped.begin() + k);
            if (flipped == to) {
                std::cout << (i == 0 ? " " : ", ") << k;
                break;
            }
        }
    }
    std::cout << (path.size() > 1 ? ")\n" : "\n");
    return 0;
}

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "pancakes: error: " << e.what() << '\n';
        return 2;
    }
}
