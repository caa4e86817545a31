// HelpFormatter: CLI11's help layout, wrapped to 100 columns. CLI11 2.1 prints each option's and
// command's description on one line whatever its length; this formatter breaks descriptions,
// footers and the command's own description at spaces, continuing under the description column,
// so every help page reads in a terminal of 100 columns.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace frontier::cli {

inline constexpr std::size_t kHelpWidth = 100;

// `text` with every line longer than `width` broken at spaces; continuation lines start with
// `indent` spaces (the first line's own indentation is kept).
std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent);

class HelpFormatter : public CLI::Formatter {
  public:
    // `arguments`, when given, replaces what CLI11 would print after the command's name on the
    // Usage line: a verb reads its puzzle and the puzzle's arguments itself, which CLI11 cannot
    // see ("PUZZLE STATE [OPTIONS]" rather than "[OPTIONS]").
    explicit HelpFormatter(std::string arguments = "") : arguments_(std::move(arguments)) {}
    std::string make_usage(const CLI::App* app, std::string name) const override;
    std::string make_option(const CLI::Option* opt, bool is_positional) const override;
    std::string make_option_opts(const CLI::Option* opt) const override;
    std::string make_subcommand(const CLI::App* sub) const override;
    std::string make_description(const CLI::App* app) const override;
    std::string make_footer(const CLI::App* app) const override;

  private:
    std::string arguments_;
    // "  NAME   description", the description wrapped in its column.
    std::string entry(const std::string& name, const std::string& description) const;
};

// The "Examples:" block that ends a help page: one command per line, indented two spaces, that
// runs frontier (directly or at the end of a pipe); a line ending in '\' continues on the next.
// tests/cli_help_examples_test.cpp finds every such block and runs each command.
std::string examples_block(const std::vector<std::string>& commands);

// Installs the formatter on `app` (its subcommands added later inherit it); `arguments` as for
// HelpFormatter.
void use_help_formatter(CLI::App& app, const std::string& arguments = "");

}  // namespace frontier::cli
