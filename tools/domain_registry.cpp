#include "tools/domain_registry.hpp"

#include "engine/error.hpp"

namespace frontier::cli {

namespace {

void reject(std::string_view name, const std::string& value, const char* option) {
    if (!value.empty())
        throw InputError(std::string(name) + " takes no " + option + " option (got \"" + value +
                         "\")");
}

}  // namespace

std::string domain_names_help() {
    return "8puzzle, 15puzzle, 24puzzle, sliding:RxC, pocket-cube, peg-solitaire, klotski, "
           "dads-puzzle, "
           "sliding-blocks";
}

AnyDomain make_domain(std::string_view name, const DomainOptions& options) {
    if (name == "8puzzle" || name == "15puzzle" || name == "24puzzle" ||
        name.starts_with("sliding:")) {
        reject(name, options.metric, "--metric");
        reject(name, options.board, "--board");
        reject(name, options.layout, "--layout");
        const SlidingShape shape = parse_sliding_name(name);
        if (shape.cells() > SlidingTiles::kMaxCells)
            return make_board<WideSlidingTiles>(shape, options.goal);
        return make_board<SlidingTiles>(shape, options.goal);
    }
    if (name == "pocket-cube") {
        reject(name, options.board, "--board");
        reject(name, options.layout, "--layout");
        if (!options.goal.empty() && parse_facelets(options.goal) != PocketCube::solved())
            throw InputError("pocket-cube's goal is always the solved cube");
        return PocketCube(parse_cube_metric(options.metric));
    }
    if (name == "peg-solitaire") {
        reject(name, options.metric, "--metric");
        reject(name, options.layout, "--layout");
        return make_peg_solitaire(parse_peg_board(options.board), options.goal);
    }
    if (is_sliding_blocks_name(name)) {
        reject(name, options.board, "--board");
        return make_sliding_blocks(name, options.layout, options.goal,
                                   parse_block_metric(options.metric));
    }
    throw InputError("unknown domain \"" + std::string(name) + "\" (known: " + domain_names_help() +
                     ")");
}

AnyDomain domain_from_header(const TableHeader& header) {
    DomainOptions options;
    options.goal = header.goal;
    options.metric = header.field("metric");
    try {
        return make_domain(header.domain, options);
    } catch (const InputError& e) {
        throw InputError("table file for an unsupported domain: " + std::string(e.what()));
    }
}

}  // namespace frontier::cli
