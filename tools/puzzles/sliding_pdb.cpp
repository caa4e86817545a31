// frontier pdb build | info: additive pattern databases for sliding-tile puzzles (a command
// group of the sliding puzzle's own).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <span>
#include <vector>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_pdb.hpp>
#include <frontier/engine/memory.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/cli/stream.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

std::vector<std::uint64_t> histogram(std::span<const std::uint8_t> entries) {
    std::vector<std::uint64_t> counts(256);
    for (std::uint8_t v : entries) ++counts[v];
    return counts;
}

// The mean over the entries some abstract state reached (kUnreached, 255, is no distance), the
// one figure both `pdb build` and `pdb info` report.
double reached_mean(std::span<const std::uint8_t> entries) {
    const std::vector<std::uint64_t> counts = histogram(entries);
    double sum = 0, reached = 0;
    for (int v = 0; v < 256; ++v)
        if (v != kUnreached) {
            sum += static_cast<double>(v) * static_cast<double>(counts[v]);
            reached += static_cast<double>(counts[v]);
        }
    return reached > 0 ? sum / reached : 0.0;
}

struct BuildOptions {
    std::string domain, goal, pattern, partition, out, out_dir;
    int threads = 0;
    bool json = false;
};

Json build_one(SlidingShape shape, const std::vector<int>& goal, const std::vector<int>& pattern,
               const std::string& partition, const std::string& path, const BuildOptions& o) {
    const InterruptNote note(
        "the databases already written are complete; this one was not "
        "saved");
    ProgressLine progress(!o.json && stderr_is_terminal());
    PdbBuildOptions build;
    build.threads = o.threads;
    const std::string label = "pattern " + format_pattern(pattern);
    build.on_layer = [&](int depth, std::uint64_t states, double seconds) {
        progress.update(label + ": depth " + std::to_string(depth) + ", " + std::to_string(states) +
                        " abstract states, " + format_seconds(seconds));
    };
    PdbBuildResult stats;
    SlidingPdb pdb = build_sliding_pdb(shape.rows, shape.cols, goal, pattern, build, &stats);
    pdb.partition = partition;
    progress.finish();
    save_sliding_pdb(path, pdb);
    Json j;
    j["pattern"] = format_pattern(pattern);
    j["file"] = path;
    j["entries"] = pdb.table.size();
    j["abstract_states"] = stats.bfs.reached;
    // "max" is the largest stored value, as `pdb info` and the file header report it; the
    // abstract BFS can go one or more layers deeper (an entry keeps the minimum over the blank's
    // regions), so that depth is its own field.
    j["max"] = stats.max_value;
    j["abstract_depth"] = stats.abstract_depth;
    j["mean"] = reached_mean(pdb.table.bytes());
    j["seconds"] = stats.seconds;
    j["states_per_second"] = static_cast<double>(stats.bfs.reached) / std::max(stats.seconds, 1e-9);
    j["threads"] = stats.bfs.threads;
    return j;
}

// The text report's line of one database.
void print_built(const Json& j) {
    std::printf(
        "pattern %s: %llu entries (%llu abstract states, abstract depth %d), max %d, mean %.2f, "
        "%s, %sstates/s, %d threads -> %s\n",
        j["pattern"].get<std::string>().c_str(), j["entries"].get<unsigned long long>(),
        j["abstract_states"].get<unsigned long long>(), j["abstract_depth"].get<int>(),
        j["max"].get<int>(), j["mean"].get<double>(),
        format_seconds(j["seconds"].get<double>()).c_str(),
        format_rate(j["states_per_second"].get<double>()).c_str(), j["threads"].get<int>(),
        j["file"].get<std::string>().c_str());
}

// Builds and saves every pattern; the report comes only once all are saved, so a run that fails
// part way (a full disk) prints nothing on stdout, and the databases it had saved are removed:
// no partial set is left to look like a finished one.
Json build_all(SlidingShape shape, const std::vector<int>& goal,
               const std::vector<std::vector<int>>& patterns, const std::string& partition,
               const std::vector<std::string>& paths, const BuildOptions& o) {
    Json all = Json::array();
    try {
        for (std::size_t i = 0; i < patterns.size(); ++i)
            all.push_back(build_one(shape, goal, patterns[i], partition, paths[i], o));
    } catch (...) {
        std::error_code ignored;
        for (std::size_t i = 0; i < all.size(); ++i) std::filesystem::remove(paths[i], ignored);
        throw;
    }
    return all;
}

