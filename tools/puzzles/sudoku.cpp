// Sudoku: everything the program says about it. solve here; solve-batch and compare through the
// backtracking puzzles' shared verbs (tools/commands/backtrack_verbs.hpp), from SudokuEntry.
#include <array>
#include <charconv>
#include <cstdio>

#include <frontier/domains/sudoku/sudoku_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/commands/backtrack_verbs.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

constexpr const char* kSudokuGridHelp =
    "Puzzle: 81 cells row by row, 1-9 for a given, 0 or . for an empty cell (spaces and line\n"
    "breaks are ignored). Methods: csp = bit-parallel bands (each digit's candidates as three\n"
    "27-bit band words; singles, locked candidates, triads; branching on a digit's placements in\n"
    "a band or on a two-candidate cell); cells = the earlier solver, candidate masks cell by\n"
    "cell, naked and hidden singles, branching on the cell with the fewest candidates; search =\n"
    "fill the empty cells in order with the digits the rules allow, depth-first, no\n"
    "propagation.\n";

// The solver's settings, and whether solutions are counted (which changes what is reported).
struct SudokuSettings {
    SudokuOptions solver;
    bool counting = false;
};

// `n` in decimal, appended to `out`.
void append_number(std::string& out, std::uint64_t n) {
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
}

// "1 solution (unique)", "at least 2 solutions (stopped at the limit)", ...
std::string sudoku_count_text(const SudokuResult& r) {
    const std::string n =
        std::to_string(r.solutions) + (r.solutions == 1 ? " solution" : " solutions");
    if (r.exhausted) return n + (r.solutions == 1 ? " (unique)" : " (all of them)");
    return "at least " + n + " (stopped at the limit)";
}

// "solved", "1 solution (unique)", "no solution (search exhausted)", ...
std::string sudoku_verdict(const SudokuResult& r, bool counting) {
    switch (r.status) {
        case SudokuStatus::Solved:
            return counting ? sudoku_count_text(r) : "solved";
        case SudokuStatus::NoSolution:
            return "no solution (search exhausted)";
        case SudokuStatus::Contradiction:
            return "contradiction: " + r.contradiction;
        case SudokuStatus::LimitReached:
            return "no solution found within --max-expansions";
    }
    return "";
}

Json sudoku_result_json(const SudokuGrid& puzzle, const SudokuResult& r, const SudokuSettings& s) {
    Json j;
    j["domain"] = "sudoku";
    j["puzzle"] = format_sudoku(puzzle);
    j["method"] = to_string(s.solver.method);
    j["status"] = to_string(r.status);
    j["solution"] = r.status == SudokuStatus::Solved ? Json(format_sudoku(r.solution)) : Json();
    if (s.counting) {
        j["solutions"] = r.solutions;
        j["limit"] = s.solver.max_solutions;
        j["exhausted"] = r.exhausted;
        j["unique"] = r.unique();
    }
    if (r.status == SudokuStatus::Contradiction) j["contradiction"] = r.contradiction;
    if (r.status != SudokuStatus::Solved) j["reason"] = sudoku_verdict(r, s.counting);
    j["nodes"] = r.nodes;
    return j;
}

struct SudokuEntry {
    using Problem = SudokuGrid;
    using Result = SudokuResult;
    using Settings = SudokuSettings;
    using Item = BacktrackItem<SudokuEntry>;

    static constexpr std::string_view kName = "sudoku";
    static constexpr std::string_view kInstanceHelp = kSudokuGridHelp;
    static constexpr std::array kMethods{
        BacktrackMethod<Settings>{"csp", "bit-parallel bands",
                                  [](Settings& s) { s.solver.method = SudokuMethod::Csp; }},
        BacktrackMethod<Settings>{"cells", "candidate masks cell by cell",
                                  [](Settings& s) { s.solver.method = SudokuMethod::Cells; }},
        BacktrackMethod<Settings>{"search", "fill the cells in order, no propagation",
                                  [](Settings& s) { s.solver.method = SudokuMethod::Search; }},
    };
    static constexpr std::string_view kCompareMethods = "csp,search";
    static constexpr std::array kBatchExamples{
        "frontier solve-batch sudoku ../shared/data/sudoku.tsv",
        "frontier solve-batch sudoku ../shared/data/sudoku.tsv --count --json --quiet"};
    static constexpr std::array kCompareExamples{
        "frontier compare sudoku ../shared/data/sudoku.tsv --count",
        "frontier compare sudoku ../shared/data/sudoku.tsv --algorithms csp,cells --format json"};

