// Writing a sharded table (engine/tables/sharded_table.hpp) from the processes of a distributed
// run: the collective steps, in the order that keeps a reader from pairing a manifest with shards
// of another run. Every process of the cluster calls each function.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include <frontier/engine/distributed/cluster.hpp>
#include <frontier/engine/distributed/distributed_bfs.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier {

// Once every check of the run has passed: process 0 removes an old manifest from `dir`, so readers
// never pair it with the new shards. Earlier, a refused run would leave a finished table without
// its manifest, unreadable.
void remove_old_manifest(const std::string& dir, Cluster& cluster);

// Every process writes its slice of the table `whole` as one shard of `dir`; then process 0
// writes the manifest. One-byte and two-bit tables alike; with `block_checksums` each shard lists
// its payload blocks' checksums (engine/tables/payload_blocks.hpp).
void write_shards(const std::string& dir, const TableHeader& whole, Cluster& cluster,
                  const SliceLayout& layout, std::span<const std::uint8_t> slice,
                  bool block_checksums = false);

}  // namespace frontier
