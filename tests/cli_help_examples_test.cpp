// Every help page ends with examples, and every example runs. The pages are found the way a user
// finds them: the commands `frontier --help` lists, the commands of each group (`frontier rush
// --help`), and for each verb the puzzles its help lists (`frontier solve --help`: one page per
// line of its puzzle list). An example is a line of an "Examples:" block: two spaces, then a
// command that runs frontier (directly or at the end of a pipe). Each runs in a scratch
// directory beside a link to ../shared, as a user following the README would, and must exit 0.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The indented entries of a section ("Subcommands:", "Domains (run ...):"), first word of each.
std::vector<std::string> section_entries(const std::string& help, const std::string& heading) {
    std::vector<std::string> names;
    bool in = false;
    for (const std::string& line : lines_of(help)) {
        if (line.rfind(heading, 0) == 0) {
            in = true;
            continue;
        }
        if (!in) continue;
        if (line.rfind("  ", 0) != 0) break;
        if (line.rfind("   ", 0) == 0) continue;  // a wrapped description
        std::string name = line.substr(2, line.find_first_of(" ,", 2) - 2);
        // A family's name with its parameter: one member of it.
        if (const auto colon = name.find(':'); colon != std::string::npos)
            name = name.substr(0, colon) + ":3";
        names.push_back(name);
    }
    return names;
}

// Every help page: "solve", "solve 8puzzle", "rush grade", ...
std::vector<std::string> help_pages() {
    std::vector<std::string> pages;
    const std::string top = test::run_frontier("--help").out;
    for (const std::string& command : section_entries(top, "Subcommands:")) {
        if (command == "help") continue;
        pages.push_back(command);
        const std::string help = test::run_frontier(command + " --help").out;
        for (const std::string& sub : section_entries(help, "Subcommands:"))
            pages.push_back(command + " " + sub);
        for (const std::string& puzzle : section_entries(help, "Domains"))
            pages.push_back(command + " " + puzzle);
    }
    return pages;
}

std::vector<std::string> examples_of(const std::string& help) {
    std::vector<std::string> examples;
    bool in = false;
    for (const std::string& line : lines_of(help)) {
        if (line == "Examples:") {
            in = true;
            continue;
        }
        if (!in) continue;
        if (line.rfind("  ", 0) != 0) {
            in = false;
            continue;
        }
        std::string command = line.substr(2);
        if (const auto note = command.find("   #"); note != std::string::npos) command.erase(note);
        if (!examples.empty() && examples.back().ends_with('\\')) {  // continued
            examples.back().pop_back();
            examples.back() += command.substr(command.find_first_not_of(' '));
        } else {
            examples.push_back(command);
        }
    }
    return examples;
}

// `text` as one shell word.
std::string single_quoted(const std::string& text) {
    std::string q = "'";
    for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

TEST(CliHelpExamples, EveryHelpPageHasExamplesThatRun) {
    const std::vector<std::string> pages = help_pages();
    // The command tree as the help shows it today: ten commands, five group commands, and
    // the verbs' puzzle pages; a page lost from the listing fails here too.
    ASSERT_GE(pages.size(), 45u);
    std::map<std::string, std::string> first_page_of;  // example -> a page showing it
    for (const std::string& page : pages) {
        const auto r = test::run_frontier(page + " --help");
        ASSERT_EQ(r.exit_code, 0) << page << "\n" << r.err;
        const std::vector<std::string> examples = examples_of(r.out);
        EXPECT_FALSE(examples.empty()) << "frontier " << page << " --help has no examples\n"
                                       << r.out;
        for (const std::string& e : examples) {
            EXPECT_NE(e.find("frontier "), std::string::npos) << page << ": " << e;
            first_page_of.emplace(e, page);
        }
    }
    const std::string root = test::temp_dir();
    const std::filesystem::path data = test::data_file("");
    std::filesystem::create_directories(root + "/bin");
    std::filesystem::create_directories(root + "/work");
    std::filesystem::create_symlink(test::frontier_binary(), root + "/bin/frontier");
    std::filesystem::create_directory_symlink(
        std::filesystem::absolute(data).lexically_normal().parent_path().parent_path(),
        root + "/shared");
    for (const auto& [example, page] : first_page_of) {
        const auto start = std::chrono::steady_clock::now();
        const auto r = test::run_shell("cd " + root + "/work && PATH=" + root +
                                       "/bin:$PATH timeout 120 sh -c " + single_quoted(example) +
                                       " < /dev/null");
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_EQ(r.exit_code, 0) << "frontier " << page << " --help: " << example << "\n"
                                  << r.err.substr(0, 2000);
        // Examples are for reading and trying: seconds, not minutes.
        EXPECT_LT(seconds, 30) << example;
    }
    std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace frontier
