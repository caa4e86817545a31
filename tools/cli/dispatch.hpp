// The table the command line is built from: which puzzles implement each verb.
//
// A verb such as `frontier solve PUZZLE ...` takes the puzzle first. Each puzzle (one file under
// tools/puzzles/) adds a PuzzleHandler to the verbs it offers; the handler that accepts the name
// builds the rest of the command line (the puzzle's own options, help text and callback) on a
// fresh CLI::App, so the sliding-tile solver and the Sudoku solver never share an option list,
// and an option the puzzle does not take is refused with one line naming it. `frontier solve
// --help` lists every puzzle; `frontier solve sudoku --help` shows that puzzle's options.
//
// Beside the verbs the registry holds the readers of table files (lookup picks one by the
// file's header), named capabilities ("two-bit": which puzzles have them, for error messages),
// and command groups that belong to one puzzle (`frontier pdb`, `frontier rush`).
//
// Not thread-safe: filled once in main before parsing, read-only afterwards.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier::cli {

struct PuzzleHandler {
    std::string names;  // for help: the names it takes ("": accepted but not listed)
    std::function<bool(std::string_view name)> accepts;  // does this handler take the name?
    // Adds options and a callback to `cmd`, whose name is "frontier VERB PUZZLE".
    std::function<void(CLI::App& cmd, const std::string& name)> configure;
};

// What `frontier lookup` was asked.
struct LookupRequest {
    std::string file;
    std::vector<std::string> states;  // empty: one per line on stdin
    bool json = false;
    bool path = false;    // also print an optimal path (where the table allows it)
    bool verify = false;  // read the whole table first: checksum and, where it can, its contents
};

// The table lookup opened, once: a table file or a sharded table's directory, its headers
// checked, not yet its payload. Readers answer from it and never open the path again, so what was
// checked is what is read.
using OpenedTable = std::variant<TableFile, ShardedTableFile>;

// Answers lookups from the tables of one puzzle; `header` is the opened table's (a sharded
// table's manifest's).
struct TableReader {
    std::function<bool(const TableHeader&)> reads;
    std::function<void(const TableHeader& header, OpenedTable opened, const LookupRequest&)> lookup;
};

class Registry {
  public:
    // Declares a verb (once) with what follows it on its Usage line ("PUZZLE STATE [OPTIONS]")
    // and its one-line description; `footer` ends its help (before the list of puzzles).
    void declare(const std::string& verb, const std::string& arguments,
                 const std::string& description, const std::string& footer = "");
    // Adds a puzzle's handler to a declared verb.
    void add(const std::string& verb, PuzzleHandler handler);
    void add_table_reader(TableReader reader);
    // A command group of one puzzle (`frontier pdb`), added to the app by install().
    void add_command(std::function<void(CLI::App&)> install);
    // Records that a puzzle offers a capability, described in a few words.
    void offer(const std::string& capability, const std::string& who);
    // "sliding-tile boards of up to 16 cells" (several joined with " and "), "" when none.
    std::string offered(const std::string& capability) const;
    // The reader of a table with this header; InputError naming `path` when no puzzle reads it.
    const TableReader& reader_for(const TableHeader& header, const std::string& path) const;
    // Creates the subcommands on the app.
    void install(CLI::App& app);

    // What the completions and the man page list of a verb: the puzzle names its help lists
    // (a family by its prefix, such as sliding:, for completion; `titles` spells a family with
    // its parameters, sliding:RxC, as the help does) and the union of the long options its
    // puzzles take.
    struct VerbSummary {
        std::string name, description;
        std::vector<std::string> puzzles, titles, options;
    };
    std::vector<VerbSummary> summaries() const;

  private:
    struct Verb {
        std::string name, arguments, description, footer;
        std::vector<PuzzleHandler> handlers;
    };
    Verb& find(const std::string& verb);
    std::vector<Verb> verbs_;
    std::vector<TableReader> readers_;
    std::vector<std::function<void(CLI::App&)>> commands_;
    std::map<std::string, std::vector<std::string>> offers_;
};

// Thrown to end the program early with an exit code after printing (nested --help).
struct ExitRequest {
    int code;
};

// Checks the words of a command line (after "frontier") against the command tree before CLI11
// parses it, so that a mistyped command at any depth, a command group without its command, or
// an option the command does not take gets one InputError line with a suggestion and the help
// to read, instead of the parser's generic message. A verb's puzzle and the words after it are
// left to the puzzle's own parser, which does the same for its options.
void check_command_words(const CLI::App& app, const std::vector<std::string>& args);

// "frontier rush grade": the deepest command a parse reached, for pointing at its help.
std::string parsed_command_path(const CLI::App& app);

// Accepts exactly one of the given names.
std::function<bool(std::string_view)> accept_names(std::vector<std::string> names);

}  // namespace frontier::cli
