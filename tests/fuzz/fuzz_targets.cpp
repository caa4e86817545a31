#include "tests/fuzz/fuzz_targets.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <frontier/domains/cryptarithm/cryptarithm_io.hpp>
#include <frontier/domains/hanoi/hanoi_io.hpp>
#include <frontier/domains/pancake/pancake_io.hpp>
#include <frontier/domains/peg_solitaire/peg_solitaire_io.hpp>
#include <frontier/domains/pocket_cube/pocket_cube_io.hpp>
#include <frontier/domains/qubic/qubic_io.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_pdb.hpp>
#include <frontier/domains/sliding_blocks/sliding_blocks_io.hpp>
#include <frontier/domains/sudoku/sudoku_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/tables/header_text.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include <frontier/engine/units/log.hpp>
#include "tools/cli/common.hpp"

namespace frontier::fuzz {

using cli::add_threads_option;
using cli::max_threads;
using cli::one_line;
using cli::parse_thread_count;
using cli::use_decimal_numbers;

namespace {

[[noreturn]] void fuzz_failure(const std::string& what) {
    std::fprintf(stderr, "fuzz property broken: %s\n", what.c_str());
    std::abort();
}

void check(bool ok, const std::string& what) {
    if (!ok) fuzz_failure(what);
}

// The contract of every refusal: a message of one non-empty line.
void check_message(const std::string& what) {
    check(!what.empty(), "an empty error message");
    check(what.find('\n') == std::string::npos && what.find('\r') == std::string::npos,
          "an error message with a line break: " + one_line(what));
}

// Runs `f`; an InputError is a refusal and must be one line. Anything else propagates (libFuzzer
// reports an uncaught exception as a crash).
void refuse_or_run(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        check_message(e.what());
    }
}

std::string text_of(Bytes data) {
    return std::string(reinterpret_cast<const char*>(data.data()), data.size());
}

// "a|b" -> {"a", "b"}; no '|' -> {text, ""}.
std::pair<std::string, std::string> split_bar(const std::string& text) {
    const std::size_t bar = text.find('|');
    if (bar == std::string::npos) return {text, ""};
    return {text.substr(0, bar), text.substr(bar + 1)};
}

// A directory of this process for the file readers, removed at exit. The name is never freed:
// the exit handler runs after static destructors would have run.
const std::string& scratch_dir() {
    static const std::string* const dir = [] {
        auto* d = new std::string((std::filesystem::temp_directory_path() /
                                   ("frontier-fuzz-" + std::to_string(::getpid())))
                                      .string());
        std::filesystem::remove_all(*d);
        std::filesystem::create_directories(*d);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(scratch_dir(), ec);
        });
        return d;
    }();
    return *dir;
}

