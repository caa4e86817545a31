#include <frontier/engine/tables/sharded_table.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <frontier/engine/error.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/io/regular_file.hpp>
#include <frontier/engine/tables/header_text.hpp>
#include <frontier/engine/tables/payload_blocks.hpp>

namespace frontier {

namespace {

constexpr const char* kMagic = "FRONTIER-SHARDED-TABLE 1";

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw InputError(path + ": " + why);
}

std::uint64_t parse_u64(const std::string& path, const std::string& key, const std::string& v,
                        int base = 10) {
    return parse_text_u64(path, "manifest", key, v, base);
}

std::string join(const std::string& dir, const std::string& name) {
    return (std::filesystem::path(dir) / name).string();
}

struct ShardEntry {
    std::string file;
    std::uint64_t first = 0, entries = 0;
};

struct Manifest {
    TableHeader header;
    std::string table_id;
    std::vector<ShardEntry> shards;
};

Manifest read_manifest(const std::string& dir) {
    const std::string path = join(dir, kManifestName);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        fail(dir, "not a sharded table (no readable manifest: " + std::string(kManifestName) +
                      " is missing)");
    const std::string text = RegularFile::open(path, O_RDONLY, "manifest").read_all();
    if (text.rfind(std::string(kMagic) + "\n", 0) != 0) {
        if (text.rfind("FRONTIER-SHARDED-TABLE ", 0) == 0)
            fail(path, "unsupported sharded table version (this program reads version 1)");
        fail(path, "not a Frontier table manifest (bad magic)");
    }
    KeyValueText parsed =
        parse_checked_text(path, text, std::strlen(kMagic) + 1, "manifest_checksum", "manifest");
    auto& kv = parsed.values;
    static const char* const own[] = {"table_id", "shard_count", "manifest_checksum"};
    Manifest m;
    m.header = read_table_fields(path, parsed, own, "manifest",
                                 [](const std::string& k) { return k.rfind("shard.", 0) == 0; });
    TableHeader& h = m.header;
    m.table_id = kv["table_id"];
    const std::uint64_t count = parse_u64(path, "shard_count", kv["shard_count"]);
    if (count == 0 || count > 1000000) fail(path, "corrupt manifest: bad shard_count");
    for (const auto& [k, v] : parsed.order) {
        if (k.rfind("shard.", 0) == 0) {
            const std::uint64_t index = parse_u64(path, k, k.substr(6));
            if (index != m.shards.size()) fail(path, "corrupt manifest: shards out of order");
            std::istringstream fields(v);
            ShardEntry s;
            std::string first, entries, extra;
            if (!(fields >> s.file >> first >> entries) || (fields >> extra))
                fail(path, "corrupt manifest: bad " + k);
            if (s.file.find('/') != std::string::npos)
                fail(path, "corrupt manifest: shard file names must be plain names");
            s.first = parse_u64(path, k, first);
            s.entries = parse_u64(path, k, entries);
            m.shards.push_back(s);
        }
    }
    if (m.shards.size() != count)
        fail(path, "corrupt manifest: shard_count is " + std::to_string(count) + " but " +
                       std::to_string(m.shards.size()) + " shards are listed");
    std::uint64_t next = 0;
    for (const ShardEntry& s : m.shards) {
        if (s.first != next) fail(path, "corrupt manifest: shards do not tile the table");
        // No wrap past 2^64: every shard ends inside the table (entries is range-checked).
        if (s.entries > h.entries - next)
            fail(path, "corrupt manifest: shard entries out of range (" +
                           std::to_string(s.entries) + " past the table's " +
                           std::to_string(h.entries) + ")");
        next += s.entries;
    }
    if (next != h.entries) fail(path, "corrupt manifest: shards do not cover the table");
    return m;
}

// The shard's header must say it is shard `index` of this table.
void check_shard(const std::string& path, const TableHeader& sh, const Manifest& m,
                 std::size_t index) {
    const ShardEntry& e = m.shards[index];
    if (sh.field("table_id") != m.table_id)
        fail(path, "shard of another table (table_id " + sh.field("table_id") + ", manifest " +
                       m.table_id + "): the directory mixes files of different runs");
    if (sh.kind != m.header.kind || sh.domain != m.header.domain || sh.goal != m.header.goal ||
        sh.entry_bits != m.header.entry_bits)
        fail(path, "shard header does not match the manifest (kind, domain, goal or entry_bits)");
    if (sh.field("shard_index") != std::to_string(index) ||
        sh.field("shard_count") != std::to_string(m.shards.size()) ||
        sh.field("shard_first") != std::to_string(e.first) || sh.entries != e.entries)
        fail(path, "shard header does not match the manifest (index, count or range)");
}

std::uint64_t payload_bytes(std::uint64_t entries, int bits) {
    return (entries * static_cast<std::uint64_t>(bits) + 7) / 8;
}

[[noreturn]] void fail_mapping(const std::string& path, const std::string& what) {
    const int err = errno;
    // Address space exhausted is out of memory (exit status 3), not bad input.
    throw InputError(path + ": " + what + ": " + std::strerror(err), err == ENOMEM ? 3 : 2);
}

// An address range for the whole payload, to map the shards into side by side.
MappedRegion reserve_view(const std::string& dir, std::uint64_t total) {
    void* view =
        ::mmap(nullptr, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (view == MAP_FAILED) fail_mapping(dir, "cannot reserve memory");
    return MappedRegion(view, total);
}

// Maps the payload of the shard `f`, opened from `file`, at byte `first` of `view`.
void map_shard(const std::string& path, const RegularFile& file, const TableFile& f,
               const MappedRegion& view, std::uint64_t first) {
    const std::size_t bytes = f.payload().size();
    if (bytes == 0) return;
    void* at = static_cast<char*>(view.data()) + first;
    if (::mmap(at, bytes, PROT_READ, MAP_SHARED | MAP_FIXED, file.fd(),
               static_cast<off_t>(f.payload_offset())) == MAP_FAILED)
        fail_mapping(path, "cannot map shard");
}

}  // namespace

std::string shard_file_name(int index, int count) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "shard-%04d-of-%04d.table", index, count);
    return buf;
}