    struct Options {
        std::string method = "csp";
        bool count = false;
        std::uint64_t limit = 2;
        std::uint64_t max_nodes = 0;

        void add(CLI::App& cmd, BacktrackUse use) {
            if (use == BacktrackUse::compare) {
                cmd.add_flag("--count", count,
                             "search on to a second solution (proves uniqueness) instead of "
                             "stopping at the first");
                cmd.add_option("--max-expansions,--max-nodes", max_nodes,
                               "give up a puzzle after this many nodes (FAILED; default: no "
                               "limit)");
                return;
            }
            // --method and --max-nodes: the earlier names, kept as aliases (docs/reference/cli.md).
            cmd.add_option("--algorithm,-a,--method", method, "csp (default), cells or search");
            CLI::Option* c = cmd.add_flag("--count", count, "count solutions, up to --limit");
            cmd.add_option("--limit", limit,
                           "with --count: stop after this many solutions (default 2, which "
                           "proves uniqueness; 0 counts them all)")
                ->needs(c);
            cmd.add_option("--max-expansions,--max-nodes", max_nodes,
                           "stop a puzzle after this many nodes (default: no limit)");
        }
        Settings settings() const {
            Settings s;
            apply_method<SudokuEntry>(method, s);
            s.counting = count;
            s.solver.max_solutions = count ? limit : 1;
            s.solver.max_nodes = max_nodes;
            return s;
        }
    };

    // The totals of a batch, counted as the lines are written.
    struct Totals {
        std::uint64_t puzzles = 0, by_status[4] = {}, nodes = 0, unique = 0, matched = 0,
                      mismatched = 0;
        void add(const Item& item) {
            ++puzzles;
            ++by_status[static_cast<int>(item.result.status)];
            nodes += item.result.nodes;
            unique += item.result.unique();
            if (item.matches >= 0) (item.matches ? matched : mismatched) += 1;
        }
        std::string text(const Settings& s, int threads, double seconds) const;
        Json json(const Settings& s) const {
            Json j;
            j["puzzles"] = puzzles;
            j["solved"] = by_status[0];
            j["no_solution"] = by_status[1];
            j["contradiction"] = by_status[2];
            j["limit"] = by_status[3];
            if (s.counting) j["unique"] = unique;
            j["matched"] = matched;
            j["mismatched"] = mismatched;
            j["nodes"] = nodes;
            return j;
        }
    };

    static Problem parse(const std::string& text) { return parse_sudoku(text); }
    static Result solve(const Problem& p, const Settings& s) { return solve_sudoku(p, s.solver); }
    static int check(const Problem&, const Result& r, const std::string& expected) {
        if (r.status != SudokuStatus::Solved) return -1;
        // format_sudoku(r.solution) == expected, without the string: a solution has no empty cell.
        if (expected.size() != 81) return 0;
        for (int c = 0; c < 81; ++c)
            if (expected[c] != '0' + r.solution.cells[c]) return 0;
        return 1;
    }
    // "ID<TAB>SOLUTION<TAB>VERDICT<TAB>N nodes": one puzzle's text line.
    static std::string line(const Item& item, const Settings& s) {
        std::string text;
        append_line(item, s, text);
        return text;
    }
    // line(), written in place: a batch writes one per puzzle, and an easy puzzle is solved in
    // about the time it takes to build the strings of a line piece by piece.
    static void append_line(const Item& item, const Settings& s, std::string& out) {
        const SudokuResult& r = item.result;
        out += item.instance.id;
        out += '\t';
        if (r.status == SudokuStatus::Solved)
            append_sudoku(out, r.solution);
        else
            out += '-';
        out += '\t';
        if (r.status == SudokuStatus::Solved && !s.counting) {
            out += std::string_view("solved");
        } else if (r.status == SudokuStatus::Solved && r.exhausted) {  // sudoku_count_text
            append_number(out, r.solutions);
            out += r.solutions == 1 ? std::string_view(" solution (unique)")
                                    : std::string_view(" solutions (all of them)");
        } else {
            out += sudoku_verdict(r, s.counting);
        }
        if (item.matches >= 0) out += item.matches == 0 ? " MISMATCH" : ", matches";
        out += '\t';
        append_number(out, r.nodes);
        out += r.nodes == 1 ? std::string_view(" node\n") : std::string_view(" nodes\n");
    }
    static Json item_json(const Item& item, const Settings& s) {
        Json r = sudoku_result_json(item.problem, item.result, s);
        r.erase("domain");
        r.erase("method");
        r["line"] = item.instance.line;
        r["id"] = item.instance.id;
        if (item.matches >= 0) r["matches"] = item.matches == 1;
        return r;
    }
    static Json settings_json(const Settings& s) {
        Json j;
        j["method"] = to_string(s.solver.method);
        return j;
    }
    static bool finished(const Result& r) { return r.status != SudokuStatus::LimitReached; }
    static std::uint64_t nodes(const Result& r) { return r.nodes; }
    static Json cell_json(const Problem& p, const Result& r, const Settings& s) {
        Json j;
        j["puzzle"] = format_sudoku(p);
        j["status"] = to_string(r.status);
        if (s.counting) j["unique"] = r.unique();
        return j;
    }
    static std::string compare_title(const Settings& s) {
        return s.counting ? "solved and proved unique (search to a second solution)"
                          : "solved (first solution)";
    }
};

