#include "tools/domain_registry.hpp"

#include "engine/error.hpp"

namespace frontier::cli {

std::string domain_names_help() {
    return "8puzzle, 15puzzle, sliding:RxC";
}

AnyDomain make_domain(std::string_view name, const DomainOptions& options) {
    if (name == "8puzzle" || name == "15puzzle" || name == "24puzzle" ||
        name.starts_with("sliding:")) {
        const SlidingShape shape = parse_sliding_name(name);
        if (shape.cells() > SlidingTiles::kMaxCells)
            return make_board<WideSlidingTiles>(shape, options.goal);
        return make_board<SlidingTiles>(shape, options.goal);
    }
    throw InputError("unknown domain \"" + std::string(name) + "\" (known: " + domain_names_help() +
                     ")");
}

AnyDomain domain_from_header(const TableHeader& header) {
    DomainOptions options;
    options.goal = header.goal;
    try {
        return make_domain(header.domain, options);
    } catch (const InputError& e) {
        throw InputError("table file for an unsupported domain: " + std::string(e.what()));
    }
}

}  // namespace frontier::cli
