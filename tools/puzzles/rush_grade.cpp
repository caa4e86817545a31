// frontier rush grade: grade every puzzle of a file exactly, in parallel, output in input order.
#include <atomic>
#include <cstdio>
#include <iostream>

#include <tbb/enumerable_thread_specific.h>

#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/engine/enumerate/ordered_batches.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/dispatch.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/instances.hpp"
#include "tools/cli/stream.hpp"
#include "tools/puzzles/rush_bulk.hpp"

namespace frontier::cli {

namespace {

struct GradeOptions {
    std::string file;
    int threads = 0;
    Format format = Format::tsv;
    bool check = false;
    bool header = false;  // tsv: a first line naming the columns
};

constexpr const char* kTsvColumns =
    "board\tmoves\tsteps\tcluster_size\tsolved_states\tfrom_hardest\thardest_moves\tlevel\n";

// One puzzle line of the input, with its 1-based line number and its place among the puzzles.
struct GradeInput {
    std::size_t index = 0;
    int line = 0;
    std::string text;
    std::string error;  // a database row without its board column
};

// A graded line, waiting for the lines before it.
struct Graded {
    int line = 0;
    RushLineGrade grade;
};

// Appends up to `max` puzzle lines; false once the input is exhausted. A database row's
// optimal_moves and cluster_size columns, when present, become a "MOVES BOARD CLUSTER" line.
bool read_batch(InstanceReader& reader, std::vector<GradeInput>& batch, std::size_t max,
                std::size_t& index) {
    for (Instance in; batch.size() < max;) {
        if (InterruptGuard::raised() || !reader.next(in)) return false;
        const bool record = !in.expected.empty() && !in.cluster.empty();
        batch.push_back(GradeInput{
            index++, in.line, record ? in.expected + " " + in.state + " " + in.cluster : in.state,
            in.error});
    }
    return true;
}

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

Json grade_json(int line, const RushLineGrade& g) {
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
    return j;
}

// --format json: one object, its "puzzles" array streamed as the lines are graded.
void begin_json(const std::string& file) {
    write_out("{\n  \"file\": " + json_line(Json(file)) + ",\n  \"puzzles\": [");
}
void end_json(std::uint64_t graded, std::uint64_t bad, bool check, std::uint64_t checked,
              std::uint64_t mismatches, bool interrupted) {
    Json j;
    j["graded"] = graded;
    j["errors"] = bad;
    if (check) {
        j["checked"] = checked;
        j["mismatches"] = mismatches;
    }
    if (interrupted) j["interrupted"] = true;
    write_out((graded == 0 ? "]" : "\n  ]") + json_members(j) + "\n}\n");
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

// Each line is printed (and flushed) as soon as it and every earlier line are graded, in input
// order; Ctrl-C stops reading, lets the grades in progress finish (milliseconds each), prints
// every line whose predecessors are all graded and exits 130. Over 60 lines: the pipeline's
// stages and the in-order printing are one piece.
int grade(const GradeOptions& o) {
    InstanceReader reader(o.file);
    const std::string name = reader.name();
    tbb::enumerable_thread_specific<RushGrader> graders;
    InterruptGuard interrupt;
    ProgressLine progress(true);
    std::uint64_t graded = 0, bad = 0, checked = 0, mismatches = 0;
    std::atomic<std::uint64_t> done{0};
    if (o.header && o.format == Format::tsv) write_out(kTsvColumns);
    if (o.format == Format::json) begin_json(o.file);
    InOrder<Graded> in_order([&](std::size_t, Graded& in) {
        const RushLineGrade& g = in.grade;
        if (!g.error.empty()) {
            ++bad;  // the batch policy: reported, the rest graded
            progress.finish();
            report_bad_input(input_place(o.file, static_cast<int>(in.line)), g.error);
            return;
        }
        std::string text;
        if (o.format == Format::tsv)
            append_tsv(text, g);
        else if (o.format == Format::jsonl)
            text = json_line(grade_json(in.line, g)) + '\n';
        else
            text = (graded == 0 ? "\n    " : ",\n    ") + json_line(grade_json(in.line, g));
        ++graded;
        write_out(text);
        if (!o.check) return;
        if (g.record.expected_moves >= 0 || g.record.expected_cluster >= 0) ++checked;
        const std::string why = check_line(g);
        if (why.empty()) return;
        ++mismatches;
        progress.finish();
        std::cerr << "frontier: " << name << ":" << in.line << ": check failed for " << g.board
                  << ": " << why << '\n';
    });
    constexpr std::size_t kBatch = 32;  // puzzles per pipeline token
    const int threads = resolve_threads(o.threads);
    std::size_t next_index = 0;
    run_with_threads(threads, [&] {
        ordered_batches<GradeInput, void>(
            4 * static_cast<std::size_t>(threads),
            [&](std::vector<GradeInput>& batch) {
                return read_batch(reader, batch, kBatch, next_index);
            },
            [&](const GradeInput& in) {
                if (InterruptGuard::raised()) return;  // not started: not printed
                Graded out{in.line, {}};
                if (!in.error.empty())
                    out.grade.error = in.error;
                else
                    out.grade = grade_rush_line(graders.local(), in.text);
                in_order.done(in.index, std::move(out));
                progress.count("rush grade", ++done, 0, "puzzles");
            },
            [](const std::vector<GradeInput>&) {});
    });
    progress.finish();
    if (o.format == Format::json)
        end_json(graded, bad, o.check, checked, mismatches, InterruptGuard::raised());
    check_stdout();
    if (o.check)
        std::cerr << "frontier: checked " << checked << " of " << graded
                  << " graded puzzles against their database columns: "
                  << (mismatches == 0 ? std::string("all match")
                                      : std::to_string(mismatches) + " mismatches")
                  << '\n';
    if (InterruptGuard::raised()) {
        std::cerr << "frontier: interrupted; " << in_order.emitted()
                  << " puzzles done and printed\n";
        return kExitInterrupted;
    }
    return bad > 0 ? kExitBadInputs : mismatches > 0 ? 1 : 0;
}

}  // namespace

void install_rush_grade(CLI::App& rush) {
    auto o = std::make_shared<GradeOptions>();
    CLI::App* cmd = rush.add_subcommand(
        "grade", "Grade every puzzle of a file exactly, by a full BFS of its cluster.");
    cmd->add_option("file", o->file, "puzzles, one per line, or '-' for stdin")->required();
    add_threads_option(cmd, o->threads);
    add_format_option(*cmd, o->format, {Format::tsv, Format::jsonl, Format::json}, "");
    add_quiet_option(*cmd);
    cmd->add_flag("--header", o->header, "tsv: print a first line naming the columns");
    cmd->add_flag("--check", o->check,
                  "compare the moves and cluster size with the database columns of each line");
    cmd->footer(
        "Input: one puzzle per line, a bare board (IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM) or a\n"
        "database line \"MOVES BOARD CLUSTER_SIZE\"; blank lines and '#' comments are skipped; a\n"
        "tab-separated file with a header naming a board36 column (and optional optimal_moves,\n"
        "cluster_size) works too. A bad line is reported on stderr as FILE:LINE: MESSAGE and\n"
        "the rest is graded; the exit status is then 2 (1 when --check finds a mismatch).\n"
        "Output, one line per puzzle in input order. tsv columns: board, moves, steps,\n"
        "cluster_size, solved_states, from_hardest, hardest_moves, level; '-' where the board is\n"
        "unsolvable. jsonl: one object per line with line, board and the same keys (null for\n"
        "'-'); json: one object, {\"file\", \"puzzles\": [those objects], \"graded\", \"errors\"}\n"
        "(and \"checked\", \"mismatches\" with --check). moves/steps: optimal solution\n"
        "length in moves (a slide of any length) and in one-cell steps; cluster_size: states\n"
        "reachable from the board; solved_states: those with the primary car at the exit;\n"
        "hardest_moves: the largest optimal moves in the cluster; from_hardest: moves from the\n"
        "board to the nearest state with hardest_moves (0: the board is a hardest start of its\n"
        "cluster); level by moves: 0-10 beginner, 11-20 intermediate, 21-30 advanced, 31-40\n"
        "expert, 41+ grandmaster, or unsolvable.\n"
        "Lines are printed as soon as they and all earlier ones are graded; Ctrl-C prints those\n"
        "and exits 130. Progress (puzzles/s) goes to stderr when it is a terminal (not with\n"
        "--quiet).\n"
        "Examples:\n"
        "  frontier rush grade ../shared/data/rush_known.tsv --check --header\n"
        "  echo IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM | frontier rush grade - --format json\n");
    cmd->callback([o] {
        const int code = grade(*o);
        if (code != 0) throw ExitRequest{code};
    });
}

}  // namespace frontier::cli
