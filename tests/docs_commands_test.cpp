// The docs run as written, and say one thing once.
//
// Every shell command of README.md, docs/tutorial.md and docs/howto/*.md (the lines of their
// indented code blocks that start with `mkdir `, `build/tools/frontier ` or `mpirun `,
// continuation lines joined) runs, page by page and in order, from a copy of the repository's
// layout, and exits with 0 or with the status its comment names (`# exit 2`). A line whose
// comment starts with `long` is skipped (it takes minutes, or needs what a long line makes); its
// comment must then say how long it took (`# long: ~35 min`) or what it needs
// (`# long (needs out/korf/)`). The commands write only under out/, which .gitignore lists.
//
// And: README's results table (between `<!-- results begin -->` and `<!-- results end -->`) is
// the one in docs/performance.md, byte for byte; no page names an issue by number; the pages a
// reader is meant to read (docs/notes/ aside) stay within 21,000 words.
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

const fs::path kSource = FRONTIER_SOURCE_DIR;

struct DocCommand {
    int line = 0;  // 1-based line of the page where the command starts
    std::string text;
    bool long_running = false;
    std::string long_note;  // the comment after `long`
    int expected_exit = 0;
};

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A comment is "#" after whitespace, outside quotes (no documented command quotes a "#").
std::vector<DocCommand> doc_commands(const std::string& page) {
    std::vector<std::string> lines;
    std::istringstream in(page);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    std::vector<DocCommand> out;
    static const std::regex long_mark(R"(\s#\s*long\b(.*))"), exit_mark(R"(\s#\s*exit (\d+))");
    bool fenced = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("```", 0) == 0) fenced = !fenced;
        if (fenced || lines[i].rfind("    ", 0) != 0) continue;  // not in an indented block
        std::string text = lines[i].substr(lines[i].find_first_not_of(' '));
        if (text.rfind("build/tools/frontier ", 0) != 0 && text.rfind("mpirun ", 0) != 0 &&
            text.rfind("mkdir ", 0) != 0)
            continue;
        DocCommand c;
        c.line = static_cast<int>(i) + 1;
        while (!text.empty() && text.back() == '\\' && i + 1 < lines.size()) {
            text.pop_back();
            const std::string& next = lines[++i];
            text += next.substr(std::min(next.find_first_not_of(' '), next.size()));
        }
        c.text = text;
        if (std::smatch m; std::regex_search(text, m, long_mark)) {
            c.long_running = true;
            c.long_note = m[1];
        }
        if (std::smatch m; std::regex_search(text, m, exit_mark)) c.expected_exit = std::stoi(m[1]);
        out.push_back(c);
    }
    return out;
}

bool is_mpi_line(const DocCommand& c) {
    return c.text.rfind("mpirun ", 0) == 0;
}

// The pages whose commands run: the front page, the tutorial and the how-to guides.
std::vector<fs::path> runnable_pages() {
    std::vector<fs::path> pages{kSource / "README.md", kSource / "docs" / "tutorial.md"};
    std::vector<fs::path> howtos;
    for (const auto& e : fs::directory_iterator(kSource / "docs" / "howto"))
        if (e.path().extension() == ".md") howtos.push_back(e.path());
    std::sort(howtos.begin(), howtos.end());
    pages.insert(pages.end(), howtos.begin(), howtos.end());
    return pages;
}

// Every Markdown page a reader is meant to read: README.md and docs/ but docs/notes/.
std::vector<fs::path> reader_pages() {
    std::vector<fs::path> pages{kSource / "README.md"};
    for (const auto& e : fs::recursive_directory_iterator(kSource / "docs")) {
        const std::string rel = fs::relative(e.path(), kSource / "docs").string();
        if (e.path().extension() == ".md" && rel.rfind("notes/", 0) != 0) pages.push_back(e.path());
    }
    return pages;
}

TEST(DocsCommands, FindsTheCommandsOfEveryPageAndTheirMarks) {
    const auto pages = runnable_pages();
    ASSERT_GE(pages.size(), 6u);  // README, the tutorial and at least four how-to guides
    int total = 0;
    std::set<std::string> short_ones, long_ones;
    for (const fs::path& page : pages) {
        SCOPED_TRACE(page.string());
        const auto commands = doc_commands(read_text(page));
        EXPECT_FALSE(commands.empty());
        for (const auto& c : commands) {
            (c.long_running ? long_ones : short_ones).insert(c.text);
            ++total;
            // A long line says how long it took, or which long line's output it needs.
            if (c.long_running) {
                EXPECT_TRUE(std::regex_search(
                    c.long_note, std::regex(R"(^(:\s*~?[0-9][0-9.,]*\s*(s|min|h)\b|\s*\(needs ))")))
                    << page.filename() << ":" << c.line << ": " << c.text;
            }
            if (!is_mpi_line(c)) continue;
            // Every mpirun line carries what it needs as root; more ranks than cores, too.
            EXPECT_NE(c.text.find("--allow-run-as-root"), std::string::npos) << c.text;
            if (c.text.find("-np 4") != std::string::npos) {
                EXPECT_NE(c.text.find("--oversubscribe"), std::string::npos) << c.text;
            }
        }
    }
    EXPECT_GE(total, 60);
    const auto has = [](const std::set<std::string>& set, const std::string& fragment) {
        for (const auto& t : set)
            if (t.find(fragment) != std::string::npos) return true;
        return false;
    };
    // The parser sees continuation lines and both kinds of line.
    EXPECT_TRUE(has(short_ones, "compare 8puzzle docs/examples/course.txt"));
    EXPECT_TRUE(has(short_ones,
                    "--goal \"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\" --algorithm "
                    "idastar --heuristic lc"));
    EXPECT_TRUE(has(long_ones, "enumerate sliding:7x2 --two-bit"));
    EXPECT_TRUE(has(short_ones, "--hostfile docs/examples/hostfile"));
    // The outputs go to out/, which git ignores.
    EXPECT_NE(read_text(kSource / ".gitignore").find("\n/out/\n"), std::string::npos);
}

