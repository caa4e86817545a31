#include "tools/cli/dispatch.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

#include <frontier/engine/error.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/help_format.hpp"

namespace frontier::cli {

void Registry::declare(const std::string& verb, const std::string& arguments,
                       const std::string& description, const std::string& footer) {
    for (const Verb& v : verbs_)
        if (v.name == verb) return;
    verbs_.push_back({verb, arguments, description, footer, {}});
}

Registry::Verb& Registry::find(const std::string& verb) {
    for (Verb& v : verbs_)
        if (v.name == verb) return v;
    throw std::logic_error("undeclared verb " + verb);
}

void Registry::add(const std::string& verb, PuzzleHandler handler) {
    find(verb).handlers.push_back(std::move(handler));
}

void Registry::add_table_reader(TableReader reader) {
    readers_.push_back(std::move(reader));
}

void Registry::add_command(std::function<void(CLI::App&)> install) {
    commands_.push_back(std::move(install));
}

void Registry::offer(const std::string& capability, const std::string& who) {
    offers_[capability].push_back(who);
}

std::string Registry::offered(const std::string& capability) const {
    const auto it = offers_.find(capability);
    std::string text;
    if (it != offers_.end())
        for (const std::string& who : it->second) text += (text.empty() ? "" : " and ") + who;
    return text;
}

const TableReader& Registry::reader_for(const TableHeader& header, const std::string& path) const {
    for (const TableReader& r : readers_)
        if (r.reads(header)) return r;
    if (header.kind == "pdb")
        throw InputError(path +
                         ": a pattern database, not a distance table: lookup reads the tables "
                         "of enumerate --out (pdb info describes this file)");
    // Two-bit tables are read by their encoding whatever their domain: that is what failed.
    if (header.entry_bits == 2 && header.field("encoding") != "depth-mod-3")
        throw InputError(path + ": a two-bit table with an unsupported encoding \"" +
                         header.field("encoding") +
                         "\" (header field encoding; this program reads depth-mod-3)");
    throw InputError(path + ": table file for an unsupported domain: \"" + header.domain + "\"");
}

std::function<bool(std::string_view)> accept_names(std::vector<std::string> names) {
    return [names = std::move(names)](std::string_view n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
}

namespace {

// The puzzle's options, for the refusal of one it does not take.
std::string option_names(const CLI::App& cmd) {
    std::string names;
    for (const CLI::Option* opt : cmd.get_options()) {
        const auto& longs = opt->get_lnames();
        if (longs.empty() || longs.front() == "help") continue;
        names += (names.empty() ? "--" : ", --") + longs.front();
    }
    return names.empty() ? "none" : names;
}

// The long names of a command's options, dashes included, for suggestions.
std::vector<std::string> long_option_names(const CLI::App& cmd) {
    std::vector<std::string> names;
    for (const CLI::Option* opt : cmd.get_options())
        for (const std::string& name : opt->get_lnames()) names.push_back("--" + name);
    return names;
}

// "; did you mean '--algorithm'?" or "".
std::string option_guess(const CLI::App& cmd, const std::string& typed) {
    const std::string guess = closest_name(typed, long_option_names(cmd));
    return guess.empty() ? "" : "; did you mean '" + guess + "'?";
}

// An option the puzzle does not take is named in one line, with the ones it does take.
void refuse_foreign_options(const CLI::App& cmd, const std::string& puzzle,
                            const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
        if (arg == "--") return;
        if (arg.size() < 3 || !arg.starts_with("--")) continue;
        const std::string name = arg.substr(0, arg.find('='));
        if (name == "--help" || cmd.get_option_no_throw(name) != nullptr) continue;
        throw InputError(puzzle + " takes no " + name + " option" + option_guess(cmd, name) +
                         " (its options: " + option_names(cmd) + ")");
    }
}

// A word that starts with '-' and is not a negative number.
bool is_option_word(const std::string& arg) {
    return arg.size() > 1 && arg[0] == '-' &&
           arg.find_first_not_of("-0123456789.") != std::string::npos;
}

const CLI::App* find_command(const CLI::App& cmd, const std::string& name) {
    for (const CLI::App* sub : cmd.get_subcommands({}))
        if (sub->check_name(name)) return sub;
    return nullptr;
}

std::string command_list(const CLI::App& cmd) {
    std::string list;
    for (const CLI::App* sub : cmd.get_subcommands({}))
        if (!sub->get_group().empty()) list += (list.empty() ? "" : ", ") + sub->get_name();
    return list;
}

// For a parse error caused by a word that starts with '-' but is no option (a puzzle text such
// as "-A=B"): a line that says so and how to pass it, else "". CLI11 alone says that the
// puzzle's text is missing, which does not tell what happened.
std::string dash_word_hint(const CLI::App& cmd, const std::string& command,
                           const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
        if (arg == "--") return "";
        if (arg.size() < 2 || arg[0] != '-') continue;
        if (arg.find_first_not_of("-0123456789.") == std::string::npos) continue;  // a number
        const std::string name = arg.substr(0, arg.find('='));
        if (cmd.get_option_no_throw(name) != nullptr) continue;
        return "'" + arg + "' is not an option of '" + command +
               "'; an argument that starts with '-' goes after '--': frontier " + command +
               " -- '" + arg + "'";
    }
    return "";
}

// For a parse error caused by words left over after the puzzle's arguments: one line that names
// them in the order typed (CLI11 lists them backwards). A state typed without quotes arrives as
// many words, the commonest first mistake, so where the puzzle takes a state the line shows it
// quoted.
std::string extra_words_message(const CLI::App& cmd, const std::string& command) {
    const std::vector<std::string> extras = cmd.remaining(false);
    std::string words;
    const CLI::Option* state = cmd.get_option_no_throw("state");
    if (state != nullptr && state->get_positional())
        for (const std::string& w : state->results()) words += (words.empty() ? "" : " ") + w;
    if (state == nullptr || words.empty()) {
        for (const std::string& w : extras) words += (words.empty() ? "" : " ") + w;
        return command + ": unexpected argument" + (extras.size() > 1 ? "s" : "") + " '" + words +
               "'";
    }
    for (const std::string& w : extras) words += " " + w;
    return command + ": a state is one argument: quote it, \"" + words + "\"";
}

// Parses `args` (the words after the puzzle) with the handler's own app and runs it.
void run_handler(const std::string& verb, const std::string& puzzle, const PuzzleHandler& handler,
                 std::vector<std::string> args) {
    CLI::App nested{"", "frontier " + verb + " " + puzzle};
    use_help_formatter(nested);
    handler.configure(nested, puzzle);
    use_decimal_numbers(nested);
    refuse_foreign_options(nested, puzzle, args);
    const std::vector<std::string> given = args;
    std::reverse(args.begin(), args.end());  // CLI11 consumes the vector from the back
    try {
        nested.parse(args);
    } catch (const CLI::CallForHelp&) {
        std::cout << nested.help();
        throw ExitRequest{0};
    } catch (const CLI::ParseError& e) {
        const std::string hint = dash_word_hint(nested, verb + " " + puzzle, given);
        if (!hint.empty()) throw InputError(hint);
        if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr)
            throw InputError(extra_words_message(nested, verb + " " + puzzle));
        throw InputError(verb + " " + puzzle + ": " + e.what());
    }
}

