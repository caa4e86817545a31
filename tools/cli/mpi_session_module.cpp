// The MPI module: built only with MPI, loaded by the program on its first distributed command
// (tools/cli/mpi_session_module.hpp says why).
#include "tools/cli/mpi_session_module.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include <frontier/engine/distributed/mpi_cluster.hpp>

namespace {

std::unique_ptr<frontier::MpiCluster> session;

void end_session() {
    std::cout.flush();
    std::fflush(nullptr);
    session.reset();
    frontier::mpi_stop();
}

// Ranks other than 0 write nothing: stdout and stderr go to /dev/null, stderr kept aside for
// the errors that end the job.
void silence_this_rank(int* real_stderr) {
    std::cout.flush();
    std::fflush(nullptr);
    *real_stderr = ::dup(STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    if (null < 0) return;
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::close(null);
}

}  // namespace

extern "C" frontier::Cluster* frontier_mpi_join(int* real_stderr) {
    if (!session) {
        frontier::mpi_start();
        session = std::make_unique<frontier::MpiCluster>();
        std::atexit(end_session);
        if (session->rank() != 0) silence_this_rank(real_stderr);
    }
    return session.get();
}

extern "C" void frontier_mpi_abort(int code) {
    frontier::mpi_abort(code);
}
