#include <frontier/domains/sliding_blocks/sliding_blocks_io.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <vector>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

constexpr const char* kKlotski = "BAAC/BAAC/DEEF/DGHF/I..J";
constexpr const char* kKlotskiGoal = "A at b4";
constexpr const char* kDads = "AABB/AACC/HI../GFDD/GFEE";
constexpr const char* kDadsGoal = "A at a4";

[[noreturn]] void bad_layout(std::string_view text, const std::string& why) {
    throw InputError("invalid layout " + quote_input(text) + ": " + why);
}

std::string_view trim_space(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, std::string_view separators) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || separators.find(s[i]) != std::string_view::npos) {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

bool is_label(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// "b4" -> {col 1, row 3}; false if malformed.
bool parse_cell(std::string_view t, int& col, int& row) {
    if (t.size() < 2 || t[0] < 'a' || t[0] > 'z') return false;
    int r = 0;
    auto [p, ec] = std::from_chars(t.data() + 1, t.data() + t.size(), r);
    if (ec != std::errc() || p != t.data() + t.size() || r < 1) return false;
    col = t[0] - 'a';
    row = r - 1;
    return true;
}

// "2x1" -> {2, 1}.
bool parse_size(std::string_view t, int& w, int& h) {
    const auto x = t.find('x');
    if (x == std::string_view::npos) return false;
    auto a = std::from_chars(t.data(), t.data() + x, w);
    auto b = std::from_chars(t.data() + x + 1, t.data() + t.size(), h);
    return a.ec == std::errc() && a.ptr == t.data() + x && b.ec == std::errc() &&
           b.ptr == t.data() + t.size() && w > 0 && h > 0;
}

struct Grid {
    int width = 0, height = 0;
    std::vector<char> cells;  // row-major; 0 empty
};

Grid read_grid(std::string_view text) {
    Grid g;
    for (std::string_view raw : split(trim_space(text), "/\n")) {
        std::string row;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            const char c = raw[i];
            if (c == ' ' || c == '\t' || c == '\r') continue;
            if (c == '.' || c == '_') {
                row += '\0';
            } else if (c == '#' || is_label(c)) {
                row += c;
            } else {
                bad_layout(text, "unknown character " + quote_input(utf8_char_at(raw, i), '\'') +
                                     " (letters and digits are pieces, . empty, # a wall)");
            }
        }
        if (g.height == 0) g.width = static_cast<int>(row.size());
        if (static_cast<int>(row.size()) != g.width)
            bad_layout(text, "row " + std::to_string(g.height + 1) + " has " +
                                 std::to_string(row.size()) + " cells, expected " +
                                 std::to_string(g.width));
        g.cells.insert(g.cells.end(), row.begin(), row.end());
        ++g.height;
    }
    if (g.width == 0) bad_layout(text, "empty");
    if (g.width > 26 || g.width * g.height > SlidingBlocks::kMaxCells)
        bad_layout(text, "the tray is " + std::to_string(g.width) + "x" + std::to_string(g.height) +
                             "; at most 64 cells and 26 columns are supported");
    return g;
}

// Pieces of a grid in reading order of their top-left cells; each must be a filled rectangle.
BlockLayout layout_of_grid(std::string_view text, const Grid& g) {
    BlockLayout layout;
    layout.width = g.width;
    layout.height = g.height;
    std::map<char, std::vector<int>> cells_of;
    for (int i = 0; i < static_cast<int>(g.cells.size()); ++i) {
        if (g.cells[i] == '#')
            layout.walls |= std::uint64_t{1} << i;
        else if (g.cells[i])
            cells_of[g.cells[i]].push_back(i);
    }
    for (const auto& [label, cells] : cells_of) {
        int c0 = g.width, c1 = -1, r0 = g.height, r1 = -1;
        for (int i : cells) {
            c0 = std::min(c0, i % g.width);
            c1 = std::max(c1, i % g.width);
            r0 = std::min(r0, i / g.width);
            r1 = std::max(r1, i / g.width);
        }
        const int w = c1 - c0 + 1, h = r1 - r0 + 1;
        if (static_cast<int>(cells.size()) != w * h)
            bad_layout(text, std::string("piece ") + label + " is not a rectangle (" +
                                 std::to_string(cells.size()) + " cells in a " + std::to_string(w) +
                                 "x" + std::to_string(h) + " box)");
        layout.pieces.push_back({label, w, h, c0, r0});
    }
    std::sort(layout.pieces.begin(), layout.pieces.end(), [&](const auto& a, const auto& b) {
        return a.row * g.width + a.col < b.row * g.width + b.col;
    });
    return layout;
}

// "WxH: A 2x2 b1, B 1x2 a1, # 1x1 c3". Pieces are checked by the domain (tray, overlaps).
BlockLayout layout_of_list(std::string_view text) {
    BlockLayout layout;
    const auto colon = text.find(':');
    if (!parse_size(trim_space(text.substr(0, colon)), layout.width, layout.height))
        bad_layout(text, "expected the tray size before ':', like 4x5");
    if (layout.width > 26 || layout.width * layout.height > SlidingBlocks::kMaxCells)
        bad_layout(text, "the tray is " + std::to_string(layout.width) + "x" +
                             std::to_string(layout.height) +
                             "; at most 64 cells and 26 columns are supported");
    for (std::string_view entry : split(text.substr(colon + 1), ",;\n")) {
        entry = trim_space(entry);
        if (entry.empty()) continue;
        std::vector<std::string_view> words;
        for (std::string_view w : split(entry, " \t"))
            if (!w.empty()) words.push_back(w);
        BlockLayout::Piece p{};
        if (words.size() != 3 || words[0].size() != 1 ||
            !(is_label(words[0][0]) || words[0][0] == '#') ||
            !parse_size(words[1], p.width, p.height) || !parse_cell(words[2], p.col, p.row))
            bad_layout(text, "bad piece " + quote_input(entry) +
                                 " (expected LABEL WxH CELL, like A 2x2 b1)");
        p.label = words[0][0];
        if (p.label == '#') {
            if (p.col + p.width > layout.width || p.row + p.height > layout.height)
                bad_layout(text, "wall " + quote_input(entry) + " lies outside the tray");
            for (int r = p.row; r < p.row + p.height; ++r)
                for (int c = p.col; c < p.col + p.width; ++c)
                    layout.walls |= std::uint64_t{1} << (r * layout.width + c);
            continue;
        }
        layout.pieces.push_back(p);
    }
    return layout;
}

}  // namespace

