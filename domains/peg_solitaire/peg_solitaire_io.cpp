#include <frontier/domains/peg_solitaire/peg_solitaire_io.hpp>

#include <vector>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

[[noreturn]] void bad_board(std::string_view text, const std::string& why) {
    throw InputError("invalid peg-solitaire board " + quote_input(text) + ": " + why);
}

int peg_value(char c) {
    switch (c) {
        case 'x':
        case 'X':
        case '*':
        case '1':
        case 'P':
            return 1;
        case '.':
        case 'o':
        case 'O':
        case '0':
        case '_':
            return 0;
        default:
            return -1;
    }
}

// Holes per row of the board, top to bottom.
std::vector<int> row_lengths(const PegSolitaire& d) {
    std::vector<int> rows;
    for (int r = 0; r < PegSolitaire::kSide; ++r) {
        int n = 0;
        for (int c = 0; c < PegSolitaire::kSide; ++c) n += d.hole_at(r, c) >= 0;
        rows.push_back(n);
    }
    return rows;
}

}  // namespace

PegBoard parse_peg_board(std::string_view name) {
    if (name.empty() || name == "english") return PegBoard::English;
    if (name == "french") return PegBoard::French;
    throw InputError("unknown board " + quote_input(name) +
                     " for peg-solitaire (expected english or french)");
}

const char* peg_board_name(PegBoard board) {
    return board == PegBoard::English ? "english" : "french";
}

PegState parse_pegs(const PegSolitaire& d, std::string_view text) {
    const std::vector<int> lengths = row_lengths(d);
    std::uint64_t pegs = 0;
    int hole = 0, row = 0, in_row = 0;
    bool rows_marked = false;
    auto end_row = [&] {
        if (row >= static_cast<int>(lengths.size()))
            bad_board(text, "more than " + std::to_string(lengths.size()) + " rows");
        if (in_row != lengths[row])
            bad_board(text, "row " + std::to_string(row + 1) + " has " + std::to_string(in_row) +
                                " holes, expected " + std::to_string(lengths[row]));
        ++row;
        in_row = 0;
    };
    std::string_view body = text;
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r' || body.back() == ' '))
        body.remove_suffix(1);
    for (std::size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c == ' ' || c == '\t' || c == '\r') continue;
        if (c == '/' || c == '\n') {
            rows_marked = true;
            end_row();
            continue;
        }
        const int v = peg_value(c);
        if (v < 0)
            bad_board(text, "unknown character " + quote_input(utf8_char_at(text, i), '\'') +
                                " at position " + std::to_string(utf8_length(text, i) + 1) +
                                " (x is a peg, . an empty hole)");
        if (hole < d.holes() && v) pegs |= std::uint64_t{1} << hole;
        ++hole;
        ++in_row;
    }
    if (rows_marked) {
        end_row();
        if (row != static_cast<int>(lengths.size()))
            bad_board(text, "expected " + std::to_string(lengths.size()) + " rows, got " +
                                std::to_string(row));
    }
    if (hole != d.holes())
        bad_board(text, "expected " + std::to_string(d.holes()) + " holes for the " +
                            peg_board_name(d.board()) + " board, got " + std::to_string(hole));
    return PegState{pegs};
}

std::string format_pegs(const PegSolitaire& d, PegState s) {
    std::string out;
    int prev_row = 0;
    for (int h = 0; h < d.holes(); ++h) {
        if (d.row_of(h) != prev_row) out += '/';
        prev_row = d.row_of(h);
        out += (s.pegs >> h & 1) ? 'x' : '.';
    }
    return out;
}

std::string draw_pegs(const PegSolitaire& d, PegState s) {
    std::string out;
    for (int r = 0; r < PegSolitaire::kSide; ++r) {
        std::string line;
        for (int c = 0; c < PegSolitaire::kSide; ++c) {
            const int h = d.hole_at(r, c);
            line += c ? " " : "";
            line += h < 0 ? ' ' : ((s.pegs >> h & 1) ? 'x' : '.');
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    }
    return out;
}

std::string hole_name(const PegSolitaire& d, int hole) {
    return std::string(1, static_cast<char>('a' + d.col_of(hole))) +
           std::to_string(d.row_of(hole) + 1);
}

PegSolitaire make_peg_solitaire(PegBoard board, std::string_view goal_text) {
    const PegSolitaire standard(board);
    bool blank = true;
    for (char c : goal_text) blank &= c == ' ' || c == '\t' || c == '\n';
    if (blank) return standard;
    try {
        return PegSolitaire(board, standard.start(), parse_pegs(standard, goal_text));
    } catch (const InputError& e) {
        throw InputError(std::string("goal: ") + e.what());
    }
}

std::string peg_unsolvable_reason(const PegSolitaire& d, PegState s) {
    const int have = PegSolitaire::pegs(s), want = PegSolitaire::pegs(d.goal());
    if (have < want)
        return "it has " + std::to_string(have) + " pegs and the goal " + std::to_string(want) +
               "; jumps only remove pegs";
    if (d.position_class(s) != d.position_class(d.goal()))
        return "it is in another position class than the goal (the parities of the pegs on the "
               "three diagonal colourings differ), so no sequence of jumps joins them";
    return "";
}

std::string DomainIO<PegSolitaire>::describe(const PegSolitaire& d) {
    return std::string("peg-solitaire (") +
           (d.board() == PegBoard::English ? "English 33-hole" : "French 37-hole") +
           " board), goal " + format_pegs(d, d.goal());
}

}  // namespace frontier
