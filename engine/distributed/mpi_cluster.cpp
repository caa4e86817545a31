#include <frontier/engine/distributed/mpi_cluster.hpp>

#include <climits>
#include <cstdlib>
#include <numeric>

#include <frontier/engine/error.hpp>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#if defined(__SANITIZE_THREAD__)
// Open MPI is not built with ThreadSanitizer, and its transport modules take their own locks in
// orders TSan reports as potential deadlocks (lock-order inversions inside mca_btl_vader and
// mca_btl_tcp, with no Frontier lock involved). Those reports are about Open MPI: every binary
// that links the MPI component suppresses them, and only them.
extern "C" const char* __tsan_default_suppressions() {
    return "deadlock:mca_btl_vader.so\n"
           "deadlock:mca_btl_tcp.so\n"
           "deadlock:libopen-pal.so\n"
           "deadlock:libmpi.so\n";
}
#endif

namespace frontier {

namespace {

int checked_count(std::size_t bytes, const char* what) {
    if (bytes > static_cast<std::size_t>(INT_MAX))
        throw InputError(std::string("MPI: ") + what + " of " + std::to_string(bytes) +
                         " bytes exceeds the 2 GiB a single MPI call can move");
    return static_cast<int>(bytes);
}

// Displacements of consecutive pieces of the given sizes, each checked to fit an int.
std::vector<int> displacements(const std::vector<int>& counts, const char* what) {
    std::vector<int> displs(counts.size());
    std::size_t at = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        displs[i] = checked_count(at, what);
        at += static_cast<std::size_t>(counts[i]);
    }
    checked_count(at, what);
    return displs;
}

}  // namespace

void mpi_start() {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (initialized) return;
#if defined(__SANITIZE_ADDRESS__)
    // Open MPI does not free what MPI_Init allocates (its plugins, its operation tables, in its
    // own threads too, and plugins unloaded before the exit-time check cannot even be named in a
    // suppression), so LeakSanitizer would fail every MPI process. Check for leaks now instead:
    // this runs the usual check on everything before MPI starts and skips the one at exit. The
    // engine code a distributed run uses is the same as the one-process code, which the
    // processes that never start MPI check in full.
    __lsan_do_leak_check();
#endif
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
    if (provided < MPI_THREAD_SERIALIZED)
        throw InputError(
            "this MPI library cannot be called from several threads (MPI_THREAD_SERIALIZED)");
}

void mpi_stop() {
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (initialized && !finalized) MPI_Finalize();
}

void mpi_abort(int code) {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code);  // not reached: MPI_Abort does not return
}

MpiCluster::MpiCluster(MPI_Comm comm) {
    MPI_Comm_dup(comm, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
    MPI_Comm host = MPI_COMM_NULL;
    MPI_Comm_split_type(comm_, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &host);
    MPI_Comm_size(host, &host_ranks_);
    MPI_Comm_free(&host);
}

MpiCluster::~MpiCluster() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized && comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

void MpiCluster::post(int dest, int tag, std::vector<std::byte>&& bytes) {
    const int n = checked_count(bytes.size(), "a message");
    send_buffers_.push_back(std::move(bytes));
    send_requests_.push_back(MPI_REQUEST_NULL);
    MPI_Isend(send_buffers_.back().data(), n, MPI_BYTE, dest, tag, comm_, &send_requests_.back());
}

void MpiCluster::poll(const Deliver& deliver) {
    if (!send_requests_.empty()) {
        // Free the buffers of completed sends (MPI_Testsome sets their requests to NULL).
        int done = 0;
        std::vector<int> indices(send_requests_.size());
        MPI_Testsome(static_cast<int>(send_requests_.size()), send_requests_.data(), &done,
                     indices.data(), MPI_STATUSES_IGNORE);
        if (done > 0 && done != MPI_UNDEFINED) {
            std::size_t kept = 0;
            for (std::size_t i = 0; i < send_requests_.size(); ++i) {
                if (send_requests_[i] == MPI_REQUEST_NULL) continue;
                if (kept != i) {  // (a self-move would free a buffer MPI still reads)
                    send_requests_[kept] = send_requests_[i];
                    send_buffers_[kept] = std::move(send_buffers_[i]);
                }
                ++kept;
            }
            send_requests_.resize(kept);
            send_buffers_.resize(kept);
        }
    }
    for (;;) {
        int arrived = 0;
        MPI_Message message;
        MPI_Status status;
        MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &arrived, &message, &status);
        if (!arrived) return;
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        std::vector<std::byte> bytes(static_cast<std::size_t>(count));
        MPI_Mrecv(bytes.data(), count, MPI_BYTE, &message, MPI_STATUS_IGNORE);
        deliver(status.MPI_SOURCE, status.MPI_TAG, std::move(bytes));
    }
}

