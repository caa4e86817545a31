// The README runs as written: every `build/tools/frontier ...` command in its code blocks (and the
// `mpirun` lines that start it, when this build has MPI) runs from a copy of the repository's
// layout and exits with 0, or with the status its comment names (`# exit 1: ...`). Lines whose
// comment starts with `long` are skipped (they take minutes, or need what a long line makes).
// The commands must write only under out/, the directory .gitignore lists.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

namespace fs = std::filesystem;

struct ReadmeCommand {
    int line = 0;  // 1-based line of README.md where the command starts
    std::string text;
    bool long_running = false;
    int expected_exit = 0;
};

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The shell commands of README.md's indented code blocks that start with `mkdir`,
// `build/tools/frontier` or `mpirun`, continuation lines (a trailing backslash) joined.
std::vector<ReadmeCommand> readme_commands(const std::string& readme) {
    std::vector<std::string> lines;
    std::istringstream in(readme);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    std::vector<ReadmeCommand> out;
    // A comment is "#" after whitespace, outside quotes in every README line (none quote a "#").
    static const std::regex long_mark(R"(\s#\s*long\b)"), exit_mark(R"(\s#\s*exit (\d+))");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("    ", 0) != 0) continue;  // not in an indented code block
        std::string text = lines[i].substr(lines[i].find_first_not_of(' '));
        if (text.rfind("build/tools/frontier ", 0) != 0 && text.rfind("mpirun ", 0) != 0 &&
            text.rfind("mkdir ", 0) != 0)
            continue;
        ReadmeCommand c;
        c.line = static_cast<int>(i) + 1;
        while (!text.empty() && text.back() == '\\' && i + 1 < lines.size()) {
            text.pop_back();
            const std::string& next = lines[++i];
            text += next.substr(std::min(next.find_first_not_of(' '), next.size()));
        }
        c.text = text;
        c.long_running = std::regex_search(text, long_mark);
        if (std::smatch m; std::regex_search(text, m, exit_mark)) c.expected_exit = std::stoi(m[1]);
        out.push_back(c);
    }
    return out;
}

bool is_mpi_line(const ReadmeCommand& c) {
    return c.text.rfind("mpirun ", 0) == 0;
}

const std::string kReadme = std::string(FRONTIER_SOURCE_DIR) + "/README.md";

TEST(CliReadme, FindsTheCommandsAndTheLongMarks) {
    const auto commands = readme_commands(read_text(kReadme));
    ASSERT_GE(commands.size(), 40u);
    std::set<std::string> short_ones, long_ones;
    for (const auto& c : commands) (c.long_running ? long_ones : short_ones).insert(c.text);
    // The parser sees continuation lines and both kinds of line; what the test then runs and
    // skips is what the README says.
    const auto has = [](const std::set<std::string>& set, const std::string& fragment) {
        for (const auto& t : set)
            if (t.find(fragment) != std::string::npos) return true;
        return false;
    };
    EXPECT_TRUE(has(short_ones, "compare 8puzzle docs/examples/course.txt"));
    EXPECT_TRUE(has(short_ones, "rush grade docs/examples/rush.txt --threads 2 > out/graded.tsv"));
    EXPECT_TRUE(has(short_ones,
                    "--goal \"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\" --algorithm "
                    "idastar --heuristic lc"));
    EXPECT_TRUE(has(long_ones, "enumerate sliding:7x2 --two-bit"));
    EXPECT_TRUE(has(long_ones, "--hostfile docs/examples/hostfile"));
    EXPECT_FALSE(has(short_ones, "--hostfile"));
    // Every mpirun line carries what it needs as root; more ranks than cores, --oversubscribe.
    for (const auto& c : commands) {
        if (!is_mpi_line(c)) continue;
        EXPECT_NE(c.text.find("--allow-run-as-root"), std::string::npos) << c.text;
        if (c.text.find("-np 4") != std::string::npos) {
            EXPECT_NE(c.text.find("--oversubscribe"), std::string::npos) << c.text;
        }
    }
    // The outputs go to out/, which git ignores.
    EXPECT_NE(read_text(std::string(FRONTIER_SOURCE_DIR) + "/.gitignore").find("\n/out/\n"),
              std::string::npos);
}

TEST(CliReadme, EveryShortCommandRunsAsWritten) {
    // A copy of the checkout's layout: build/ and docs/ (the example inputs) linked, and
    // ../shared/data beside it, as on a fresh machine; the commands then run unchanged.
    const fs::path top = test::temp_dir();
    const fs::path root = top / "frontier";
    fs::create_directories(root);
    fs::create_directories(top / "shared");
    fs::create_directory_symlink(fs::path(test::frontier_binary()).parent_path().parent_path(),
                                 root / "build");
    fs::create_directory_symlink(fs::path(FRONTIER_SOURCE_DIR) / "docs", root / "docs");
    fs::create_directory_symlink(fs::absolute(FRONTIER_DATA_DIR), top / "shared" / "data");

    int ran = 0;
    for (const ReadmeCommand& c : readme_commands(read_text(kReadme))) {
        if (c.long_running) continue;
        if (is_mpi_line(c) &&
            (!FRONTIER_WITH_MPI || c.text.find("build/tools/frontier") == std::string::npos))
            continue;
        SCOPED_TRACE("README.md:" + std::to_string(c.line) + ": " + c.text);
        std::ofstream(top / "command.sh") << c.text << '\n';
        const std::string shell = "cd " + root.string() + " && bash " +
                                  (top / "command.sh").string() + " </dev/null >" +
                                  (top / "stdout").string() + " 2>" + (top / "stderr").string();
        const int status = std::system(shell.c_str());
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        EXPECT_EQ(code, c.expected_exit) << read_text(top / "stderr");
        EXPECT_EQ(read_text(top / "stderr").find("error"), std::string::npos)
            << read_text(top / "stderr");
        ++ran;
    }
    EXPECT_GE(ran, 30);
    // Nothing was written beside build/, docs/ and out/.
    std::set<std::string> entries;
    for (const auto& e : fs::directory_iterator(root)) entries.insert(e.path().filename());
    EXPECT_EQ(entries, (std::set<std::string>{"build", "docs", "out"}));
    EXPECT_TRUE(fs::exists(root / "out" / "graded.tsv"));
    fs::remove_all(top);
}

}  // namespace
}  // namespace frontier
