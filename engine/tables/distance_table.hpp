// DistanceTable: the exact distance of every rank of a perfect-hash domain, one byte each
// (kUnreached = 255 for ranks the search never reached).
//
// Either owned (allocated for layered_bfs to fill) or a read-only view of a mapped table file
// (kind=distance), or of a sharded table directory written by a distributed enumeration
// (engine/tables/sharded_table.hpp: its shards mapped side by side). Lookups are one memory read; a
// mapped table starts instantly and shares pages between processes. Not copyable; reads are
// thread-safe, writes (owned only) are the builder's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include <frontier/engine/big_array.hpp>
#include <frontier/engine/domain_io.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/tables/shard_writer.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier {

class DistanceTable {
  public:
    // Allocates n bytes, uninitialised until a builder fills them.
    explicit DistanceTable(std::uint64_t n) : owned_(n), bytes_(owned_.data(), n) {}
    // Maps a table file, or the shards of a sharded table when `path` is a directory; throws
    // InputError unless it is a valid kind=distance table.
    static DistanceTable open(const std::string& path) {
        if (std::filesystem::is_directory(path))
            return adopt(ShardedTableFile::open(path, /*verify_payload=*/false));
        return adopt(TableFile::open(path, /*verify_payload=*/false));
    }
    // The same from a table opened without its payload checksum, which is read here: the table
    // checked is the table read, never opened again by name.
    static DistanceTable adopt(TableFile file) {
        const std::string& path = file.path();
        refuse_lone_shard(path, file.header());
        check_header(path, file.header());
        file.check_payload();
        return DistanceTable(std::move(file));
    }
    static DistanceTable adopt(ShardedTableFile shards) {
        check_header(shards.path(), shards.header());
        shards.check_payload();
        return DistanceTable(std::move(shards));
    }

    std::uint64_t size() const { return bytes_.size(); }
    std::uint8_t at(std::uint64_t rank) const { return bytes_[rank]; }
    bool reached(std::uint64_t rank) const { return bytes_[rank] != kUnreached; }
    std::span<const std::uint8_t> bytes() const { return bytes_; }
    // Writable bytes; only for an owned table.
    std::span<std::uint8_t> mutable_bytes() { return owned_.span(); }
    // The header of the mapped file (a sharded table's: the whole table's), or nullptr for an
    // owned table.
    const TableHeader* header() const {
        return file_ ? &file_->header() : shards_ ? &shards_->header() : nullptr;
    }

  private:
    explicit DistanceTable(TableFile file)
        : file_(std::move(file)), bytes_(file_->payload().data(), file_->payload().size()) {}
    explicit DistanceTable(ShardedTableFile shards)
        : shards_(std::move(shards)),
          bytes_(shards_->payload().data(), shards_->payload().size()) {}

    static void check_header(const std::string& path, const TableHeader& h) {
        if (h.kind != "distance")
            throw InputError(path + ": not a distance table (kind=" + h.kind + ")");
        if (h.entry_bits != 8) throw InputError(path + ": distance tables must have 8-bit entries");
    }

    BigArray<std::uint8_t> owned_;
    std::optional<TableFile> file_;
    std::optional<ShardedTableFile> shards_;
    std::span<const std::uint8_t> bytes_;
};

// The header of a one-byte distance table of `d` after a search that gave `r`: the puzzle's spec,
// goal and metric named through its DomainIO, so `frontier lookup` finds the puzzle that reads it.
template <class D>
TableHeader distance_header(const D& d, const LayeredBfsResult& r) {
    TableHeader h;
    h.kind = "distance";
    h.domain = DomainIO<D>::spec(d);
    h.goal = DomainIO<D>::goal_text(d);
    h.entries = d.size();
    h.entry_bits = 8;
    h.max_value = r.max_depth();
    if constexpr (HasMetricText<D>) h.set_field("metric", DomainIO<D>::metric(d));
    h.set_field("reached", std::to_string(r.reached));
    return h;
}

// Writes the table of `d` that layered_bfs filled into `path` (atomically), a file `frontier
// lookup` answers from.
template <class D>
void save_distance_table(const std::string& path, const D& d, const LayeredBfsResult& r,
                         const DistanceTable& table) {
    write_table_file(path, distance_header(d, r), table.bytes());
}

// Collective: the slices of a distributed run (layered_bfs_distributed) written as one shard per
// process of `dir` and a manifest (engine/tables/shard_writer.hpp).
template <class D>
void save_distance_shards(const std::string& dir, const D& d, const LayeredBfsResult& r,
                          Cluster& cluster, const SliceLayout& layout,
                          std::span<const std::uint8_t> slice) {
    write_shards(dir, distance_header(d, r), cluster, layout, slice);
}

}  // namespace frontier
