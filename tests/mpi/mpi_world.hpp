// The MPI job the engine tests run in (tests/mpi/mpi_test_main.cpp).
#pragma once

#include <frontier/engine/distributed/cluster.hpp>

namespace frontier::test {

Cluster& world();

}  // namespace frontier::test
