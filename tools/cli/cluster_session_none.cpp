// cluster_session() in a build without MPI: --distributed is refused with a clear message.
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include <frontier/engine/error.hpp>
#include "tools/cli/cluster_session.hpp"

namespace frontier::cli {

bool distributed_available() {
    return false;
}

Cluster& cluster_session() {
    throw InputError(
        "--distributed needs MPI, and this frontier was built without it (install openmpi-bin "
        "and libopenmpi-dev, then reconfigure: see README)");
}

void abort_job(const std::string& message, int code) {
    std::cout.flush();
    std::cerr << "frontier: error: " << message << std::endl;
    std::exit(code);
}

}  // namespace frontier::cli
