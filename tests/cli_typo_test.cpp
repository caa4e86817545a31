// Mistyped and misplaced command lines: each gets exactly one `frontier: error:` line on stderr,
// nothing on stdout, exit status 2, and the suggestion or help pointer written in its row. The
// table covers commands at each depth, command groups without their command, options of every
// kind of command (verbs with a puzzle, groups, lookup, bench), and algorithm, heuristic and
// puzzle names.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

struct Typo {
    std::string args;
    std::string says;  // a fragment of the error line
};

const std::string k8 = " 8puzzle '1 2 3 4 5 6 7 _ 8'";

const std::vector<Typo> kTypos = {
    // Commands, at each depth.
    {"solv 8puzzle", "unknown command 'solv' (did you mean 'solve'?)"},
    {"slove 8puzzle", "did you mean 'solve'?"},
    {"enumarate 8puzzle", "did you mean 'enumerate'?"},
    {"--verbose", "'frontier' takes no --verbose option (see frontier --help)"},
    {"-x", "'frontier' takes no -x option"},
    {"rush gen --count 1", "unknown command 'rush gen' (did you mean 'generate'?)"},
    {"rush grad -",
     "(did you mean 'grade'?) (commands: grade, generate, enumerate; see frontier "
     "rush --help)"},
    {"rush enumerat --size 4", "did you mean 'enumerate'?"},
    {"pdb biuld 8puzzle", "unknown command 'pdb biuld' (did you mean 'build'?)"},
    {"pdb inf x.pdb", "did you mean 'info'?"},
    {"help solv", "did you mean 'solve'?"},
    {"help rush gen", "did you mean 'generate'?"},
    {"rush",
     "'frontier rush' needs a command: grade, generate, enumerate (see frontier rush "
     "--help)"},
    {"pdb", "'frontier pdb' needs a command: build, info"},
    // Puzzles.
    {"solve", "solve: missing domain (known: 8puzzle"},
    {"enumerate", "enumerate: missing domain"},
    {"solve 8pzzle '1 2 3 4 5 6 7 _ 8'", "unknown domain \"8pzzle\" (did you mean \"8puzzle\"?)"},
    {"enumerate 8puzle", "did you mean \"8puzzle\"?"},
    {"count queen 8", "did you mean \"queens\"?"},
    {"solve-batch 15puzle -", "did you mean \"15puzzle\"?"},
    {"compare 15puzle -", "did you mean \"15puzzle\"?"},
    {"play 8puzle", "did you mean \"8puzzle\"?"},
    // Options of a puzzle.
    {"solve" + k8 + " --algoritm astar",
     "8puzzle takes no --algoritm option; did you mean "
     "'--algorithm'?"},
    {"solve" + k8 + " --heurstic manhattan", "did you mean '--heuristic'?"},
    {"solve" + k8 + " --thread 2", "did you mean '--threads'?"},
    {"solve" + k8 + " --threads two", "--threads: expected a decimal integer"},
    {"enumerate 8puzzle --max-dept 3", "did you mean '--max-depth'?"},
    {"enumerate 8puzzle --tow-bit", "did you mean '--two-bit'?"},
    {"enumerate sliding:3x3 --two-bits", "did you mean '--two-bit'?"},
    {"count queens 8 --uniq", "queens takes no --uniq option; did you mean '--unique'?"},
    // Names of algorithms and heuristics.
    {"solve" + k8 + " --algorithm ida", "unknown algorithm \"ida\""},
    {"solve" + k8 + " --algorithm ida", "did you mean \"idastar\"?"},
    {"solve" + k8 + " --algorithm astr", "did you mean \"astar\"?"},
    {"solve" + k8 + " --heuristic manhatan", "did you mean \"manhattan\"?"},
    {"solve" + k8 + " --heuristic man", "did you mean \"manhattan\"?"},
    // Options of the other commands.
    {"bench --bogus", "'frontier bench' takes no --bogus option (see frontier bench --help)"},
    {"bench --workload x", "did you mean '--workloads'?"},
    {"lookup --bogus", "'frontier lookup' takes no --bogus option"},
    {"lookup --jsn x.table", "did you mean '--json'? (see frontier lookup --help)"},
    {"lookup", "file is required (see frontier lookup --help)"},
    // Every Hanoi position is solvable: the switch that skips the unsolvability check is not
    // offered there.
    {"solve hanoi:3 --no-parity-check", "hanoi:3 takes no --no-parity-check option"},
    {"rush grade --csv",
     "'frontier rush grade' takes no --csv option (see frontier rush grade "
     "--help)"},
    {"rush grade - --chek", "did you mean '--check'?"},
    {"rush grade", "(see frontier rush grade --help)"},
    {"rush generate --cont 1", "did you mean '--count'?"},
    {"rush enumerate --size 4 --wall 1", "did you mean '--walls'?"},
    {"rush enumerate --size 4 --out", "(see frontier rush enumerate --help)"},
    {"pdb info --json", "'frontier pdb info' takes no --json option"},
    {"pdb build 8puzzle --partiton 4-4", "did you mean '--partition'?"},
    // A state typed without quotes: its words, in the order typed, quoted as one argument.
    {"solve 8puzzle 8 6 7 2 5 4 3 _ 1",
     "solve 8puzzle: a state is one argument: quote it, \"8 6 7 2 5 4 3 _ 1\""},
    {"solve 8puzzle 8 6 7 2 5 --algorithm bfs 4 3 _ 1", "quote it, \"8 6 7 2 5 4 3 _ 1\""},
    {"count queens 8 9 10", "count queens: unexpected arguments '9 10'"},
    // Options before the puzzle: the command line in its order.
    {"solve --algorithm bfs 8puzzle '8 6 7 2 5 4 3 _ 1'",
     "solve: the puzzle comes right after the command; options go after it (frontier solve "
     "8puzzle --algorithm bfs '8 6 7 2 5 4 3 _ 1')"},
    {"enumerate --two-bit", "options go after it (frontier enumerate PUZZLE --two-bit ...)"},
    // Numbers too large for their option, whatever its width.
    {"count queens 9999999999999999999999999999999999999999",
     "count queens: N: too large (at most 2147483647)"},
    {"count queens -9999999999", "count queens: N: too small (at least -2147483648)"},
    {"rush generate --count 9999999999999999999999999999999999999999",
     "--count: too large (at most 2147483647)"},
    {"rush generate --count 2147483648", "--count: too large (at most 2147483647)"},
};

TEST(CliTypos, EachGetsOneErrorLineWithItsSuggestion) {
    ASSERT_GE(kTypos.size(), 40u);
    for (const Typo& t : kTypos) {
        SCOPED_TRACE("frontier " + t.args);
        const test::CliResult r = test::run_frontier(t.args + " < /dev/null");
        test::expect_input_error(r, t.says);
        EXPECT_EQ(r.out, "");
    }
}

TEST(CliTypos, BareFrontierPrintsTheUsage) {
    const test::CliResult r = test::run_frontier("");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Usage: frontier"), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace frontier
