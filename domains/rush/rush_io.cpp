#include <frontier/domains/rush/rush_io.hpp>

#include <algorithm>
#include <charconv>
#include <vector>

#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

std::vector<std::string_view> split_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
        if (j > i) fields.push_back(line.substr(i, j - i));
        i = j;
    }
    return fields;
}

template <class T>
bool parse_number(std::string_view s, T& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && out >= 0;
}

[[noreturn]] void bad_board(std::string_view text, const std::string& why) {
    throw InputError("invalid board " + quote_input(text) + ": " + why);
}

bool is_empty_char(char c) {
    return c == 'o' || c == '.';
}

int size_for_length(std::size_t length) {
    for (int n = RushBoard::kMinSize; n <= RushBoard::kMaxSize; ++n)
        if (static_cast<std::size_t>(n * n) == length) return n;
    return 0;
}

std::string piece_name(char letter) {
    return letter == 'A' ? "primary car A" : std::string("piece ") + letter;
}

// The cells of one letter, row-major, checked to be a straight line of 2 or 3; returns the piece.
RushPiece make_piece(std::string_view text, int n, char letter, const std::vector<int>& cells) {
    const std::string name = piece_name(letter);
    const int count = static_cast<int>(cells.size());
    if (count < 2 || count > 3)
        bad_board(text, name + " has " + std::to_string(count) + (count == 1 ? " cell" : " cells") +
                            " (pieces are straight lines of 2 or 3 cells)");
    const int r0 = cells[0] / n, c0 = cells[0] % n;
    bool same_row = true, same_col = true;
    for (int c : cells) {
        same_row = same_row && c / n == r0;
        same_col = same_col && c % n == c0;
    }
    if (!same_row && !same_col)
        bad_board(text, name +
                            " is not a straight line (its cells are in different rows and "
                            "columns)");
    const int stride = same_row ? 1 : n;
    for (int k = 1; k < count; ++k)
        if (cells[k] != cells[0] + k * stride)
            bad_board(text, name + " is not contiguous (a gap between its cells)");
    RushPiece p;
    p.letter = letter;
    p.vertical = !same_row;
    p.length = static_cast<std::uint8_t>(count);
    p.line = static_cast<std::uint8_t>(same_row ? r0 : c0);
    return p;
}

}  // namespace

std::string format_rush_db_line(const RushDbEntry& e) {
    return std::to_string(e.moves) + ' ' + e.board + ' ' + std::to_string(e.cluster_size);
}

bool rush_db_before(const RushDbEntry& a, const RushDbEntry& b) {
    if (a.moves != b.moves) return a.moves > b.moves;
    if (a.cluster_size != b.cluster_size) return a.cluster_size > b.cluster_size;
    return a.board < b.board;
}

std::string reletter_rush(std::string_view board) {
    char to[256] = {};
    to[static_cast<unsigned char>('A')] = 'A';
    char next = 'B';
    std::string out(board);
    for (char& c : out) {
        if (c < 'A' || c > 'Z') continue;
        char& mapped = to[static_cast<unsigned char>(c)];
        if (mapped == 0) mapped = next++;
        c = mapped;
    }
    return out;
}

RushMetric parse_metric(std::string_view name) {
    if (name == "moves") return RushMetric::Moves;
    if (name == "steps") return RushMetric::Steps;
    throw InputError("unknown metric " + quote_input(name) + " (expected moves or steps)");
}

const char* metric_name(RushMetric m) {
    return m == RushMetric::Steps ? "steps" : "moves";
}

RushRecord parse_rush_record(std::string_view line) {
    const auto fields = split_fields(line);
    RushRecord r;
    if (fields.size() == 1) {
        r.board = std::string(fields[0]);
        return r;
    }
    if (fields.size() == 3 && parse_number(fields[0], r.expected_moves) &&
        parse_number(fields[2], r.expected_cluster)) {
        r.board = std::string(fields[1]);
        return r;
    }
    if (fields.size() == 3)
        throw InputError(
            "database line \"MOVES BOARD CLUSTER_SIZE\": MOVES and CLUSTER_SIZE "
            "must be non-negative numbers");
    throw InputError("expected a board or a database line \"MOVES BOARD CLUSTER_SIZE\", got " +
                     std::to_string(fields.size()) + " fields");
}

