// Test helpers: run the frontier binary and capture its output; locate the reference data.
#pragma once

#include <string>
#include <vector>

namespace frontier::test {

struct CliResult {
    int exit_code = -1;
    std::string out;  // stdout
    std::string err;  // stderr
};

// Runs `frontier ARGS` through the shell (ARGS is shell-quoted by the caller), optionally with
// `input` on stdin.
CliResult run_frontier(const std::string& args, const std::string& input = "");

// Checks a bad-input outcome: exit status 2 and one stderr line "frontier: error: ..." that
// contains `fragment`.
void expect_input_error(const CliResult& r, const std::string& fragment);

// Path of a file in ../shared/data (the FRONTIER_DATA_DIR the build was configured with).
std::string data_file(const std::string& name);

// Lines of a tab-separated file, split into fields; the header row is the first element.
std::vector<std::vector<std::string>> read_tsv(const std::string& path);

// A fresh temporary directory for one test, removed by the caller if it likes.
std::string temp_dir();

// Number of lines in a string.
int count_lines(const std::string& s);

}  // namespace frontier::test