std::string SudokuEntry::Totals::text(const Settings& s, int threads, double seconds) const {
    const double rate = static_cast<double>(puzzles) / std::max(seconds, 1e-9);
    const auto n = [](std::uint64_t v) { return std::to_string(v); };
    std::string t = n(puzzles) + " puzzles: " + n(by_status[0]) + " solved";
    if (s.counting) t += " (" + n(unique) + " unique)";
    t += ", " + n(by_status[1]) + " no solution, " + n(by_status[2]) + " contradiction, " +
         n(by_status[3]) + " limit";
    if (matched + mismatched > 0)
        t += "; listed solutions: " + n(matched) + " match, " + n(mismatched) + " differ";
    return t + "\n" + to_string(s.solver.method) + ", " + std::to_string(threads) +
           " threads: " + n(nodes) + " nodes, " + format_seconds(seconds) + ", " +
           format_rate(rate) + " puzzles/s\n";
}

static_assert(BacktrackPuzzle<SudokuEntry>);

struct SudokuSolveCommand {
    std::string puzzle;
    SudokuEntry::Options options;
    bool json = false, show = false;

    int run() const {
        const SudokuGrid grid = parse_sudoku(puzzle);
        const SudokuSettings s = options.settings();
        Stopwatch clock;
        const SudokuResult r = solve_sudoku(grid, s.solver);
        const double seconds = clock.seconds();
        if (json) {
            Json j = sudoku_result_json(grid, r, s);
            j["seconds"] = seconds;
            print_json(j);
        } else {
            std::printf("sudoku (%s): %s\n", to_string(s.solver.method),
                        sudoku_verdict(r, s.counting).c_str());
            if (r.status == SudokuStatus::Solved)
                std::printf("%s\n%s", format_sudoku(r.solution).c_str(),
                            show ? draw_sudoku(r.solution).c_str() : "");
            std::printf("%s, %s\n", counted(r.nodes, "node").c_str(),
                        format_seconds(seconds).c_str());
        }
        return r.status == SudokuStatus::Solved ? 0 : 1;
    }
};

void configure_sudoku_solve(CLI::App& cmd, const std::string&) {
    auto o = std::make_shared<SudokuSolveCommand>();
    cmd.description("Solve a 9x9 Sudoku; with --count, count its solutions.");
    cmd.add_option("puzzle", o->puzzle, "the puzzle, 81 cells")->required();
    o->options.add(cmd, BacktrackUse::solve);
    add_format_option(cmd, o->json, "one JSON object");
    cmd.add_flag("--show", o->show, "draw the solved grid");
    cmd.footer(std::string(kSudokuGridHelp) +
               "Exit status: 0 solved, 1 no solution or contradiction, 2 bad input.\n" +
               examples_block({"frontier solve sudoku --count \\",
                               "  4.....8.5.3..........7......2.....6.....8.4......1.......6.3."
                               "7.5..2.....1.4......",
                               "frontier solve sudoku --show \\",
                               "  85...24..72......9..4.........1.7..23.5...9...4...........8.."
                               "7..17..........36.4."}));
    cmd.callback([o] {
        if (const int code = o->run(); code != 0) throw ExitRequest{code};
    });
}

}  // namespace

void register_sudoku(Registry& registry) {
    registry.add("solve",
                 PuzzleHandler{"sudoku PUZZLE", accept_names({"sudoku"}), configure_sudoku_solve});
    add_backtrack_verbs<SudokuEntry>(registry);
}

}  // namespace frontier::cli
