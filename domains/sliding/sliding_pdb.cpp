#include <frontier/domains/sliding/sliding_pdb.hpp>

#include <algorithm>
#include <filesystem>
#include <map>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/table_file.hpp>

namespace frontier {

namespace {

std::string goal_text(const std::vector<int>& goal_tiles, int cols) {
    return format_tile_list(goal_tiles.data(), static_cast<int>(goal_tiles.size()), cols, false);
}

}  // namespace

SlidingPdb build_sliding_pdb(int rows, int cols, const std::vector<int>& goal_tiles,
                             const std::vector<int>& pattern, const PdbBuildOptions& options,
                             PdbBuildResult* stats) {
    SlidingPattern abstraction(rows, cols, goal_tiles, pattern);
    require_memory(pattern_database_bytes(abstraction.size(), abstraction.placements()),
                   "building the pattern database of " + format_pattern(pattern) + " (" +
                       std::to_string(abstraction.size()) + " abstract states)");
    const PatternState goal = abstraction.goal();
    PdbBuildResult result = build_pattern_database(
        abstraction, std::span<const PatternState>(&goal, 1),
        static_cast<std::uint64_t>(abstraction.cells() - abstraction.size_k()), options);
    SlidingPdb pdb{std::move(abstraction), result.table, ""};
    if (stats) *stats = std::move(result);
    return pdb;
}

std::string pdb_file_name(const std::vector<int>& pattern) {
    std::string name = "pattern";
    for (int t : pattern) {
        name += '-';  // appended apart: GCC 12 warns falsely (-Wrestrict) on "-" + string
        name += std::to_string(t);
    }
    return name + ".pdb";
}

void save_sliding_pdb(const std::string& path, const SlidingPdb& pdb) {
    const SlidingPattern& p = pdb.pattern;
    TableHeader h;
    h.kind = "pdb";
    h.domain = sliding_spec(p.rows(), p.cols());
    h.goal = goal_text(p.goal_tiles(), p.cols());
    h.entries = p.placements();
    h.entry_bits = 8;
    int max_value = 0;
    for (std::uint8_t v : pdb.table.bytes())
        if (v != kUnreached) max_value = std::max<int>(max_value, v);
    h.max_value = max_value;
    h.set_field("pattern", format_pattern(p.pattern()));
    h.set_field("partition", pdb.partition);
    h.set_field("abstraction", "additive: pattern-tile moves cost 1, blank region closed");
    h.set_field("index", "placement rank of the pattern tiles' cells (see sliding_pattern.hpp)");
    write_table_file(path, h, pdb.table.bytes());
}

SlidingPdb load_sliding_pdb(const std::string& path, int rows, int cols,
                            const std::vector<int>& goal_tiles) {
    auto file = std::make_shared<TableFile>(TableFile::open(path));
    const TableHeader& h = file->header();
    if (h.kind != "pdb") throw InputError(path + ": not a pattern database (kind=" + h.kind + ")");
    if (h.domain != sliding_spec(rows, cols))
        throw InputError(path + ": built for " + h.domain + ", not " + sliding_spec(rows, cols));
    if (h.goal != goal_text(goal_tiles, cols))
        throw InputError(path + ": built for goal " + h.goal + ", not " +
                         goal_text(goal_tiles, cols));
    if (h.entry_bits != 8) throw InputError(path + ": pattern databases have 8-bit entries");
    SlidingPattern pattern(rows, cols, goal_tiles, parse_pattern(h.field("pattern"), rows * cols));
    if (h.entries != pattern.placements())
        throw InputError(path + ": " + std::to_string(h.entries) + " entries, but pattern " +
                         h.field("pattern") + " has " + std::to_string(pattern.placements()) +
                         " placements");
    const auto bytes = file->payload();
    return SlidingPdb{std::move(pattern), PdbTable(std::move(file), bytes), h.field("partition")};
}

std::vector<SlidingPdb> load_sliding_pdb_dir(const std::string& dir, int rows, int cols,
                                             const std::vector<int>& goal_tiles) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(dir + ": not a directory of pattern databases");
    std::vector<std::string> paths;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".pdb") paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    if (paths.empty()) throw InputError(dir + ": no *.pdb files");
    std::vector<SlidingPdb> pdbs;
    for (const auto& p : paths) pdbs.push_back(load_sliding_pdb(p, rows, cols, goal_tiles));
    return pdbs;
}

namespace {

bool disjoint(const std::vector<SlidingPdb>& group) {
    std::vector<int> tiles;
    for (const auto& p : group)
        tiles.insert(tiles.end(), p.pattern.pattern().begin(), p.pattern.pattern().end());
    std::sort(tiles.begin(), tiles.end());
    return std::adjacent_find(tiles.begin(), tiles.end()) == tiles.end();
}

// A partition's label names every pattern of it ("1,2,3/4,5,6"), so a set missing one (a build
// stopped by a full disk, a file deleted) is refused instead of summing fewer databases, which
// would still be admissible but silently weaker than what was built.
void check_complete(const std::string& label, const std::vector<SlidingPdb>& group) {
    // A label of group sizes ("5-5-5", as a library caller may write) names no tiles to check;
    // pdb build writes tile lists.
    if (label.find(',') == std::string::npos && label.find('/') == std::string::npos) return;
    std::size_t start = 0;
    while (start <= label.size()) {
        const std::size_t end = std::min(label.find('/', start), label.size());
        const std::string want = label.substr(start, end - start);
        const bool found = std::any_of(group.begin(), group.end(), [&](const SlidingPdb& p) {
            return format_pattern(p.pattern.pattern()) == want;
        });
        if (!found)
            throw InputError("pattern databases of partition " + label +
                             ": the database of tiles " + want +
                             " is missing (an unfinished build? run pdb build again)");
        start = end + 1;
    }
}

}  // namespace

std::vector<std::vector<SlidingPdb>> group_partitions(std::vector<SlidingPdb> pdbs) {
    std::map<std::string, std::vector<SlidingPdb>> labelled;
    std::vector<SlidingPdb> unlabelled;
    for (auto& p : pdbs) {
        if (p.partition.empty())
            unlabelled.push_back(std::move(p));
        else
            labelled[p.partition].push_back(std::move(p));
    }
    std::vector<std::vector<SlidingPdb>> partitions;
    for (auto& [label, group] : labelled) {
        if (!disjoint(group))
            throw InputError("pattern databases of partition " + label + " share tiles");
        check_complete(label, group);
        partitions.push_back(std::move(group));
    }
    // Databases built one by one: summed when their patterns are disjoint (still additive),
    // otherwise each stands alone in the maximum.
    if (disjoint(unlabelled)) {
        if (!unlabelled.empty()) partitions.push_back(std::move(unlabelled));
    } else {
        for (auto& p : unlabelled) partitions.push_back({std::move(p)});
    }
    return partitions;
}

}  // namespace frontier

namespace frontier {

std::vector<std::vector<SlidingPdb>> load_pdb_partitions(const std::string& dir, int rows, int cols,
                                                         const std::vector<int>& goal_tiles) {
    return group_partitions(load_sliding_pdb_dir(dir, rows, cols, goal_tiles));
}

}  // namespace frontier
