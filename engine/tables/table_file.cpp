#include <frontier/engine/tables/table_file.hpp>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <limits>
#include <map>

#include <frontier/engine/error.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/io/regular_file.hpp>
#include <frontier/engine/tables/header_text.hpp>

namespace frontier {

namespace {

constexpr const char* kMagic = "FRONTIER-TABLE 1";
constexpr std::size_t kAlign = 4096;
constexpr std::size_t kMaxHeader = 1 << 20;

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw InputError(path + ": " + why);
}

std::uint64_t parse_u64(const std::string& path, const std::string& key, const std::string& v,
                        int base = 10) {
    return parse_text_u64(path, "header", key, v, base);
}

}  // namespace

std::string TableHeader::field(const std::string& key) const {
    for (const auto& [k, v] : fields)
        if (k == key) return v;
    return "";
}

void TableHeader::set_field(const std::string& key, const std::string& value) {
    for (auto& [k, v] : fields)
        if (k == key) {
            v = value;
            return;
        }
    fields.emplace_back(key, value);
}

std::string format_layer_counts(const std::vector<std::uint64_t>& layers) {
    std::string s;
    for (std::uint64_t n : layers) s += (s.empty() ? "" : ",") + std::to_string(n);
    return s;
}

std::vector<std::uint64_t> parse_layer_counts(const std::string& path, const std::string& text,
                                              const std::string& what) {
    std::vector<std::uint64_t> out;
    for (std::size_t at = 0; at <= text.size() && !text.empty();) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string item = text.substr(at, comma - at);
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || end != item.data() + item.size())
            throw InputError(path + ": corrupt " + what + ": bad count '" + item + "'");
        out.push_back(v);
        at = comma + 1;
    }
    if (out.empty()) throw InputError(path + ": corrupt " + what + ": no layer counts");
    return out;
}

void refuse_lone_shard(const std::string& path, const TableHeader& header) {
    if (const std::string count = header.field("shard_count"); !count.empty())
        throw InputError(path + ": this is shard " + header.field("shard_index") +
                         " of a table in " + count +
                         " shards; look up the directory that holds them");
}

void append_table_fields(std::string& text, const TableHeader& h, const std::string& path,
                         const std::string& what) {
    auto line = [&](const std::string& k, const std::string& v) {
        append_key_value(text, path, what, k, v);
    };
    line("kind", h.kind);
    line("domain", h.domain);
    line("goal", h.goal);
    line("entries", std::to_string(h.entries));
    line("entry_bits", std::to_string(h.entry_bits));
    line("max_value", std::to_string(h.max_value));
    for (const auto& [k, v] : h.fields) line(k, v);
}

