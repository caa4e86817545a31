#include "tools/cli/format.hpp"

#include <algorithm>
#include <functional>

#include <CLI/CLI.hpp>

namespace frontier::cli {

std::string_view to_string(Format f) {
    switch (f) {
        case Format::text:
            return "text";
        case Format::json:
            return "json";
        case Format::jsonl:
            return "jsonl";
        case Format::tsv:
            return "tsv";
        case Format::csv:
            return "csv";
    }
    return "text";
}

namespace {

void add_format(CLI::App& cmd, const std::function<void(Format)>& set,
                const std::vector<Format>& allowed, const std::string& json_help) {
    set(allowed.front());
    std::string names;
    for (Format f : allowed) names += (names.empty() ? "" : "|") + std::string(to_string(f));
    CLI::Option* opt =
        cmd.add_option_function<std::string>(
               "--format",
               [set, allowed, names](const std::string& v) {
                   for (Format f : allowed)
                       if (to_string(f) == v) {
                           set(f);
                           return;
                       }
                   // Checked below already; kept so that a new caller cannot slip past it.
                   throw CLI::ValidationError("--format", "expected " + names);
               },
               "output format: " + names + " (default: " + std::string(to_string(allowed[0])) + ")")
            ->type_name("FORMAT")
            ->check(
                [allowed, names](const std::string& v) -> std::string {
                    for (Format f : allowed)
                        if (to_string(f) == v) return "";
                    // Cut: the value is echoed inside one error line.
                    return "unknown --format \"" + v.substr(0, 40) + "\" (expected " + names + ")";
                },
                "");
    const auto has = [&](Format f) {
        return std::find(allowed.begin(), allowed.end(), f) != allowed.end();
    };
    CLI::Option* json = nullptr;
    if (has(Format::json))
        json = cmd.add_flag_callback(
                      "--json", [set] { set(Format::json); }, "same as --format json: " + json_help)
                   ->excludes(opt);
    if (has(Format::csv)) {
        CLI::Option* csv = cmd.add_flag_callback(
                                  "--csv", [set] { set(Format::csv); }, "same as --format csv")
                               ->excludes(opt);
        if (json != nullptr) csv->excludes(json);
    }
}

}  // namespace

void add_format_option(CLI::App& cmd, Format& format, const std::vector<Format>& allowed,
                       const std::string& json_help) {
    add_format(
        cmd, [&format](Format f) { format = f; }, allowed, json_help);
}

void add_format_option(CLI::App& cmd, bool& json, const std::string& json_help) {
    add_format(
        cmd, [&json](Format f) { json = f == Format::json; }, {Format::text, Format::json},
        json_help);
}

}  // namespace frontier::cli
