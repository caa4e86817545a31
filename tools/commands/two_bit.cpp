#include "tools/commands/two_bit.hpp"

namespace frontier::cli::detail {

TwoBitFileOptions two_bit_files(const EnumerateOptions& o) {
    TwoBitFileOptions files;
    files.out = o.out;
    files.resume = o.resume;
    files.checkpoint_seconds = o.checkpoint_minutes * 60;
    return files;
}

void print_two_bit_heading(const std::string& description, std::uint64_t states, int ranks,
                           int threads) {
    const std::string bytes = format_bytes(two_bit_table_bytes(states));
    if (ranks > 0)
        std::printf("%s, %llu states, two bits each (%s in all), %d ranks x %d threads\n",
                    description.c_str(), static_cast<unsigned long long>(states), bytes.c_str(),
                    ranks, threads);
    else
        std::printf("%s, %llu states, two bits each (%s), %d threads\n", description.c_str(),
                    static_cast<unsigned long long>(states), bytes.c_str(), threads);
    std::fflush(stdout);
}

std::string two_bit_progress(int depth, std::uint64_t count, std::uint64_t reached,
                             std::uint64_t states, double seconds) {
    // ETA from the fraction of states reached: rough early, close once past the widest layer.
    const double done = static_cast<double>(reached) / static_cast<double>(states);
    char percent[16];
    std::snprintf(percent, sizeof percent, "%.1f%%", 100 * done);
    std::string text = "depth " + std::to_string(depth) + ": " + std::to_string(count) +
                       " states, " + percent + " reached, " + format_seconds(seconds);
    if (done > 0.05 && done < 1) text += ", ETA " + format_seconds(seconds / done - seconds);
    return text;
}

std::string first_interrupt_note(const EnumerateOptions& o, const std::string& checkpoints) {
    if (o.out.empty())
        return o.distributed ? "nothing was saved (with --out DIR the ranks keep checkpoints)"
                             : "nothing was saved (with --out FILE the run keeps a checkpoint)";
    if (o.resume)
        return checkpoints + (o.distributed ? " still hold" : " still holds") +
               " the run this one resumed: the same command continues it";
    return "no checkpoint yet (the first is saved after the layer that ends " +
           format_duration(o.checkpoint_minutes * 60) + " after the start)";
}

void refuse_damaged(const std::string& path, const DamagedTableError& e) {
    throw DamagedTableError(path + ": " + e.what() + "; rebuild it");
}

// Payloads up to this size have their checksum read on every lookup: all tables of up to 12 cells
// (the 4x3 and 6x2 boards' 57 MiB take about 10 ms on 2 cores, from the page cache). Past it only
// --verify reads it: the next size, a 7x2 table, is 10.9 GB, seconds from the page cache and
// minutes from a disk before the first answer; its lookups rely on the checks of every walk and
// the block checksums.
constexpr std::uint64_t kChecksumAtOpenBytes = std::uint64_t{256} << 20;

TwoBitWalkChecks check_two_bit_source(const TwoBitSource& table,
                                      const std::vector<std::uint64_t>& layers, bool verify) {
    if (verify || table.payload.size() <= kChecksumAtOpenBytes) table.checksum();
    if (verify) try {
            check_two_bit_values(table.payload, layers);
        } catch (const DamagedTableError& e) {
            refuse_damaged(table.path, e);
        }
    return two_bit_walk_checks(table.header, layers);
}

}  // namespace frontier::cli::detail
