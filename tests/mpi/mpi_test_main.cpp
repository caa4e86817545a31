// main() of the MPI engine tests, run by mpiexec: every rank runs every test (the tests are
// collective); only rank 0 prints, and the exit status is the worst over the ranks.
#include <gtest/gtest.h>

#include <frontier/engine/distributed/mpi_cluster.hpp>
#include "tests/mpi/mpi_world.hpp"

namespace frontier::test {

Cluster& world() {
    static MpiCluster cluster;
    return cluster;
}

}  // namespace frontier::test

int main(int argc, char** argv) {
    frontier::mpi_start();
    ::testing::InitGoogleTest(&argc, argv);
    frontier::Cluster& world = frontier::test::world();
    if (world.rank() != 0) {
        auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
        delete listeners.Release(listeners.default_result_printer());
    }
    std::int64_t failed = RUN_ALL_TESTS() != 0;
    failed = frontier::all_max(world, failed);
    frontier::mpi_stop();
    return static_cast<int>(failed);
}
