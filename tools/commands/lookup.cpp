#include "tools/commands/lookup.hpp"

#include <filesystem>
#include <memory>

#include "engine/sharded_table.hpp"
#include "tools/cli/format.hpp"
#include "tools/commands/verbs.hpp"

namespace frontier::cli {

void add_lookup_command(CLI::App& app, const Registry& registry) {
    auto o = std::make_shared<LookupRequest>();
    CLI::App* cmd = app.add_subcommand(
        "lookup", "Print the exact distance of each state from a table made by enumerate --out.");
    cmd->add_option("file", o->file,
                    "distance-table file, or the directory of a sharded table (enumerate "
                    "--distributed --out DIR), read as one table")
        ->required();
    cmd->add_option("states", o->states,
                    "states in the table's puzzle syntax (default: one per line on stdin)");
    add_format_option(*cmd, o->json, "a JSON array of {state, distance, status}");
    cmd->add_flag("--path", o->path,
                  "two-bit tables: also print an optimal path to the goal (the puzzle's move "
                  "notation)");
    cmd->footer(
        "The table's header names its puzzle; states are read in that puzzle's syntax.\n"
        "Example: frontier lookup TABLE STATE...   (tables: frontier enumerate PUZZLE --out "
        "TABLE)\n");
    cmd->callback([o, &registry] {
        if (!std::filesystem::is_directory(o->file)) {
            // A 7x2 two-bit table is 10.9 GB: its payload checksum would read all of it first,
            // so only the header's is checked here (readers that need the payload check it).
            TableFile file = TableFile::open(o->file, /*verify_payload=*/false);
            const TableHeader header = file.header();
            return registry.reader_for(header).lookup(header, std::move(file), *o);
        }
        const TableHeader header = ShardedTableFile::open(o->file, false).header();
        registry.reader_for(header).lookup(header, std::nullopt, *o);
    });
}

}  // namespace frontier::cli
