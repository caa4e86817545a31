// The 2x2x2 cube (Pocket Cube): 3,674,160 positions, God's number 11 in the half-turn metric and
// 14 in the quarter-turn metric.
//
// Corners are numbered in Kociemba's order URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB (0..7). A 2x2x2
// has no centres, so a position is only defined up to turning the whole cube; we fix the DBL
// corner in its slot and twist 0 and turn only the U, R and F faces, which never move it. Every
// position is then represented exactly once (7! * 3^6 of them).
//
// Two levels. CornerCubies is the cube as cubies: one 64-bit word, byte i for slot i holding the
// corner cubie in it (bits 0-2) and its twist (bits 3-4: 0 when its U/D sticker faces U or D, 1
// clockwise, 2 counter-clockwise); a move there permutes four bytes and adds twists. The search
// state, CubeState, packs the two coordinates of those cubies in one 32-bit word: the corner
// permutation (Lehmer rank of the cubies in slots URF..DLF, DRB, 0..5039, bits 10-22) and the
// corner orientation (twists of slots URF..DLF in base 3, 0..728, bits 0-9; DRB's twist follows
// from the twists summing to 0 mod 3). A move changes each coordinate independently of the
// other, so a move is two lookups in move tables (5,040 x 9 and 729 x 9 entries, 100 KiB, built
// once from the cubie-level moves), and rank = permutation * 729 + orientation is
// dense in [0, 3674160). This is the coordinate representation of Kociemba's solvers; it makes
// a child cost two L1/L2 reads instead of byte shuffles and a Lehmer rank.
//
// Moves: U, U2, U', R, R2, R', F, F2, F' (ids 0..8, face * 3 + turn; turn 0 clockwise, 1 half,
// 2 counter-clockwise). The half-turn metric (HTM) offers all nine, the quarter-turn metric (QTM)
// the six quarter turns; successors come in id order. inverse() swaps clockwise and
// counter-clockwise.
//
// Cubies to coordinates is table lookups on bit fields gathered with shifts: the Lehmer digits of
// the first four slots depend only on their four cubies (the other three are the remaining
// values), so the permutation rank is T4[cubies of URF..UBR] + T3[cubies of DFR, DLF, DRB] (4,096
// and 512 entries), and the twists of six slots index a 4,096-entry base-3 table; the way back
// reads two tables of packed cubies (5,040 and 729 words).
#pragma once

#include <array>
#include <cstdint>
#include <utility>

namespace frontier {

// The cube as cubies: byte i is slot i's cubie (bits 0-2) and twist (bits 3-4).
struct CornerCubies {
    std::uint64_t slots = 0;

    int cubie(int slot) const { return static_cast<int>((slots >> (8 * slot)) & 7); }
    int twist(int slot) const { return static_cast<int>((slots >> (8 * slot + 3)) & 3); }
    friend bool operator==(CornerCubies, CornerCubies) = default;
};

// The search state: permutation coordinate in bits 10-22, orientation coordinate in bits 0-9.
struct CubeState {
    std::uint32_t coords = 0;