RushPuzzle parse_rush(std::string_view raw, RushMetric metric) {
    std::string_view text = trim(raw);
    if (text.empty()) throw InputError("invalid board: empty");
    std::string record_board;
    if (text.find_first_of(" \t") != std::string_view::npos) {
        record_board = parse_rush_record(text).board;
        text = record_board;
    }
    // A character outside ASCII is never a cell: name it (whole, at its place in characters)
    // before the length, which counts bytes and would blame a 36-character board for 37.
    for (std::size_t i = 0; i < text.size(); ++i)
        if (static_cast<unsigned char>(text[i]) >= 0x80)
            bad_board(text, "unknown character " + quote_input(utf8_char_at(text, i), '\'') +
                                " at position " + std::to_string(utf8_length(text, i) + 1) +
                                " (expected o or . for empty, x for a wall, A-Z for pieces)");
    const int n = size_for_length(text.size());
    if (n == 0)
        bad_board(text, "it has " + std::to_string(text.size()) +
                            " characters; expected 36 (6x6), or 9, 16, 25, 49 or 64 for the "
                            "3x3 to 8x8 boards");
    RushBoard board(n, metric);
    std::vector<std::vector<int>> cells(26);
    std::string order;  // letters in order of first appearance
    for (int i = 0; i < n * n; ++i) {
        const char c = text[i];
        if (is_empty_char(c)) continue;
        if (c == 'x') {
            board.add_wall(i / n, i % n);
            continue;
        }
        if (c < 'A' || c > 'Z')
            bad_board(text, "unknown character " + quote_input(std::string_view(&c, 1), '\'') +
                                " at position " + std::to_string(i + 1) +
                                " (expected o or . for empty, x for a wall, A-Z for pieces)");
        if (cells[c - 'A'].empty()) order += c;
        cells[c - 'A'].push_back(i);
    }
    if (cells[0].empty()) bad_board(text, "no primary car A");
    const RushPiece primary = make_piece(text, n, 'A', cells[0]);
    if (primary.vertical) bad_board(text, "primary car A is vertical (it must be horizontal)");
    if (primary.length != 2)
        bad_board(text, "primary car A is 3 cells long (it must be 2 cells long)");
    if (primary.line != board.exit_row())
        bad_board(text, "primary car A is in row index " + std::to_string(primary.line) +
                            " (it must be in the exit row, index " +
                            std::to_string(board.exit_row()) + ")");
    if (static_cast<int>(order.size()) > RushBoard::kMaxPieces)
        bad_board(text, "it has " + std::to_string(order.size()) + " pieces (at most " +
                            std::to_string(RushBoard::kMaxPieces) + " fit the packed state)");
    RushState s;
    auto place = [&](const RushPiece& piece, const std::vector<int>& at) {
        const int p = board.add_piece(piece);
        const int offset = piece.vertical ? at[0] / n : at[0] % n;
        s = RushBoard::with_offset(s, p, offset);
    };
    place(primary, cells[0]);
    for (char c : order)
        if (c != 'A') place(make_piece(text, n, c, cells[c - 'A']), cells[c - 'A']);
    return RushPuzzle{board, s};
}

std::string format_rush(const RushBoard& board, RushState s) {
    const int n = board.size();
    std::string out(n * n, 'o');
    for (int i = 0; i < n * n; ++i)
        if (board.walls() >> i & 1) out[i] = 'x';
    for (int p = 0; p < board.piece_count(); ++p)
        for (int k = 0; k < board.piece(p).length; ++k)
            out[board.cell(p, RushBoard::offset(s, p), k)] = board.piece(p).letter;
    return out;
}

std::string draw_rush(const RushBoard& board, RushState s) {
    const int n = board.size();
    const std::string cells = format_rush(board, s);
    std::string edge(n + 2, '-');
    edge.front() = edge.back() = '+';
    edge += '\n';
    std::string out = edge;
    for (int r = 0; r < n; ++r) {
        out += '|';
        for (int c = 0; c < n; ++c) out += cells[r * n + c] == 'o' ? '.' : cells[r * n + c];
        out += r == board.exit_row() ? "  <- exit\n" : "|\n";
    }
    return out + edge;
}

std::string format_rush_move(const RushBoard& board, RushMove m) {
    const bool vertical = board.piece(m.piece).vertical;
    const char dir = m.delta < 0 ? (vertical ? 'U' : 'L') : (vertical ? 'D' : 'R');
    return std::string(1, board.piece(m.piece).letter) + dir +
           std::to_string(m.delta < 0 ? -m.delta : m.delta);
}

