#include "tools/commands/lookup.hpp"
#include "tools/cli/help_format.hpp"

#include <filesystem>
#include <memory>

#include <frontier/engine/tables/sharded_table.hpp>
#include "tools/cli/bus_error_guard.hpp"
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
                  "also print an optimal path to the goal, in the puzzle's move notation "
                  "(one-byte and two-bit tables of puzzles whose moves can be undone)");
    cmd->add_flag("--verify", o->verify,
                  "two-bit tables: read the whole table before answering: its payload checksum "
                  "and the number of entries of each depth mod 3 against the header's layer "
                  "counts (a 4x3 table, 57 MiB: about 12 ms on 2 cores). Without it the "
                  "checksum is read only up to 256 MiB, and every lookup checks the entries it "
                  "walks. One-byte tables always check their checksum");
    cmd->footer(
        "The table's header names its puzzle; states are read in that puzzle's syntax.\n"
        "A table found damaged is refused as a whole: one error line, exit status 2, no answers.\n"
        "Tables come from 'frontier enumerate PUZZLE --out TABLE'.\n" +
        examples_block({"frontier enumerate 8puzzle --out 8.table && frontier lookup 8.table "
                        "'8 6 7 2 5 4 3 _ 1'",
                        "frontier enumerate sliding:2x4 --two-bit --out 2x4.2bit && \\",
                        "  frontier lookup 2x4.2bit '_ 1 3 2 5 4 7 6' --path --json"}));
    cmd->callback([o, &registry] {
        // The tables are mapped: a file truncated meanwhile is one line and exit 2, not SIGBUS.
        const BusErrorGuard guard(o->file);
        // Opened once and handed to the reader, so the table checked is the table answered
        // from. A 7x2 two-bit table is 10.9 GB: its payload checksum would read all of it first,
        // so only the headers are checked here (the readers decide about the payload's).
        OpenedTable table = std::filesystem::is_directory(o->file)
                                ? OpenedTable(ShardedTableFile::open(o->file, false))
                                : OpenedTable(TableFile::open(o->file, false));
        const TableHeader header = std::visit([](const auto& t) { return t.header(); }, table);
        registry.reader_for(header, o->file).lookup(header, std::move(table), *o);
    });
}

}  // namespace frontier::cli
