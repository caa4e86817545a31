// Text forms of Rush Hour boards, kept out of the domain type.
//
// Board syntax: the N x N cells row by row in one string (36 characters for the real 6 x 6
// puzzle; 9, 16, 25, 49 and 64 give the 3 x 3 .. 8 x 8 boards): `o` or `.` an empty cell, `x` a
// wall, `A` the primary car, any other capital letter a piece, e.g.
// `IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM`. Letters are kept as given (never relabelled); output
// writes empty cells as `o`. Input lines may also be database lines `MOVES BOARD CLUSTER_SIZE`
// (fields separated by spaces or tabs), whose extra columns are kept for checking.
//
// Every parse error is an InputError (exit code 2) with a one-line message naming the piece and
// the problem: wrong length, unknown character, a piece that is not a straight line of 2 or 3
// cells, a missing, vertical or wrongly sized primary car, or one outside the exit row.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>

#include <frontier/domains/rush/rush_board.hpp>
#include <frontier/engine/domain_io.hpp>

namespace frontier {

struct RushPuzzle {
    RushBoard board;
    RushState start;
};

// Parses a bare board (or, for convenience, a database line: its board field).
RushPuzzle parse_rush(std::string_view text, RushMetric metric = RushMetric::Moves);

// One input line: the board text and, for database lines, the columns that come with it.
struct RushRecord {
    std::string board;
    int expected_moves = -1;          // -1: not given
    long long expected_cluster = -1;  // -1: not given
};
// Splits "BOARD" or "MOVES BOARD CLUSTER_SIZE"; InputError for any other shape.
RushRecord parse_rush_record(std::string_view line);

// One line of a puzzle database, as `rush generate` and `rush enumerate` write it:
// "MOVES BOARD CLUSTER_SIZE" (the board is a hardest start of its cluster).
struct RushDbEntry {
    int moves = 0;
    std::string board;
    std::uint32_t cluster_size = 0;
    friend bool operator==(const RushDbEntry&, const RushDbEntry&) = default;
};
std::string format_rush_db_line(const RushDbEntry& e);  // no newline
// Database order: more moves first, then larger clusters, then boards in text order.
bool rush_db_before(const RushDbEntry& a, const RushDbEntry& b);

// The board text with its pieces relettered in reading order (A stays A; B, C, ... for the others
// in order of their first cell), so that boards compare "up to letter naming".
std::string reletter_rush(std::string_view board);

RushMetric parse_metric(std::string_view name);  // "moves" or "steps"
const char* metric_name(RushMetric m);

// The board string (N * N characters, `o` empty, `x` wall, the input's letters).
std::string format_rush(const RushBoard& board, RushState s);
// A drawn board for --show: a frame with the exit marked on the exit row.
std::string draw_rush(const RushBoard& board, RushState s);
// A move as letter, direction (L, R, U, D) and cells: "AR2", "JU1".
std::string format_rush_move(const RushBoard& board, RushMove m);
// The inverse of format_rush_move (the piece letter must exist and slide that way).
RushMove parse_rush_move(const RushBoard& board, std::string_view text);

// A random legal board text: the primary car at a random column of the exit row, then up to
// `pieces` other pieces (lengths 2 and 3, either orientation) and up to `walls` walls dropped on
// random free cells (attempts that collide are skipped, so crowded requests give fewer; at most
// 20 pieces besides A). Pieces are lettered B, C, ... in placement order. Boards may be
// unsolvable.
std::string random_rush_text(std::mt19937_64& rng, int size, int pieces, int walls);

// A quick reason a board can never be solved (a wall or a horizontal piece between the primary
// car and the exit), or "" when there is none; the full answer needs the cluster (rush_grade.hpp).
std::string blocked_exit_reason(const RushBoard& board, RushState s);

template <>
struct DomainIO<RushBoard> {
    using State = RushState;
    static std::string name(const RushBoard&) { return "rush"; }
    static std::string spec(const RushBoard& d) { return "rush:" + std::to_string(d.size()); }
    static std::string describe(const RushBoard& d);
    static std::string goal_text(const RushBoard& d);
    // A board with the same layout as d (letters, lines and walls), in any of the syntaxes above.
    static State parse(const RushBoard& d, std::string_view text);
    static std::string format(const RushBoard& d, State s) { return format_rush(d, s); }
    static std::string draw(const RushBoard& d, State s) { return draw_rush(d, s); }
    // Explores the start's cluster (fast: clusters hold at most a few hundred thousand states).
    static std::string unsolvable_reason(const RushBoard& d, State s);
    static std::string format_move(const RushBoard& d, State, RushMove m) {
        return format_rush_move(d, m);
    }
    static std::string cost_unit(const RushBoard& d) {
        return d.metric() == RushMetric::Steps ? "steps" : "moves";
    }
    static constexpr const char* kMoveNotation =
        "piece letter, direction L left, R right, U up, D down, then cells slid";
};

}  // namespace frontier
