#include "tools/domain_commands.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

#include "engine/error.hpp"
#include "tools/cli_common.hpp"

namespace frontier::cli {

void DomainCommands::declare(const std::string& command, const std::string& description) {
    for (const Command& c : commands_)
        if (c.name == command) return;
    commands_.push_back({command, description, {}});
}

DomainCommands::Command& DomainCommands::find(const std::string& command) {
    for (Command& c : commands_)
        if (c.name == command) return c;
    throw std::logic_error("undeclared command " + command);
}

void DomainCommands::add(const std::string& command, DomainHandler handler) {
    find(command).handlers.push_back(std::move(handler));
}

std::function<bool(std::string_view)> accept_names(std::vector<std::string> names) {
    return [names = std::move(names)](std::string_view n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
}

namespace {

// Parses `args` (the words after the domain) with the handler's own app and runs it.
void run_handler(const std::string& command, const std::string& domain,
                 const DomainHandler& handler, std::vector<std::string> args) {
    CLI::App nested{"", "frontier " + command + " " + domain};
    handler.configure(nested, domain);
    use_decimal_numbers(nested);
    std::reverse(args.begin(), args.end());  // CLI11 consumes the vector from the back
    try {
        nested.parse(args);
    } catch (const CLI::CallForHelp&) {
        std::cout << nested.help();
        throw ExitRequest{0};
    } catch (const CLI::ParseError& e) {
        throw InputError(command + " " + domain + ": " + e.what());
    }
}

}  // namespace

void DomainCommands::install(CLI::App& app) {
    for (const Command& c : commands_) {
        if (c.handlers.empty()) continue;  // declared, but no family implements it yet
        CLI::App* sub = app.add_subcommand(c.name, c.description);
        sub->prefix_command();
        std::string footer = "Domains (run 'frontier " + c.name + " DOMAIN --help'):\n";
        for (const DomainHandler& h : c.handlers) footer += "  " + h.domains + "\n";
        sub->footer(footer);
        sub->callback([sub, &c] {
            const std::vector<std::string> rest = sub->remaining();
            std::string known;
            for (const DomainHandler& h : c.handlers)
                known += (known.empty() ? "" : ", ") + h.domains;
            if (rest.empty()) throw InputError(c.name + ": missing domain (known: " + known + ")");
            const std::string& domain = rest.front();
            for (const DomainHandler& h : c.handlers)
                if (h.accepts(domain))
                    return run_handler(c.name, domain, h, {rest.begin() + 1, rest.end()});
            throw InputError(c.name + ": unknown domain \"" + domain + "\" (known: " + known + ")");
        });
    }
}

}  // namespace frontier::cli
