// What the tests of frontier under mpiexec share: the launcher, and the environment Open MPI
// needs here.
#pragma once

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace frontier::test