BlockMetric parse_block_metric(std::string_view text) {
    if (text.empty() || text == "piece") return BlockMetric::Piece;
    if (text == "straight") return BlockMetric::Straight;
    if (text == "steps") return BlockMetric::Steps;
    throw InputError("unknown metric " + quote_input(text) +
                     " for sliding blocks (expected piece, straight or steps)");
}

const char* block_metric_name(BlockMetric m) {
    switch (m) {
        case BlockMetric::Steps:
            return "steps";
        case BlockMetric::Straight:
            return "straight";
        case BlockMetric::Piece:
            return "piece";
    }
    return "?";
}

BlockLayout parse_block_layout(std::string_view text) {
    if (text.find(':') != std::string_view::npos) return layout_of_list(text);
    return layout_of_grid(text, read_grid(text));
}

void parse_block_goal(BlockLayout& layout, std::string_view goal) {
    std::vector<std::string_view> words;
    for (std::string_view w : split(trim_space(goal), " \t,"))
        if (!w.empty()) words.push_back(w);
    if (!words.empty() && words.size() > 1 && words[1] == "at") words.erase(words.begin() + 1);
    if (words.size() < 2 || words[0].size() != 1 || !is_label(words[0][0]))
        throw InputError("invalid goal " + quote_input(goal) +
                         ": expected LABEL at CELL, like A at b4");
    layout.goal_label = words[0][0];
    const auto piece = std::find_if(layout.pieces.begin(), layout.pieces.end(),
                                    [&](const auto& p) { return p.label == layout.goal_label; });
    if (piece == layout.pieces.end())
        throw InputError(std::string("the goal names piece ") + layout.goal_label +
                         ", which is not in the layout");
    int c0 = 1 << 20, r0 = 1 << 20;
    std::uint64_t given = 0;
    for (std::size_t i = 1; i < words.size(); ++i) {
        int c = 0, r = 0;
        if (!parse_cell(words[i], c, r))
            throw InputError("invalid goal " + quote_input(goal) + ": bad cell " +
                             quote_input(words[i]) + " (expected like b4)");
        if (c >= layout.width || r >= layout.height)
            throw InputError("invalid goal " + quote_input(goal) + ": cell " +
                             std::string(words[i]) + " is outside the tray");
        c0 = std::min(c0, c);
        r0 = std::min(r0, r);
        given |= std::uint64_t{1} << (r * layout.width + c);
    }
    if (words.size() > 2) {
        std::uint64_t expected = 0;
        for (int r = r0; r < r0 + piece->height && r < layout.height; ++r)
            for (int c = c0; c < c0 + piece->width && c < layout.width; ++c)
                expected |= std::uint64_t{1} << (r * layout.width + c);
        if (expected != given || std::popcount(given) != piece->width * piece->height)
            throw InputError("invalid goal " + quote_input(goal) + ": those cells are not a " +
                             std::to_string(piece->width) + "x" + std::to_string(piece->height) +
                             " rectangle for piece " + layout.goal_label);
    }
    layout.goal_col = c0;
    layout.goal_row = r0;
}

