#include "tools/cli/search.hpp"

#include "tools/cli/common.hpp"

namespace frontier::cli {

AlgorithmChoice parse_algorithm(const std::string& spec, const std::string& default_heuristic) {
    AlgorithmChoice c;
    const auto colon = spec.find(':');
    const std::string name = spec.substr(0, colon);
    if (colon != std::string::npos) c.heuristic = spec.substr(colon + 1);
    const std::optional<Algorithm> a = find_algorithm(name);
    if (!a) {
        std::vector<std::string> known;
        for (const AlgorithmTraits& t : kAlgorithms) known.emplace_back(t.name);
        throw_unknown_name("algorithm", name, known);
    }
    c.algorithm = *a;
    if (!traits(c.algorithm).uses_heuristic) {
        if (!c.heuristic.empty())
            throw InputError(name + " takes no heuristic (got \"" + c.heuristic + "\")");
    } else if (c.heuristic.empty()) {
        c.heuristic = default_heuristic;
    }
    return c;
}

std::vector<Instance> read_instances_for(const std::string& path, const SearchSwitches& s) {
    if (!s.distributed) return read_instances(path);
    Cluster& cluster = cluster_session();
    std::vector<Instance> instances;
    agree(cluster, [&] {
        if (cluster.rank() == 0) instances = read_instances(path);
    });
    std::string text;
    if (cluster.rank() == 0) {
        Json all = Json::array();
        for (const Instance& i : instances)
            all.push_back({{"line", i.line},
                           {"id", i.id},
                           {"state", i.state},
                           {"expected", i.expected},
                           {"solution", i.solution},
                           {"cluster", i.cluster}});
        text = json_line(all);
    }
    broadcast_string(cluster, 0, text);
    if (cluster.rank() != 0)
        for (const auto& j : Json::parse(text))
            instances.push_back(Instance{j["line"], j["id"], j["state"], j["expected"],
                                         j["solution"], j["cluster"], ""});
    return instances;
}

void add_search_switches(CLI::App& cmd, SearchSwitches& s, bool unsolvable_starts) {
    // --max-nodes: the name sudoku and qubic used, kept as an alias (docs/reference/cli.md).
    cmd.add_option("--max-expansions,--max-nodes", s.max_expansions,
                   "stop after this many expansions and report FAILED (default: no limit)");
    cmd.add_option("--max-depth", s.max_depth, "depth bound for dfs (default: none)")
        ->check(non_negative_number());
    add_threads_option(&cmd, s.threads);
    cmd.add_option("--hash", s.hash,
                   "hdastar's ownership hash: azh (abstract Zobrist: most children stay with "
                   "their parent's thread) or zobrist (default: " +
                       std::string(name_of(kDefaultHdaHash)) + ")")
        ->each([&s](const std::string&) { s.hash_given = true; });
    cmd.add_flag("--distributed", s.distributed,
                 std::string(kDistributedHelp) +
                     "; hdastar only, --threads counts per rank "
                     "(default: the host's cores shared among "
                     "its ranks)");
    if (!unsolvable_starts) return;
    cmd.add_flag("--no-parity-check", s.no_parity_check,
                 "search even when the start is provably unsolvable (graph searches then "
                 "exhaust the start's component)");
}

}  // namespace frontier::cli
