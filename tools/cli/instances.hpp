// The instances of a batch file (solve-batch, compare, rush grade): one state per line, or a TSV
// file whose header names the state column and, optionally, the id and expected-answer columns.
//
// One reader serves every batch command. A UTF-8 byte-order mark at the start is ignored; blank
// lines and lines starting with '#' are skipped.
// When the first other line holds a tab and names a state column (tiles, state, board, board36,
// puzzle, puzzle81), it is a header, and each row's columns are read by name: id; the expected
// solution length (optimal_length, optimal_moves, length, moves); the expected solution
// (solution, solution81); the expected cluster size (cluster_size, cluster).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace frontier::cli {

// One instance of a batch file.
struct Instance {
    int line = 0;          // 1-based line number in the file
    std::string id;        // the id column, or the line number
    std::string state;     // the state text
    std::string expected;  // the expected solution length column, when the file has one
    std::string solution;  // the expected solution column (solution, solution81), if any
    std::string cluster;   // the expected cluster size column (cluster_size), if any
    std::string error;     // a row without its state column: "missing column board36"
};

// Streams the instances of a file ('-' = stdin). Not thread-safe.
//
// The input is read in large blocks (a read(2) returns what a pipe holds, so a slow writer's
// lines are not held back) and cut into lines in place; next() assigns into the strings of the
// Instance it is given, so a caller that hands the same Instance objects back reads a file of
// any length without allocating. Sudoku batches spend as long on a line-by-line reader as on
// solving.
class InstanceReader {
  public:
    // InputError when the file cannot be opened.
    explicit InstanceReader(const std::string& path);
    ~InstanceReader();
    InstanceReader(const InstanceReader&) = delete;
    InstanceReader& operator=(const InstanceReader&) = delete;
    // The next instance; false at the end of the input.
    bool next(Instance& out);
    // "stdin" or the path, for messages.
    const std::string& name() const { return name_; }

  private:
    enum class Got { line, end, too_long };
    Got read_line(std::string_view& line);
    bool read_header(std::string_view line);

    int fd_ = 0;  // standard input unless a path was given
    bool owns_fd_ = false;
    std::string name_;
    std::unique_ptr<char[]> buffer_;
    std::size_t capacity_ = 0, begin_ = 0, end_ = 0;
    std::size_t scanned_ = 0;  // bytes after begin_ known to hold no '\n'
    bool eof_ = false;
    int line_ = 0;
    bool header_checked_ = false;
    std::vector<std::string> header_;
    std::vector<std::string_view> fields_;  // the current row's columns, reused
    int state_col_ = -1, id_col_ = -1, expected_col_ = -1, solution_col_ = -1, cluster_col_ = -1;
};

// Every instance of a file; a row without its state column comes with its `error` set, for the
// caller to report under the batch policy.
std::vector<Instance> read_instances(const std::string& path);

}  // namespace frontier::cli