// A word as the shell needs it: quoted when it holds a space or other special character.
std::string shell_word(const std::string& word) {
    if (!word.empty() && word.find_first_of(" \t'\"\\$`*?[]{}()<>|&;!#~") == std::string::npos)
        return word;
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// `frontier solve --algorithm bfs 8puzzle ...`: each puzzle has its own options, so they are
// read only after it. The line says so, with the words reordered where one of them is a puzzle.
[[noreturn]] void refuse_options_first(const std::string& verb,
                                       const std::vector<PuzzleHandler>& handlers,
                                       const std::vector<std::string>& rest) {
    std::string reordered;
    for (std::size_t i = 1; i < rest.size() && reordered.empty(); ++i)
        for (const PuzzleHandler& h : handlers)
            if (h.accepts(rest[i])) {
                reordered = "frontier " + verb + " " + rest[i];
                for (std::size_t j = 0; j < rest.size(); ++j)
                    if (j != i) reordered += " " + shell_word(rest[j]);
                break;
            }
    throw InputError(
        verb + ": the puzzle comes right after the command; options go after it (" +
        (reordered.empty() ? "frontier " + verb + " PUZZLE " + rest.front() + " ..." : reordered) +
        ")");
}

}  // namespace

void check_command_words(const CLI::App& app, const std::vector<std::string>& args) {
    const CLI::App* cmd = &app;
    std::string path = "frontier";
    const auto needs_command = [](const CLI::App* c) {
        return c->get_require_subcommand_min() > 0 && !c->get_subcommands({}).empty();
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--" || cmd->get_prefix_command()) return;
        if (is_option_word(arg)) {
            const std::string name = arg.substr(0, arg.find('='));
            const CLI::Option* opt = cmd->get_option_no_throw(name);
            if (name == "-h" || name == "--help") return;  // the parser prints the help
            if (opt == nullptr)
                throw InputError("'" + path + "' takes no " + name + " option" +
                                 option_guess(*cmd, name) + " (see " + path + " --help)");
            if (opt->get_type_size() != 0 && arg.find('=') == std::string::npos &&
                name.starts_with("--"))
                ++i;  // its value
            continue;
        }
        if (const CLI::App* sub = find_command(*cmd, arg)) {
            cmd = sub;
            path += " " + arg;
            continue;
        }
        if (!needs_command(cmd)) continue;  // a positional argument
        std::vector<std::string> names;
        for (const CLI::App* sub : cmd->get_subcommands({})) names.push_back(sub->get_name());
        const std::string guess = closest_name(arg, names);
        throw InputError("unknown command '" + (path == "frontier" ? "" : path.substr(9) + " ") +
                         arg + "'" + (guess.empty() ? "" : " (did you mean '" + guess + "'?)") +
                         " (commands: " + command_list(*cmd) + (cmd == &app ? ", help" : "") +
                         "; see " + path + " --help)");
    }
    if (cmd != &app && needs_command(cmd))
        throw InputError("'" + path + "' needs a command: " + command_list(*cmd) + " (see " + path +
                         " --help)");
}

