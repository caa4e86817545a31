// Ownership hashes of sliding-tile states for HDA*: Zobrist and abstract Zobrist (AZH).
//
// Zobrist: XOR of key[tile][cell] over the tiles (the blank adds nothing). A move changes one
// tile's cell, so the child's hash is two XORs from the parent's; almost every move sends the
// child to another owner.
// AZH (Jinnai and Fukunaga's abstract Zobrist hashing): the same, but over an abstraction of the
// cell, its 2x2 block. A move inside a block keeps the hash, so the child stays with its parent's
// owner; only moves across block borders (a third of the 15-puzzle's) travel. The abstract space
// (tiles spread over blocks) is still far larger than any owner count, so load stays balanced.
// Keys come from a fixed seed: the same state has the same owner in every process.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/zobrist.hpp>

namespace frontier {

template <class Board>
class SlidingZobrist {
  public:
    using State = typename Board::State;
    enum class Kind { Zobrist, Abstract };

    SlidingZobrist(const Board& d, Kind kind) : cells_(d.cells()) {
        const auto keys = zobrist_keys(25 * 25);
        const int block_cols = (d.cols() + 1) / 2;
        for (int c = 0; c < cells_; ++c) {
            const int feature =
                kind == Kind::Zobrist ? c : (c / d.cols() / 2) * block_cols + (c % d.cols()) / 2;
            for (int t = 1; t < 25; ++t) key_[t][c] = keys[t * 25 + feature];
        }
    }

    std::uint64_t operator()(State s) const {
        std::uint64_t h = 0;
        for (int c = 0; c < cells_; ++c) h ^= key_[s.tile(c)][c];
        return h;
    }
    std::uint64_t update(std::uint64_t h, State, SlideMove m, State) const {
        return h ^ key_[m.tile][m.from] ^ key_[m.tile][m.to];
    }

  private:
    int cells_;
    std::array<std::array<std::uint64_t, 25>, 25> key_{};  // [tile][cell]; tile 0 is all zeros
};

// The HDA* hash of a sliding-tile domain.
template <class W>
SlidingZobrist<BasicSlidingTiles<W>> make_hda_hasher(const BasicSlidingTiles<W>& d, HdaHash kind) {
    using Z = SlidingZobrist<BasicSlidingTiles<W>>;
    return Z(d, kind == HdaHash::zobrist ? Z::Kind::Zobrist : Z::Kind::Abstract);
}

}  // namespace frontier
