// Checksums per block of a table's payload, for readers that cannot afford the whole payload's
// checksum before answering (a 7x2 two-bit table is 10.9 GB) but must not answer from damaged
// bytes either.
//
// A table file's header may carry two extra lines: block_bytes (the block size, a power of two of
// at least 1 MiB) and block_checksums (block_checksum() of each block of the payload in order,
// 16 hex digits each, the last block possibly shorter). The header's own checksum covers them. A
// reader checks each block the first time it reads from it, so a lookup costs one hash of each
// block it touches, once per process, whatever the payload's size. Two-bit tables need this: two
// damaged entries that trade depth classes pass every check of a walk (engine/two_bit/lookup.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier {

// 1 MiB, doubled while the payload would have more than 16,384 blocks, so that the header line
// stays under 256 KiB (a header is read from the first 1 MiB of its file).
std::uint64_t default_block_bytes(std::uint64_t payload_bytes);

// Adds block_bytes and block_checksums for `payload` to `header`.
void add_block_checksums(TableHeader& header, std::span<const std::uint8_t> payload,
                         std::uint64_t block_bytes);

// The payload of one table, or of the shards of a sharded table side by side, with the block
// checksums of the files that have them. Thread-safe: any number of readers may check at once
// (two may hash the same block; both agree).
class PayloadBlocks {
  public:
    // Adds the blocks of one file whose payload the reader sees at `bytes`, starting at byte
    // `first` of the whole payload; `name` ("" for a table of one file, else the shard's file
    // name) goes into errors. Nothing is added when the header has no block checksums (a table
    // written before they existed). InputError "PATH: corrupt header: ..." when the lines do not
    // fit the payload.
    void add(const std::string& path, const std::string& name, const TableHeader& header,
             std::span<const std::uint8_t> bytes, std::uint64_t first);
    // True when no file added any blocks: only the weaker checks of old files apply.
    bool empty() const { return files_.empty(); }
    // Checks the block holding byte `at` of the whole payload unless done before.
    // DamagedTableError "corrupt: checksum mismatch in payload block B[ of NAME]" on a mismatch.
    void check(std::uint64_t at) const {
        if (files_.empty()) return;
        const File* f = files_.size() == 1 ? &files_.front() : find(at);
        if (f == nullptr || at - f->first >= f->bytes.size()) return;
        const std::uint64_t block = (at - f->first) >> f->shift;
        if (!f->checked[block].load(std::memory_order_acquire)) check_block(*f, block);
    }

  private:
    struct File {
        std::string name;
        std::span<const std::uint8_t> bytes;
        std::uint64_t first = 0;
        int shift = 0;  // log2 of block_bytes
        std::vector<std::uint64_t> sums;
        std::unique_ptr<std::atomic<bool>[]> checked;
    };
    const File* find(std::uint64_t at) const;
    static void check_block(const File& f, std::uint64_t block);

    std::vector<File> files_;  // in order of `first`
};

// The blocks of a table of one file, and of a sharded table's shards side by side.
PayloadBlocks blocks_of(const TableFile& file);
PayloadBlocks blocks_of(const ShardedTableFile& shards);

}  // namespace frontier