bool is_sliding_blocks_name(std::string_view name) {
    return name == "klotski" || name == "dads-puzzle" || name == "sliding-blocks";
}

SlidingBlocks make_sliding_blocks(std::string_view name, std::string_view layout_text,
                                  std::string_view goal, BlockMetric metric) {
    std::string_view layout = layout_text;
    std::string_view default_goal;
    if (name == "klotski" || name == "dads-puzzle") {
        if (!trim_space(layout_text).empty())
            throw InputError(std::string(name) +
                             " is a built-in puzzle; use sliding-blocks --layout for another one");
        layout = name == "klotski" ? kKlotski : kDads;
        default_goal = name == "klotski" ? kKlotskiGoal : kDadsGoal;
    } else if (name == "sliding-blocks") {
        if (trim_space(layout_text).empty())
            throw InputError(
                "sliding-blocks needs --layout (a grid like \"BAAC/BAAC/DEEF/DGHF/"
                "I..J\" or a piece list like \"4x5: A 2x2 b1, ...\")");
        if (trim_space(goal).empty())
            throw InputError("sliding-blocks needs --goal (like \"A at b4\")");
    } else {
        throw InputError("unknown sliding-block puzzle " + quote_input(name) +
                         " (expected klotski, dads-puzzle or sliding-blocks)");
    }
    BlockLayout parsed = parse_block_layout(layout);
    parse_block_goal(parsed, trim_space(goal).empty() ? default_goal : goal);
    return SlidingBlocks(std::string(name), parsed, metric);
}

