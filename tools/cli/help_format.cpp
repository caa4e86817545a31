#include "tools/cli/help_format.hpp"

#include <algorithm>
#include <memory>
#include <sstream>
#include <vector>

namespace frontier::cli {

namespace {

// One line (no '\n') broken at spaces, and inside a long comma list after a comma, to `width`;
// continuation lines get `indent` spaces.
std::string wrap_line(const std::string& line, std::size_t width, std::size_t indent) {
    struct Piece {
        std::string text;
        bool space_before;
    };
    std::vector<Piece> pieces;
    const std::size_t lead = std::min(line.find_first_not_of(' '), line.size());
    for (std::size_t pos = lead; pos < line.size();) {
        std::size_t end = line.find(' ', pos);
        if (end == std::string::npos) end = line.size();
        bool first = true;
        for (std::size_t at = pos; at < end; first = false) {  // pieces end after a comma
            std::size_t comma = line.find(',', at);
            const std::size_t stop = comma == std::string::npos || comma >= end ? end : comma + 1;
            pieces.push_back({line.substr(at, stop - at), first});
            at = stop;
        }
        pos = line.find_first_not_of(' ', end);
        if (pos == std::string::npos) break;
    }
    std::string out, current = line.substr(0, lead);
    bool empty = true;
    for (const Piece& p : pieces) {
        const std::size_t added = (p.space_before && !empty ? 1 : 0) + p.text.size();
        if (!empty && current.size() + added > width) {
            out += current + '\n';
            current = std::string(indent, ' ') + p.text;
        } else {
            current += (p.space_before && !empty ? " " : "") + p.text;
        }
        empty = false;
    }
    return out + current;
}

}  // namespace

std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent) {
    std::string out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        const bool last = end == std::string::npos;
        if (last) end = text.size();
        const std::string line = text.substr(start, end - start);
        out += line.size() > width ? wrap_line(line, width, indent) : line;
        if (last) break;
        out += '\n';
        start = end + 1;
    }
    return out;
}

std::string HelpFormatter::entry(const std::string& name, const std::string& description) const {
    const std::size_t column = get_column_width();
    std::string out = "  " + name;
    if (!description.empty()) {
        if (out.size() >= column)
            out += '\n' + std::string(column, ' ');
        else
            out += std::string(column - out.size(), ' ');
        std::string text;  // every line of the description in the column
        std::istringstream lines(description);
        bool first = true;
        for (std::string line; std::getline(lines, line); first = false)
            text += (first ? "" : "\n" + std::string(column, ' ')) + line;
        // Wrapped as one block whose first line starts at the column.
        const std::string block = wrap_text(std::string(column, '\x01') + text, kHelpWidth, column);
        out += block.substr(column);
    }
    return out + '\n';
}

std::string HelpFormatter::make_option(const CLI::Option* opt, bool is_positional) const {
    return entry(make_option_name(opt, is_positional) + make_option_opts(opt),
                 make_option_desc(opt));
}

// The parser's option details without "Excludes: ..." (the other spelling of the same choice,
// such as --json for --format, which the description names).
std::string HelpFormatter::make_option_opts(const CLI::Option* opt) const {
    std::string opts = CLI::Formatter::make_option_opts(opt);
    if (const std::size_t at = opts.find(" Excludes:"); at != std::string::npos) opts.resize(at);
    return opts;
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const {
    return entry(sub->get_display_name(true), sub->get_description());
}

std::string HelpFormatter::make_description(const CLI::App* app) const {
    return wrap_text(CLI::Formatter::make_description(app), kHelpWidth, 0);
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
    return wrap_text(CLI::Formatter::make_footer(app), kHelpWidth, 0);
}

std::string HelpFormatter::make_usage(const CLI::App* app, std::string name) const {
    if (arguments_.empty()) return CLI::Formatter::make_usage(app, std::move(name));
    return get_label("Usage") + ": " + name + " " + arguments_ + "\n";
}

void use_help_formatter(CLI::App& app, const std::string& arguments) {
    app.formatter(std::make_shared<HelpFormatter>(arguments));
}

std::string examples_block(const std::vector<std::string>& commands) {
    std::string text = "Examples:\n";
    for (const std::string& c : commands) text += "  " + c + "\n";
    return text;
}

}  // namespace frontier::cli
