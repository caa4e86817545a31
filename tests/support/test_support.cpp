#include "tests/support/test_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier::test {

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

CliResult run_frontier(const std::string& args, const std::string& input) {
    return run_frontier_with("", args, input);
}

std::string frontier_binary() {
    return FRONTIER_BIN;
}

CliResult run_frontier_with(const std::string& launcher, const std::string& args,
                            const std::string& input) {
    return run_shell(
        (launcher.empty() ? "" : launcher + " ") + std::string(FRONTIER_BIN) + " " + args, input);
}

CliResult run_shell(const std::string& command, const std::string& input) {
    const std::string dir = temp_dir();
    const std::string in = dir + "/in", out = dir + "/out", err = dir + "/err";
    std::ofstream(in) << input;
    const int status = std::system(("(" + command + ") <" + in + " >" + out + " 2>" + err).c_str());
    CliResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out);
    r.err = slurp(err);
    std::filesystem::remove_all(dir);
    return r;
}

void expect_input_error(const CliResult& r, const std::string& fragment) {
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind("frontier: error: ", 0), 0u) << r.err;
}

std::string data_file(const std::string& name) {
    const std::string path = std::string(FRONTIER_DATA_DIR) + "/" + name;
    if (!std::filesystem::exists(path))
        throw std::runtime_error("reference data missing: " + path +
                                 " (configure with -DFRONTIER_DATA_DIR=...)");
    return path;
}

std::vector<std::vector<std::string>> read_tsv(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        std::vector<std::string> fields;
        std::stringstream ss(line);
        for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
        rows.push_back(fields);
    }
    return rows;
}

namespace {

// The directories temp_dir() made, removed when the test process exits (each test runs in its own
// process under ctest), so a run of the suite leaves nothing in the temporary directory.
class TempDirs {
  public:
    ~TempDirs() {
        std::error_code ignored;
        for (const std::string& dir : dirs_) std::filesystem::remove_all(dir, ignored);
    }
    void add(const std::string& dir) { dirs_.push_back(dir); }

  private:
    std::vector<std::string> dirs_;
};

}  // namespace

std::string temp_dir() {
    static TempDirs made;
    std::string tmpl = (std::filesystem::temp_directory_path() / "frontier-test-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    made.add(tmpl);
    return tmpl;
}

int count_lines(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

std::string table_open_error(const std::string& path) {
    try {
        TableFile::open(path);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace frontier::test
