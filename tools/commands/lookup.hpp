// `frontier lookup FILE [STATES]`: exact distances read from a table file, no search. The file's
// header names its puzzle; the registry's table readers (one per puzzle with tables) answer.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/domain_io.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/dispatch.hpp"

namespace frontier::cli {

// An optimal path from `s` to the table's root, as move tokens separated by spaces: each step to
// a neighbour one nearer. A reversible domain's graph is undirected, so the table's distance from
// the root is also the distance to it. A table in which some state has no nearer neighbour is
// damaged: refused, never walked round.
template <PerfectHashDomain D>
std::vector<std::string> moves_down(const D& d, const DistanceTable& table, typename D::State s) {
    std::vector<std::string> moves;
    for (int k = table.at(d.rank(s)); k > 0; --k) {
        bool stepped = false;
        typename D::State next = s;
        d.for_each_successor(s, [&](const typename D::State& child, const auto& move) {
            if (stepped || table.at(d.rank(child)) != k - 1) return;
            moves.push_back(DomainIO<D>::format_move(d, s, move));
            next = child;
            stepped = true;
        });
        s = next;
        if (!stepped)
            throw DamagedTableError("damaged distance table (a state at distance " +
                                    std::to_string(k) + " has no neighbour at " +
                                    std::to_string(k - 1) + ")");
    }
    return moves;
}

// One answer from a one-byte distance table: the distance, or why there is none; with `path`,
// the moves of an optimal path too.
template <PerfectHashDomain D>
Json lookup_one(const D& d, const DistanceTable& table, const std::string& text, bool path) {
    using IO = DomainIO<D>;
    const auto s = IO::parse(d, text);
    Json j;
    j["state"] = IO::format(d, s);
    const std::string why = IO::unsolvable_reason(d, s);
    if (!why.empty()) {
        j["distance"] = nullptr;
        j["status"] = "unsolvable";
        j["reason"] = why;
    } else if (const std::uint64_t r = d.rank(s); !table.reached(r)) {
        j["distance"] = nullptr;
        j["status"] = "unreachable";
    } else {
        j["distance"] = table.at(r);
        j["status"] = "ok";
        if (path) j["moves"] = moves_down(d, table, s);
    }
    return j;
}

// Answers a lookup from a one-byte distance table (a file or a sharded directory).
template <PerfectHashDomain D>
void lookup_distances(const D& d, const DistanceTable& table, const LookupRequest& request) {
    if (request.path && !ReversibleDomain<D>)
        throw InputError("--path: " + DomainIO<D>::name(d) +
                         "'s moves cannot be undone, so its table gives no path");
    if (table.size() != d.size())
        throw InputError(request.file + ": table has " + std::to_string(table.size()) +
                         " entries but " + DomainIO<D>::name(d) + " has " +
                         std::to_string(d.size()) + " states");
    answer_lookups(request.states, request.json, [&](const std::string& text) {
        return lookup_one(d, table, text, request.path);
    });
}

// Registers the reader of the puzzle's one-byte distance tables: tables whose domain name the
// puzzle accepts; P::from_header rebuilds the domain (spec, goal, metric) from the header.
template <class P>
void add_distance_table_reader(Registry& registry) {
    registry.add_table_reader(TableReader{
        [](const TableHeader& h) {
            return h.kind == "distance" && h.entry_bits == 8 && P::accepts(h.domain);
        },
        [](const TableHeader& header, OpenedTable opened, const LookupRequest& request) {
            const DistanceTable table =
                std::visit([](auto& t) { return DistanceTable::adopt(std::move(t)); }, opened);
            lookup_distances(P::from_header(header), table, request);
        }});
}

}  // namespace frontier::cli