void write_bytes(const std::string& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// ---- one_line (tools/cli/common.cpp): the quoting of every error message ----

// The escaped text is one line of valid UTF-8 without control characters, holds at most
// max_chars characters of the input, and says how many it left out.
void check_one_line(const std::string& text, std::size_t max_chars) {
    const std::string out = one_line(text, max_chars);
    std::size_t chars = 0;
    for (std::size_t i = 0; i < out.size();) {
        const auto b = static_cast<unsigned char>(out[i]);
        check(b >= 0x20 && b != 0x7F, "one_line left a control character");
        const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 0xE ? 3 : 4;
        check((b < 0x80 || b >= 0xC2) && b < 0xF5 && i + n <= out.size(),
              "one_line left a bad UTF-8 lead byte");
        for (std::size_t k = 1; k < n; ++k)
            check((static_cast<unsigned char>(out[i + k]) & 0xC0) == 0x80,
                  "one_line cut a UTF-8 character");
        i += n;
        ++chars;
    }
    const bool cut =
        out.find(" more character") != std::string::npos && out.size() >= 2 && out.back() == ')';
    if (!cut) {
        // Nothing left out: every input byte is there, as itself or escaped.
        check(out.size() >= text.size(), "one_line dropped bytes without saying so");
    } else {
        check(chars <= 6 * max_chars + 40, "one_line kept more than it may");
    }
}

// ---- puzzle_text ----

template <class F>
void round_trip(const std::string& first, F&& reparse_and_format, const std::string& what) {
    const std::string again = reparse_and_format(first);
    check(again == first,
          what + " does not read back: '" + one_line(first) + "' became '" + one_line(again) + "'");
}

void sliding_state(std::uint8_t selector, const std::string& text) {
    static const SlidingShape kShapes[] = {{3, 3}, {4, 4}, {2, 3}, {3, 4}, {2, 2}, {5, 5}, {2, 8}};
    const SlidingShape shape = kShapes[selector % std::size(kShapes)];
    if (shape.cells() <= SlidingTiles::kMaxCells) {
        const SlidingTiles d(shape.rows, shape.cols);
        const TileState s = parse_tiles(shape.rows, shape.cols, text);
        round_trip(
            format_tiles(d, s),
            [&](const std::string& t) {
                return format_tiles(d, parse_tiles(d.rows(), d.cols(), t));
            },
            "a sliding state");
        parse_solvable(d, text);
    } else {
        const WideSlidingTiles d(shape.rows, shape.cols);
        const auto s = parse_tiles_as<uint128>(shape.rows, shape.cols, text);
        round_trip(
            format_tiles(d, s),
            [&](const std::string& t) {
                return format_tiles(d, parse_tiles_as<uint128>(d.rows(), d.cols(), t));
            },
            "a wide sliding state");
    }
}

void sliding_board(const std::string& text) {
    const auto [name, goal] = split_bar(text);
    const SlidingShape shape = parse_sliding_name(name);
    check(shape.rows > 0 && shape.cols > 0, "a sliding shape without cells");
    if (shape.cells() <= SlidingTiles::kMaxCells) {
        const SlidingTiles d = make_board<SlidingTiles>(shape, goal);
        check(parse_sliding_name(sliding_name(d.rows(), d.cols())).cells() == d.cells(),
              "a sliding name does not read back");
        goal_tiles(shape, goal);
    } else {
        make_board<WideSlidingTiles>(shape, goal);
    }
}

void rush_board(const std::string& text) {
    const auto [board, move] = split_bar(text);
    const RushPuzzle p = parse_rush(board);
    round_trip(
        format_rush(p.board, p.start),
        [](const std::string& t) {
            const RushPuzzle q = parse_rush(t);
            return format_rush(q.board, q.start);
        },
        "a Rush Hour board");
    reletter_rush(board);
    if (!move.empty()) {
        const RushMove m = parse_rush_move(p.board, move);
        check(format_rush_move(p.board, m).size() >= 3, "a Rush Hour move prints short");
        check(parse_rush_move(p.board, format_rush_move(p.board, m)) == m,
              "a Rush Hour move does not read back");
    }
}

void sliding_blocks(std::uint8_t selector, const std::string& text) {
    const auto [layout, rest] = split_bar(text);
    const auto [goal, state] = split_bar(rest);
    static const char* const kNames[] = {"sliding-blocks", "klotski", "dads-puzzle"};
    const char* name = kNames[selector % 3];
    const bool custom = selector % 3 == 0;
    const SlidingBlocks d =
        make_sliding_blocks(name, custom ? layout : "", custom ? goal : "", BlockMetric::Piece);
    check(!block_goal_text(d).empty(), "a sliding-block goal prints empty");
    const BlockState s = parse_blocks(d, custom ? state : layout);
    round_trip(
        format_blocks(d, s),
        [&](const std::string& t) { return format_blocks(d, parse_blocks(d, t)); },
        "a sliding-block state");
}

void cube(std::uint8_t selector, const std::string& text) {
    const CubeState s = selector % 2 ? apply_scramble(text) : parse_facelets(text);
    round_trip(
        format_facelets(s), [](const std::string& t) { return format_facelets(parse_facelets(t)); },
        "a cube");
}

void pegs(std::uint8_t selector, const std::string& text) {
    const auto [state, goal] = split_bar(text);
    const PegSolitaire d =
        make_peg_solitaire(selector % 2 ? PegBoard::French : PegBoard::English, goal);
    const PegState s = parse_pegs(d, state);
    round_trip(
        format_pegs(d, s), [&](const std::string& t) { return format_pegs(d, parse_pegs(d, t)); },
        "a peg board");
    peg_unsolvable_reason(d, s);
}

void hanoi(const std::string& text) {
    const auto [name, state] = split_bar(text);
    const Hanoi d = parse_hanoi_name(name);
    const HanoiState s = parse_hanoi_state(d, state);
    round_trip(
        format_hanoi_state(d, s),
        [&](const std::string& t) { return format_hanoi_state(d, parse_hanoi_state(d, t)); },
        "a Hanoi state");
}

void pancakes(const std::string& text) {
    const auto [name, state] = split_bar(text);
    const Pancake d = parse_pancake_name(name);
    const PancakeState s = parse_pancake_state(d, state);
    check(d.unrank(d.rank(s)) == s, "a pancake stack's rank does not unrank back");
    round_trip(
        format_pancake_state(d, s),
        [&](const std::string& t) { return format_pancake_state(d, parse_pancake_state(d, t)); },
        "a pancake stack");
}

}  // namespace

