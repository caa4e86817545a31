#include <frontier/engine/two_bit/checkpoint.hpp>

#include <algorithm>
#include <filesystem>

#include <frontier/engine/io/checkpoint_rule.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/two_bit/file.hpp>

namespace frontier {

namespace {

void copy_payload(const std::string& path, std::span<std::uint8_t> table) {
    const TableFile file = TableFile::open(path);
    if (file.payload().size() != table.size())
        throw InputError(path + ": the checkpoint's payload is not the table's size");
    std::copy(file.payload().begin(), file.payload().end(), table.begin());
}

TableHeader after(TableHeader header, const std::vector<std::uint64_t>& layers) {
    set_two_bit_layers(header, layers, /*complete=*/false);
    return header;
}

std::vector<std::uint64_t> layers_in(const std::string& path, const TableHeader& want) {
    const TableFile file = TableFile::open(path, /*verify_payload=*/false);
    return checkpoint_layers(path, file.header(), want);
}

std::uint64_t checksum_of(const std::vector<std::uint64_t>& v) {
    return checksum64({reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * 8});
}

std::string previous_of(const std::string& checkpoint) {
    return checkpoint + ".previous";
}

}  // namespace

TwoBitCheckpoint::TwoBitCheckpoint(std::string path, TableHeader want, bool resume)
    : path_(std::move(path)), want_(std::move(want)) {
    check_checkpoint_rule(path_, resume);
    if (resume) resumed_ = layers_in(path_, want_);
}

void TwoBitCheckpoint::load(std::span<std::uint8_t> table) const {
    copy_payload(path_, table);
}

void TwoBitCheckpoint::save(const std::vector<std::uint64_t>& layers,
                            std::span<const std::uint8_t> table) const {
    write_table_file(path_, after(want_, layers), table);
}

void TwoBitCheckpoint::remove() const {
    std::filesystem::remove(path_);
}

std::string shard_checkpoint_path(const std::string& dir, int index, int count) {
    std::string name = shard_file_name(index, count);
    name.replace(name.size() - 6, 6, ".checkpoint");  // ".table"
    return (std::filesystem::path(dir) / name).string();
}

std::string every_shard_checkpoint(const std::string& dir, int count) {
    std::string every = shard_checkpoint_path(dir, 0, count);
    const std::size_t at = every.rfind("shard-") + 6;
    every.replace(at, every.find('-', at) - at, "*");
    return every;
}

TwoBitShardCheckpoint::TwoBitShardCheckpoint(const std::string& dir, TableHeader want, bool resume,
                                             Cluster& cluster)
    : path_(shard_checkpoint_path(dir, cluster.rank(), cluster.size())),
      every_(every_shard_checkpoint(dir, cluster.size())),
      want_(std::move(want)),
      cluster_(cluster) {
    if (!resume) {
        agree(cluster, [&] {
            for (const std::string& f : {path_, previous_of(path_)})
                if (std::filesystem::exists(f)) refuse_earlier_checkpoint(f);
        });
        return;
    }
    resumed_ = this->resume(cluster);
}

// Of this process's checkpoint and its previous one, the file with the deepest layers that every
// process holds (the same counts on every process), checked before the processes run. That file
// becomes the checkpoint again, so the next save keeps it as the previous one.
std::vector<std::uint64_t> TwoBitShardCheckpoint::resume(Cluster& cluster) {
    constexpr std::uint64_t kAbsent = ~std::uint64_t{0};
    std::vector<std::uint64_t> layers[2];  // the checkpoint, its previous one
    const std::string files[2] = {path_, previous_of(path_)};
    const std::uint64_t have =
        std::filesystem::exists(files[0]) || std::filesystem::exists(files[1]);
    const auto haves = all_gather_vector<std::uint64_t>(cluster, {&have, 1});
    const bool any = std::find(haves.begin(), haves.end(), 1) != haves.end();
    agree(cluster, [&] {
        // Some processes' files without the others' cannot be resumed: only deleting them helps.
        if (!have && any)
            throw InputError(path_ +
                             ": no checkpoint, while other processes have theirs (a run stopped "
                             "during its first save); delete " +
                             every_ + "* and start again");
        if (!have)
            throw InputError(path_ +
                             ": no checkpoint to resume from (resume with the processes and "
                             "directory of the run that saved it)");
        for (int f = 0; f < 2; ++f)
            if (std::filesystem::exists(files[f])) layers[f] = layers_in(files[f], want_);
    });
    std::vector<std::uint64_t> mine;  // per file: depth + 1 (0: absent), checksum of the counts
    for (const auto& l : layers)
        mine.insert(mine.end(), {l.size(), l.empty() ? kAbsent : checksum_of(l)});
    const auto all = all_gather_vector<std::uint64_t>(cluster, mine);
    std::uint64_t best_size = 0, best_sum = kAbsent;  // the deepest pair present everywhere
    for (std::size_t k = 0; k < 4; k += 2) {
        const std::uint64_t size = all[k], sum = all[k + 1];
        bool everywhere = size > best_size;
        for (std::size_t r = 4; everywhere && r < all.size(); r += 4)
            everywhere =
                (all[r] == size && all[r + 1] == sum) || (all[r + 2] == size && all[r + 3] == sum);
        if (everywhere) best_size = size, best_sum = sum;
    }
    if (best_size == 0)
        throw InputError(
            "the processes' checkpoints hold different layers, so none can be resumed; delete " +
            every_ + "* and start again");
    const int chosen = mine[0] == best_size && mine[1] == best_sum ? 0 : 1;
    if (chosen == 1) std::filesystem::rename(files[1], path_);
    return layers[chosen];
}

void TwoBitShardCheckpoint::load(std::span<std::uint8_t> slice) const {
    copy_payload(path_, slice);
}

void TwoBitShardCheckpoint::save(const std::vector<std::uint64_t>& layers,
                                 std::span<const std::uint8_t> slice) {
    if (std::filesystem::exists(path_)) std::filesystem::rename(path_, previous_of(path_));
    write_table_file(path_, after(want_, layers), slice);
    cluster_.barrier();
    std::filesystem::remove(previous_of(path_));
}

void TwoBitShardCheckpoint::remove() const {
    std::filesystem::remove(path_);
    std::filesystem::remove(previous_of(path_));
}

}  // namespace frontier
