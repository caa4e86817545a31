#include <frontier/engine/tables/payload_blocks.hpp>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdio>
#include <filesystem>

#include <tbb/blocked_range.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/tables/header_text.hpp>

namespace frontier {

namespace {

constexpr std::uint64_t kMinDefault = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxBlocks = 16384;
constexpr int kHexDigits = 16;

[[noreturn]] void corrupt(const std::string& path, const std::string& why) {
    throw InputError(path + ": corrupt header: " + why);
}

std::uint64_t block_count(std::uint64_t bytes, std::uint64_t block_bytes) {
    return bytes / block_bytes + (bytes % block_bytes != 0);
}

std::span<const std::uint8_t> block_of(std::span<const std::uint8_t> bytes, int shift,
                                       std::uint64_t block) {
    const std::uint64_t begin = block << shift;
    return bytes.subspan(begin,
                         std::min<std::uint64_t>(std::uint64_t{1} << shift, bytes.size() - begin));
}

std::vector<std::uint64_t> parse_sums(const std::string& path, const std::string& text,
                                      std::uint64_t count) {
    if (text.size() != count * kHexDigits)
        corrupt(path, "block_checksums holds " + std::to_string(text.size() / kHexDigits) +
                          " checksums, the payload has " + std::to_string(count) + " blocks");
    std::vector<std::uint64_t> sums(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        const char* at = text.data() + i * kHexDigits;
        const auto [end, ec] = std::from_chars(at, at + kHexDigits, sums[i], 16);
        if (ec != std::errc() || end != at + kHexDigits)
            corrupt(path, "bad value for block_checksums");
    }
    return sums;
}

}  // namespace

std::uint64_t default_block_bytes(std::uint64_t payload_bytes) {
    std::uint64_t block = kMinDefault;
    while (block_count(payload_bytes, block) > kMaxBlocks) block *= 2;
    return block;
}

void add_block_checksums(TableHeader& header, std::span<const std::uint8_t> payload,
                         std::uint64_t block_bytes) {
    const int shift = std::countr_zero(block_bytes);
    std::vector<std::uint64_t> sums(block_count(payload.size(), block_bytes));
    parallel_for_each(tbb::blocked_range<std::uint64_t>(0, sums.size()), [&](const auto& r) {
        for (std::uint64_t b = r.begin(); b != r.end(); ++b)
            sums[b] = block_checksum(block_of(payload, shift, b), b);
    });
    std::string text;
    text.reserve(sums.size() * kHexDigits);
    for (std::uint64_t s : sums) {
        char digits[kHexDigits + 1];
        std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(s));
        text += digits;
    }
    header.set_field("block_bytes", std::to_string(block_bytes));
    header.set_field("block_checksums", text);
}

void PayloadBlocks::add(const std::string& path, const std::string& name, const TableHeader& header,
                        std::span<const std::uint8_t> bytes, std::uint64_t first) {
    const std::string size_text = header.field("block_bytes");
    if (size_text.empty() && header.field("block_checksums").empty()) return;
    const std::uint64_t block_bytes = parse_text_u64(path, "header", "block_bytes", size_text);
    // At least a page, so a walk's blocks stay few; at most 2^40, so the shift stays sane.
    if (!std::has_single_bit(block_bytes) || block_bytes < 4096 ||
        block_bytes > (std::uint64_t{1} << 40))
        corrupt(path, "block_bytes must be a power of two from 4096 to 2^40");
    File f;
    f.name = name;
    f.bytes = bytes;
    f.first = first;
    f.shift = std::countr_zero(block_bytes);
    f.sums =
        parse_sums(path, header.field("block_checksums"), block_count(bytes.size(), block_bytes));
    f.checked = std::make_unique<std::atomic<bool>[]>(f.sums.size());
    const auto at = std::upper_bound(files_.begin(), files_.end(), first,
                                     [](std::uint64_t v, const File& g) { return v < g.first; });
    files_.insert(at, std::move(f));
}

const PayloadBlocks::File* PayloadBlocks::find(std::uint64_t at) const {
    const auto it = std::upper_bound(files_.begin(), files_.end(), at,
                                     [](std::uint64_t v, const File& g) { return v < g.first; });
    return it == files_.begin() ? nullptr : &*std::prev(it);
}

void PayloadBlocks::check_block(const File& f, std::uint64_t block) {
    if (block_checksum(block_of(f.bytes, f.shift, block), block) != f.sums[block])
        throw DamagedTableError("corrupt: checksum mismatch in payload block " +
                                std::to_string(block) + (f.name.empty() ? "" : " of " + f.name));
    f.checked[block].store(true, std::memory_order_release);
}

PayloadBlocks blocks_of(const TableFile& file) {
    PayloadBlocks blocks;
    blocks.add(file.path(), "", file.header(), file.payload(), 0);
    return blocks;
}

PayloadBlocks blocks_of(const ShardedTableFile& shards) {
    PayloadBlocks blocks;
    for (std::size_t i = 0; i < shards.files().size(); ++i) {
        const TableFile& f = shards.files()[i];
        const std::uint64_t first = shards.first_byte(i);
        blocks.add(f.path(), std::filesystem::path(f.path()).filename().string(), f.header(),
                   shards.payload().subspan(first, f.payload().size()), first);
    }
    return blocks;
}

}  // namespace frontier
