#include <frontier/domains/sliding/sliding_io.hpp>

#include <algorithm>
#include <charconv>
#include <vector>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

[[noreturn]] void bad_state(std::string_view text, const std::string& why) {
    throw InputError("invalid state " + quote_input(text) + ": " + why);
}

bool is_separator(char c) {
    return c == ' ' || c == ',' || c == '/' || c == '\t';
}

int char_value(char c) {
    if (c == '_' || c == '.') return 0;
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return -1;
}

// Tokens separated by spaces/commas; '/' also ends a row, whose length is then checked.
std::vector<int> parse_tokens(int cols, std::string_view text) {
    std::vector<int> tiles;
    int row_start = 0, row = 1;
    bool rows_marked = false;
    auto end_row = [&] {
        const int got = static_cast<int>(tiles.size()) - row_start;
        if (got != cols)
            bad_state(text, "row " + std::to_string(row) + " has " + std::to_string(got) +
                                " tiles, expected " + std::to_string(cols));
        row_start = static_cast<int>(tiles.size());
        ++row;
    };
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_separator(text[i])) {
            if (text[i] == '/') {
                rows_marked = true;
                end_row();
            }
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && !is_separator(text[j])) ++j;
        const std::string_view token = text.substr(i, j - i);
        if (token == "_" || token == ".") {
            tiles.push_back(0);
        } else {
            int v = 0;
            auto [p, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
            if (ec != std::errc() || p != token.data() + token.size())
                bad_state(text, "unknown token " + quote_input(token, '\''));
            tiles.push_back(v);
        }
        i = j;
    }
    if (rows_marked) end_row();
    return tiles;
}

std::vector<int> parse_chars(int cells, std::string_view text) {
    std::vector<int> tiles;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const int v = char_value(text[i]);
        if (v < 0)
            bad_state(text, "unknown character " + quote_input(utf8_char_at(text, i), '\'') +
                                " at position " + std::to_string(utf8_length(text, i) + 1));
        tiles.push_back(v);
    }
    if (cells > 16) bad_state(text, "boards over 16 cells need numbers separated by spaces");

    return tiles;
}

}  // namespace

SlidingShape parse_sliding_name(std::string_view name) {
    if (name == "8puzzle") return {3, 3};
    if (name == "15puzzle") return {4, 4};
    if (name == "24puzzle") return {5, 5};
    const std::string_view prefix = "sliding:";
    if (name.substr(0, prefix.size()) == prefix) {
        const std::string_view dims = name.substr(prefix.size());
        const auto x = dims.find('x');
        SlidingShape shape;
        if (x != std::string_view::npos) {
            auto r = std::from_chars(dims.data(), dims.data() + x, shape.rows);
            auto c = std::from_chars(dims.data() + x + 1, dims.data() + dims.size(), shape.cols);
            const bool ok = r.ec == std::errc() && r.ptr == dims.data() + x &&
                            c.ec == std::errc() && c.ptr == dims.data() + dims.size();
            if (ok) {
                // rows > 25 / cols: rows * cols > 25 without the product, which overflows for a
                // row count such as 800000003.
                if (shape.rows < 2 || shape.cols < 2 || shape.rows > 25 / shape.cols)
                    throw InputError("unsupported board " + std::string(dims) +
                                     ": sliding boards need at least 2 rows and 2 columns and "
                                     "at most 25 cells");
                return shape;
            }
        }
        throw InputError("invalid board " + quote_input(dims) +
                         ": expected ROWSxCOLS, for example sliding:4x3");
    }
    throw InputError("unknown sliding-tile domain " + quote_input(name) +
                     " (expected 8puzzle, 15puzzle, 24puzzle or sliding:RxC)");
}

std::string sliding_spec(int rows, int cols) {
    return "sliding:" + std::to_string(rows) + "x" + std::to_string(cols);
}

