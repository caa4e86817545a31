#include <frontier/domains/peg_solitaire/peg_solitaire.hpp>

#include <algorithm>

namespace frontier {

namespace {

bool on_board(PegBoard board, int r, int c) {
    const bool cross = (r >= 2 && r <= 4) || (c >= 2 && c <= 4);
    if (cross) return true;
    return board == PegBoard::French && (r == 1 || r == 5) && (c == 1 || c == 5);
}

// (row, col) under symmetry k of the 7x7 grid.
std::pair<int, int> image(int k, int r, int c) {
    const int n = PegSolitaire::kSide - 1;
    switch (k) {
        case 0:
            return {r, c};
        case 1:
            return {c, n - r};  // rotate 90 degrees clockwise
        case 2:
            return {n - r, n - c};  // rotate 180
        case 3:
            return {n - c, r};  // rotate 270
        case 4:
            return {r, n - c};  // mirror left-right
        case 5:
            return {n - r, c};  // mirror top-bottom
        case 6:
            return {c, r};  // transpose
        default:
            return {n - c, n - r};  // anti-transpose
    }
}

}  // namespace

PegSolitaire::PegSolitaire(PegBoard board) : PegSolitaire(board, State{}, State{}) {
    if (board == PegBoard::English) {
        start_ = centre_vacant();
        goal_ = centre_peg();
    } else {  // no central game on the French board: the classic d2 to d6 problem
        start_ = State{full().pegs & ~bit(hole_at(1, 3))};
        goal_ = State{bit(hole_at(5, 3))};
    }
}

PegSolitaire::PegSolitaire(PegBoard board, State start, State goal)
    : board_(board), start_(start), goal_(goal) {
    hole_at_.fill(-1);
    for (int r = 0; r < kSide; ++r)
        for (int c = 0; c < kSide; ++c)
            if (on_board(board, r, c)) {
                hole_at_[r * kSide + c] = static_cast<std::int8_t>(holes_);
                cell_of_[holes_++] = static_cast<std::uint8_t>(r * kSide + c);
            }
    static constexpr int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};  // up, left, right, down
    for (int h = 0; h < holes_; ++h)
        for (int d = 0; d < 4; ++d) {
            const int r1 = row_of(h) + dr[d], c1 = col_of(h) + dc[d];
            const int r2 = r1 + dr[d], c2 = c1 + dc[d];
            if (r2 < 0 || r2 >= kSide || c2 < 0 || c2 >= kSide) continue;
            const int over = hole_at(r1, c1), to = hole_at(r2, c2);
            if (over < 0 || to < 0) continue;
            jumps_.push_back(
                Jump{bit(h) | bit(over) | bit(to), bit(h) | bit(over),
                     Move{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(over),
                          static_cast<std::uint8_t>(to)}});
        }
    symmetry_.resize(8);
    for (int k = 0; k < 8; ++k)
        for (int b = 0; b < 5; ++b)
            for (int v = 0; v < 256; ++v) {
                std::uint64_t out = 0;
                for (int i = 0; i < 8; ++i) {
                    const int h = b * 8 + i;
                    if (!(v >> i & 1) || h >= holes_) continue;
                    const auto [r, c] = image(k, row_of(h), col_of(h));
                    out |= bit(hole_at(r, c));
                }
                symmetry_[k][b][v] = out;
            }
}

PegState PegSolitaire::transform(State s, int k) const {
    std::uint64_t out = 0;
    for (int b = 0; b < 5; ++b) out |= symmetry_[k][b][(s.pegs >> (8 * b)) & 0xFF];
    return State{out};
}

PegState PegSolitaire::canonical(State s) const {
    std::uint64_t best = s.pegs;
    for (int k = 1; k < 8; ++k) best = std::min(best, transform(s, k).pegs);
    return State{best};
}

int PegSolitaire::position_class(State s) const {
    int sum[3] = {0, 0, 0}, diff[3] = {0, 0, 0};
    for (std::uint64_t p = s.pegs; p; p &= p - 1) {
        const int h = std::countr_zero(p);
        ++sum[(row_of(h) + col_of(h)) % 3];
        ++diff[(row_of(h) - col_of(h) + kSide * 3) % 3];
    }
    return ((sum[0] + sum[1]) & 1) | ((sum[1] + sum[2]) & 1) << 1 | ((diff[0] + diff[1]) & 1) << 2 |
           ((diff[1] + diff[2]) & 1) << 3;
}

}  // namespace frontier
