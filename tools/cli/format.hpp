// One spelling for how a command prints: `--format text|json|jsonl|tsv|csv` (each command takes
// the ones it can print), with `--json` and `--csv` kept as aliases of `--format json` and
// `--format csv`. The table in docs/reference/cli.md lists the formats and aliases per command.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace frontier::cli {

enum class Format { text, json, jsonl, tsv, csv };

std::string_view to_string(Format f);

// Adds `--format` accepting `allowed` (the first is the default, and `format` is set to it), and
// `--json` / `--csv` as aliases where json / csv are allowed (`json_help` describes what
// --format json prints). An alias and --format together are refused, as is a format the command
// cannot print (one line naming the ones it can).
void add_format_option(CLI::App& cmd, Format& format, const std::vector<Format>& allowed,
                       const std::string& json_help);

// For a command that prints text or one JSON object: `--format text|json` and `--json` both set
// `json`.
void add_format_option(CLI::App& cmd, bool& json, const std::string& json_help);

}  // namespace frontier::cli