void puzzle_text(Bytes data) {
    if (data.empty()) return;
    const std::uint8_t selector = data[0];
    const std::string text = text_of(data.subspan(1));
    switch (selector % 13) {
        case 0:
            return refuse_or_run([&] { sliding_state(selector / 13, text); });
        case 1:
            return refuse_or_run([&] { sliding_board(text); });
        case 2:
            return refuse_or_run([&] { rush_board(text); });
        case 3:
            return refuse_or_run([&] { sliding_blocks(selector / 13, text); });
        case 4:
            return refuse_or_run([&] { cube(selector / 13, text); });
        case 5:
            return refuse_or_run([&] { pegs(selector / 13, text); });
        case 6:
            return refuse_or_run([&] {
                const SudokuGrid g = parse_sudoku(text);
                check(parse_sudoku(format_sudoku(g)) == g, "a Sudoku does not read back");
            });
        case 7:
            return refuse_or_run([&] {
                const Cryptarithm p = parse_cryptarithm(text);
                round_trip(
                    format_cryptarithm(p),
                    [](const std::string& t) { return format_cryptarithm(parse_cryptarithm(t)); },
                    "a cryptarithm");
            });
        case 8:
            return refuse_or_run([&] {
                const std::uint64_t cells = parse_qubic_cells(text, "--x");
                check(parse_qubic_cells(format_qubic_cells(cells), "--x") == cells,
                      "Qubic cells do not read back");
            });
        case 9:
            return refuse_or_run([&] { hanoi(text); });
        case 10:
            return refuse_or_run([&] {
                parse_block_metric(text);
                parse_cube_metric(text);
                parse_peg_board(text);
                parse_sudoku_method(text);
                parse_metric(text);
            });
        case 11:
            return refuse_or_run([&] { pancakes(text); });
        default:
            // The quoting of every message, at a few lengths.
            check_one_line(text, 600);
            check_one_line(text, 1 + selector % 16);
            return;
    }
}

// ---- numeric_option ----

namespace {

template <class T>
std::string print_value(T v) {
    if constexpr (std::is_floating_point_v<T>) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", v);
        return buf;
    } else {
        return std::to_string(v);
    }
}

// Parses `text` as the value of an option of type T the way frontier does; nullopt when refused.
template <class T>
std::optional<T> read_option(const std::string& text, bool threads) {
    CLI::App app("fuzz");
    T value{};
    int thread_value = 0;
    if (threads)
        add_threads_option(&app, thread_value);
    else
        app.add_option("--value", value);
    use_decimal_numbers(app);
    std::vector<std::string> args{text, threads ? "--threads" : "--value"};  // reversed
    try {
        app.parse(args);
    } catch (const CLI::ParseError& e) {
        check(one_line(e.what()).find('\n') == std::string::npos, "a CLI message of two lines");
        return std::nullopt;
    }
    if (threads) return static_cast<T>(thread_value);
    return value;
}

template <class T>
void option_round_trip(const std::string& text, bool threads = false) {
    const std::optional<T> v = read_option<T>(text, threads);
    if (!v) return;
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(*v)) return;
    }
    if constexpr (std::is_integral_v<T>) {
        // Decimal only (issue 22, defect 11): no hexadecimal, octal or binary prefix accepted.
        check(text.find_first_of("xXbBoO") == std::string::npos,
              "a non-decimal number was accepted: " + one_line(text));
    }
    const std::optional<T> again = read_option<T>(print_value(*v), threads);
    check(again && *again == *v, "an option value does not read back: " + one_line(text));
    if (threads) {
        const auto n = static_cast<long long>(*v);
        check(n >= 0 && n <= max_threads(), "a thread count out of range");
    }
}

}  // namespace

void numeric_option(Bytes data) {
    if (data.empty()) return;
    std::string text = text_of(data.subspan(1));
    text = text.substr(0, text.find('\0'));  // an argument cannot hold NUL
    switch (data[0] % 6) {
        case 0:
            return option_round_trip<int>(text);
        case 1:
            return option_round_trip<std::uint64_t>(text);
        case 2:
            return option_round_trip<double>(text);
        case 3:
            return option_round_trip<int>(text, true);
        case 4:
            return option_round_trip<std::size_t>(text);
        default:
            return refuse_or_run([&] {
                const int n = parse_thread_count("--threads", text, data[0] % 2 == 0);
                check(n >= 0 && n <= max_threads(), "parse_thread_count out of range");
                check(text.find_first_not_of("0123456789") == std::string::npos,
                      "parse_thread_count took a non-digit");
            });
    }
}

