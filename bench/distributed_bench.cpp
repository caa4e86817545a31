// Distributed runs under mpirun: the 4x3 enumeration and HDA* on the 15-puzzle set of
// hdastar_bench.cpp (Korf's #5, #20, #29, #36, #39, #50, linear conflict), timed on rank 0, with
// the traffic between ranks per unit of work (Google Benchmark does not run under mpirun).
// Built only with MPI.
//
// Run: mpirun -np R build/bench/frontier_distributed_bench [--threads T] [--skip-enumerate]
//      [--skip-hdastar] [--hash zobrist|azh]
// (as root add --allow-run-as-root; more ranks than cores: --oversubscribe).
// Prints one line per workload:
//   enumerate 4x3  R ranks x T threads: seconds, states/s, bytes exchanged per state
//   hdastar        R ranks x T threads: seconds per instance, expanded/s, bytes per expanded
//                  node, messages per second per rank, termination rounds per second
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <frontier/domains/sliding/korf_sample.hpp>
#include <frontier/domains/sliding/sliding_hash.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/big_array.hpp>
#include <frontier/engine/distributed/distributed_bfs.hpp>
#include <frontier/engine/distributed/hda_cluster.hpp>
#include <frontier/engine/distributed/mpi_cluster.hpp>
#include <frontier/engine/search/solver.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {
namespace {

void enumerate_4x3(Cluster& world, int threads) {
    const SlidingTiles d(4, 3);
    const SliceLayout layout(d.size(), world.size());
    BigArray<std::uint8_t> slice(layout.size(world.rank()));
    DistributedBfsOptions o;
    o.bfs.threads = threads;
    const TileState goal = d.goal();
    world.barrier();
    const auto r =
        layered_bfs_distributed(d, std::span<const TileState>(&goal, 1), slice.span(), world, o);
    if (world.rank() != 0) return;
    std::printf(
        "enumerate 4x3  %d ranks x %d threads: %.2f s, %.1f M states/s, max depth %d, "
        "%.2f bytes exchanged per state (%.1f MB)\n",
        r.processes, r.threads, r.seconds, r.reached / r.seconds / 1e6, r.max_depth(),
        static_cast<double>(r.exchanged_bytes) / r.reached, r.exchanged_bytes / 1e6);
}

void hdastar_set(Cluster& world, int threads, const std::string& hash) {
    const SlidingTiles d(4, 4, parse_tiles(4, 4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"));
    const LinearConflict h(d);
    const auto z = make_hda_hasher(d, frontier::parse_hda_hash(hash));
    HdaOptions o;
    o.threads = threads;
    double seconds = 0;
    std::uint64_t expanded = 0, bytes = 0, batches = 0, rounds = 0, generated = 0, sent = 0;
    int workers = 0;
    for (const char* text : kKorfHdaSample) {
        world.barrier();
        const auto r = hda_star_distributed(d, parse_solvable(d, text), h, z, world, o);
        seconds += r.seconds;
        expanded += r.stats.expanded;
        generated += r.stats.generated;
        sent += r.sent;
        bytes += r.remote_bytes;
        batches += r.remote_batches;
        rounds += r.rounds;
        workers = r.threads;
    }
    if (world.rank() != 0) return;
    std::printf(
        "hdastar %-7s %d ranks x %d threads: %.3f s per instance, %.2f M expanded/s, "
        "%.1f%% sent to another owner, %.1f bytes per expanded node between ranks, "
        "%.0f messages/s per rank, %.0f rounds/s\n",
        hash.c_str(), world.size(), workers / world.size(), seconds / kKorfHdaSample.size(),
        expanded / seconds / 1e6, 100.0 * sent / generated, static_cast<double>(bytes) / expanded,
        batches / seconds / world.size(), rounds / seconds);
}

}  // namespace
}  // namespace frontier

int main(int argc, char** argv) {
    frontier::mpi_start();
    int threads = 1;
    bool enumerate = true, hdastar = true;
    std::string hash{frontier::name_of(frontier::kDefaultHdaHash)};
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
        if (!std::strcmp(argv[i], "--hash") && i + 1 < argc) hash = argv[++i];
        if (!std::strcmp(argv[i], "--skip-enumerate")) enumerate = false;
        if (!std::strcmp(argv[i], "--skip-hdastar")) hdastar = false;
    }
    {
        frontier::MpiCluster world;
        if (enumerate) frontier::enumerate_4x3(world, threads);
        if (hdastar) frontier::hdastar_set(world, threads, hash);
    }
    frontier::mpi_stop();
    return 0;
}
