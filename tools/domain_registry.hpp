// The domains the command-line program knows, by name.
//
// AnyDomain is a variant over the domain types; commands visit it with a generic lambda, so each
// command body is a template instantiated once per domain and every search stays monomorphic.
// Adding a domain: add its type to AnyDomain and its names to make_domain/domain_from_header.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "domains/peg_solitaire/peg_solitaire_io.hpp"
#include "domains/pocket_cube/pocket_cube_io.hpp"
#include "domains/sliding/sliding_io.hpp"
#include "domains/sliding_blocks/sliding_blocks_io.hpp"
#include "engine/table_file.hpp"
#include "tools/domain_options.hpp"

namespace frontier::cli {

using AnyDomain =
    std::variant<SlidingTiles, WideSlidingTiles, PocketCube, PegSolitaire, SlidingBlocks>;

// One line listing the accepted names, for help texts and errors.
std::string domain_names_help();

// Builds the domain; options it does not take are an InputError.
AnyDomain make_domain(std::string_view name, const DomainOptions& options);
// Rebuilds the domain a table file was made for (its spec, goal and metric).
AnyDomain domain_from_header(const TableHeader& header);

}  // namespace frontier::cli