// ---- table_header ----

namespace {

// "FRONTIER-TABLE 1\n" + the input's header lines (up to its first NUL) with whatever of
// payload_offset, payload_bytes and payload_checksum they lack, then a matching header_checksum,
// the padding, and the rest of the input as the payload.
std::string fixed_table(const std::string& input) {
    const std::size_t nul = input.find('\0');
    std::string body = input.substr(0, nul);
    const std::string payload = nul == std::string::npos ? "" : input.substr(nul + 1);
    if (!body.empty() && body.back() != '\n') body += '\n';
    std::string text = "FRONTIER-TABLE 1\n" + body;
    const auto has = [&](const char* key) {
        return text.find(std::string("\n") + key + "=") != std::string::npos;
    };
    if (!has("payload_offset")) text += "payload_offset=4096\n";
    if (!has("payload_bytes")) text += "payload_bytes=" + std::to_string(payload.size()) + "\n";
    if (!has("payload_checksum"))
        text += "payload_checksum=" + hex64(checksum64(text_bytes(payload))) + "\n";
    text += "header_checksum=" + hex64(checksum64(text_bytes(text))) + "\n\n";
    if (text.size() < 4096) text.resize(4096, '\0');
    return text + payload;
}

void check_table(const TableFile& t) {
    const TableHeader& h = t.header();
    check(t.payload().size() == (h.entries * static_cast<std::uint64_t>(h.entry_bits) + 7) / 8,
          "a table's payload does not match its entries");
    // Write it again and read it back: the same header and payload.
    const std::string copy = scratch_dir() + "/copy.table";
    write_table_file(copy, h, t.payload());
    const TableFile again = TableFile::open(copy);
    check(again.header().domain == h.domain && again.header().goal == h.goal &&
              again.header().entries == h.entries && again.header().fields == h.fields &&
              std::equal(again.payload().begin(), again.payload().end(), t.payload().begin(),
                         t.payload().end()),
          "a table does not read back");
}

}  // namespace

void table_header(Bytes data) {
    if (data.empty()) return;
    const std::string input = text_of(data.subspan(1));
    const std::string path = scratch_dir() + "/fuzz.table";
    write_bytes(path, data[0] % 2 ? fixed_table(input) : input);
    refuse_or_run([&] { check_table(TableFile::open(path)); });
    refuse_or_run([&] { DistanceTable::open(path); });
    static const SlidingShape kBoards[] = {{2, 2}, {2, 3}, {3, 3}};
    const SlidingShape b = kBoards[(data[0] / 2) % 3];
    refuse_or_run([&] { load_sliding_pdb(path, b.rows, b.cols, goal_tiles(b, "")); });
}

// ---- manifest_log ----

namespace {

const std::string& sharded_dir() {
    static const std::string dir = [] {
        const std::string d = scratch_dir() + "/sharded";
        std::filesystem::create_directories(d);
        TableHeader h;
        h.kind = "distance";
        h.domain = "sliding:2x2";
        h.goal = "1 2 3 _";
        h.entries = 12;
        h.max_value = 6;
        const std::vector<std::uint8_t> payload{0, 1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2};
        write_table_shard(d, h, 0, 1, 0, "fuzz", payload);
        return d;
    }();
    return dir;
}

struct Record {
    std::uint64_t unit;
    std::string payload;
    bool operator==(const Record&) const = default;
};

// Records from the input: a unit byte, a length byte (mod 32) and that many payload bytes.
std::vector<Record> records_of(std::string_view in) {
    std::vector<Record> out;
    std::vector<bool> used(256);
    while (in.size() >= 2) {
        const auto unit = static_cast<unsigned char>(in[0]);
        const std::size_t len =
            std::min<std::size_t>(static_cast<unsigned char>(in[1]) % 32, in.size() - 2);
        if (!used[unit]) out.push_back({unit, std::string(in.substr(2, len))});
        used[unit] = true;
        in.remove_prefix(2 + len);
    }
    return out;
}

// Writes the records, then cuts the log at `at` (cut) or flips a bit there: recovery must give
// back a prefix of the records (all of them that end before a cut), or refuse with one line.
void damaged_log(std::uint16_t at, bool cut, std::uint8_t bit, const std::vector<Record>& written) {
    const std::string path = scratch_dir() + "/fuzz.checkpoint";
    std::filesystem::remove(path);
    std::vector<std::size_t> ends;  // the file size after each record
    {
        UnitLog log(path, "fuzz records", false);
        for (const Record& r : written) {
            log.append(r.unit, r.payload);
            ends.push_back(std::filesystem::file_size(path));
        }
    }
    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const std::size_t header = bytes.find('\n') + 1;
    const std::size_t pos = at % (bytes.size() + 1);
    if (cut)
        bytes.resize(pos);
    else if (pos < bytes.size())
        bytes[pos] = static_cast<char>(bytes[pos] ^ (1 << (bit % 8)));
    write_bytes(path, bytes);
    try {
        UnitLog log(path, "fuzz records", true);
        const auto& got = log.recovered();
        check(got.size() <= written.size(), "a log recovered more records than were written");
        for (std::size_t i = 0; i < got.size(); ++i)
            check(got[i].first == written[i].unit && got[i].second == written[i].payload,
                  "a log recovered a record that was not written");
        if (cut && pos >= header) {
            std::size_t whole = 0;
            while (whole < ends.size() && ends[whole] <= pos) ++whole;
            check(got.size() == whole, "a cut log lost whole records");
        }
    } catch (const InputError& e) {
        check_message(e.what());
        // A cut after the header only drops the torn last record; it is never refused.
        check(!(cut && pos >= header), "a cut log was refused: " + std::string(e.what()));
    }
}

}  // namespace

