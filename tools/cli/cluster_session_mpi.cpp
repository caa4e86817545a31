// cluster_session() in a build with MPI.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "engine/mpi_cluster.hpp"
#include "tools/cli/cluster_session.hpp"

namespace frontier::cli {

namespace {

std::unique_ptr<MpiCluster> session;
int real_stderr = STDERR_FILENO;

void end_session() {
    std::cout.flush();
    std::fflush(nullptr);
    session.reset();
    mpi_stop();
}

// Ranks other than 0 write nothing: stdout and stderr go to /dev/null, stderr kept aside for
// abort_job.
void silence_this_rank() {
    std::cout.flush();
    std::fflush(nullptr);
    real_stderr = ::dup(STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    if (null < 0) return;
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::close(null);
}

}  // namespace

bool distributed_available() {
    return true;
}

Cluster& cluster_session() {
    if (!session) {
        mpi_start();
        session = std::make_unique<MpiCluster>();
        std::atexit(end_session);
        if (session->rank() != 0) silence_this_rank();
    }
    return *session;
}

void abort_job(const std::string& message, int code) {
    const std::string line =
        "frontier: error: " +
        (session && session->size() > 1 ? "rank " + std::to_string(session->rank()) + ": "
                                        : std::string()) +
        message + "\n";
    std::cout.flush();
    std::fflush(nullptr);
    [[maybe_unused]] auto n = ::write(real_stderr, line.data(), line.size());
    mpi_abort(code);
}

}  // namespace frontier::cli
