// Payload checksums for table files.
//
// checksum64 splits the bytes into 1 MiB chunks, hashes each chunk with four interleaved
// multiply-xorshift lanes over 8-byte words, and folds the chunk hashes in order. Chunks are hashed
// in parallel (oneTBB), and the result does not depend on the thread count. Not cryptographic: it
// catches truncation, bit rot and mismatched files, not an adversary.
#pragma once

#include <cstdint>
#include <span>

namespace frontier {

std::uint64_t checksum64(std::span<const std::uint8_t> bytes);

// The checksum of one block of a payload cut into blocks (engine/tables/payload_blocks.hpp): the
// hash checksum64 gives a 1 MiB chunk, seeded with the block's `index`, so a block moved to another
// place does not match.
std::uint64_t block_checksum(std::span<const std::uint8_t> block, std::uint64_t index);

}  // namespace frontier
