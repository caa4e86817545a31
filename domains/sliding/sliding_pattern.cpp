#include <frontier/domains/sliding/sliding_pattern.hpp>

#include <algorithm>
#include <charconv>
#include <sstream>

#include <frontier/domains/sliding/sliding_tiles.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

SlidingPattern::SlidingPattern(int rows, int cols, std::vector<int> goal_tiles,
                               std::vector<int> pattern)
    : rows_(rows),
      cols_(cols),
      cells_(rows * cols),
      free_cells_(rows * cols - static_cast<int>(pattern.size())),
      goal_tiles_(std::move(goal_tiles)),
      pattern_(std::move(pattern)) {
    const int k = size_k();
    if (cells_ > kMaxCells) throw InputError("pattern databases support boards of up to 25 cells");
    if (k < 1 || k > kMaxPattern || k > cells_ - 2)
        throw InputError("a pattern needs 1 to " +
                         std::to_string(std::min(kMaxPattern, cells_ - 2)) +
                         " tiles on this board (got " + std::to_string(k) + ")");
    std::uint32_t seen = 0;
    for (int t : pattern_) {
        if (t <= 0 || t >= cells_)
            throw InputError("pattern tile " + std::to_string(t) + " is not a tile of the board");
        if (seen >> t & 1)
            throw InputError("pattern tile " + std::to_string(t) + " is listed twice");
        seen |= 1u << t;
    }
    placements_ = 1;
    for (int i = 0; i < k; ++i) placements_ *= static_cast<std::uint64_t>(cells_ - i);
    board_ = cells_ == 32 ? ~0u : (1u << cells_) - 1;
    not_left_ = not_right_ = board_;
    for (int r = 0; r < rows_; ++r) {
        not_left_ &= ~(1u << (r * cols_));
        not_right_ &= ~(1u << (r * cols_ + cols_ - 1));
    }
    for (int c = 0; c < cells_; ++c)
        for (int d = 0; d < 4; ++d) neighbor_[c][d] = grid_neighbor(rows_, cols_, c, d);
    std::uint32_t occupied = 0;
    std::uint64_t bits = 0;
    int blank = 0;
    for (int c = 0; c < cells_; ++c) {
        if (goal_tiles_[c] == 0) blank = c;
        for (int i = 0; i < k; ++i)
            if (goal_tiles_[c] == pattern_[i]) {
                bits |= static_cast<std::uint64_t>(c) << (5 * i);
                occupied |= 1u << c;
            }
    }
    const int lowest = __builtin_ctz(flood(1u << blank, board_ & ~occupied));
    goal_ = State{bits | static_cast<std::uint64_t>(lowest) << (5 * k)};
}

std::uint64_t SlidingPattern::rank(State s) const {
    std::array<int, kMaxPattern> pos;
    std::uint32_t occupied = 0;
    for (int i = 0; i < size_k(); ++i) {
        pos[i] = cell_of(s, i);
        occupied |= 1u << pos[i];
    }
    const int region = region_cell(s);
    const int index = __builtin_popcount(board_ & ~occupied & ((1u << region) - 1));
    return rank_placement(pos.data()) * static_cast<std::uint64_t>(free_cells_) +
           static_cast<std::uint64_t>(index);
}

SlidingPattern::State SlidingPattern::unrank(std::uint64_t r) const {
    const int k = size_k();
    const int index = static_cast<int>(r % static_cast<std::uint64_t>(free_cells_));
    std::uint64_t placement = r / static_cast<std::uint64_t>(free_cells_);
    std::array<int, kMaxPattern> digit;
    for (int i = k - 1; i >= 0; --i) {
        const auto radix = static_cast<std::uint64_t>(cells_ - i);
        digit[i] = static_cast<int>(placement % radix);
        placement /= radix;
    }
    std::uint32_t available = board_;
    std::uint64_t bits = 0;
    for (int i = 0; i < k; ++i) {
        const int c = select_bit(available, digit[i]);
        available &= ~(1u << c);
        bits |= static_cast<std::uint64_t>(c) << (5 * i);
    }
    const int region = select_bit(available, index);
    return State{bits | static_cast<std::uint64_t>(region) << (5 * k)};
}

SlidingPattern::RankWalker SlidingPattern::rank_walker() const {
    if (cells_ > kMaxTabledCells) return SlidingPatternWalker(*this, nullptr);
    RegionTable& t = *regions_;
    std::call_once(t.once, [&] {
        t.lowest.resize(std::size_t{16} << cells_);
        for (std::uint32_t free = 0; free < (1u << cells_); ++free)
            for (int c = 0; c < cells_; ++c)
                t.lowest[free << 4 | c] =
                    static_cast<std::uint8_t>(std::countr_zero(flood(1u << c, free | 1u << c)));
    });
    return SlidingPatternWalker(*this, t.lowest.data());
}