std::string parsed_command_path(const CLI::App& app) {
    std::string path = "frontier";
    const CLI::App* cmd = &app;
    for (;;) {
        const auto parsed = cmd->get_subcommands();
        if (parsed.empty()) return path;
        cmd = parsed.front();
        path += " " + cmd->get_name();
    }
}

std::vector<Registry::VerbSummary> Registry::summaries() const {
    std::vector<VerbSummary> out;
    for (const Verb& v : verbs_) {
        if (v.handlers.empty()) continue;
        VerbSummary summary{v.name, v.description, {}, {}, {}};
        for (const PuzzleHandler& h : v.handlers)
            for (const std::string& item : split_list(h.names)) {
                const std::string title = item.substr(0, item.find_first_of(" ("));
                std::string name = title;
                if (const auto colon = name.find(':'); colon != std::string::npos)
                    name.resize(colon + 1);  // a family: its prefix
                if (std::find(summary.puzzles.begin(), summary.puzzles.end(), name) !=
                    summary.puzzles.end())
                    continue;  // a family listed twice (sliding: for two board sizes)
                summary.puzzles.push_back(name);
                summary.titles.push_back(title);
                CLI::App scratch{"", "frontier " + v.name + " " + name};
                h.configure(scratch, name);
                for (const std::string& option : long_option_names(scratch))
                    if (option != "--help" &&
                        std::find(summary.options.begin(), summary.options.end(), option) ==
                            summary.options.end())
                        summary.options.push_back(option);
            }
        out.push_back(std::move(summary));
    }
    return out;
}

void Registry::install(CLI::App& app) {
    for (const Verb& v : verbs_) {
        if (v.handlers.empty()) continue;  // declared, but no puzzle implements it
        CLI::App* sub = app.add_subcommand(v.name, v.description);
        use_help_formatter(*sub, v.arguments);
        sub->prefix_command();
        std::string footer = v.footer + (v.footer.empty() ? "" : "\n") + "Domains (run 'frontier " +
                             v.name + " DOMAIN --help'):\n";
        for (const PuzzleHandler& h : v.handlers)
            if (!h.names.empty()) footer += "  " + h.names + "\n";
        sub->footer(footer);
        sub->callback([sub, &v] {
            const std::vector<std::string> rest = sub->remaining();
            std::string known;
            for (const PuzzleHandler& h : v.handlers)
                if (!h.names.empty()) known += (known.empty() ? "" : ", ") + h.names;
            if (rest.empty()) throw InputError(v.name + ": missing domain (known: " + known + ")");
            const std::string& puzzle = rest.front();
            if (is_option_word(puzzle)) refuse_options_first(v.name, v.handlers, rest);
            for (const PuzzleHandler& h : v.handlers)
                if (h.accepts(puzzle))
                    return run_handler(v.name, puzzle, h, {rest.begin() + 1, rest.end()});
            // The first word of each listed name; a family (NAME:PARAMETERS) by its prefix.
            const auto key = [](const std::string& name) {
                const auto colon = name.find(':');
                return colon == std::string::npos ? name : name.substr(0, colon + 1);
            };
            std::vector<std::string> names, keys;
            for (const PuzzleHandler& h : v.handlers)
                for (const std::string& item : split_list(h.names)) {
                    names.push_back(item.substr(0, item.find_first_of(" (")));
                    keys.push_back(key(names.back()));
                }
            const std::string close = closest_name(key(puzzle), keys);
            std::string guess;
            for (std::size_t i = 0; i < keys.size() && guess.empty(); ++i)
                if (!close.empty() && keys[i] == close) guess = names[i];
            throw InputError(v.name + ": unknown domain \"" + puzzle + "\"" +
                             (guess.empty() ? "" : " (did you mean \"" + guess + "\"?)") +
                             " (known: " + known + ")");
        });
    }
    for (const auto& add : commands_) add(app);
}

}  // namespace frontier::cli
