// Lights Out, a puzzle Frontier does not ship, searched through the installed library.
//
// A side x side board of lights (side 2..5); pressing a cell toggles it and its orthogonal
// neighbours. The goal is the dark board. Presses commute and pressing a cell twice undoes it,
// so a board's distance is the fewest cells whose presses light exactly it, and the distance from
// the dark board to a board equals the distance back.
//
//   lights_out [--side N] [--threads T] [--start ROWS] [--out FILE]
//
// prints the state space layer by layer (the parallel dense BFS, checked against the hash BFS),
// then solves the start (default: every light on) with A* and with HDA*. ROWS is the board row by
// row, '1' lit and '0' dark, rows separated by '/' ("111/101/111"); --out writes the distance
// table as a Frontier table file (docs/examples/read_table.py reads it into numpy).
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include <frontier/engine/frontier.hpp>

// The domain: everything Frontier needs to know about the puzzle (engine/concepts.hpp).
class LightsOut {
  public:
    // One bit per cell, row by row: bit r * side + c is the light at row r, column c.
    struct State {
        std::uint32_t lights = 0;
        friend bool operator==(State, State) = default;
        template <class H>
        friend H AbslHashValue(H h, State s) {
            return H::combine(std::move(h), s.lights);
        }
    };
    struct Move {
        std::uint8_t cell = 0;  // the cell pressed
        friend bool operator==(Move, Move) = default;
    };

    explicit LightsOut(int side) : side_(side) {
        if (side < 2 || side > 5) throw std::invalid_argument("the side must be 2 to 5");
        for (int r = 0; r < side; ++r)
            for (int c = 0; c < side; ++c) {
                std::uint32_t& mask = press_[r * side + c];
                mask = bit(r, c);
                if (r > 0) mask |= bit(r - 1, c);
                if (r + 1 < side) mask |= bit(r + 1, c);
                if (c > 0) mask |= bit(r, c - 1);
                if (c + 1 < side) mask |= bit(r, c + 1);
            }
    }

    int side() const { return side_; }
    int cells() const { return side_ * side_; }

    // SearchDomain: the goal test and the successors, one per cell in cell order.
    bool is_goal(State s) const { return s.lights == 0; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        for (int cell = 0; cell < cells(); ++cell)
            f(State{s.lights ^ press_[cell]}, Move{static_cast<std::uint8_t>(cell)});
    }

    // PerfectHashDomain: every bit pattern is a board, so the rank is the pattern itself.
    std::uint64_t size() const { return std::uint64_t{1} << cells(); }
    std::uint64_t rank(State s) const { return s.lights; }
    State unrank(std::uint64_t r) const { return State{static_cast<std::uint32_t>(r)}; }

    // ReversibleDomain: a press is its own inverse.
    Move inverse(Move m) const { return m; }
    State apply(State s, Move m) const { return State{s.lights ^ press_[m.cell]}; }

  private:
    std::uint32_t bit(int r, int c) const { return std::uint32_t{1} << (r * side_ + c); }

    int side_;
    std::array<std::uint32_t, 25> press_{};
};

// Text I/O beside the domain (engine/domain_io.hpp): only the members this program uses.
template <>
struct frontier::DomainIO<LightsOut> {
    static LightsOut::State parse(const LightsOut& d, std::string_view text) {
        LightsOut::State s;
        int cell = 0;
        for (char ch : text) {
            if (ch == '/') continue;
            if ((ch != '0' && ch != '1') || cell >= d.cells())
                throw frontier::InputError("bad board \"" + std::string(text) + "\"");
            if (ch == '1') s.lights |= std::uint32_t{1} << cell;
            ++cell;
        }
        if (cell != d.cells()) throw frontier::InputError("the board needs one digit per cell");
        return s;
    }
    static std::string format(const LightsOut& d, LightsOut::State s) {
        std::string text;
        for (int cell = 0; cell < d.cells(); ++cell) {
            if (cell > 0 && cell % d.side() == 0) text += '/';
            text += (s.lights >> cell & 1) ? '1' : '0';
        }
        return text;
    }
    // A press as column letter and row number, "a1" top left.
    static std::string format_move(const LightsOut& d, LightsOut::Move m) {
        return std::string{static_cast<char>('a' + m.cell % d.side())} +
               std::to_string(m.cell / d.side() + 1);
    }
};

// The same boards as a TwoBitSpace (engine/two_bit/bfs.hpp), for a space too big for a byte per
// board: two bits each. Period 1 (the block is the board itself); parity() is 0 everywhere,
// which says "unknown": a board's distance parity is not a function of its low bits here, so the
// search scans both parity classes each layer instead of one.
class LightsOutTwoBit {
  public:
    static constexpr int kMaxNeighbors = 25;

    explicit LightsOutTwoBit(const LightsOut& game) : game_(game) {}
    std::uint64_t size() const { return game_.size(); }
    int period() const { return 1; }
    int parity(int) const { return 0; }