    std::uint32_t permutation() const { return coords >> 10; }
    std::uint32_t orientation() const { return coords & 1023; }
    static CubeState of(std::uint32_t permutation, std::uint32_t orientation) {
        return CubeState{permutation << 10 | orientation};
    }
    friend bool operator==(CubeState, CubeState) = default;
    template <class H>
    friend H AbslHashValue(H h, CubeState s) {
        return H::combine(std::move(h), s.coords);
    }
};

struct CubeMove {
    std::uint8_t id = 0;  // face * 3 + turn; faces U, R, F; turns clockwise, half, counter
    int face() const { return id / 3; }
    int turn() const { return id % 3; }
    friend bool operator==(CubeMove, CubeMove) = default;
};

enum class CubeMetric : std::uint8_t { Htm, Qtm };

namespace detail {

// Corner permutation and twists of a move in Kociemba's convention: after the move, slot i holds
// the cubie that was in slot cp[i], twisted by co[i].
struct CornerMove {
    std::array<std::uint8_t, 8> cp, co;
};

constexpr CornerMove compose(const CornerMove& a, const CornerMove& b) {
    CornerMove c{};
    for (int i = 0; i < 8; ++i) {
        c.cp[i] = a.cp[b.cp[i]];
        c.co[i] = static_cast<std::uint8_t>((a.co[b.cp[i]] + b.co[i]) % 3);
    }
    return c;
}

// The quarter turns U, R, F (clockwise, looking at the face).
inline constexpr std::array<CornerMove, 3> kQuarterTurns = {{
    {{3, 0, 1, 2, 4, 5, 6, 7}, {0, 0, 0, 0, 0, 0, 0, 0}},  // U
    {{4, 1, 2, 0, 7, 5, 6, 3}, {2, 0, 0, 1, 1, 0, 0, 2}},  // R
    {{1, 5, 2, 3, 0, 4, 6, 7}, {1, 2, 0, 0, 2, 1, 0, 0}},  // F
}};

// A move as four byte moves: the bytes of the other slots are kept.
struct CubeMoveTable {
    std::uint64_t keep = 0;
    std::array<std::uint8_t, 4> dst{}, src{}, twist{};
};

constexpr std::array<CubeMoveTable, 9> make_cube_move_tables() {
    std::array<CubeMoveTable, 9> tables{};
    for (int face = 0; face < 3; ++face) {
        CornerMove m = kQuarterTurns[face];
        for (int turn = 0; turn < 3; ++turn) {
            CubeMoveTable& t = tables[face * 3 + turn];
            int n = 0;
            for (int i = 0; i < 8; ++i) {
                if (m.cp[i] == i && m.co[i] == 0) {
                    t.keep |= std::uint64_t{0xFF} << (8 * i);
                    continue;
                }
                t.dst[n] = static_cast<std::uint8_t>(i);
                t.src[n] = m.cp[i];
                t.twist[n] = m.co[i];
                ++n;
            }
            if (n != 4) throw "every face turn moves four corners";
            m = compose(m, kQuarterTurns[face]);
        }
    }
    return tables;
}

inline constexpr std::array<CubeMoveTable, 9> kCubeMoveTables = make_cube_move_tables();

// The cubies of slots URF, UFL, ULB, UBR as 3-bit fields of a 12-bit number, and of DFR, DLF,
// DRB as a 9-bit number; the twists of slots URF..DLF as 2-bit fields of a 12-bit number.
constexpr std::uint64_t upper_cubies(std::uint64_t s) {
    return (s & 7) | (s >> 5 & 0x38) | (s >> 10 & 0x1C0) | (s >> 15 & 0xE00);
}
constexpr std::uint64_t lower_cubies(std::uint64_t s) {
    return (s >> 32 & 7) | (s >> 37 & 0x38) | (s >> 50 & 0x1C0);
}
constexpr std::uint64_t twists(std::uint64_t s) {
    return (s >> 3 & 3) | (s >> 9 & 0xC) | (s >> 15 & 0x30) | (s >> 21 & 0xC0) | (s >> 27 & 0x300) |
           (s >> 33 & 0xC00);
}

inline constexpr int kFactorial[7] = {1, 1, 2, 6, 24, 120, 720};

// Lehmer digits of the first four slots times their weights 6!, 5!, 4!, 3!.
constexpr std::array<std::uint16_t, 4096> make_upper_rank() {
    std::array<std::uint16_t, 4096> t{};
    for (int x = 0; x < 4096; ++x) {
        int v[4];
        unsigned used = 0;
        for (int k = 0; k < 4; ++k) {
            v[k] = x >> (3 * k) & 7;
            if (v[k] == 7) v[k] = 6;  // DRB counts as 6; cubie 6 (DBL) is fixed
            used |= 1u << v[k];
        }
        int rank = 0;
        for (int k = 0; k < 4; ++k) {
            int digit = 0;
            for (int j = k + 1; j < 4; ++j) digit += v[j] < v[k];
            for (int w = 0; w < v[k]; ++w)
                digit += !(used >> w & 1);  // smaller values after slot 3
            rank += digit * kFactorial[6 - k];
        }
        t[x] = static_cast<std::uint16_t>(rank);
    }
    return t;
}

// Lehmer digits of the last three slots: the relative order of their three cubies.
constexpr std::array<std::uint8_t, 512> make_lower_rank() {
    std::array<std::uint8_t, 512> t{};
    for (int x = 0; x < 512; ++x) {
        const int a = x & 7, b = x >> 3 & 7, c = x >> 6 & 7;
        t[x] = static_cast<std::uint8_t>(((b < a) + (c < a)) * 2 + (c < b));
    }
    return t;
}

constexpr std::array<std::uint16_t, 4096> make_twist_rank() {
    std::array<std::uint16_t, 4096> t{};
    for (int x = 0; x < 4096; ++x) {
        int rank = 0;
        for (int slot = 0; slot < 6; ++slot) rank = rank * 3 + (x >> (2 * slot) & 3);
        t[x] = static_cast<std::uint16_t>(rank);
    }
    return t;
}

// The packed cubies (twists 0) of each permutation rank.
constexpr std::array<std::uint64_t, 5040> make_permutation_states() {
    std::array<std::uint64_t, 5040> t{};
    constexpr int free_slots[7] = {0, 1, 2, 3, 4, 5, 7};
    for (int r = 0; r < 5040; ++r) {
        int digits[7] = {};
        int rest = r;
        for (int k = 6; k >= 0; --k) {
            digits[k] = rest % (7 - k);
            rest /= 7 - k;
        }
        std::uint64_t slots = std::uint64_t{6} << 48;  // DBL in its slot
        unsigned used = 0;
        for (int k = 0; k < 7; ++k) {
            int v = 0;
            for (int skip = digits[k];; ++v)
                if (!(used >> v & 1) && skip-- == 0) break;
            used |= 1u << v;
            slots |= static_cast<std::uint64_t>(v == 6 ? 7 : v) << (8 * free_slots[k]);
        }
        t[r] = slots;
    }
    return t;
}

// The packed twists of each orientation rank, DRB's twist making the sum a multiple of 3.
constexpr std::array<std::uint64_t, 729> make_orientation_states() {
    std::array<std::uint64_t, 729> t{};
    for (int r = 0; r < 729; ++r) {
        std::uint64_t slots = 0;
        int rest = r, sum = 0;
        for (int slot = 5; slot >= 0; --slot) {
            slots |= static_cast<std::uint64_t>(rest % 3) << (8 * slot + 3);
            sum += rest % 3;
            rest /= 3;
        }
        t[r] = slots | static_cast<std::uint64_t>((3 - sum % 3) % 3) << 59;
    }
    return t;
}

inline constexpr auto kUpperRank = make_upper_rank();
inline constexpr auto kLowerRank = make_lower_rank();
inline constexpr auto kTwistRank = make_twist_rank();
inline constexpr auto kPermutationStates = make_permutation_states();
inline constexpr auto kOrientationStates = make_orientation_states();

// A move on the cubie level: four bytes moved, twists added.
constexpr std::uint64_t apply_to_cubies(std::uint64_t slots, int id) {
    const CubeMoveTable& t = kCubeMoveTables[id];
    std::uint64_t out = slots & t.keep;
    for (int j = 0; j < 4; ++j) {
        std::uint64_t b = ((slots >> (8 * t.src[j])) & 0x1F) + (std::uint64_t{t.twist[j]} << 3);
        if (b >= 24) b -= 24;  // twist 3 is twist 0
        out |= b << (8 * t.dst[j]);
    }
    return out;
}
constexpr std::uint32_t permutation_of(std::uint64_t slots) {
    return kUpperRank[upper_cubies(slots)] + kLowerRank[lower_cubies(slots)];
}
constexpr std::uint32_t orientation_of(std::uint64_t slots) {
    return kTwistRank[twists(slots)];
}

// The coordinate move tables: each coordinate after move id, from each coordinate. Built once,
// on first use (under a millisecond), and shared.
struct CoordinateMoves {
    std::array<std::array<std::uint16_t, 9>, 5040> permutation;
    std::array<std::array<std::uint16_t, 9>, 729> orientation;
};
const CoordinateMoves& coordinate_moves();

}  // namespace detail

class PocketCube {
  public:
    using State = CubeState;
    using Move = CubeMove;
    static constexpr std::uint64_t kPermutations = 5040;  // 7!
    static constexpr std::uint64_t kOrientations = 729;   // 3^6
    static constexpr int kSlots = 8;
    static constexpr int kFixedSlot = 6;  // DBL

