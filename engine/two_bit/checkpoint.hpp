// Checkpoints of a two-bit table run: the table saved between layers with its layer counts, so
// that an interrupted run continues where it was instead of starting over.
//
// TwoBitCheckpoint is one process's: one file, written atomically (a reader or a resumed run sees
// the previous checkpoint or the new one, never a mix). TwoBitShardCheckpoint is a distributed
// run's: every process saves its slice as DIR/shard-K-of-N.checkpoint, and a save has two phases,
// so that an interrupt between two processes' writes cannot leave them holding different layers:
// each keeps its last checkpoint as PATH.previous while it writes the new one and deletes it only
// once every process has written theirs; resuming takes the deepest layers every process holds in
// one of its two files (the counts compared by checksum).
//
// Both check the rule of engine/io/checkpoint_rule.hpp and, when resuming, that the checkpoint
// holds the table asked for (TwoBitFileHeader fields: engine/two_bit/file.hpp), before any search,
// so a refused run costs no computation. Not thread-safe: one per process, used between layers.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <frontier/engine/distributed/cluster.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier {

class TwoBitCheckpoint {
  public:
    // `path` holds the checkpoint; `want` is the header of the table for no layers (its
    // identity: engine/two_bit/file.hpp). Checks the rule and, with `resume`, reads and checks
    // the checkpoint's header (InputError naming `path`).
    TwoBitCheckpoint(std::string path, TableHeader want, bool resume);

    const std::string& path() const { return path_; }
    // The layers the checkpoint holds (resume), empty for a new run.
    const std::vector<std::uint64_t>& resumed_layers() const { return resumed_; }
    // Copies the checkpoint's payload, its checksum checked, into `table` (resume only).
    void load(std::span<std::uint8_t> table) const;
    // Replaces the checkpoint with the table after `layers`.
    void save(const std::vector<std::uint64_t>& layers, std::span<const std::uint8_t> table) const;
    void remove() const;

  private:
    std::string path_;
    TableHeader want_;
    std::vector<std::uint64_t> resumed_;
};

class TwoBitShardCheckpoint {
  public:
    // Collective. This process's checkpoint in `dir` (which exists); `want` is the header of its
    // shard for no layers (entries and shard fields its slice's). Checks the rule on every
    // process, and with `resume` finds the layers to continue from; every process throws the
    // same InputError when one refuses.
    TwoBitShardCheckpoint(const std::string& dir, TableHeader want, bool resume, Cluster& cluster);

    const std::string& path() const { return path_; }
    // "DIR/shard-*-of-0004.checkpoint": every process's, as messages name them.
    const std::string& every() const { return every_; }
    const std::vector<std::uint64_t>& resumed_layers() const { return resumed_; }
    void load(std::span<std::uint8_t> slice) const;
    // Collective: every process saves its slice after `layers` (two phases, above).
    void save(const std::vector<std::uint64_t>& layers, std::span<const std::uint8_t> slice);
    // This process's checkpoint and its previous one.
    void remove() const;

  private:
    std::vector<std::uint64_t> resume(Cluster& cluster);

    std::string path_, every_;
    TableHeader want_;
    Cluster& cluster_;
    std::vector<std::uint64_t> resumed_;
};

// "DIR/shard-0001-of-0004.checkpoint"
std::string shard_checkpoint_path(const std::string& dir, int index, int count);
// Every process's checkpoint at once, for messages: "DIR/shard-*-of-0004.checkpoint".
std::string every_shard_checkpoint(const std::string& dir, int count);

}  // namespace frontier
