// `enumerate ... --two-bit` and `lookup` of two-bit tables: sliding-tile distance tables at two
// bits per state (engine/two_bit_bfs.hpp), checkpointed and resumable in one process, or split
// across the ranks of an MPI job (--distributed: one shard per rank,
// engine/two_bit_distributed.hpp).
#pragma once

#include <string>
#include <vector>

#include "domains/sliding/sliding_tiles.hpp"
#include "domains/sliding/sliding_two_bit.hpp"
#include "engine/sharded_table.hpp"
#include "engine/table_file.hpp"
#include "engine/two_bit_bfs.hpp"

namespace frontier::cli {

struct TwoBitEnumerateOptions {
    int threads = 0;
    int max_depth = -1;
    std::string out;                 // the table file; FILE.checkpoint beside it during the run
    std::string plot;                // --plot FILE.svg (tools/commands/depth_plot.hpp)
    bool resume = false;             // continue from FILE.checkpoint
    double checkpoint_minutes = 10;  // at most one checkpoint per this many minutes
    bool json = false;
    bool distributed = false;  // out is then a directory of shards
    std::size_t show_farthest = 10;
};

void enumerate_two_bit(const SlidingTiles& board, const TwoBitEnumerateOptions& o);
// The same over the ranks of an MPI job (sliding_two_bit_distributed.cpp).
void enumerate_two_bit_distributed(const SlidingTiles& board, const TwoBitEnumerateOptions& o);

// True when the file's header says it is a two-bit table.
bool is_two_bit_table(const TableHeader& header);

// Exact distances (and optionally optimal paths) from an opened two-bit table file (its payload
// not yet checked). Every walk is checked against the header (engine/two_bit_bfs.hpp); a damaged
// table is refused as a whole with one InputError naming the file, never answered from.
// `verify` reads the whole payload first: checksum and value counts against the layer counts.
void lookup_two_bit(TableFile file, const std::vector<std::string>& states, bool json,
                    bool path_moves, bool verify);
// The same from an opened sharded two-bit table (enumerate --two-bit --distributed), its shards
// read as one table; every shard's checksum is read where one file's would be.
void lookup_two_bit_shards(const ShardedTableFile& shards, const std::vector<std::string>& states,
                           bool json, bool path_moves, bool verify);

// What the one-process and distributed enumerations share.
// The counts of a checkpoint's `layers` line (InputError naming PATH when corrupt).
std::vector<std::uint64_t> two_bit_layer_counts(const std::string& path, const std::string& text);
TableHeader two_bit_header(const SlidingTwoBitSpace& space,
                           const std::vector<std::uint64_t>& layers, bool complete);
void print_two_bit_report(const SlidingTwoBitSpace& space, const TwoBitBfsResult& r,
                          const TwoBitEnumerateOptions& o);

}  // namespace frontier::cli