// Runs one page's short commands in order in a fresh copy of the checkout's layout: build/ and
// docs/ (the example inputs) linked, and ../shared/data beside it, as on a fresh machine.
void run_page(const fs::path& page) {
    const fs::path top = test::temp_dir();
    const fs::path root = top / "frontier";
    fs::create_directories(root);
    fs::create_directories(top / "shared");
    fs::create_directory_symlink(fs::path(test::frontier_binary()).parent_path().parent_path(),
                                 root / "build");
    fs::create_directory_symlink(kSource / "docs", root / "docs");
    fs::create_directory_symlink(fs::absolute(FRONTIER_DATA_DIR), top / "shared" / "data");
    for (const DocCommand& c : doc_commands(read_text(page))) {
        if (c.long_running) continue;
        if (is_mpi_line(c) &&
            (!FRONTIER_WITH_MPI || c.text.find("build/tools/frontier") == std::string::npos))
            continue;
        SCOPED_TRACE(page.filename().string() + ":" + std::to_string(c.line) + ": " + c.text);
        std::ofstream(top / "command.sh") << c.text << '\n';
        const std::string shell = "cd " + root.string() + " && bash " +
                                  (top / "command.sh").string() + " </dev/null >" +
                                  (top / "stdout").string() + " 2>" + (top / "stderr").string();
        const int status = std::system(shell.c_str());
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        const std::string err = read_text(top / "stderr");
        EXPECT_EQ(code, c.expected_exit) << err;
        if (c.expected_exit == 0) {
            EXPECT_EQ(err.find("error"), std::string::npos) << err;
        }
    }
    // Nothing was written beside build/, docs/ and out/.
    for (const auto& e : fs::directory_iterator(root)) {
        EXPECT_TRUE(std::set<std::string>({"build", "docs", "out"}).count(e.path().filename()))
            << "written outside out/: " << e.path();
    }
    fs::remove_all(top);
}

class DocsPage : public ::testing::TestWithParam<std::string> {};

TEST_P(DocsPage, EveryShortCommandRunsAsWritten) {
    run_page(kSource / GetParam());
}

INSTANTIATE_TEST_SUITE_P(Pages, DocsPage, ::testing::ValuesIn([] {
                             std::vector<std::string> names;
                             for (const fs::path& p : runnable_pages())
                                 names.push_back(fs::relative(p, kSource).string());
                             return names;
                         }()),
                         [](const auto& info) {
                             std::string name = info.param;
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return name;
                         });

std::string marked_block(const std::string& text) {
    const std::string begin = "<!-- results begin -->", end = "<!-- results end -->";
    const auto b = text.find(begin), e = text.find(end);
    if (b == std::string::npos || e == std::string::npos || e < b) return "";
    return text.substr(b, e + end.size() - b);
}

TEST(DocsConsistency, ReadmeResultsAreThePerformanceReportsOwn) {
    const std::string readme = marked_block(read_text(kSource / "README.md"));
    ASSERT_FALSE(readme.empty()) << "README.md has no results block";
    EXPECT_EQ(readme, marked_block(read_text(kSource / "docs" / "performance.md")));
    // Every row has an anchor and a Frontier figure, and every reference is resolved.
    std::istringstream rows(readme);
    int table_rows = 0;
    for (std::string row; std::getline(rows, row);) {
        if (row.rfind("| ", 0) != 0 || row.find("---") != std::string::npos) continue;
        if (++table_rows == 1) continue;  // the heading
        std::smatch m;
        ASSERT_TRUE(std::regex_search(row, m, std::regex(R"(\[(\d)\])"))) << row;
        EXPECT_NE(readme.find("[" + m[1].str() + "] "), std::string::npos) << row;
    }
    EXPECT_GE(table_rows, 5);
}

TEST(DocsConsistency, NoIssueNumbersAndAReadableSize) {
    const std::regex issue(R"(\b[Ii]ssues? #?[0-9]+)");
    long words = 0;
    for (const fs::path& page : reader_pages()) {
        const std::string text = read_text(page);
        std::smatch m;
        EXPECT_FALSE(std::regex_search(text, m, issue)) << page << ": " << m.str();
        std::istringstream in(text);
        for (std::string w; in >> w;) ++words;
    }
    EXPECT_LE(words, 21000) << "README.md and docs/ (docs/notes/ aside)";
}

}  // namespace
}  // namespace frontier
