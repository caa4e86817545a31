// Ownership hashes of Rush Hour states for HDA*: Zobrist and abstract Zobrist (AZH).
//
// Zobrist: XOR of key[piece][offset] over the pieces; a move changes one piece's offset, so the
// child's hash is two XORs from the parent's. AZH hashes each piece's offset halved (its
// position in coarse two-cell steps): a one-cell slide inside a step keeps the hash and the child
// stays with its owner, while a cluster of thousands of states still spreads over many owners.
// Keys come from a fixed seed, so a state has the same owner in every run and process.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include <frontier/domains/rush/rush_board.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/search/zobrist.hpp>

namespace frontier {

class RushZobrist {
  public:
    enum class Kind { Zobrist, Abstract };

    RushZobrist(const RushBoard& board, Kind kind) : pieces_(board.piece_count()) {
        const auto keys = zobrist_keys(RushBoard::kMaxPieces * 8);
        for (int p = 0; p < RushBoard::kMaxPieces; ++p)
            for (int o = 0; o < 8; ++o)
                key_[p][o] = keys[p * 8 + (kind == Kind::Zobrist ? o : o / 2)];
    }

    std::uint64_t operator()(RushState s) const {
        std::uint64_t h = 0;
        for (int p = 0; p < pieces_; ++p) h ^= key_[p][RushBoard::offset(s, p)];
        return h;
    }
    std::uint64_t update(std::uint64_t h, RushState parent, RushMove m, RushState) const {
        const int before = RushBoard::offset(parent, m.piece);
        return h ^ key_[m.piece][before] ^ key_[m.piece][before + m.delta];
    }

  private:
    int pieces_;
    std::array<std::array<std::uint64_t, 8>, RushBoard::kMaxPieces> key_{};
};

// The HDA* hash of a Rush Hour board.
inline RushZobrist make_hda_hasher(const RushBoard& board, HdaHash kind) {
    return RushZobrist(
        board, kind == HdaHash::zobrist ? RushZobrist::Kind::Zobrist : RushZobrist::Kind::Abstract);
}

}  // namespace frontier