BlockState parse_blocks(const SlidingBlocks& d, std::string_view text) {
    const BlockLayout layout = parse_block_layout(text);
    if (layout.width != d.width() || layout.height != d.height())
        bad_layout(text, "the tray is " + std::to_string(layout.width) + "x" +
                             std::to_string(layout.height) + ", the puzzle's is " +
                             std::to_string(d.width()) + "x" + std::to_string(d.height()));
    if (layout.walls != d.walls()) bad_layout(text, "the walls differ from the puzzle's");
    const auto& kinds = d.kinds();
    const char goal_label = kinds[d.goal_kind()].labels[0];
    std::vector<std::vector<int>> anchors(kinds.size());
    std::uint64_t occupied = layout.walls;
    for (const auto& p : layout.pieces) {
        int kind = -1;
        for (int k = 0; k < static_cast<int>(kinds.size()); ++k)
            if (kinds[k].width == p.width && kinds[k].height == p.height &&
                kinds[k].goal == (p.label == goal_label))
                kind = k;
        if (kind < 0)
            bad_layout(text, std::string("piece ") + p.label + " (" + std::to_string(p.width) +
                                 "x" + std::to_string(p.height) + ") is not one of the puzzle's");
        const std::uint64_t cells = d.cells_of(kind, p.row * d.width() + p.col);
        if (cells & occupied)
            bad_layout(text, std::string("piece ") + p.label + " overlaps another piece");
        occupied |= cells;
        anchors[kind].push_back(p.row * d.width() + p.col);
    }
    for (std::size_t k = 0; k < kinds.size(); ++k)
        if (anchors[k].size() != kinds[k].labels.size())
            bad_layout(text, "it has " + std::to_string(anchors[k].size()) + " " +
                                 (kinds[k].goal ? std::string("goal piece ") + goal_label
                                                : std::to_string(kinds[k].width) + "x" +
                                                      std::to_string(kinds[k].height) + " pieces") +
                                 ", the puzzle has " + std::to_string(kinds[k].labels.size()));
    for (auto& a : anchors) std::sort(a.begin(), a.end());
    return d.pack(anchors);
}

namespace {

// The label of every cell (0 empty, '#' wall), labels handed out per kind in reading order.
std::vector<char> label_cells(const SlidingBlocks& d, const BlockState& s) {
    std::vector<char> cells(d.width() * d.height(), 0);
    for (int i = 0; i < static_cast<int>(cells.size()); ++i)
        if (d.walls() >> i & 1) cells[i] = '#';
    for (int k = 0; k < static_cast<int>(d.kinds().size()); ++k) {
        const std::vector<int> anchors = d.anchors_of(s, k);
        for (std::size_t j = 0; j < anchors.size(); ++j)
            for (std::uint64_t b = d.cells_of(k, anchors[j]); b; b &= b - 1)
                cells[std::countr_zero(b)] = d.kinds()[k].labels[j];
    }
    return cells;
}

}  // namespace

std::string format_blocks(const SlidingBlocks& d, const BlockState& s) {
    const std::vector<char> cells = label_cells(d, s);
    std::string out;
    for (int i = 0; i < static_cast<int>(cells.size()); ++i) {
        if (i && i % d.width() == 0) out += '/';
        out += cells[i] ? cells[i] : '.';
    }
    return out;
}

std::string draw_blocks(const SlidingBlocks& d, const BlockState& s) {
    std::string out;
    for (char c : format_blocks(d, s)) out += c == '/' ? '\n' : c;
    return out + '\n';
}

std::string format_block_move(const SlidingBlocks& d, const BlockState& before, BlockMove m) {
    const std::vector<int> anchors = d.anchors_of(before, m.kind);
    const auto j = std::find(anchors.begin(), anchors.end(), m.from) - anchors.begin();
    const std::string& labels = d.kinds()[m.kind].labels;
    const char label = j < static_cast<std::ptrdiff_t>(labels.size()) ? labels[j] : '?';
    return std::string(1, label) + ":" + block_cell_name(m.from % d.width(), m.from / d.width()) +
           "-" + block_cell_name(m.to % d.width(), m.to / d.width());
}

std::string block_goal_text(const SlidingBlocks& d) {
    return std::string(1, d.kinds()[d.goal_kind()].labels[0]) + " at " +
           block_cell_name(d.goal_cell() % d.width(), d.goal_cell() / d.width());
}

std::string DomainIO<SlidingBlocks>::describe(const SlidingBlocks& d) {
    std::size_t pieces = 0;
    for (const auto& k : d.kinds()) pieces += k.labels.size();
    return d.name() + " (" + std::to_string(d.width()) + "x" + std::to_string(d.height()) +
           " tray, " + std::to_string(pieces) + " pieces, " + block_metric_name(d.metric()) +
           " metric), goal " + block_goal_text(d);
}

}  // namespace frontier
