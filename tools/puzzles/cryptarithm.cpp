// solve cryptarithm "SEND+MORE=MONEY"; solve-batch cryptarithm FILE through the backtracking
// puzzles' shared verbs (tools/commands/backtrack_verbs.hpp), from CryptarithmEntry.
#include <array>
#include <cstdio>

#include <frontier/domains/cryptarithm/cryptarithm.hpp>
#include <frontier/domains/cryptarithm/cryptarithm_io.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/commands/backtrack_verbs.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

struct CryptarithmCommandOptions {
    std::string puzzle;
    bool allow_leading_zero = false, count = false, json = false;
    std::uint64_t limit = 0;
    std::size_t show = 20;
};

int solve(const CryptarithmCommandOptions& o) {
    const Cryptarithm p = parse_cryptarithm(o.puzzle);
    CryptarithmOptions s;
    s.allow_leading_zero = o.allow_leading_zero;
    s.max_solutions = o.count ? o.limit : 1;
    s.keep = o.json ? 1000 : o.count ? o.show : 1;
    Stopwatch clock;
    const CryptarithmResult r = solve_cryptarithm(p, s);
    const double seconds = clock.seconds();
    if (o.json) {
        Json j;
        j["domain"] = "cryptarithm";
        j["puzzle"] = format_cryptarithm(p);
        j["letters"] = p.letters;
        j["allow_leading_zero"] = o.allow_leading_zero;
        j["status"] = r.count > 0 ? "solved" : "no_solution";
        if (r.count == 0) j["reason"] = "search exhausted after " + counted(r.nodes, "node");
        if (o.count) {
            j["solutions"] = r.count;
            j["exhausted"] = r.exhausted;
        }
        Json list = Json::array();
        for (const LetterDigits& d : r.solutions) {
            Json one;
            one["equation"] = format_cryptarithm_solution(p, d);
            Json map = Json::object();
            for (char ch : p.letters) map[std::string(1, ch)] = d[ch - 'A'];
            one["digits"] = map;
            list.push_back(one);
        }
        j["found"] = list;  // the first 1000 at most
        j["nodes"] = r.nodes;
        j["seconds"] = seconds;
        print_json(j);
        return r.count > 0 ? 0 : 1;
    }
    const std::string name = format_cryptarithm(p);
    if (r.count == 0) {
        std::printf("%s: no solution (search exhausted after %s)\n", name.c_str(),
                    counted(r.nodes, "node").c_str());
        return 1;
    }
    if (o.count)
        std::printf("%s: %s%llu solution%s\n", name.c_str(), r.exhausted ? "" : "at least ",
                    static_cast<unsigned long long>(r.count), r.count == 1 ? "" : "s");
    for (const LetterDigits& d : r.solutions)
        std::printf("%s%s   %s\n", o.count ? "  " : "", format_cryptarithm_solution(p, d).c_str(),
                    format_letter_digits(p, d).c_str());
    if (r.count > r.solutions.size())
        std::printf("  ... %llu more (raise --list to list them)\n",
                    static_cast<unsigned long long>(r.count - r.solutions.size()));
    std::printf("%s, %s\n", counted(r.nodes, "node").c_str(), format_seconds(seconds).c_str());
    return 0;
}

struct CryptarithmSettings {
    CryptarithmOptions solver;
    bool counting = false;
};

struct CryptarithmEntry {
    using Problem = Cryptarithm;
    using Result = CryptarithmResult;
    using Settings = CryptarithmSettings;
    using Item = BacktrackItem<CryptarithmEntry>;

    static constexpr std::string_view kName = "cryptarithm";
    static constexpr std::string_view kInstanceHelp =
        "Instances: one equation per line, WORD (+|- WORD)* = WORD (+|- WORD)*, letters A-Z, at\n"
        "most 10 distinct; or a TSV file with a puzzle column (and optionally a solution column:\n"
        "the equation with digits). Each line: id, the first solution (or -), verdict, nodes.\n";
    // One solver: letters assigned column by column from the right, carries checked as each
    // column fills (domains/cryptarithm). compare needs two methods, so it is not offered.
    static constexpr std::array kMethods{
        BacktrackMethod<Settings>{"backtrack", "column by column from the right", [](Settings&) {}},
    };
    static constexpr std::string_view kCompareMethods = "backtrack";
    static constexpr std::array kBatchExamples{
        "printf 'SEND+MORE=MONEY\\nTO+GO=OUT\\n' | frontier solve-batch cryptarithm -",
        "printf 'SEND+MORE=MONEY\\n' | frontier solve-batch cryptarithm - --count --json"};
    static constexpr std::array kCompareExamples{""};

    struct Options {
        bool allow_leading_zero = false, count = false;
        std::uint64_t limit = 0;
        void add(CLI::App& cmd, BacktrackUse) {
            cmd.add_flag("--allow-leading-zero", allow_leading_zero,
                         "let the first letter of a word of two or more letters be 0");
            CLI::Option* c = cmd.add_flag("--count", count,
                                          "find every solution (up to --limit) and count them");
            cmd.add_option("--limit", limit,
                           "with --count: stop after this many solutions (default 0: all)")
                ->needs(c);
        }
        Settings settings() const {
            Settings s;
            s.solver.allow_leading_zero = allow_leading_zero;
            s.solver.max_solutions = count ? limit : 1;
            s.solver.keep = 1;
            s.counting = count;
            return s;
        }
    };

