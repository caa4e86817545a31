#include "tools/search_commands.hpp"

#include <algorithm>

namespace frontier::cli {

const std::vector<std::string>& algorithm_names() {
    static const std::vector<std::string> names = {"bfs",      "dfs",    "astar",  "idastar",
                                                   "pidastar", "greedy", "hdastar"};
    return names;
}

bool uses_heuristic(const std::string& a) {
    return a != "bfs" && a != "dfs";
}

bool guarantees_optimal(const std::string& a) {
    return a != "dfs" && a != "greedy";
}

AlgorithmChoice parse_algorithm(const std::string& spec, const std::string& default_heuristic) {
    AlgorithmChoice c;
    const auto colon = spec.find(':');
    c.algorithm = spec.substr(0, colon);
    if (colon != std::string::npos) c.heuristic = spec.substr(colon + 1);
    const auto& names = algorithm_names();
    if (std::find(names.begin(), names.end(), c.algorithm) == names.end()) {
        std::string known;
        for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
        throw InputError("unknown algorithm \"" + c.algorithm + "\" (known: " + known + ")");
    }
    if (!uses_heuristic(c.algorithm)) {
        if (!c.heuristic.empty())
            throw InputError(c.algorithm + " takes no heuristic (got \"" + c.heuristic + "\")");
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
                           {"solution", i.solution}});
        text = all.dump();
    }
    broadcast_string(cluster, 0, text);
    if (cluster.rank() != 0)
        for (const auto& j : Json::parse(text))
            instances.push_back(
                Instance{j["line"], j["id"], j["state"], j["expected"], j["solution"]});
    return instances;
}

void add_search_switches(CLI::App& cmd, SearchSwitches& s) {
    cmd.add_option("--max-expansions", s.max_expansions,
                   "stop after this many expansions and report FAILED (default: no limit)");
    cmd.add_option("--max-depth", s.max_depth, "depth bound for dfs (default: none)")
        ->check(CLI::NonNegativeNumber);
    add_threads_option(&cmd, s.threads);
    cmd.add_option("--hash", s.hash,
                   "hdastar's ownership hash: zobrist, or azh (abstract Zobrist: fewer nodes "
                   "change owner) (default: zobrist)");
    cmd.add_option("--pdb-dir", s.pdb_dir,
                   "directory of pattern databases for --heuristic pdb (made by frontier pdb "
                   "build)");
    cmd.add_flag("--no-reflection", s.no_reflection,
                 "pattern databases: do not also look up the board's diagonal reflection");
    cmd.add_flag("--distributed", s.distributed,
                 std::string(kDistributedHelp) +
                     "; hdastar only, --threads counts per rank "
                     "(default: the host's cores shared among "
                     "its ranks)");
    cmd.add_flag("--no-parity-check", s.no_parity_check,
                 "search even when the start is provably unsolvable (graph searches then "
                 "exhaust the start's component)");
}

}  // namespace frontier::cli
