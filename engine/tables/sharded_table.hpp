// Sharded table files: one logical table (engine/tables/table_file.hpp) stored as a directory of
// shard files, one per process of a distributed run, plus a manifest.
//
//   DIR/shard-0000-of-0004.table   a complete table file for ranks [first, first + entries):
//   DIR/shard-0001-of-0004.table   its own checksummed header (kind, domain, goal as the whole
//   ...                            table's; entries = the shard's; extra fields shard_index,
//                                  shard_count, shard_first, table_id) and payload checksum;
//   DIR/manifest                   text, written last: the whole table's header, table_id, the
//                                  shard count and one line per shard (file, first, entries),
//                                  and a checksum of the text.
// Each process writes its shard atomically (write_table_file); one process writes the manifest
// atomically once all shards are on disk, after removing any old manifest first, so a reader
// never pairs a manifest with shards of another run unnoticed (table_id must match everywhere).
// Format details: docs/reference/formats.md.
//
// Opening validates the manifest, every shard (headers, checksums, table_id, index, range) and
// that the shards tile [0, entries) in order, then presents the payload as one contiguous span:
// the shards' payloads are memory-mapped side by side into one reserved address range (shard
// boundaries are multiples of 64 Ki entries, engine/distributed/distributed_bfs.hpp), or, where the
// page size does not allow that, copied into memory. Each shard is mapped through the descriptor
// its checks read, never opened again by name, so a shard renamed into the directory meanwhile is
// not read unchecked. Immutable after open, readable from any thread.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <frontier/engine/big_array.hpp>
#include <frontier/engine/io/mapped_region.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier {

inline constexpr const char* kManifestName = "manifest";

// "shard-0001-of-0004.table"
std::string shard_file_name(int index, int count);

// Writes one shard of `whole` (whole.entries is the full table's size) into `dir`; with
// `block_bytes`, its header lists the checksums of the payload's blocks of that size
// (engine/tables/payload_blocks.hpp).
void write_table_shard(const std::string& dir, const TableHeader& whole, int index, int count,
                       std::uint64_t first, const std::string& table_id,
                       std::span<const std::uint8_t> payload, std::uint64_t block_bytes = 0);

// Writes the manifest; `firsts[i]` and `sizes[i]` describe shard i.
void write_table_manifest(const std::string& dir, const TableHeader& whole,
                          const std::string& table_id, const std::vector<std::uint64_t>& firsts,
                          const std::vector<std::uint64_t>& sizes);

class ShardedTableFile {
  public:
    static ShardedTableFile open(const std::string& dir, bool verify_payload = true);

    ShardedTableFile(ShardedTableFile&& other) noexcept = default;
    ShardedTableFile& operator=(ShardedTableFile&& other) noexcept = default;

    const std::string& path() const { return path_; }
    const TableHeader& header() const { return header_; }  // the whole table's
    int shards() const { return shards_; }
    std::span<const std::uint8_t> payload() const { return payload_; }
    // The shard files, in order, and where each one's payload starts in payload() (bytes).
    const std::vector<TableFile>& files() const { return files_; }
    std::uint64_t first_byte(std::size_t shard) const { return firsts_[shard]; }
    // Every shard's payload checksum, for a caller that opened without it (InputError naming the
    // shard on a mismatch).
    void check_payload() const;

  private:
    ShardedTableFile() = default;

    std::string path_;
    TableHeader header_;
    int shards_ = 0;
    std::vector<TableFile> files_;       // each shard's own mapping, as checked
    std::vector<std::uint64_t> firsts_;  // each shard's first byte in payload_
    MappedRegion view_;                  // the reserved range the shards are mapped into
    BigArray<std::uint8_t> copy_;        // or the payload copied, where mapping is not possible
    std::span<const std::uint8_t> payload_;
};

}  // namespace frontier