    struct Totals {
        std::uint64_t puzzles = 0, solved = 0, nodes = 0, matched = 0, mismatched = 0;
        void add(const Item& item) {
            ++puzzles;
            solved += item.result.count > 0;
            nodes += item.result.nodes;
            if (item.matches >= 0) (item.matches ? matched : mismatched) += 1;
        }
        std::string text(const Settings&, int threads, double seconds) const {
            const auto n = [](std::uint64_t v) { return std::to_string(v); };
            std::string t = n(puzzles) + " puzzles: " + n(solved) + " solved, " +
                            n(puzzles - solved) + " no solution";
            if (matched + mismatched > 0)
                t += "; listed solutions: " + n(matched) + " match, " + n(mismatched) + " differ";
            const double rate = static_cast<double>(puzzles) / std::max(seconds, 1e-9);
            return t + "\n" + std::to_string(threads) + " threads: " + n(nodes) + " nodes, " +
                   format_seconds(seconds) + ", " + format_rate(rate) + " puzzles/s\n";
        }
        Json json(const Settings&) const {
            Json j;
            j["puzzles"] = puzzles;
            j["solved"] = solved;
            j["no_solution"] = puzzles - solved;
            j["matched"] = matched;
            j["mismatched"] = mismatched;
            j["nodes"] = nodes;
            return j;
        }
    };

    static Problem parse(const std::string& text) { return parse_cryptarithm(text); }
    static Result solve(const Problem& p, const Settings& s) {
        return solve_cryptarithm(p, s.solver);
    }
    static std::string first(const Problem& p, const Result& r) {
        return r.solutions.empty() ? "" : format_cryptarithm_solution(p, r.solutions.front());
    }
    static int check(const Problem& p, const Result& r, const std::string& expected) {
        if (r.count == 0) return -1;
        return first(p, r) == expected ? 1 : 0;
    }
    static std::string verdict(const Result& r, const Settings& s) {
        if (r.count == 0) return "no solution (search exhausted)";
        if (!s.counting) return "solved";
        const std::string n = std::to_string(r.count) + (r.count == 1 ? " solution" : " solutions");
        return r.exhausted ? n : "at least " + n + " (stopped at the limit)";
    }
    static std::string line(const Item& item, const Settings& s) {
        const char* match = item.matches == 0 ? " MISMATCH" : item.matches == 1 ? ", matches" : "";
        const std::string solution = first(item.problem, item.result);
        return item.instance.id + '\t' + (solution.empty() ? "-" : solution) + '\t' +
               verdict(item.result, s) + match + '\t' + counted(item.result.nodes, "node") + "\n";
    }
    static Json item_json(const Item& item, const Settings& s) {
        Json j = cell_json(item.problem, item.result, s);
        const std::string solution = first(item.problem, item.result);
        j["solution"] = solution.empty() ? Json() : Json(solution);
        if (item.result.count == 0) j["reason"] = verdict(item.result, s);
        j["nodes"] = item.result.nodes;
        j["line"] = item.instance.line;
        j["id"] = item.instance.id;
        if (item.matches >= 0) j["matches"] = item.matches == 1;
        return j;
    }
    static Json settings_json(const Settings& s) {
        Json j;
        j["allow_leading_zero"] = s.solver.allow_leading_zero;
        return j;
    }
    static bool finished(const Result&) { return true; }
    static std::uint64_t nodes(const Result& r) { return r.nodes; }
    static Json cell_json(const Problem& p, const Result& r, const Settings& s) {
        Json j;
        j["puzzle"] = format_cryptarithm(p);
        j["status"] = r.count > 0 ? "solved" : "no_solution";
        if (s.counting) {
            j["solutions"] = r.count;
            j["exhausted"] = r.exhausted;
        }
        return j;
    }
    static std::string compare_title(const Settings&) { return "solved"; }
};

static_assert(BacktrackPuzzle<CryptarithmEntry>);

}  // namespace

void register_cryptarithm(Registry& registry) {
    add_backtrack_verbs<CryptarithmEntry>(registry);
    registry.add(
        "solve",
        PuzzleHandler{
            "cryptarithm \"SEND+MORE=MONEY\"", accept_names({"cryptarithm"}),
            [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<CryptarithmCommandOptions>();
                cmd.description(
                    "Solve a cryptarithm: give each letter a distinct digit so that the sum "
                    "holds.");
                cmd.add_option("puzzle", o->puzzle, "the equation, e.g. \"SEND+MORE=MONEY\"")
                    ->required();
                cmd.add_flag("--allow-leading-zero", o->allow_leading_zero,
                             "let the first letter of a word of two or more letters be 0");
                CLI::Option* c = cmd.add_flag("--count", o->count,
                                              "find every solution (up to --limit) and count them");
                cmd.add_option("--limit", o->limit,
                               "with --count: stop after this many solutions (default 0: all)")
                    ->needs(c);
                cmd.add_option("--list", o->show,
                               "with --count: list at most this many (default 20)");
                // Its earlier name, --show N, still works but is not listed: --show is a switch
                // everywhere else (draw the answer), docs/reference/formats.md.
                cmd.add_option("--show", o->show)->group("");
                add_format_option(cmd, o->json, "one JSON object (at most 1000 solutions listed)");
                cmd.footer(
                    "Syntax: WORD (+|- WORD)* = WORD (+|- WORD)*; letters A-Z (lower case "
                    "allowed), at "
                    "most 10\ndistinct; spaces are ignored. Output: the equation with digits, then "
                    "the "
                    "letters.\nExit status: 0 solved, 1 no solution, 2 bad input.\n" +
                    examples_block({"frontier solve cryptarithm SEND+MORE=MONEY",
                                    "frontier solve cryptarithm 'TO+GO=OUT' --count --json"}));
                cmd.callback([o] {
                    const int code = solve(*o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
}

}  // namespace frontier::cli
