// DistanceTable: the exact distance of every rank of a perfect-hash domain, one byte each
// (kUnreached = 255 for ranks the search never reached).
//
// Either owned (allocated for layered_bfs to fill) or a read-only view of a mapped table file
// (kind=distance). Lookups are one memory read; a mapped table starts instantly and shares pages
// between processes. Not copyable; reads are thread-safe, writes (owned only) are the builder's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "engine/big_array.hpp"
#include "engine/layered_bfs.hpp"
#include "engine/table_file.hpp"

namespace frontier {

class DistanceTable {
  public:
    // Allocates n bytes, uninitialised until a builder fills them.
    explicit DistanceTable(std::uint64_t n) : owned_(n), bytes_(owned_.data(), n) {}
    // Maps a table file; throws InputError unless it is a valid kind=distance file.
    static DistanceTable open(const std::string& path) {
        TableFile file = TableFile::open(path);
        if (file.header().kind != "distance")
            throw InputError(path + ": not a distance table (kind=" + file.header().kind + ")");
        if (file.header().entry_bits != 8)
            throw InputError(path + ": distance tables must have 8-bit entries");
        return DistanceTable(std::move(file));
    }

    std::uint64_t size() const { return bytes_.size(); }
    std::uint8_t at(std::uint64_t rank) const { return bytes_[rank]; }
    bool reached(std::uint64_t rank) const { return bytes_[rank] != kUnreached; }
    std::span<const std::uint8_t> bytes() const { return bytes_; }
    // Writable bytes; only for an owned table.
    std::span<std::uint8_t> mutable_bytes() { return owned_.span(); }
    // The header of the mapped file, or nullptr for an owned table.
    const TableHeader* header() const { return file_ ? &file_->header() : nullptr; }

  private:
    explicit DistanceTable(TableFile file)
        : file_(std::move(file)), bytes_(file_->payload().data(), file_->payload().size()) {}

    BigArray<std::uint8_t> owned_;
    std::optional<TableFile> file_;
    std::span<const std::uint8_t> bytes_;
};

}  // namespace frontier