    // One thread's position: go() to a block, then the neighbour indices of a residue in it.
    class Cursor {
      public:
        explicit Cursor(const LightsOut& game) : game_(game) {}
        void go(std::uint64_t block) { board_ = static_cast<std::uint32_t>(block); }
        int neighbors(int, std::uint64_t* out) const {
            for (int cell = 0; cell < game_.cells(); ++cell)
                out[cell] = game_.apply({board_}, {static_cast<std::uint8_t>(cell)}).lights;
            return game_.cells();
        }

      private:
        const LightsOut& game_;
        std::uint32_t board_ = 0;
    };
    Cursor cursor() const { return Cursor(game_); }

  private:
    const LightsOut& game_;
};

// Admissible: a press changes at most five lights, so at least ceil(lit / 5) presses remain.
struct LitCellsOverFive {
    int operator()(LightsOut::State s) const { return (std::popcount(s.lights) + 4) / 5; }
};

int main(int argc, char** argv) try {
    using IO = frontier::DomainIO<LightsOut>;
    int side = 3, threads = 0;
    std::string start_text, out_path;
    for (int i = 1; i < argc; i += 2) {
        const std::string_view flag = argv[i];
        if (i + 1 == argc) throw frontier::InputError(std::string(flag) + " needs a value");
        if (flag == "--side")
            side = std::atoi(argv[i + 1]);
        else if (flag == "--threads")
            threads = std::atoi(argv[i + 1]);
        else if (flag == "--start")
            start_text = argv[i + 1];
        else if (flag == "--out")
            out_path = argv[i + 1];
        else
            throw frontier::InputError("unknown option " + std::string(flag));
    }
    const LightsOut game(side);
    LightsOut::State start;
    start.lights = static_cast<std::uint32_t>(game.size() - 1);  // every light on
    if (!start_text.empty()) start = IO::parse(game, start_text);

    // The whole space, from the dark board, in a dense table of one byte per board.
    const std::array roots{LightsOut::State{}};
    frontier::DistanceTable table(game.size());
    frontier::LayeredBfsOptions options;
    options.threads = threads;
    const frontier::LayeredBfsResult bfs =
        frontier::layered_bfs(game, std::span(roots), table.mutable_bytes(), options);
    std::cout << "Lights Out " << side << "x" << side << ": " << bfs.reached << " of "
              << game.size() << " boards reachable from the dark board, at most " << bfs.max_depth()
              << " presses\n";
    for (int depth = 0; depth <= bfs.max_depth(); ++depth)
        std::cout << "presses " << depth << ": " << bfs.layers[depth] << "\n";

    // The table as a Frontier table file (docs/reference/formats.md): header, then one byte per
    // rank.
    if (!out_path.empty()) {
        frontier::TableHeader header;
        header.kind = "distance";
        header.domain = "lights-out:" + std::to_string(side) + "x" + std::to_string(side);
        header.goal = IO::format(game, LightsOut::State{});
        header.entries = game.size();
        header.max_value = bfs.max_depth();
        header.set_field("reached", std::to_string(bfs.reached));
        frontier::write_table_file(out_path, header, table.bytes());
    }

    // The same count without a rank: hash sets, as for a puzzle whose states have none.
    frontier::HashBfsOptions hash_options;
    hash_options.threads = threads;
    const auto hashed = frontier::layered_hash_bfs(game, std::span(roots), hash_options);
    std::cout << "hash BFS: " << (hashed.layers == bfs.layers ? "same" : "DIFFERENT")
              << " layers\n";

    // And at two bits per board: the same layers.
    frontier::TwoBitTable packed(game.size());
    const std::array packed_roots{std::uint64_t{0}};
    frontier::TwoBitBfsOptions packed_options;
    packed_options.threads = threads;
    const auto two_bit = frontier::two_bit_bfs(LightsOutTwoBit(game), std::span(packed_roots),
                                               packed, packed_options);
    std::cout << "two-bit BFS: " << (two_bit.layers == bfs.layers ? "same" : "DIFFERENT")
              << " layers\n";

    std::cout << "start " << IO::format(game, start) << ": ";
    const std::uint8_t known = table.at(game.rank(start));
    if (known == frontier::kUnreached) {
        std::cout << "unsolvable\n";
        return 0;
    }
    std::cout << int{known} << " presses in the table\n";

    const auto astar = frontier::astar(game, start, LitCellsOverFive{});
    std::cout << "A*: " << astar.length() << " moves (";
    for (std::size_t i = 0; i < astar.moves.size(); ++i)
        std::cout << (i ? " " : "") << IO::format_move(game, astar.moves[i]);
    std::cout << ")\n";

    frontier::HdaOptions hda_options;
    hda_options.threads = threads;
    const auto hda = frontier::hda_star(game, start, LitCellsOverFive{}, hda_options);
    std::cout << "HDA*: " << hda.length() << " moves (" << hda.threads << " workers)\n";

    const bool agree = astar.solved() && hda.length() == astar.length() &&
                       astar.length() == known && hashed.layers == bfs.layers &&
                       two_bit.layers == bfs.layers;
    return agree ? 0 : 1;
} catch (const std::exception& e) {
    std::cerr << "lights_out: error: " << e.what() << "\n";
    return 2;
}
