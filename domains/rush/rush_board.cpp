#include <frontier/domains/rush/rush_board.hpp>

#include <cassert>

namespace frontier {

RushBoard::RushBoard(int size, RushMetric metric)
    : size_(size), metric_(metric), line_mask_((std::uint64_t{1} << size) - 1) {
    assert(size >= kMinSize && size <= kMaxSize);
}

void RushBoard::add_wall(int row, int col) {
    walls_ |= std::uint64_t{1} << (row * size_ + col);
    walls_t_ |= std::uint64_t{1} << (col * size_ + row);
}

void RushBoard::remove_wall(int row, int col) {
    walls_ &= ~(std::uint64_t{1} << (row * size_ + col));
    walls_t_ &= ~(std::uint64_t{1} << (col * size_ + row));
}

int RushBoard::add_piece(const RushPiece& piece) {
    assert(piece_count_ < kMaxPieces);
    const int p = piece_count_++;
    pieces_[p] = piece;
    lines_[p] = Line{std::uint8_t(piece.vertical), std::uint8_t(piece.line * size_), piece.length};
    for (int o = 0; o <= size_ - piece.length; ++o) {
        Mask m;
        for (int k = 0; k < piece.length; ++k) {
            const int along = o + k;
            const int row = piece.vertical ? along : piece.line;
            const int col = piece.vertical ? piece.line : along;
            m.row_major |= std::uint64_t{1} << (row * size_ + col);
            m.col_major |= std::uint64_t{1} << (col * size_ + row);
        }
        const int before = o - 1, after = o + piece.length;
        const auto bit = [&](int along) {
            return std::uint64_t{1}
                   << (piece.vertical ? along * size_ + piece.line : piece.line * size_ + along);
        };
        if (before >= 0) m.before = m.next_to = bit(before);
        if (after < size_) {
            m.after = bit(after);
            m.next_to |= m.after;
        }
        masks_[p][o] = m;
    }
    set_lanes(p);
    return p;
}

void RushBoard::pop_piece() {
    --piece_count_;
    set_lanes(piece_count_);
}

void RushBoard::set_lanes(int p) {
    // An absent piece (p >= piece_count_) gets zero lanes: no cells, and its last offset 0 lets it
    // step nowhere.
    if (p >= piece_count_) {
        lanes_.clear(p);
        return;
    }
    const RushPiece& piece = pieces_[p];
    lanes_.set(p, masks_[p][0].row_major, piece.vertical ? size_ : 1, cell(p, 0, 0), piece.length,
               size_);
}

bool RushBoard::same_layout(const RushBoard& other) const {
    if (size_ != other.size_ || walls_ != other.walls_ || piece_count_ != other.piece_count_)
        return false;
    for (int p = 0; p < piece_count_; ++p) {
        const RushPiece &a = pieces_[p], &b = other.pieces_[p];
        if (a.letter != b.letter || a.vertical != b.vertical || a.length != b.length ||
            a.line != b.line)
            return false;
    }
    return true;
}

bool RushBoard::is_legal(State s, Move m) const {
    if (m.piece >= piece_count_ || m.delta == 0) return false;
    bool found = false;
    for_each_successor(s, [&](State, Move g) { found = found || g == m; });
    return found;
}

}  // namespace frontier
