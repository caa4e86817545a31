// Test helpers: run the frontier binary and capture its output; locate the reference data.
#pragma once

#include <cstdint>
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
// The same with a launcher in front of the binary ("mpiexec -np 2").
CliResult run_frontier_with(const std::string& launcher, const std::string& args,
                            const std::string& input = "");
// Runs any shell command the same way (stdin from `input`, stdout and stderr captured).
CliResult run_shell(const std::string& command, const std::string& input = "");
// Path of the frontier binary under test.
std::string frontier_binary();

// Checks a bad-input outcome: exit status 2 and one stderr line "frontier: error: ..." that
// contains `fragment`.
void expect_input_error(const CliResult& r, const std::string& fragment);

// Path of a file in ../shared/data (the FRONTIER_DATA_DIR the build was configured with).
std::string data_file(const std::string& name);

// Lines of a tab-separated file, split into fields; the header row is the first element.
std::vector<std::vector<std::string>> read_tsv(const std::string& path);

// A fresh temporary directory for one test, removed with its contents when the process exits.
std::string temp_dir();

// The InputError message of opening `path` as a table file, "" when it opens.
std::string table_open_error(const std::string& path);

// OEIS A089473: 8-puzzle states by distance from the goal (the published counts every
// enumeration test checks against).
inline const std::vector<std::uint64_t> k8PuzzleLayers = {
    1,     2,     4,     8,     16,    20,   39,   62,   116,   152,   286,
    396,   748,   1024,  1893,  2512,  4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760,  221,   2};

// Number of lines in a string.
int count_lines(const std::string& s);

}  // namespace frontier::test