TableHeader read_table_fields(const std::string& path, const KeyValueText& parsed,
                              std::span<const char* const> own_keys, const std::string& what,
                              bool (*skip)(const std::string& key)) {
    static const char* const common[] = {"kind",    "domain",     "goal",
                                         "entries", "entry_bits", "max_value"};
    auto listed = [](std::span<const char* const> keys, const std::string& k) {
        for (const char* key : keys)
            if (k == key) return true;
        return false;
    };
    const auto& kv = parsed.values;
    auto value = [&](const char* k) -> const std::string& {
        const auto it = kv.find(k);
        if (it == kv.end()) fail(path, "corrupt " + what + ": missing " + k);
        return it->second;
    };
    for (const char* k : common) value(k);
    for (const char* k : own_keys) value(k);
    TableHeader h;
    h.kind = value("kind");
    h.domain = value("domain");
    h.goal = value("goal");
    // Every number is range-checked before use (a header's checksum is no proof that its values
    // are sane): entries * entry_bits must not overflow 64 bits, entry_bits and max_value must
    // fit their int before the cast.
    h.entries = parse_u64(path, "entries", value("entries"));
    if (h.entries > std::numeric_limits<std::uint64_t>::max() / 8)
        fail(path,
             "corrupt " + what + ": entries out of range (" + std::to_string(h.entries) + ")");
    const std::uint64_t bits = parse_u64(path, "entry_bits", value("entry_bits"));
    if (bits != 8 && bits != 4 && bits != 2 && bits != 1)
        fail(path, "corrupt " + what + ": entry_bits must be 1, 2, 4 or 8");
    h.entry_bits = static_cast<int>(bits);
    const std::uint64_t max_value = parse_u64(path, "max_value", value("max_value"));
    if (max_value > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        fail(path,
             "corrupt " + what + ": max_value out of range (" + std::to_string(max_value) + ")");
    h.max_value = static_cast<int>(max_value);
    for (const auto& [k, v] : parsed.order)
        if (!listed(common, k) && !listed(own_keys, k) && !(skip && skip(k)))
            h.fields.emplace_back(k, v);
    return h;
}

void write_table_file(const std::string& path, const TableHeader& h,
                      std::span<const std::uint8_t> payload) {
    std::string text = std::string(kMagic) + "\n";
    append_table_fields(text, h, path, "header");
    auto line = [&](const std::string& k, const std::string& v) {
        append_key_value(text, path, "header", k, v);
    };
    // payload_offset depends on the header's own length; reserve room for the last lines.
    const std::size_t tail = 200;
    const std::size_t offset = (text.size() + tail + kAlign) / kAlign * kAlign;
    line("payload_offset", std::to_string(offset));
    line("payload_bytes", std::to_string(payload.size()));
    line("payload_checksum", hex64(checksum64(payload)));
    line("header_checksum", hex64(checksum64(text_bytes(text))));
    text += "\n";
    text.resize(offset, '\0');
    const std::span<const std::uint8_t> pieces[] = {text_bytes(text), payload};
    write_file_atomically(path, pieces);
}

TableFile TableFile::open(const std::string& path, bool verify_payload) {
    return open(RegularFile::open(path, O_RDONLY, "table file"), path, verify_payload);
}

TableFile TableFile::open(const RegularFile& file, const std::string& path, bool verify_payload) {
    TableFile t;
    t.path_ = path;
    const auto size = static_cast<std::size_t>(file.size());
    if (size < std::strlen(kMagic) + 1) fail(path, "not a Frontier table file (too short)");
    void* m = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, file.fd(), 0);
    if (m == MAP_FAILED) {
        // Address space exhausted (a ulimit -v, a 32-bit process) is out of memory, not bad input.
        const int err = errno;
        throw InputError(path + ": cannot map file: " + std::strerror(err), err == ENOMEM ? 3 : 2);
    }
    t.map_ = MappedRegion(m, size);
    const char* base = static_cast<const char*>(m);
    const std::string_view all(base, std::min(size, kMaxHeader));
    if (all.substr(0, std::strlen(kMagic) + 1) != std::string(kMagic) + "\n") {
        if (all.substr(0, 15) == "FRONTIER-TABLE ")
            fail(path, "unsupported table format version (this program reads version 1)");
        fail(path, "not a Frontier table file (bad magic)");
    }
    const auto end = all.find("\n\n");
    if (end == std::string_view::npos) fail(path, "corrupt header: no end of header");
    const std::string_view text = all.substr(0, end + 1);
    KeyValueText parsed =
        parse_checked_text(path, text, std::strlen(kMagic) + 1, "header_checksum", "header");
    auto& kv = parsed.values;
    static const char* const own[] = {"payload_offset", "payload_bytes", "payload_checksum",
                                      "header_checksum"};
    t.header_ = read_table_fields(path, parsed, own, "header");
    const TableHeader& h = t.header_;
    const std::uint64_t offset = parse_u64(path, "payload_offset", kv["payload_offset"]);
    const std::uint64_t bytes = parse_u64(path, "payload_bytes", kv["payload_bytes"]);
    if (h.entry_bits != 8 && h.entry_bits != 4 && h.entry_bits != 2 && h.entry_bits != 1)
        fail(path, "corrupt header: entry_bits must be 1, 2, 4 or 8");
    if (bytes != (h.entries * static_cast<std::uint64_t>(h.entry_bits) + 7) / 8)
        fail(path, "corrupt header: payload_bytes does not match entries");
    // Range checks without overflow: the payload starts after the header's end and inside the
    // file (offset <= size), and offset + bytes is computed only once both are known to fit.
    if (offset < text.size() + 1 || offset % kAlign != 0)
        fail(path, "corrupt header: payload_offset " + std::to_string(offset) +
                       " is not an aligned offset after the header");
    if (offset > size)
        fail(path, "truncated: payload_offset " + std::to_string(offset) +
                       " is past the end of the file (" + std::to_string(size) + " bytes)");
    if (bytes > size - offset)
        fail(path, "truncated: payload_bytes " + std::to_string(bytes) + " at payload_offset " +
                       std::to_string(offset) + " needs " +
                       std::to_string(bytes - (size - offset)) + " more bytes than the file has (" +
                       std::to_string(size) + ")");
    if (size > offset + bytes)
        fail(path, "corrupt: " + std::to_string(size - offset - bytes) +
                       " unexpected bytes after the payload");
    t.payload_ = {reinterpret_cast<const std::uint8_t*>(base) + offset, bytes};
    t.payload_offset_ = offset;
    t.payload_checksum_ = parse_u64(path, "payload_checksum", kv["payload_checksum"], 16);
    if (verify_payload) t.check_payload();
    return t;
}

void TableFile::check_payload() const {
    if (payload_checksum_ != checksum64(payload_))
        fail(path_, "corrupt: payload checksum mismatch");
}

}  // namespace frontier