RushMove parse_rush_move(const RushBoard& board, std::string_view raw) {
    const std::string_view text = trim(raw);
    auto bad = [&](const std::string& why) -> RushMove {
        throw InputError("invalid move " + quote_input(text) + ": " + why);
    };
    if (text.size() < 3) return bad("expected LETTER DIRECTION CELLS, for example AR2");
    int piece = -1;
    for (int p = 0; p < board.piece_count(); ++p)
        if (board.piece(p).letter == text[0]) piece = p;
    if (piece < 0) return bad(std::string("no piece ") + text[0] + " on the board");
    const bool vertical = board.piece(piece).vertical;
    const char dir = text[1];
    int sign = 0;
    if (dir == (vertical ? 'U' : 'L')) sign = -1;
    if (dir == (vertical ? 'D' : 'R')) sign = 1;
    if (sign == 0)
        return bad(std::string("piece ") + text[0] + " is " +
                   (vertical ? "vertical (U or D)" : "horizontal (L or R)"));
    int cells = 0;
    if (!parse_number(text.substr(2), cells) || cells < 1 || cells >= board.size())
        return bad("the cell count must be 1 to " + std::to_string(board.size() - 1));
    return RushMove{static_cast<std::uint8_t>(piece), static_cast<std::int8_t>(sign * cells)};
}

std::string random_rush_text(std::mt19937_64& rng, int size, int pieces, int walls) {
    std::string cells(size * size, 'o');
    const int exit_row = (size - 1) / 2;
    auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int a = uniform(0, size - 2);
    cells[exit_row * size + a] = cells[exit_row * size + a + 1] = 'A';
    char next = 'B';
    const int most = std::min(pieces, RushBoard::kMaxPieces - 1);  // what the state can hold
    for (int attempt = 0; attempt < 8 * most && next < 'B' + most; ++attempt) {
        const bool vertical = uniform(0, 1) == 1;
        const int length = uniform(0, 3) == 0 ? 3 : 2;
        const int line = uniform(0, size - 1), at = uniform(0, size - length);
        bool free = true;
        for (int k = 0; k < length; ++k) {
            const int c = vertical ? (at + k) * size + line : line * size + at + k;
            free = free && cells[c] == 'o';
        }
        if (!free) continue;
        for (int k = 0; k < length; ++k)
            cells[vertical ? (at + k) * size + line : line * size + at + k] = next;
        ++next;
    }
    for (int w = 0; w < walls; ++w) {
        const int c = uniform(0, size * size - 1);
        if (cells[c] == 'o') cells[c] = 'x';
    }
    return cells;
}

std::string blocked_exit_reason(const RushBoard& board, RushState s) {
    const int n = board.size(), row = board.exit_row();
    for (int col = RushBoard::offset(s, 0) + 2; col < n; ++col) {
        if (board.walls() >> (row * n + col) & 1)
            return "a wall at column " + std::to_string(col) +
                   " stands between the primary car and the exit";
        for (int p = 1; p < board.piece_count(); ++p)
            if (!board.piece(p).vertical && board.piece(p).line == row)
                for (int k = 0; k < board.piece(p).length; ++k)
                    if (board.cell(p, RushBoard::offset(s, p), k) == row * n + col)
                        return std::string("horizontal piece ") + board.piece(p).letter +
                               " stands between the primary car and the exit";
    }
    return "";
}

std::string DomainIO<RushBoard>::describe(const RushBoard& d) {
    return "rush (" + std::to_string(d.size()) + "x" + std::to_string(d.size()) + ", " +
           std::to_string(d.piece_count()) + " pieces, " + metric_name(d.metric()) + " metric)";
}

std::string DomainIO<RushBoard>::goal_text(const RushBoard& d) {
    return "primary car A at the exit (row index " + std::to_string(d.exit_row()) + ", columns " +
           std::to_string(d.size() - 2) + "-" + std::to_string(d.size() - 1) + ")";
}

RushState DomainIO<RushBoard>::parse(const RushBoard& d, std::string_view text) {
    const RushPuzzle p = parse_rush(text, d.metric());
    if (!p.board.same_layout(d))
        throw InputError("board \"" + format_rush(p.board, p.start) +
                         "\" has another layout (pieces, lines or walls) than the domain's");
    return p.start;
}

std::string DomainIO<RushBoard>::unsolvable_reason(const RushBoard& d, RushState s) {
    thread_local RushGrader grader;
    const RushGrade g = grader.grade(d, s);
    if (g.solvable) return "";
    const std::string blocked = blocked_exit_reason(d, s);
    const std::string states = std::to_string(g.cluster_size) + " states";
    if (!blocked.empty()) return blocked + " (its cluster has " + states + ")";
    return "none of the " + states + " of its cluster has the primary car at the exit";
}

}  // namespace frontier