std::string sliding_name(int rows, int cols) {
    if (rows == 3 && cols == 3) return "8puzzle";
    if (rows == 4 && cols == 4) return "15puzzle";
    if (rows == 5 && cols == 5) return "24puzzle";
    return sliding_spec(rows, cols);
}

std::vector<int> parse_tile_list(int rows, int cols, std::string_view raw) {
    const std::string_view text = trim(raw);
    const int cells = rows * cols;
    if (text.empty()) throw InputError("invalid state: empty");
    const bool tokens = std::any_of(text.begin(), text.end(), is_separator);
    const std::vector<int> tiles = tokens ? parse_tokens(cols, text) : parse_chars(cells, text);
    if (static_cast<int>(tiles.size()) != cells)
        bad_state(text, "expected " + std::to_string(cells) + " tiles for a " +
                            std::to_string(rows) + "x" + std::to_string(cols) + " board, got " +
                            std::to_string(tiles.size()));
    std::uint32_t seen = 0;
    for (int c = 0; c < cells; ++c) {
        const int v = tiles[c];
        if (v < 0 || v >= cells)
            bad_state(text, "tile " + std::to_string(v) + " is out of range 0.." +
                                std::to_string(cells - 1));
        if (seen & (1u << v))
            bad_state(text, (v == 0 ? std::string("the blank") : "tile " + std::to_string(v)) +
                                " appears twice");
        seen |= 1u << v;
    }
    return tiles;
}

void throw_unsolvable(const std::string& state, const std::string& why) {
    throw InputError("state \"" + state + "\" is unsolvable: " + why);
}

template <class Board>
Board make_board(SlidingShape shape, std::string_view goal_text) {
    if (shape.cells() > Board::kMaxCells)
        throw InputError("board " + std::to_string(shape.rows) + "x" + std::to_string(shape.cols) +
                         " has more than " + std::to_string(Board::kMaxCells) + " cells");
    if (trim(goal_text).empty()) return Board(shape.rows, shape.cols);
    try {
        using W = decltype(Board::State::cells);
        return Board(shape.rows, shape.cols, parse_tiles_as<W>(shape.rows, shape.cols, goal_text));
    } catch (const InputError& e) {
        throw InputError(std::string("goal: ") + e.what());
    }
}
template SlidingTiles make_board<SlidingTiles>(SlidingShape, std::string_view);
template WideSlidingTiles make_board<WideSlidingTiles>(SlidingShape, std::string_view);

std::vector<int> goal_tiles(SlidingShape shape, std::string_view goal_text) {
    if (trim(goal_text).empty()) {
        std::vector<int> tiles(shape.cells());
        for (int c = 0; c < shape.cells(); ++c) tiles[c] = (c + 1) % shape.cells();
        return tiles;
    }
    try {
        return parse_tile_list(shape.rows, shape.cols, goal_text);
    } catch (const InputError& e) {
        throw InputError(std::string("goal: ") + e.what());
    }
}

bool is_sliding_name(std::string_view name) {
    return name == "8puzzle" || name == "15puzzle" || name == "24puzzle" ||
           name.starts_with("sliding:");
}

bool is_wide_sliding_name(std::string_view name) {
    try {
        return parse_sliding_name(name).cells() > SlidingTiles::kMaxCells;
    } catch (const InputError&) {
        return false;
    }
}

std::string format_tile_list(const int* tiles, int cells, int cols, bool rows) {
    std::string out;
    for (int c = 0; c < cells; ++c) {
        if (c) out += (rows && c % cols == 0) ? " / " : " ";
        out += tiles[c] == 0 ? std::string("_") : std::to_string(tiles[c]);
    }
    return out;
}

std::string draw_tile_list(const int* tiles, int rows, int cols) {
    std::string out;
    const int width = rows * cols > 10 ? 3 : 2;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const int t = tiles[r * cols + c];
            const std::string cell = t == 0 ? "_" : std::to_string(t);
            out += std::string(width - cell.size(), ' ') + cell;
        }
        out += '\n';
    }
    return out;
}

}  // namespace frontier