void MpiCluster::wait_sends() {
    MPI_Waitall(static_cast<int>(send_requests_.size()), send_requests_.data(),
                MPI_STATUSES_IGNORE);
    send_requests_.clear();
    send_buffers_.clear();
}

void MpiCluster::start_round(std::span<const std::int64_t> sums,
                             std::span<const std::int64_t> mins) {
    round_in_sums_.assign(sums.begin(), sums.end());
    round_in_mins_.assign(mins.begin(), mins.end());
    round_sums_.resize(sums.size());
    round_mins_.resize(mins.size());
    MPI_Iallreduce(round_in_sums_.data(), round_sums_.data(), static_cast<int>(sums.size()),
                   MPI_INT64_T, MPI_SUM, comm_, &round_requests_[0]);
    MPI_Iallreduce(round_in_mins_.data(), round_mins_.data(), static_cast<int>(mins.size()),
                   MPI_INT64_T, MPI_MIN, comm_, &round_requests_[1]);
}

bool MpiCluster::round_done(std::span<std::int64_t> sums, std::span<std::int64_t> mins) {
    int done = 0;
    MPI_Testall(2, round_requests_, &done, MPI_STATUSES_IGNORE);
    if (!done) return false;
    std::copy(round_sums_.begin(), round_sums_.end(), sums.begin());
    std::copy(round_mins_.begin(), round_mins_.end(), mins.begin());
    return true;
}

void MpiCluster::all_sum(std::span<std::int64_t> values) {
    MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_INT64_T,
                  MPI_SUM, comm_);
}

void MpiCluster::all_min(std::span<std::int64_t> values) {
    MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_INT64_T,
                  MPI_MIN, comm_);
}

void MpiCluster::broadcast(int root, std::span<std::byte> bytes) {
    MPI_Bcast(bytes.data(), checked_count(bytes.size(), "a broadcast"), MPI_BYTE, root, comm_);
}

std::vector<std::vector<std::byte>> MpiCluster::all_gather(std::span<const std::byte> mine) {
    const int n = checked_count(mine.size(), "a gather");
    std::vector<int> counts(size_);
    MPI_Allgather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_);
    const std::vector<int> displs = displacements(counts, "a gather");
    std::vector<std::byte> all(static_cast<std::size_t>(displs.back()) + counts.back());
    MPI_Allgatherv(mine.data(), n, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE,
                   comm_);
    std::vector<std::vector<std::byte>> parts(size_);
    for (int p = 0; p < size_; ++p)
        parts[p].assign(all.begin() + displs[p], all.begin() + displs[p] + counts[p]);
    return parts;
}

std::vector<std::byte> MpiCluster::all_to_all(std::span<const std::span<const std::byte>> out) {
    std::vector<int> send_counts(size_), recv_counts(size_);
    std::vector<std::byte> send;
    std::size_t total = 0;
    for (int p = 0; p < size_; ++p) {
        send_counts[p] = checked_count(out[p].size(), "an exchange");
        total += out[p].size();
    }
    send.reserve(total);
    for (int p = 0; p < size_; ++p) send.insert(send.end(), out[p].begin(), out[p].end());
    const std::vector<int> send_displs = displacements(send_counts, "an exchange");
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm_);
    const std::vector<int> recv_displs = displacements(recv_counts, "an exchange");
    std::vector<std::byte> in(static_cast<std::size_t>(recv_displs.back()) + recv_counts.back());
    MPI_Alltoallv(send.data(), send_counts.data(), send_displs.data(), MPI_BYTE, in.data(),
                  recv_counts.data(), recv_displs.data(), MPI_BYTE, comm_);
    return in;
}

void MpiCluster::barrier() {
    MPI_Barrier(comm_);
}

}  // namespace frontier
