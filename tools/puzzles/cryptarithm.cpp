// solve cryptarithm "SEND+MORE=MONEY".
#include <cstdio>

#include "domains/cryptarithm/cryptarithm.hpp"
#include "domains/cryptarithm/cryptarithm_io.hpp"
#include "engine/timer.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
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
        if (r.count == 0)
            j["reason"] = "search exhausted after " + std::to_string(r.nodes) + " nodes";
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
        std::printf("%s: no solution (search exhausted after %llu nodes)\n", name.c_str(),
                    static_cast<unsigned long long>(r.nodes));
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
    std::printf("%llu nodes, %s\n", static_cast<unsigned long long>(r.nodes),
                format_seconds(seconds).c_str());
    return 0;
}

}  // namespace

void register_cryptarithm(Registry& registry) {
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
                cmd.add_flag("--count", o->count,
                             "find every solution (up to --limit) and count them");
                cmd.add_option("--limit", o->limit,
                               "with --count: stop after this many solutions (default 0: all)");
                cmd.add_option("--list", o->show,
                               "with --count: list at most this many (default 20)");
                // Its earlier name, --show N, still works but is not listed: --show is a switch
                // everywhere else (draw the answer), docs/formats.md.
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