    explicit PocketCube(CubeMetric metric = CubeMetric::Htm);

    CubeMetric metric() const { return metric_; }
    static constexpr State solved() { return State{0}; }  // both coordinates 0
    State goal() const { return solved(); }
    bool is_goal(State s) const { return s == solved(); }

    template <class F>
    void for_each_successor(State s, F&& f) const {
        for (int i = 0; i < move_count_; ++i) {
            const Move m{moves_[i]};
            f(apply(s, m), m);
        }
    }
    State apply(State s, Move m) const {
        return State::of(tables_->permutation[s.permutation()][m.id],
                         tables_->orientation[s.orientation()][m.id]);
    }
    static Move inverse(Move m) {
        return Move{static_cast<std::uint8_t>(m.id - m.turn() + (2 - m.turn()))};
    }
    // The moves of this metric, in successor order.
    int move_count() const { return move_count_; }
    Move move(int i) const { return Move{moves_[i]}; }

    std::uint64_t size() const { return kPermutations * kOrientations; }
    std::uint64_t rank(State s) const {
        return std::uint64_t{s.permutation()} * kOrientations + s.orientation();
    }
    State unrank(std::uint64_t r) const {
        return State::of(static_cast<std::uint32_t>(r / kOrientations),
                         static_cast<std::uint32_t>(r % kOrientations));
    }
    // The coordinates, also the indices of the pattern databases.
    static std::uint64_t permutation_rank(State s) { return s.permutation(); }
    static std::uint64_t orientation_rank(State s) { return s.orientation(); }

    // The cubie level, for text I/O and checks.
    static CornerCubies cubies(State s) {
        return CornerCubies{detail::kPermutationStates[s.permutation()] |
                            detail::kOrientationStates[s.orientation()]};
    }
    static State from_cubies(CornerCubies c) {
        return State::of(detail::permutation_of(c.slots), detail::orientation_of(c.slots));
    }
    static CornerCubies apply(CornerCubies c, Move m) {
        return CornerCubies{detail::apply_to_cubies(c.slots, m.id)};
    }
    // Cubie and twist per slot; the caller guarantees a valid position with DBL fixed.
    static CornerCubies pack(const std::array<int, 8>& cubies, const std::array<int, 8>& twists);

  private:
    CubeMetric metric_;
    int move_count_;
    std::array<std::uint8_t, 9> moves_{};
    const detail::CoordinateMoves* tables_;
};

}  // namespace frontier
