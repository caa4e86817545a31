// --distributed: this frontier process as one rank of an MPI job (started with mpirun).
//
// cluster_session() joins the job on first use. From then on only rank 0 writes: the other ranks'
// standard output and standard error go to /dev/null (their fatal errors still reach the real
// stderr, see abort_job), and MPI is finalised at exit. Errors are handled in two ways:
//   - an error every rank meets alike (a malformed state, an unknown domain) is thrown before
//     the ranks communicate, or agreed on with agree(): every rank throws the same InputError,
//     rank 0 prints it once, and all ranks exit with its status;
//   - an error on some ranks only, once they communicate (a shard that cannot be written, memory
//     exhausted) ends the whole job: run_collectively() prints "frontier: error: rank R: ..." from
//     the failing rank and aborts every rank (MPI_Abort) with the error's status, so no rank is
//     left waiting in a collective. mpirun then exits with that status.
// In a build without MPI, cluster_session() throws an InputError saying so.
#pragma once

#include <functional>
#include <string>

#include <frontier/engine/distributed/cluster.hpp>

namespace frontier::cli {

// True when this frontier was built with MPI.
bool distributed_available();
Cluster& cluster_session();
[[noreturn]] void abort_job(const std::string& message, int code);

void run_collectively(const std::function<void()>& body);

// Help text of the --distributed flag, shared by the commands that take it.
extern const char* const kDistributedHelp;

}  // namespace frontier::cli
