// frontier enumerate: the full distance table of a perfect-hash domain by parallel layered BFS.
#include <cstdio>
#include <iostream>

#include "engine/distance_table.hpp"
#include "engine/layered_bfs.hpp"
#include "engine/memory.hpp"
#include "tools/cli_common.hpp"
#include "tools/commands.hpp"
#include "tools/domain_registry.hpp"

namespace frontier::cli {

namespace {

struct EnumerateOptions {
    std::string domain;
    DomainOptions domain_options;
    int threads = 0;
    std::string out;
    bool json = false;
    std::size_t show_farthest = 10;
};

template <class D>
TableHeader distance_header(const D& d, const LayeredBfsResult& r) {
    TableHeader h;
    h.kind = "distance";
    h.domain = DomainIO<D>::spec(d);
    h.goal = DomainIO<D>::goal_text(d);
    h.entries = d.size();
    h.entry_bits = 8;
    h.max_value = r.max_depth();
    h.set_field("reached", std::to_string(r.reached));
    return h;
}

template <class D>
void print_text(const D& d, const LayeredBfsResult& r, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    std::printf("%s, %llu states, %d threads\n", IO::describe(d).c_str(),
                static_cast<unsigned long long>(d.size()), r.threads);
    std::printf("depth  %12s\n", "states");
    for (std::size_t i = 0; i < r.layers.size(); ++i)
        std::printf("%5zu  %12llu\n", i, static_cast<unsigned long long>(r.layers[i]));
    if (r.reached != d.size())
        std::printf("reached %llu of %llu states\n", static_cast<unsigned long long>(r.reached),
                    static_cast<unsigned long long>(d.size()));
    std::string farthest;
    for (std::size_t i = 0; i < r.farthest.size() && i < o.show_farthest; ++i)
        farthest += (i ? " | " : "") + IO::format(d, d.unrank(r.farthest[i]));
    const std::uint64_t at_max = r.layers.empty() ? 0 : r.layers.back();
    if (at_max > o.show_farthest)
        farthest += " | ... (" + std::to_string(at_max) + " states in all)";
    std::printf("max depth %d: %s\n", r.max_depth(), farthest.c_str());
    std::printf("%s, %s states/s\n", format_seconds(r.seconds).c_str(),
                format_rate(static_cast<double>(r.reached) / std::max(r.seconds, 1e-9)).c_str());
}

template <class D>
void print_json_report(const D& d, const LayeredBfsResult& r, const EnumerateOptions& o) {
    using IO = DomainIO<D>;
    Json j;
    j["domain"] = IO::name(d);
    j["spec"] = IO::spec(d);
    j["goal"] = IO::goal_text(d);
    j["states"] = d.size();
    j["reached"] = r.reached;
    j["max_depth"] = r.max_depth();
    j["layers"] = r.layers;
    Json far = Json::array();
    for (std::uint64_t rank : r.farthest) far.push_back(IO::format(d, d.unrank(rank)));
    j["farthest"] = far;
    j["farthest_count"] = r.layers.empty() ? 0 : r.layers.back();
    j["seconds"] = r.seconds;
    j["states_per_second"] = static_cast<double>(r.reached) / std::max(r.seconds, 1e-9);
    j["threads"] = r.threads;
    if (!o.out.empty()) j["out"] = o.out;
    print_json(j);
}

template <class D>
void enumerate(const D& d, const EnumerateOptions& o) {
    if constexpr (!PerfectHashDomain<D>) {
        throw InputError("enumerate: " + DomainIO<D>::name(d) +
                         " has no perfect hash (its space is too large to table)");
    } else {
        require_memory(layered_bfs_bytes(d.size()), "enumerating " + DomainIO<D>::name(d) + " (" +
                                                        std::to_string(d.size()) +
                                                        " states, 1.25 bytes each)");
        DistanceTable table(d.size());
        ProgressLine progress(!o.json && stderr_is_terminal());
        LayeredBfsOptions bfs;
        bfs.threads = o.threads;
        bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
            progress.update("depth " + std::to_string(depth) + ": " + std::to_string(count) +
                            " states, " + format_seconds(seconds));
        };
        const auto goal = d.goal();
        const LayeredBfsResult r = layered_bfs(d, std::span<const typename D::State>(&goal, 1),
                                               table.mutable_bytes(), bfs);
        progress.finish();
        if (!o.out.empty()) write_table_file(o.out, distance_header(d, r), table.bytes());
        if (o.json)
            print_json_report(d, r, o);
        else
            print_text(d, r, o);
        if (!o.out.empty() && !o.json)
            std::printf("wrote %s (%s)\n", o.out.c_str(), format_bytes(d.size()).c_str());
    }
}

}  // namespace

void add_enumerate_command(CLI::App& app) {
    auto o = std::make_shared<EnumerateOptions>();
    CLI::App* cmd = app.add_subcommand(
        "enumerate",
        "Compute the exact distance of every state from the goal (parallel layered BFS) and "
        "print the number of states at each depth.");
    cmd->add_option("domain", o->domain, "domain: " + domain_names_help())->required();
    cmd->add_option("--goal", o->domain_options.goal,
                    "goal state (default: tiles in order, blank last)");
    add_threads_option(cmd, o->threads);
    cmd->add_option("--out", o->out,
                    "save the distance table to FILE (1 byte per state; see docs/formats.md)");
    cmd->add_flag("--json", o->json, "print one JSON object instead of the table");
    cmd->add_option("--show-farthest", o->show_farthest,
                    "how many farthest states to print (default 10)");
    cmd->footer(
        "States: tiles row by row, numbers separated by spaces or commas, or one hex digit per\n"
        "cell (\"123456780\"); 0, _ or . is the blank.\n"
        "Example: frontier enumerate 8puzzle --out 8puzzle.table\n");
    cmd->callback([o] {
        std::visit([&](const auto& d) { enumerate(d, *o); },
                   make_domain(o->domain, o->domain_options));
    });
}

}  // namespace frontier::cli
