// frontier rush grade: grade every puzzle of a file exactly, in parallel, output in input order.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include <tbb/enumerable_thread_specific.h>

#include "domains/rush/rush_grade.hpp"
#include "engine/error.hpp"
#include "engine/ordered_batches.hpp"
#include "engine/parallel.hpp"
#include "engine/timer.hpp"
#include "tools/cli/common.hpp"
#include "tools/puzzles/rush_bulk.hpp"
#include "tools/cli/dispatch.hpp"

namespace frontier::cli {

namespace {

struct GradeOptions {
    std::string file;
    int threads = 0;
    std::string format = "tsv";
    bool check = false;
};

// One puzzle line of the input, with its 1-based line number.
struct GradeInput {
    int line = 0;
    std::string text;
};

// Reads puzzle lines: blank lines and '#' comments are skipped. A tab-separated header naming a
// board36 (or board) column switches to header mode, where each row's optimal_moves and
// cluster_size columns, when present, become the database columns of a "MOVES BOARD CLUSTER"
// line.
class PuzzleReader {
  public:
    explicit PuzzleReader(std::istream& in) : in_(in) {}

    // Appends up to `max` puzzle lines; false once the input is exhausted.
    bool read(std::vector<GradeInput>& batch, std::size_t max) {
        for (std::string raw; batch.size() < max;) {
            if (!std::getline(in_, raw)) return false;
            ++line_;
            const auto first = raw.find_first_not_of(" \t\r");
            if (first == std::string::npos || raw[first] == '#') continue;
            if (!header_checked_) {
                header_checked_ = true;
                if (parse_header(raw)) continue;
            }
            batch.push_back(GradeInput{line_, board_col_ >= 0 ? from_columns(raw) : raw});
        }
        return true;
    }

  private:
    static std::vector<std::string> split_tabs(const std::string& line) {
        std::vector<std::string> fields;
        std::stringstream ss(line);
        for (std::string f; std::getline(ss, f, '\t');) {
            while (!f.empty() && (f.back() == '\r' || f.back() == ' ')) f.pop_back();
            fields.push_back(f);
        }
        return fields;
    }

    bool parse_header(const std::string& line) {
        if (line.find('\t') == std::string::npos) return false;
        const auto fields = split_tabs(line);
        for (int i = 0; i < static_cast<int>(fields.size()); ++i) {
            if (fields[i] == "board36" || fields[i] == "board") board_col_ = i;
            if (fields[i] == "optimal_moves" || fields[i] == "moves") moves_col_ = i;
            if (fields[i] == "cluster_size" || fields[i] == "cluster") cluster_col_ = i;
        }
        return board_col_ >= 0;
    }

    std::string from_columns(const std::string& line) const {
        const auto fields = split_tabs(line);
        auto field = [&](int col) {
            return col >= 0 && col < static_cast<int>(fields.size()) ? fields[col] : "";
        };
        const std::string board = field(board_col_);
        if (board.empty()) return line;  // the parser reports it
        const std::string moves = field(moves_col_), cluster = field(cluster_col_);
        if (moves.empty() || cluster.empty()) return board;
        return moves + " " + board + " " + cluster;
    }

