#include <frontier/engine/two_bit/file.hpp>

#include <numeric>

#include <frontier/engine/error.hpp>

namespace frontier {

TableHeader two_bit_header(const TwoBitIdentity& id, const std::vector<std::uint64_t>& layers,
                           bool complete) {
    TableHeader h;
    h.kind = "distance";
    h.domain = id.domain;
    h.goal = id.goal;
    h.entries = id.entries;
    h.entry_bits = 2;
    h.set_field("encoding", kTwoBitEncoding);
    h.set_field("index", id.index);
    for (const auto& [key, value] : id.fields) h.set_field(key, value);
    set_two_bit_layers(h, layers, complete);
    return h;
}

void set_two_bit_layers(TableHeader& h, const std::vector<std::uint64_t>& layers, bool complete) {
    h.max_value = static_cast<int>(layers.size()) - 1;
    h.set_field("reached",
                std::to_string(std::accumulate(layers.begin(), layers.end(), std::uint64_t{0})));
    h.set_field("layers", format_layer_counts(layers));
    h.set_field("complete", complete ? "yes" : "no");
}

bool is_two_bit_table(const TableHeader& header) {
    return header.entry_bits == 2 && header.field("encoding") == kTwoBitEncoding;
}

std::vector<std::uint64_t> checkpoint_layers(const std::string& path, const TableHeader& header,
                                             const TableHeader& want) {
    const auto another = [&] {
        throw InputError(path + ": the checkpoint is of another table (" + header.domain +
                         ", goal " + header.goal + "); delete it, or write the table elsewhere");
    };
    if (header.domain != want.domain || header.goal != want.goal ||
        header.entries != want.entries || header.entry_bits != want.entry_bits)
        another();
    for (const auto& [key, value] : want.fields)
        if (key != "layers" && key != "reached" && key != "complete" && header.field(key) != value)
            another();
    if (header.field("complete") != "no")
        throw InputError(path +
                         ": a finished table, not a checkpoint: nothing to resume (delete it to "
                         "compute it again)");
    return parse_layer_counts(path, header.field("layers"), "checkpoint");
}

std::vector<std::uint64_t> finished_two_bit_layers(const std::string& path,
                                                   const TableHeader& header) {
    if (header.field("complete") != "yes")
        throw InputError(path +
                         ": an unfinished two-bit table (a checkpoint); finish the run that "
                         "saved it");
    const std::vector<std::uint64_t> layers =
        parse_layer_counts(path, header.field("layers"), "header");
    const std::uint64_t sum = std::accumulate(layers.begin(), layers.end(), std::uint64_t{0});
    const std::vector<std::uint64_t> reached =
        parse_layer_counts(path, header.field("reached"), "header");
    if (layers.size() != static_cast<std::size_t>(header.max_value) + 1 || reached.size() != 1 ||
        reached[0] != sum || sum > header.entries)
        throw InputError(path +
                         ": corrupt header: the layer counts disagree with max_value, "
                         "reached or entries");
    return layers;
}

TwoBitWalkChecks two_bit_walk_checks(const TableHeader& header,
                                     const std::vector<std::uint64_t>& layers) {
    const std::uint64_t reached = std::accumulate(layers.begin(), layers.end(), std::uint64_t{0});
    return TwoBitWalkChecks{header.max_value, reached == header.entries};
}

void check_two_bit_space(const std::string& path, const TableHeader& header,
                         const std::string& index, std::uint64_t entries) {
    if (header.field("index") != index)
        throw InputError(path + ": unknown two-bit index '" + header.field("index") + "' for " +
                         header.domain + " (its tables use '" + index + "')");
    if (header.entries != entries)
        throw InputError(path + ": table has " + std::to_string(header.entries) + " entries but " +
                         header.domain + " has " + std::to_string(entries) + " states");
}

}  // namespace frontier
