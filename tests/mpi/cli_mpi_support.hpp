// What the tests of frontier under mpiexec share: the launcher, the environment Open MPI needs
// here, and jobs started in the background (to kill or interrupt them).
#pragma once

#include <dirent.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include "tests/support/test_support.hpp"

extern char** environ;

namespace frontier::test {

// Open MPI refuses root without these (CI runs as root), and containers often forbid the
// cross-process memory reads of its shared-memory transport; ctest sets them too.
inline const bool kMpiEnvironmentSet = [] {
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
    ::setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 0);
    return true;
}();

inline std::string mpiexec(int ranks) {
    return std::string(FRONTIER_MPIEXEC) + " " + FRONTIER_MPIEXEC_NP + " " + std::to_string(ranks);
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// How many times `what` occurs in `text`.
inline int occurrences(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The pids of the processes whose parent is `parent` and whose name is `name`.
inline std::vector<pid_t> children(pid_t parent, const std::string& name) {
    std::vector<pid_t> pids;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string pid = entry.path().filename();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        std::getline(in, stat);
        const auto open = stat.find('('), close = stat.rfind(')');
        if (open == std::string::npos || close == std::string::npos) continue;
        std::istringstream rest(stat.substr(close + 2));
        char state;
        pid_t ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent && stat.substr(open + 1, close - open - 1) == name)
            pids.push_back(std::stoi(pid));
    }
    return pids;
}

// A shell command line started in the background (sh execs it, so pid is the command's own),
// and the seconds since it started. pid is 0 when it could not start.
struct BackgroundJob {
    explicit BackgroundJob(const std::string& command) {
        const std::string line = "exec " + command;
        const char* argv[] = {"sh", "-c", line.c_str(), nullptr};
        if (::posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ) !=
            0)
            pid = 0;
    }
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    pid_t pid = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

// Runs `command` (a shell command line) and kills it after `seconds` unless it ended first.
// Returns whether it was killed.
inline bool run_killed_after(const std::string& command, double seconds) {
    const BackgroundJob background(command + " >/dev/null 2>&1");
    const pid_t job = background.pid;
    if (job == 0) return false;
    int status = 0;
    while (::waitpid(job, &status, WNOHANG) == 0) {
        if (background.elapsed() > seconds) {
            // A rank dies (as a machine would): mpiexec then ends the others.
            const std::vector<pid_t> ranks = children(job, "frontier");
            if (!ranks.empty()) ::kill(ranks.back(), SIGKILL);
            ::kill(job, SIGTERM);
            ::waitpid(job, &status, 0);
            for (pid_t p : ranks) ::kill(p, SIGKILL);
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// `frontier enumerate BOARD --two-bit --distributed` over each of `ranks` gives the one-process
// table: the same layers and directions, shards whose payloads side by side are the one file's
// bytes, and the same lookup answers on random states (and an unsolvable one).
inline void expect_two_bit_shards_are_the_one_file_table(int rows, int cols,
                                                         const std::vector<int>& ranks) {
    using nlohmann::json;
    const std::string dir = temp_dir();
    const std::string board = "sliding:" + std::to_string(rows) + "x" + std::to_string(cols);
    const auto one =
        run_frontier("enumerate " + board + " --two-bit --json --out " + dir + "/one.2bit");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const json expected = json::parse(one.out);
    const SlidingTiles d(rows, cols);
    std::mt19937_64 rng(static_cast<std::uint64_t>(rows * 10 + cols));
    std::string states;
    for (int i = 0; i < 200; ++i) states += format_tiles(d, random_solvable(d, rng)) + "\n";
    states += "2 1";  // the goal with two tiles swapped: the other half
    for (int t = 3; t < rows * cols; ++t) states.append(" ").append(std::to_string(t));
    states += " _\n";
    const auto answers = [&](const std::string& table) {
        const auto r = run_frontier("lookup --json " + table, states);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        json out = json::parse(r.out);
        for (json& row : out) row.erase("microseconds");
        return out;
    };
    const json reference = answers(dir + "/one.2bit");
    ASSERT_EQ(reference.size(), 201u);
    EXPECT_EQ(reference[200]["status"], "unsolvable");
    const TableFile file = TableFile::open(dir + "/one.2bit");
    const auto bytes = file.payload();
    for (const int n : ranks) {
        const std::string shards = dir + "/shards" + std::to_string(n);
        const auto r = run_frontier_with(mpiexec(n), "enumerate " + board +
                                                         " --two-bit --distributed --threads 1 "
                                                         "--json --out " +
                                                         shards);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const json got = json::parse(r.out);  // one object: only rank 0 printed
        const std::string what = board + ", " + std::to_string(n) + " ranks";
        EXPECT_EQ(got["layers"], expected["layers"]) << what;
        // One process runs the planar search on this board (all 'w'); the ranks run the general
        // one, whose directions match one process's in two_bit_distributed_test.cpp.
        EXPECT_EQ(got["directions"].get<std::string>().size(),
                  expected["directions"].get<std::string>().size())
            << what;
        EXPECT_EQ(got["farthest"], expected["farthest"]) << what;
        EXPECT_EQ(got["ranks"], n);
        std::vector<std::uint8_t> joined;
        for (int k = 0; k < n; ++k) {
            char name[64];
            std::snprintf(name, sizeof name, "/shard-%04d-of-%04d.table", k, n);
            const TableFile shard = TableFile::open(shards + name);
            joined.insert(joined.end(), shard.payload().begin(), shard.payload().end());
        }
        EXPECT_TRUE(std::equal(joined.begin(), joined.end(), bytes.begin(), bytes.end())) << what;
        EXPECT_EQ(answers(shards), reference) << what;
    }
    std::filesystem::remove_all(dir);
}

}  // namespace frontier::test