SlidingPatternWalker::SlidingPatternWalker(const SlidingPattern& p, const std::uint8_t* lowest)
    : p_(&p), lowest_(lowest) {
    std::uint64_t weight = 1;
    for (int i = p.size_k() - 1; i >= 0; --i) {
        weight_[i] = weight;
        weight *= static_cast<std::uint64_t>(p.cells_ - i);
    }
    for (int c = 0; c < p.cells_; ++c)
        for (int d = 0; d < 4; ++d)
            if (p.neighbor_[c][d] >= 0) next_to_[c] |= 1u << p.neighbor_[c][d];
}

void SlidingPatternWalker::decode(std::uint64_t placement) {
    const SlidingPattern& p = *p_;
    const int k = p.size_k();
    int first = 0;
    if (placement_ != ~std::uint64_t{0} && placement > placement_) {
        std::uint64_t carry = placement - placement_;
        first = k;
        while (carry != 0 && first > 0) {  // placement < placements(): no carry out of digit 0
            --first;
            const auto radix = static_cast<std::uint64_t>(p.cells_ - first);
            const std::uint64_t v = digit_[first] + carry;
            digit_[first] = static_cast<std::uint32_t>(v % radix);
            carry = v / radix;
        }
    } else {
        std::uint64_t rest = placement;
        for (int i = k - 1; i >= 0; --i) {
            const auto radix = static_cast<std::uint64_t>(p.cells_ - i);
            digit_[i] = static_cast<std::uint32_t>(rest % radix);
            rest /= radix;
        }
    }
    placement_ = placement;
    place_from(first);
}

// Places tiles first .. k-1 by their digits, the earlier ones staying where they are.
void SlidingPatternWalker::place_from(int first) {
    const SlidingPattern& p = *p_;
    const int k = p.size_k();
    std::uint32_t occupied = before_[first];
    for (int i = first; i < k; ++i) {
        const int c = select_bit(p.board_ & ~occupied, static_cast<int>(digit_[i]));
        before_[i] = occupied;
        occupied |= 1u << c;
        tile_at_[c] = static_cast<std::int8_t>(i);
    }
    occupied_ = occupied;
    // Tile i's own cell is the one bit between before_[i] and the tiles up to i.
    for (int i = 0; i < k; ++i) after_[i] = occupied & ~(i + 1 < k ? before_[i + 1] : occupied);
}

std::vector<int> parse_pattern(const std::string& text, int cells) {
    std::vector<int> tiles;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
        int t = 0;
        auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), t);
        if (item.empty() || ec != std::errc() || p != item.data() + item.size())
            throw InputError("invalid pattern " + quote_input(text) + ": " +
                             quote_input(item, '\'') + " is not a tile number");
        if (t <= 0 || t >= cells)
            throw InputError("invalid pattern " + quote_input(text) + ": tile " +
                             std::to_string(t) + " is not a tile of this board (1.." +
                             std::to_string(cells - 1) + ")");
        if (std::find(tiles.begin(), tiles.end(), t) != tiles.end())
            throw InputError("invalid pattern " + quote_input(text) + ": tile " +
                             std::to_string(t) + " is listed twice");
        tiles.push_back(t);
    }
    if (tiles.empty()) throw InputError("invalid pattern: empty");
    return tiles;
}

std::string format_pattern(const std::vector<int>& pattern) {
    std::string out;
    for (int t : pattern) {  // appended in two steps: "," + string trips GCC 12's -Wrestrict
        if (!out.empty()) out += ',';
        out += std::to_string(t);
    }
    return out;
}

std::vector<std::vector<int>> parse_partition(const std::string& text,
                                              const std::vector<int>& goal_tiles) {
    const int cells = static_cast<int>(goal_tiles.size());
    std::vector<std::vector<int>> groups;
    if (text.find(',') != std::string::npos || text.find('/') != std::string::npos) {
        std::stringstream ss(text);
        for (std::string group; std::getline(ss, group, '/');)
            groups.push_back(parse_pattern(group, cells));
    } else {
        std::vector<int> order;  // the goal's tiles in row-major order, blank skipped
        for (int t : goal_tiles)
            if (t != 0) order.push_back(t);
        std::size_t next = 0;
        std::stringstream ss(text);
        for (std::string size; std::getline(ss, size, '-');) {
            int n = 0;
            auto [p, ec] = std::from_chars(size.data(), size.data() + size.size(), n);
            if (size.empty() || ec != std::errc() || p != size.data() + size.size() || n <= 0)
                throw InputError("invalid partition " + quote_input(text) +
                                 ": expected group sizes like 7-8 or tile lists like "
                                 "1,2,3/4,5,6");
            if (next + n > order.size())
                throw InputError("invalid partition " + quote_input(text) +
                                 ": the board has only " + std::to_string(order.size()) + " tiles");
            groups.emplace_back(order.begin() + next, order.begin() + next + n);
            next += n;
        }
    }
    std::vector<int> all;
    for (const auto& g : groups) all.insert(all.end(), g.begin(), g.end());
    std::sort(all.begin(), all.end());
    if (std::adjacent_find(all.begin(), all.end()) != all.end())
        throw InputError("invalid partition " + quote_input(text) + ": the groups overlap");
    return groups;
}

}  // namespace frontier
