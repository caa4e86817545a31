// Helpers shared by the frontier subcommands: options every command spells the same way,
// progress lines, and number formatting. Commands only parse, call the engine and print.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace frontier::cli {

using Json = nlohmann::ordered_json;

// --threads N (default 0 = all cores), with the same help text everywhere.
void add_threads_option(CLI::App* cmd, int& threads);

// True when stderr is a terminal (progress lines are shown only then).
bool stderr_is_terminal();

// A single self-overwriting progress line on stderr, shown only on a terminal.
class ProgressLine {
  public:
    explicit ProgressLine(bool enabled);
    ~ProgressLine();
    void update(const std::string& text);
    void finish();

  private:
    bool enabled_;
    std::size_t width_ = 0;
};

// "18.1 M" style rate formatting, and fixed-point seconds.
std::string format_rate(double per_second);
std::string format_seconds(double seconds);

// Prints JSON on stdout, two-space indented, with a trailing newline.
void print_json(const Json& j);

}  // namespace frontier::cli
