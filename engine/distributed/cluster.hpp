// Cluster: the processes of one distributed run as the engine sees them, without MPI.
//
// The distributed algorithms (HDA* over ranks, engine/distributed/hda_cluster.hpp; the layered BFS
// over rank slices, engine/distributed/distributed_bfs.hpp) are written against this interface, so
// they compile in every build and can be tested in one process (tests/support/thread_cluster.hpp
// runs several "processes" as threads). The MPI implementation (engine/distributed/mpi_cluster.hpp)
// is built only when MPI is found; nothing outside it includes <mpi.h>.
//
// What a Cluster promises, in MPI's terms:
//   - post() is a non-blocking send of one byte message to one process, with a small tag; the
//     bytes are owned by the cluster until delivered. Messages from one sender to one receiver
//     arrive in order. poll() hands every message that has arrived to `deliver`, and frees the
//     buffers of sends that have completed. wait_sends() returns when every posted message has
//     been received (callers only use it once they know all messages were consumed).
//   - start_round()/round_done(): one non-blocking all-reduce (element-wise sums of one array,
//     minima of another); every process starts rounds in the same order and must finish one
//     before starting the next.
//   - the blocking collectives: every process calls the same ones in the same order.
// Calls are not thread-safe: one thread at a time (callers serialise them; MPI is initialised
// with MPI_THREAD_SERIALIZED). Costs are per message or per collective, never per node: the
// virtual calls here happen once per batch of hundreds of nodes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace frontier {

class Cluster {
  public:
    virtual ~Cluster() = default;

    virtual int rank() const = 0;
    virtual int size() const = 0;
    // How many processes of this run share this machine (to split its cores among them).
    virtual int ranks_on_this_host() const = 0;

    // Point to point (non-blocking). Tags are in [0, 32767].
    using Deliver = std::function<void(int source, int tag, std::vector<std::byte>&& bytes)>;
    virtual void post(int dest, int tag, std::vector<std::byte>&& bytes) = 0;
    virtual void poll(const Deliver& deliver) = 0;
    virtual void wait_sends() = 0;

    // One non-blocking all-reduce round: sums of `sums`, minima of `mins`.
    virtual void start_round(std::span<const std::int64_t> sums,
                             std::span<const std::int64_t> mins) = 0;
    // True once the round started last has completed; the results are then written back.
    virtual bool round_done(std::span<std::int64_t> sums, std::span<std::int64_t> mins) = 0;

    // Blocking collectives.
    virtual void all_sum(std::span<std::int64_t> values) = 0;  // in place
    virtual void all_min(std::span<std::int64_t> values) = 0;  // in place
    virtual void broadcast(int root, std::span<std::byte> bytes) = 0;
    // Every process's bytes (sizes may differ), in rank order, on every process.
    virtual std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) = 0;
    // out[p] goes to process p; returns what every process sent here, concatenated in rank
    // order. Each piece must stay under 2 GiB.
    virtual std::vector<std::byte> all_to_all(std::span<const std::span<const std::byte>> out) = 0;
    virtual void barrier() = 0;
};

// Runs check() on every process; if it threw on any, every process throws the same InputError:
// the lowest failing rank's message (prefixed "rank R: " unless R is 0) and exit status. For
// checks whose outcome may differ between processes (a file only rank 0 reads), before they
// communicate further: no process is left waiting in a collective for one that gave up.
void agree(Cluster& cluster, const std::function<void()>& check);

// Threads per process when the user asked for `requested` (0: this machine's cores shared
// evenly among the processes on it, at least one each).
inline int threads_per_rank(int requested, const Cluster& cluster) {
    if (requested > 0) return requested;
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    return std::max(1, cores / std::max(1, cluster.ranks_on_this_host()));
}

// Typed helpers over the byte interface (T trivially copyable).
template <class T>
std::span<std::byte> bytes_of(T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    return {reinterpret_cast<std::byte*>(&value), sizeof(T)};
}

template <class T>
void broadcast_value(Cluster& cluster, int root, T& value) {
    cluster.broadcast(root, bytes_of(value));
}

// `text` of process `root`, on every process.
inline void broadcast_string(Cluster& cluster, int root, std::string& text) {
    std::uint64_t size = text.size();
    broadcast_value(cluster, root, size);
    text.resize(size);
    cluster.broadcast(root, std::as_writable_bytes(std::span<char>(text.data(), text.size())));
}

inline std::int64_t all_sum(Cluster& cluster, std::int64_t value) {
    cluster.all_sum(std::span<std::int64_t>(&value, 1));
    return value;
}

inline std::int64_t all_max(Cluster& cluster, std::int64_t value) {
    value = -value;
    cluster.all_min(std::span<std::int64_t>(&value, 1));
    return -value;
}

// Every process's vector of T, concatenated in rank order.
template <class T>
std::vector<T> all_gather_vector(Cluster& cluster, std::span<const T> mine) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto parts = cluster.all_gather(std::as_bytes(mine));
    std::vector<T> all;
    for (const auto& part : parts) {
        const std::size_t n = part.size() / sizeof(T);
        const std::size_t at = all.size();
        all.resize(at + n);
        if (n) std::memcpy(all.data() + at, part.data(), n * sizeof(T));
    }
    return all;
}

}  // namespace frontier
