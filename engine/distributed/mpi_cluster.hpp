// MpiCluster: the Cluster interface (engine/distributed/cluster.hpp) over an MPI communicator.
//
// Built only when CMake finds MPI (target frontier_mpi); nothing else includes <mpi.h>. MPI is
// initialised with MPI_THREAD_SERIALIZED: any thread may call, one at a time (the distributed
// algorithms serialise their calls). Messages: MPI_Isend of the caller's bytes (kept alive until
// the send completes), received with a matched probe (MPI_Improbe + MPI_Mrecv) so that their
// size need not be known in advance. Rounds: two MPI_Iallreduce (sums, minima) of int64.
// Collectives: MPI_Allreduce, MPI_Bcast, MPI_Allgatherv, MPI_Alltoallv. MPI's default error
// handler stays in place, so an MPI failure aborts the whole job instead of hanging it.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include <frontier/engine/distributed/cluster.hpp>

namespace frontier {

// Joins the MPI job unless this process already has (MPI_Init_thread); throws InputError when the
// library cannot serve several threads.
void mpi_start();
// MPI_Finalize, when MPI was started and not yet finalised.
void mpi_stop();
// Ends every process of the job with `code` (MPI_Abort on MPI_COMM_WORLD).
[[noreturn]] void mpi_abort(int code);

class MpiCluster final : public Cluster {
  public:
    // Works on a duplicate of `comm`, so its messages never meet anyone else's.
    explicit MpiCluster(MPI_Comm comm = MPI_COMM_WORLD);
    ~MpiCluster() override;
    MpiCluster(const MpiCluster&) = delete;
    MpiCluster& operator=(const MpiCluster&) = delete;

    int rank() const override { return rank_; }
    int size() const override { return size_; }
    int ranks_on_this_host() const override { return host_ranks_; }

    void post(int dest, int tag, std::vector<std::byte>&& bytes) override;
    void poll(const Deliver& deliver) override;
    void wait_sends() override;

    void start_round(std::span<const std::int64_t> sums,
                     std::span<const std::int64_t> mins) override;
    bool round_done(std::span<std::int64_t> sums, std::span<std::int64_t> mins) override;

    void all_sum(std::span<std::int64_t> values) override;
    void all_min(std::span<std::int64_t> values) override;
    void broadcast(int root, std::span<std::byte> bytes) override;
    std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) override;
    std::vector<std::byte> all_to_all(std::span<const std::span<const std::byte>> out) override;
    void barrier() override;

  private:
    MPI_Comm comm_ = MPI_COMM_NULL;
    int rank_ = 0, size_ = 1, host_ranks_ = 1;
    std::vector<MPI_Request> send_requests_;
    std::vector<std::vector<std::byte>> send_buffers_;
    MPI_Request round_requests_[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    std::vector<std::int64_t> round_in_sums_, round_in_mins_, round_sums_, round_mins_;
};

}  // namespace frontier