void manifest_log(Bytes data) {
    if (data.empty()) return;
    const std::string input = text_of(data.subspan(1));
    switch (data[0] % 4) {
        case 0:
        case 1: {
            const std::string& dir = sharded_dir();
            std::string text = input;
            if (data[0] % 4 == 1) {
                text = "FRONTIER-SHARDED-TABLE 1\n" + input;
                if (!text.empty() && text.back() != '\n') text += '\n';
                text += "manifest_checksum=" + hex64(checksum64(text_bytes(text))) + "\n";
            }
            write_bytes(dir + "/" + kManifestName, text);
            refuse_or_run([&] {
                const ShardedTableFile t = ShardedTableFile::open(dir);
                check(t.payload().size() ==
                          (t.header().entries * static_cast<std::uint64_t>(t.header().entry_bits) +
                           7) /
                              8,
                      "a sharded table's payload does not match its entries");
            });
            refuse_or_run([&] { DistanceTable::open(dir); });
            return;
        }
        case 2: {
            const std::string path = scratch_dir() + "/raw.checkpoint";
            write_bytes(path, input);
            refuse_or_run([&] {
                UnitLog log(path, "fuzz records", true);
                std::vector<std::uint64_t> units;
                for (const auto& [unit, payload] : log.recovered()) units.push_back(unit);
                std::sort(units.begin(), units.end());
                check(std::adjacent_find(units.begin(), units.end()) == units.end(),
                      "a log recovered a unit twice");
            });
            return;
        }
        default: {
            if (input.size() < 3) return;
            const auto at = static_cast<std::uint16_t>(static_cast<unsigned char>(input[0]) |
                                                       static_cast<unsigned char>(input[1]) << 8);
            const auto flags = static_cast<unsigned char>(input[2]);
            damaged_log(at, flags & 1, static_cast<std::uint8_t>(flags >> 1),
                        records_of(std::string_view(input).substr(3)));
            return;
        }
    }
}

// ---- rush_line ----

void rush_line(Bytes data) {
    const std::string line = text_of(data);
    refuse_or_run([&] {
        const RushRecord r = parse_rush_record(line);
        check(!r.board.empty(), "a Rush line without a board");
        if (r.expected_moves >= 0 && r.expected_cluster >= 0 &&
            r.expected_cluster <= 0xFFFFFFFFLL) {
            const RushDbEntry e{r.expected_moves, r.board,
                                static_cast<std::uint32_t>(r.expected_cluster)};
            const RushRecord again = parse_rush_record(format_rush_db_line(e));
            check(again.board == r.board && again.expected_moves == r.expected_moves &&
                      again.expected_cluster == r.expected_cluster,
                  "a Rush database line does not read back");
        }
        const RushPuzzle p = parse_rush(r.board);
        const std::string printed = format_rush(p.board, p.start);
        const RushPuzzle q = parse_rush(printed);
        check(format_rush(q.board, q.start) == printed, "a Rush board does not read back");
        blocked_exit_reason(p.board, p.start);
    });
}

bool run_target(std::string_view name, Bytes data) {
    if (name == "puzzle_text") return puzzle_text(data), true;
    if (name == "numeric_option") return numeric_option(data), true;
    if (name == "table_header") return table_header(data), true;
    if (name == "manifest_log") return manifest_log(data), true;
    if (name == "rush_line") return rush_line(data), true;
    return false;
}

}  // namespace frontier::fuzz
