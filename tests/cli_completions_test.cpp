// The shell completions and the manual page come from the program's own command tree: the bash
// script loads without error and completes commands at each depth, puzzle names and options;
// the manual page renders with man and names every command.
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

// What the bash completion offers after `words` (the last one being completed).
std::string complete_in_bash(const std::string& script, const std::string& words) {
    const test::CliResult r = test::run_shell(
        "bash --norc --noprofile -c 'source " + script + " && COMP_WORDS=(" + words +
        ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _frontier; echo \"${COMPREPLY[*]}\"'");
    return r.out + r.err;
}

TEST(CliCompletions, BashCompletesCommandsPuzzlesAndOptions) {
    const std::string dir = test::temp_dir();
    const std::string script = dir + "/frontier.bash";
    const auto r = test::run_frontier("completions bash");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ofstream(script) << r.out;
    EXPECT_EQ(complete_in_bash(script, "frontier so"), "solve solve-batch\n");
    EXPECT_EQ(complete_in_bash(script, "frontier rush g"), "grade generate\n");
    EXPECT_EQ(complete_in_bash(script, "frontier pdb b"), "build\n");
    EXPECT_EQ(complete_in_bash(script, "frontier enumerate hano"), "hanoi:\n");
    EXPECT_EQ(complete_in_bash(script, "frontier solve 8puzzle --algo"), "--algorithm\n");
    EXPECT_EQ(complete_in_bash(script, "frontier rush enumerate --wal"), "--walls\n");
    EXPECT_EQ(complete_in_bash(script, "frontier lookup --js"), "--json\n");
    for (const char* shell : {"zsh", "fish"}) {
        const auto s = test::run_frontier(std::string("completions ") + shell);
        EXPECT_EQ(s.exit_code, 0) << shell;
        EXPECT_NE(s.out.find("rush_grade"), std::string::npos) << shell;
    }
    test::expect_input_error(test::run_frontier("completions tcsh"), "unknown shell \"tcsh\"");
}

TEST(CliCompletions, TheManualPageRendersAndNamesEveryCommand) {
    const std::string dir = test::temp_dir();
    const std::string page = dir + "/frontier.1";
    const auto r = test::run_frontier("man");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ofstream(page) << r.out;
    const test::CliResult shown = test::run_shell("MANWIDTH=100 man -l " + page);
    EXPECT_EQ(shown.exit_code, 0) << shown.err;
    const std::string& text = shown.out;
    for (const char* want :
         {"FRONTIER(1)", "SYNOPSIS", "solve PUZZLE", "rush grade", "rush enumerate", "pdb build",
          "lookup", "bench", "EXIT STATUS", "130", "EXAMPLES", "frontier count queens 10",
          // a continued example, joined into one line, and a printf's \n kept as written
          "frontier pdb build 8puzzle --partition 4-4 --out-dir pdb44 && frontier pdb info",
          "printf '1 2 3 4 5 6 _ 7 8\\n8 6 7 2 5 4 3 _ 1\\n'"})
        EXPECT_NE(text.find(want), std::string::npos) << want << "\n" << text;
    EXPECT_EQ(text.find("completions"), std::string::npos) << "a hidden command is listed";
    // Families are listed as the help spells them, with their parameters.
    for (const char* family : {"sliding:RxC", "hanoi:N", "pancake:N"})
        EXPECT_NE(text.find(family), std::string::npos) << family << "\n" << text;
}

}  // namespace
}  // namespace frontier