    std::istream& in_;
    int line_ = 0;
    bool header_checked_ = false;
    int board_col_ = -1, moves_col_ = -1, cluster_col_ = -1;
};

std::string number_or(int value, const char* none) {
    return value < 0 ? none : std::to_string(value);
}

void append_tsv(std::string& out, const RushLineGrade& g) {
    const RushGrade& r = g.grade;
    out += g.board + '\t' + number_or(r.moves, "-") + '\t' + number_or(r.steps, "-") + '\t' +
           std::to_string(r.cluster_size) + '\t' + std::to_string(r.solved_states) + '\t' +
           number_or(r.from_hardest, "-") + '\t' + number_or(r.hardest_moves, "-") + '\t' +
           rush_level(r.moves) + '\n';
}

void append_jsonl(std::string& out, int line, const RushLineGrade& g) {
    const RushGrade& r = g.grade;
    auto value = [](int v) { return v < 0 ? Json(nullptr) : Json(v); };
    Json j;
    j["line"] = line;
    j["board"] = g.board;
    j["moves"] = value(r.moves);
    j["steps"] = value(r.steps);
    j["cluster_size"] = r.cluster_size;
    j["solved_states"] = r.solved_states;
    j["from_hardest"] = value(r.from_hardest);
    j["hardest_moves"] = value(r.hardest_moves);
    j["level"] = rush_level(r.moves);
    out += j.dump() + '\n';
}

// The --check verdict of one line: "" when it matches (or has nothing to check).
std::string check_line(const RushLineGrade& g) {
    std::string why;
    const RushRecord& rec = g.record;
    if (rec.expected_moves >= 0 && rec.expected_moves != g.grade.moves)
        why += "moves " + number_or(g.grade.moves, "unsolvable") + " (database " +
               std::to_string(rec.expected_moves) + ")";
    if (rec.expected_cluster >= 0 &&
        rec.expected_cluster != static_cast<long long>(g.grade.cluster_size))
        why += std::string(why.empty() ? "" : ", ") + "cluster size " +
               std::to_string(g.grade.cluster_size) + " (database " +
               std::to_string(rec.expected_cluster) + ")";
    return why;
}

int grade(const GradeOptions& o) {
    if (o.format != "tsv" && o.format != "jsonl")
        throw InputError("grade: unknown --format \"" + o.format + "\" (expected tsv or jsonl)");
    std::ifstream file;
    if (o.file != "-") {
        file.open(o.file);
        if (!file) throw InputError(o.file + ": cannot open puzzle file");
    }
    const std::string name = o.file == "-" ? "stdin" : o.file;
    PuzzleReader reader(o.file == "-" ? std::cin : file);
    tbb::enumerable_thread_specific<RushGrader> graders;
    ProgressLine progress(stderr_is_terminal());
    Stopwatch clock;
    double last_update = 0;
    std::uint64_t graded = 0, states = 0, bad = 0, checked = 0, mismatches = 0;
    constexpr std::size_t kBatch = 32;  // puzzles per pipeline token
    const int threads = resolve_threads(o.threads);
    run_with_threads(threads, [&] {
        ordered_batches<GradeInput, RushLineGrade>(
            4 * static_cast<std::size_t>(threads),
            [&](std::vector<GradeInput>& batch) { return reader.read(batch, kBatch); },
            [&](const GradeInput& in, RushLineGrade& out) {
                out = grade_rush_line(graders.local(), in.text);
            },
            [&](const std::vector<GradeInput>& in, const std::vector<RushLineGrade>& out) {
                std::string text;
                for (std::size_t i = 0; i < in.size(); ++i) {
                    const RushLineGrade& g = out[i];
                    if (!g.error.empty()) {
                        ++bad;
                        progress.finish();
                        std::cerr << "frontier: " << name << ":" << in[i].line << ": " << g.error
                                  << " (line skipped)\n";
                        continue;
                    }
                    ++graded;
                    states += g.grade.cluster_size;
                    if (o.format == "tsv")
                        append_tsv(text, g);
                    else
                        append_jsonl(text, in[i].line, g);
                    if (!o.check) continue;
                    if (g.record.expected_moves >= 0 || g.record.expected_cluster >= 0) ++checked;
                    const std::string why = check_line(g);
                    if (why.empty()) continue;
                    ++mismatches;
                    progress.finish();
                    std::cerr << "frontier: " << name << ":" << in[i].line << ": check failed for "
                              << g.board << ": " << why << '\n';
                }
                std::fwrite(text.data(), 1, text.size(), stdout);
                const double now = clock.seconds();
                if (now - last_update >= 0.2) {
                    last_update = now;
                    progress.update("graded " + std::to_string(graded) + " puzzles, " +
                                    format_rate(graded / std::max(now, 1e-9)) + " puzzles/s, " +
                                    format_rate(states / std::max(now, 1e-9)) + " states/s");
                }
            });
    });
    std::fflush(stdout);
    progress.finish();
    if (o.check)
        std::cerr << "frontier: checked " << checked << " of " << graded
                  << " graded puzzles against their database columns: "
                  << (mismatches == 0 ? std::string("all match")
                                      : std::to_string(mismatches) + " mismatches")
                  << '\n';
    if (bad > 0) std::cerr << "frontier: " << bad << " bad lines skipped\n";
    return bad > 0 || mismatches > 0 ? 1 : 0;
}

}  // namespace

void install_rush_grade(CLI::App& rush) {
    auto o = std::make_shared<GradeOptions>();
    CLI::App* cmd = rush.add_subcommand(
        "grade", "Grade every puzzle of a file exactly, by a full BFS of its cluster.");
    cmd->add_option("file", o->file, "puzzles, one per line, or '-' for stdin")->required();
    add_threads_option(cmd, o->threads);
    cmd->add_option("--format", o->format, "output format: tsv or jsonl (default: tsv)");
    cmd->add_flag("--check", o->check,
                  "compare the moves and cluster size with the database columns of each line");
    cmd->footer(
        "Input: one puzzle per line, a bare board (IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM) or a\n"
        "database line \"MOVES BOARD CLUSTER_SIZE\"; blank lines and '#' comments are skipped; a\n"
        "tab-separated file with a header naming a board36 column (and optional optimal_moves,\n"
        "cluster_size) works too. A bad line is reported on stderr with its line number and\n"
        "skipped; the exit status is then 1 (also when --check finds a mismatch).\n"
        "Output, one line per puzzle in input order. tsv columns: board, moves, steps,\n"
        "cluster_size, solved_states, from_hardest, hardest_moves, level; '-' where the board is\n"
        "unsolvable. jsonl: one object per line with line, board and the same keys (null for\n"
        "'-'). moves/steps: optimal solution length in moves (a slide of any length) and in\n"
        "one-cell steps; cluster_size: states reachable from the board; solved_states: those\n"
        "with the primary car at the exit; hardest_moves: the largest optimal moves in the\n"
        "cluster; from_hardest: moves from the board to the nearest state with hardest_moves\n"
        "(0: the board is a hardest start of its cluster); level by moves: 0-10 beginner, 11-20\n"
        "intermediate, 21-30 advanced, 31-40 expert, 41+ grandmaster, or unsolvable.\n"
        "Progress (puzzles/s) goes to stderr when it is a terminal.\n");
    cmd->callback([o] {
        const int code = grade(*o);
        if (code != 0) throw ExitRequest{code};
    });
}

}  // namespace frontier::cli
