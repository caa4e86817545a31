#include "domains/sliding/sliding_two_bit.hpp"

namespace frontier {

namespace {

// The transpose of s on a rows x cols board (cell r * cols + c goes to c * rows + r).
TileState transpose(TileState s, int rows, int cols) {
    int tiles[16];
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) tiles[c * rows + r] = s.tile(r * cols + c);
    return SlidingTiles::pack(tiles, rows * cols);
}

SlidingTiles narrow_orientation(const SlidingTiles& board) {
    if (board.cols() <= board.rows()) return board;
    return SlidingTiles(board.cols(), board.rows(),
                        transpose(board.goal(), board.rows(), board.cols()));
}

}  // namespace

SlidingTwoBitSpace::SlidingTwoBitSpace(const SlidingTiles& board)
    : board_(board),
      searched_(narrow_orientation(board)),
      transposed_(board.cols() > board.rows()),
      cells_(searched_.cells()),
      cols_(searched_.cols()),
      tiles_(cells_ - 1),
      per_blank_(searched_.size() / static_cast<std::uint64_t>(cells_)) {
    const int n = tiles_;
    for (int q = 0; q < n; ++q) {
        std::int64_t f = 1;
        for (int i = 2; i <= n - 1 - q; ++i) f *= i;
        factorial_[q] = f;
    }
    // A carry past position p clears digits p+1 .. n-3, each at its maximum n-1-i.
    for (int p = 0; p <= n - 3; ++p) {
        int sum = 0;
        for (int i = p + 1; i <= n - 3; ++i) sum += n - 1 - i;
        reset_parity_[p] = static_cast<std::uint8_t>(sum & 1);
    }
    const int goal_blank = searched_.blank(searched_.goal());
    const int goal_invariant = searched_.invariant(searched_.goal());
    const int w = cols_;
    for (int c = 0; c < cells_; ++c) {
        const int manhattan = std::abs(c / w - goal_blank / w) + std::abs(c % w - goal_blank % w);
        parity_[c] = static_cast<std::uint8_t>(manhattan & 1);
        const int row_term = w % 2 == 0 ? c / w : 0;
        required_[c] = static_cast<std::uint8_t>((goal_invariant ^ row_term) & 1);
    }
}

TileState SlidingTwoBitSpace::to_searched(TileState s) const {
    return transposed_ ? transpose(s, board_.rows(), board_.cols()) : s;
}

TileState SlidingTwoBitSpace::from_searched(TileState s) const {
    return transposed_ ? transpose(s, searched_.rows(), searched_.cols()) : s;
}

std::uint64_t SlidingTwoBitSpace::index(TileState s) const {
    const std::uint64_t rank = searched_.rank(to_searched(s));
    const std::uint64_t blank = rank / per_blank_;
    return (rank - blank * per_blank_) * static_cast<std::uint64_t>(cells_) + blank;
}

TileState SlidingTwoBitSpace::state(std::uint64_t index) const {
    const std::uint64_t pair = index / static_cast<std::uint64_t>(cells_);
    const std::uint64_t blank = index - pair * static_cast<std::uint64_t>(cells_);
    return from_searched(searched_.unrank(blank * per_blank_ + pair));
}

void SlidingTwoBitSpace::Cursor::seek(std::uint64_t m) {
    const int n = s_->tiles_;
    m_ = m;
    digit_parity_ = 0;
    for (int i = 0; i + 2 < n; ++i) {
        const auto weight = static_cast<std::uint64_t>(s_->factorial_[i] / 2);
        const std::uint64_t digit = m / weight;
        m -= digit * weight;
        d_[0][i] = static_cast<std::uint8_t>(digit);
        digit_parity_ ^= static_cast<int>(digit & 1);
    }
    d_[0][n - 2] = d_[0][n - 1] = 0;
    for (int i = 0; i < n; ++i) a_[0][i] = static_cast<std::uint8_t>(i);
    place_from(0);
}

}  // namespace frontier
