#include <frontier/engine/tables/shard_writer.hpp>

#include <cstdio>
#include <filesystem>
#include <random>
#include <vector>

#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/payload_blocks.hpp>
#include <frontier/engine/tables/sharded_table.hpp>

namespace frontier {

void remove_old_manifest(const std::string& dir, Cluster& cluster) {
    agree(cluster, [&] {
        if (cluster.rank() != 0) return;
        std::error_code ec;
        std::filesystem::remove(std::filesystem::path(dir) / kManifestName, ec);
        if (ec) throw InputError(dir + ": cannot remove the old manifest: " + ec.message());
    });
}

void write_shards(const std::string& dir, const TableHeader& whole, Cluster& cluster,
                  const SliceLayout& layout, std::span<const std::uint8_t> slice,
                  bool block_checksums) {
    std::uint64_t id = 0;
    if (cluster.rank() == 0) id = std::random_device{}() * 0x100000001ull ^ std::random_device{}();
    broadcast_value(cluster, 0, id);
    char id_text[17];
    std::snprintf(id_text, sizeof id_text, "%016llx", static_cast<unsigned long long>(id));
    write_table_shard(dir, whole, cluster.rank(), cluster.size(), layout.first(cluster.rank()),
                      id_text, slice, block_checksums ? default_block_bytes(slice.size()) : 0);
    cluster.barrier();
    if (cluster.rank() == 0) {
        std::vector<std::uint64_t> firsts, sizes;
        for (int p = 0; p < cluster.size(); ++p) {
            firsts.push_back(layout.first(p));
            sizes.push_back(layout.size(p));
        }
        write_table_manifest(dir, whole, id_text, firsts, sizes);
    }
    cluster.barrier();
}

}  // namespace frontier
