#include <frontier/domains/sliding_blocks/sliding_blocks.hpp>

#include <algorithm>

#include <frontier/engine/error.hpp>

namespace frontier {

std::string block_cell_name(int col, int row) {
    return std::string(1, static_cast<char>('a' + col)) + std::to_string(row + 1);
}

namespace {

std::string piece_text(const BlockLayout::Piece& p) {
    return std::string("piece ") + p.label + " (" + std::to_string(p.width) + "x" +
           std::to_string(p.height) + " at " + block_cell_name(p.col, p.row) + ")";
}

std::uint64_t rectangle(int width, int col, int row, int w, int h) {
    std::uint64_t mask = 0;
    for (int r = row; r < row + h; ++r)
        for (int c = col; c < col + w; ++c) mask |= std::uint64_t{1} << (r * width + c);
    return mask;
}

}  // namespace

SlidingBlocks::SlidingBlocks(std::string name, const BlockLayout& layout, BlockMetric metric)
    : name_(std::move(name)), metric_(metric), width_(layout.width), height_(layout.height) {
    const std::string tray = std::to_string(width_) + "x" + std::to_string(height_) + " tray";
    if (width_ < 1 || height_ < 1) throw InputError("the tray must have at least one cell");
    if (width_ > 26 || width_ * height_ > kMaxCells)
        throw InputError("the " + tray + " has " + std::to_string(width_ * height_) +
                         " cells; at most 64 cells and 26 columns are supported");
    tray_ =
        width_ * height_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (width_ * height_)) - 1;
    if (layout.walls & ~tray_) throw InputError("a wall lies outside the " + tray);
    walls_ = layout.walls;
    if (layout.pieces.empty()) throw InputError("the layout has no pieces");

    std::uint64_t occupied = walls_;
    std::vector<std::uint64_t> masks;
    const BlockLayout::Piece* goal = nullptr;
    for (const auto& p : layout.pieces) {
        if (p.width < 1 || p.height < 1 || p.col < 0 || p.row < 0 || p.col + p.width > width_ ||
            p.row + p.height > height_)
            throw InputError(piece_text(p) + " lies outside the " + tray);
        const std::uint64_t mask = rectangle(width_, p.col, p.row, p.width, p.height);
        if (mask & occupied) {
            const int cell = std::countr_zero(mask & occupied);
            std::string other = "a wall";
            for (std::size_t i = 0; i < masks.size(); ++i)
                if (masks[i] >> cell & 1) other = std::string("piece ") + layout.pieces[i].label;
            throw InputError(piece_text(p) + " overlaps " + other + " at " +
                             block_cell_name(cell % width_, cell / width_));
        }
        for (const auto& q : layout.pieces)
            if (&q != &p && q.label == p.label)
                throw InputError(std::string("two pieces are labelled ") + p.label);
        occupied |= mask;
        masks.push_back(mask);
        if (p.label == layout.goal_label) goal = &p;
    }
    if (!goal)
        throw InputError(std::string("the goal names piece ") + layout.goal_label +
                         ", which is not in the layout");
    if (layout.goal_col < 0 || layout.goal_row < 0 || layout.goal_col + goal->width > width_ ||
        layout.goal_row + goal->height > height_)
        throw InputError("the goal puts " + piece_text(*goal) + " at " +
                         block_cell_name(layout.goal_col, layout.goal_row) + ", outside the " +
                         tray);

    if (rectangle(width_, layout.goal_col, layout.goal_row, goal->width, goal->height) & walls_)
        throw InputError("the goal puts " + piece_text(*goal) + " at " +
                         block_cell_name(layout.goal_col, layout.goal_row) + ", over a wall");

    // Kinds: the goal piece alone first, then the other sizes in the order they first appear.
    kinds_.push_back(Kind{goal->width, goal->height, true, std::string(1, goal->label), 0, 0});
    std::vector<std::vector<int>> anchors{{goal->row * width_ + goal->col}};
    for (const auto& p : layout.pieces) {
        if (&p == goal) continue;
        auto it = std::find_if(kinds_.begin() + 1, kinds_.end(), [&](const Kind& k) {
            return k.width == p.width && k.height == p.height;
        });
        if (it == kinds_.end()) {
            kinds_.push_back(Kind{p.width, p.height, false, "", 0, 0});
            anchors.emplace_back();
            it = kinds_.end() - 1;
        }
        it->labels += p.label;
        anchors[it - kinds_.begin()].push_back(p.row * width_ + p.col);
    }
    int bits = 0;
    for (Kind& k : kinds_) {
        k.offset = bits;
        k.anchors = (width_ - k.width + 1) * (height_ - k.height + 1);
        bits += k.anchors;
    }
    if (bits > kMaxBits)
        throw InputError("the layout needs " + std::to_string(bits) +
                         " state bits (one per position of each kind of piece); the packing "
                         "holds at most 128");
    for (const Kind& k : kinds_) {
        auto& index = anchor_index_.emplace_back();
        auto& footprint = footprint_.emplace_back();
        auto& cells = anchor_cell_.emplace_back();
        index.fill(kNoAnchor);
        footprint.fill(0);
        for (int r = 0; r + k.height <= height_; ++r)
            for (int c = 0; c + k.width <= width_; ++c) {
                const int cell = r * width_ + c;
                index[cell] = static_cast<int>(cells.size());
                footprint[cell] = rectangle(width_, c, r, k.width, k.height);
                cells.push_back(cell);
            }
    }
    goal_cell_ = layout.goal_row * width_ + layout.goal_col;
    start_ = pack(anchors);
}

std::vector<int> SlidingBlocks::anchors_of(const State& s, int kind) const {
    std::vector<int> cells;
    for (std::uint64_t b = kind_bits(s, kind); b; b &= b - 1)
        cells.push_back(anchor_cell_[kind][std::countr_zero(b)]);
    return cells;
}

BlockState SlidingBlocks::pack(const std::vector<std::vector<int>>& anchors) const {
    State s;
    for (std::size_t kind = 0; kind < anchors.size(); ++kind)
        for (int cell : anchors[kind]) flip(s, static_cast<int>(kind), cell);
    return s;
}

std::uint64_t SlidingBlocks::occupancy(const State& s) const {
    std::uint64_t occupied = walls_;
    for (int kind = 0; kind < static_cast<int>(kinds_.size()); ++kind)
        for (std::uint64_t b = kind_bits(s, kind); b; b &= b - 1)
            occupied |= footprint_[kind][anchor_cell_[kind][std::countr_zero(b)]];
    return occupied;
}

}  // namespace frontier
