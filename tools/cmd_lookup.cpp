// frontier lookup: exact distances read from a distance-table file, no search.
#include <filesystem>

#include "engine/distance_table.hpp"
#include "tools/cli_common.hpp"
#include "tools/commands.hpp"
#include "tools/domain_registry.hpp"
#include "tools/two_bit_commands.hpp"

namespace frontier::cli {

namespace {

struct LookupOptions {
    std::string file;
    std::vector<std::string> states;
    bool json = false;
    bool path = false;
};

// One answer: the distance, or why there is none.
template <class D>
Json lookup_one(const D& d, const DistanceTable& table, const std::string& text) {
    using IO = DomainIO<D>;
    const auto s = IO::parse(d, text);
    Json j;
    j["state"] = IO::format(d, s);
    const std::string why = IO::unsolvable_reason(d, s);
    if (!why.empty()) {
        j["distance"] = nullptr;
        j["status"] = "unsolvable";
        j["reason"] = why;
    } else if (const std::uint64_t r = d.rank(s); !table.reached(r)) {
        j["distance"] = nullptr;
        j["status"] = "unreachable";
    } else {
        j["distance"] = table.at(r);
        j["status"] = "ok";
    }
    return j;
}

template <class D>
void lookup(const D& d, const DistanceTable& table, const LookupOptions& o) {
    if constexpr (!PerfectHashDomain<D>) {
        throw InputError("lookup: " + DomainIO<D>::name(d) + " has no perfect hash");
    } else {
        if (table.size() != d.size())
            throw InputError(o.file + ": table has " + std::to_string(table.size()) +
                             " entries but " + DomainIO<D>::name(d) + " has " +
                             std::to_string(d.size()) + " states");
        answer_lookups(o.states, o.json,
                       [&](const std::string& text) { return lookup_one(d, table, text); });
    }
}

}  // namespace

void add_lookup_command(CLI::App& app) {
    auto o = std::make_shared<LookupOptions>();
    CLI::App* cmd = app.add_subcommand(
        "lookup", "Print the exact distance of each state from a table made by enumerate --out.");
    cmd->add_option("file", o->file,
                    "distance-table file, or the directory of a sharded table (enumerate "
                    "--distributed --out DIR), read as one table")
        ->required();
    cmd->add_option("states", o->states,
                    "states in the table's domain syntax (default: one per line on stdin)");
    cmd->add_flag("--json", o->json, "print a JSON array of {state, distance, status}");
    cmd->add_flag("--path", o->path,
                  "two-bit tables: also print an optimal path to the goal (blank moves U L R D)");
    cmd->footer(
        "Example: frontier lookup 8puzzle.table \"1 8 _ 3 2 4 6 5 7\"\n"
        "         frontier lookup 4x3/ \"_ 7 10 9 8 11 4 5 6 1 2 3\"   (a sharded table)\n"
        "         frontier lookup 7x2.2bit --path \"13 _ 11 12 10 9 7 8 5 6 4 3 1 2\"   "
        "(two-bit)\n");
    cmd->callback([o] {
        if (std::filesystem::is_regular_file(o->file)) {
            // A 7x2 table is 10.9 GB: its payload checksum would read all of it first, so
            // only the header's is checked here (distance tables check theirs when opened).
            TableFile file = TableFile::open(o->file, /*verify_payload=*/false);
            if (is_two_bit_table(file.header()))
                return lookup_two_bit(std::move(file), o->states, o->json, o->path);
        }
        if (o->path) throw InputError("--path: only for two-bit tables (enumerate --two-bit)");
        const DistanceTable table = DistanceTable::open(o->file);
        std::visit([&](const auto& d) { lookup(d, table, *o); },
                   domain_from_header(*table.header()));
    });
}

}  // namespace frontier::cli
