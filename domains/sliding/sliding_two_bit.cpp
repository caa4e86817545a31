#include <frontier/domains/sliding/sliding_two_bit.hpp>

#include <cstdlib>

#include <frontier/domains/sliding/sliding_io.hpp>

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
      per_blank_(searched_.size() / static_cast<std::uint64_t>(cells_)) {
    const int goal_blank = searched_.blank(searched_.goal());
    const int w = searched_.cols();
    for (int c = 0; c < cells_; ++c) {
        const int manhattan = std::abs(c / w - goal_blank / w) + std::abs(c % w - goal_blank % w);
        parity_[c] = static_cast<std::uint8_t>(manhattan & 1);
        if (c % w != w - 1) links_ |= std::uint64_t{1} << c;
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

TwoBitIdentity two_bit_identity(const SlidingTwoBitSpace& space) {
    const SlidingTiles& board = space.board();
    const SlidingTiles& searched = space.searched();
    return TwoBitIdentity{
        sliding_spec(board.rows(), board.cols()),
        format_tiles(board, board.goal()),
        space.size(),
        "pair-blank",
        {{"searched", std::to_string(searched.rows()) + "x" + std::to_string(searched.cols())}}};
}

}  // namespace frontier