void build(const BuildOptions& o) {
    const SlidingShape shape = parse_sliding_name(o.domain);
    const std::vector<int> goal = goal_tiles(shape, o.goal);
    if (o.pattern.empty() == o.partition.empty())
        throw InputError("pdb build: give exactly one of --pattern and --partition");
    Json all;
    if (!o.pattern.empty()) {
        if (o.out.empty()) throw InputError("pdb build: --pattern needs --out FILE");
        all = build_all(shape, goal, {parse_pattern(o.pattern, shape.cells())}, "", {o.out}, o);
    } else {
        if (o.out_dir.empty()) throw InputError("pdb build: --partition needs --out-dir DIR");
        std::error_code ec;
        std::filesystem::create_directories(o.out_dir, ec);
        if (ec) throw InputError(o.out_dir + ": cannot create directory: " + ec.message());
        const auto groups = parse_partition(o.partition, goal);
        std::string label;
        for (const auto& g : groups) label += (label.empty() ? "" : "/") + format_pattern(g);
        std::vector<std::string> paths;
        for (const auto& g : groups) paths.push_back(o.out_dir + "/" + pdb_file_name(g));
        all = build_all(shape, goal, groups, label, paths, o);
    }
    if (o.json) {
        print_json(all);
        return;
    }
    for (const Json& j : all) print_built(j);
}

void info(const std::string& path) {
    const TableFile file = TableFile::open(path);
    const TableHeader& h = file.header();
    if (h.kind != "pdb") throw InputError(path + ": not a pattern database (kind=" + h.kind + ")");
    std::printf("%s\n  domain %s, goal %s\n  pattern %s%s\n  %llu entries, max %d\n", path.c_str(),
                h.domain.c_str(), h.goal.c_str(), h.field("pattern").c_str(),
                h.field("partition").empty() ? "" : (", partition " + h.field("partition")).c_str(),
                static_cast<unsigned long long>(h.entries), h.max_value);
    const std::vector<std::uint64_t> counts = histogram(file.payload());
    std::printf("  value  entries\n");
    for (int v = 0; v < 256; ++v)
        if (counts[v]) std::printf("  %5d  %llu\n", v, static_cast<unsigned long long>(counts[v]));
    std::printf("  mean %.3f\n", reached_mean(file.payload()));
}

void install_pdb_command(CLI::App& app) {
    CLI::App* pdb = app.add_subcommand(
        "pdb", "Build and inspect additive pattern databases for sliding-tile puzzles.");
    pdb->require_subcommand(1);
    pdb->footer(examples_block({"frontier pdb build 8puzzle --partition 4-4 --out-dir pdb44",
                                "frontier pdb build 8puzzle --partition 4-4 --out-dir pdb44 && \\",
                                "  frontier pdb info pdb44/pattern-1-2-3-4.pdb"}));
    auto o = std::make_shared<BuildOptions>();
    CLI::App* b = pdb->add_subcommand(
        "build", "Build pattern databases by parallel BFS in the abstract space.");
    b->add_option("domain", o->domain, "8puzzle, 15puzzle, 24puzzle or sliding:RxC")->required();
    b->add_option("--pattern", o->pattern, "one pattern: tiles separated by commas (1,2,3,4,5)");
    b->add_option("--partition", o->partition,
                  "several disjoint patterns: group sizes over the goal's tiles in row-major "
                  "order (7-8, 6-6-3, 5-5-5, 6-6-6-6) or tile lists (1,2,3/4,5,6)");
    b->add_option("--goal", o->goal, "goal state (default: tiles in order, blank last)");
    b->add_option("--out", o->out, "output file for --pattern");
    b->add_option("--out-dir", o->out_dir,
                  "output directory for --partition (one pattern-T1-T2-....pdb per group)");
    add_threads_option(b, o->threads);
    b->add_flag("--json", o->json, "print a JSON array, one object per database");
    b->footer(
        "A database stores, for every placement of its tiles, the fewest moves of those tiles\n"
        "that bring them home (other tiles move for free): the sum over a partition is an\n"
        "admissible heuristic. Use them with: frontier solve ... --heuristic pdb --pdb-dir DIR\n"
        "Memory while building: 1.25 bytes per abstract state (N!/(N-k)! x (N-k)), e.g. about\n"
        "5.2 GB for an 8-tile pattern of the 15-puzzle; the file is N!/(N-k)! bytes.\n" +
        examples_block({"frontier pdb build 8puzzle --partition 4-4 --out-dir pdb44",
                        "frontier pdb build 15puzzle --pattern 1,2,3,4,5 --out p5.pdb --json"}));
    b->callback([o] { build(*o); });
    auto file = std::make_shared<std::string>();
    CLI::App* i =
        pdb->add_subcommand("info", "Print a database's header, value histogram and mean.");
    i->add_option("file", *file, "pattern database file")->required();
    i->footer(
        examples_block({"frontier pdb build 8puzzle --pattern 1,2,3,4 --out p4.pdb && "
                        "frontier pdb info p4.pdb"}));
    i->callback([file] { info(*file); });
}

}  // namespace

void register_sliding_pdb(Registry& registry) {
    registry.add_command(install_pdb_command);
}

}  // namespace frontier::cli
