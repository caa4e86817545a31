// The C interface between the program and its MPI module.
//
// --distributed needs MPI, but nothing else does, and loading Open MPI's libraries costs every
// run memory and start-up time, whether it uses them or not (docs/performance.md). So the MPI
// side of a session (engine/distributed/mpi_cluster.cpp and the few lines below that start and
// silence a rank) is built as a module, libfrontier_mpi_session.so, that cluster_session() loads
// with dlopen the first time a command runs distributed (tools/cli/cluster_session_mpi.cpp). The
// module lives beside the program in the build tree and in <libdir>/frontier once installed.
// C linkage, so that dlsym finds the names; the Cluster object crosses as a pointer to its
// abstract base (engine/distributed/cluster.hpp), whose virtual calls need no symbol lookup.
#pragma once

#include <frontier/engine/distributed/cluster.hpp>

extern "C" {
// Joins the MPI job (once), returns this rank's cluster; a rank other than 0 has its stdout and
// stderr sent to /dev/null, and *real_stderr is then a copy of the stderr it had.
frontier::Cluster* frontier_mpi_join(int* real_stderr);
// Ends every process of the job with `code`.
[[noreturn]] void frontier_mpi_abort(int code);
}

// The file name both sides agree on.
inline constexpr const char* kFrontierMpiModule = "libfrontier_mpi_session.so";