void write_table_shard(const std::string& dir, const TableHeader& whole, int index, int count,
                       std::uint64_t first, const std::string& table_id,
                       std::span<const std::uint8_t> payload, std::uint64_t block_bytes) {
    TableHeader h = whole;
    h.entries = payload.size() * 8 / static_cast<std::uint64_t>(whole.entry_bits);
    h.set_field("shard_index", std::to_string(index));
    h.set_field("shard_count", std::to_string(count));
    h.set_field("shard_first", std::to_string(first));
    h.set_field("table_id", table_id);
    if (block_bytes != 0) add_block_checksums(h, payload, block_bytes);
    write_table_file(join(dir, shard_file_name(index, count)), h, payload);
}

void write_table_manifest(const std::string& dir, const TableHeader& whole,
                          const std::string& table_id, const std::vector<std::uint64_t>& firsts,
                          const std::vector<std::uint64_t>& sizes) {
    std::string text = std::string(kMagic) + "\n";
    append_table_fields(text, whole, dir, "manifest");
    auto line = [&](const std::string& k, const std::string& v) {
        append_key_value(text, dir, "manifest", k, v);
    };
    line("table_id", table_id);
    const int count = static_cast<int>(firsts.size());
    line("shard_count", std::to_string(count));
    for (int i = 0; i < count; ++i)
        line("shard." + std::to_string(i), shard_file_name(i, count) + " " +
                                               std::to_string(firsts[i]) + " " +
                                               std::to_string(sizes[i]));
    line("manifest_checksum", hex64(checksum64(text_bytes(text))));
    const std::span<const std::uint8_t> pieces[] = {text_bytes(text)};
    write_file_atomically(join(dir, kManifestName), pieces);
}

ShardedTableFile ShardedTableFile::open(const std::string& dir, bool verify_payload) {
    const Manifest m = read_manifest(dir);
    ShardedTableFile t;
    t.path_ = dir;
    t.header_ = m.header;
    t.shards_ = static_cast<int>(m.shards.size());
    const int bits = m.header.entry_bits;
    if (bits != 8 && bits != 4 && bits != 2 && bits != 1)
        fail(dir, "corrupt manifest: entry_bits must be 1, 2, 4 or 8");
    const std::uint64_t total = payload_bytes(m.header.entries, bits);
    // Every shard but the last must end on a byte boundary, and on a page boundary to be mapped.
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    bool mappable = total > 0;
    for (const ShardEntry& e : m.shards) mappable &= (e.first * bits / 8) % page == 0;
    if (mappable) t.view_ = reserve_view(dir, total);
    for (std::size_t i = 0; i < m.shards.size(); ++i) {
        const std::string path = join(dir, m.shards[i].file);
        // One descriptor per shard: the file checked is the file mapped, whatever is renamed
        // into the directory meanwhile.
        const RegularFile file = RegularFile::open(path, O_RDONLY, "table file");
        TableFile f = TableFile::open(file, path, verify_payload);
        check_shard(path, f.header(), m, i);
        if (i + 1 < m.shards.size() && m.shards[i].entries * bits % 8 != 0)
            fail(dir, "corrupt manifest: shard " + std::to_string(i) + " ends inside a byte");
        t.firsts_.push_back(m.shards[i].first * bits / 8);
        if (mappable && f.payload_offset() % page == 0)
            map_shard(path, file, f, t.view_, t.firsts_.back());
        else
            mappable = false;
        t.files_.push_back(std::move(f));
    }
    if (total == 0) return t;
    if (!mappable) {  // the shards' own mappings, copied side by side
        t.view_.reset();
        t.copy_ = BigArray<std::uint8_t>(total);
        for (std::size_t i = 0; i < t.files_.size(); ++i)
            std::memcpy(t.copy_.data() + t.firsts_[i], t.files_[i].payload().data(),
                        t.files_[i].payload().size());
        t.payload_ = {t.copy_.data(), total};
        return t;
    }
    t.payload_ = {static_cast<const std::uint8_t*>(t.view_.data()), total};
    return t;
}

void ShardedTableFile::check_payload() const {
    for (const TableFile& f : files_) f.check_payload();
}

}  // namespace frontier
