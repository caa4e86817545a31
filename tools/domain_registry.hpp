// The domains the command-line program knows, by name.
//
// AnyDomain is a variant over the domain types; commands visit it with a generic lambda, so each
// command body is a template instantiated once per domain and every search stays monomorphic.
// Adding a domain: add its type to AnyDomain and its names to make_domain/domain_from_spec.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "domains/sliding/sliding_io.hpp"
#include "engine/table_file.hpp"

namespace frontier::cli {

using AnyDomain = std::variant<SlidingTiles, WideSlidingTiles>;

// Options that some domains take; each domain reads the ones it understands.
struct DomainOptions {
    std::string goal;  // goal state text ("" = the domain's default goal)
};

// One line listing the accepted names, for help texts and errors.
std::string domain_names_help();

AnyDomain make_domain(std::string_view name, const DomainOptions& options);
// Rebuilds the domain a table file was made for (its spec and goal).
AnyDomain domain_from_header(const TableHeader& header);

}  // namespace frontier::cli
