#include "tools/puzzles/rush_enumerate_report.hpp"

#include <algorithm>
#include <functional>
#include <iostream>
#include <map>

#include <frontier/domains/rush/rush_io.hpp>
#include "tools/cli/format.hpp"

namespace frontier::cli {

std::string progress_text(const RushTally& t, const UnitProgress& p, std::uint64_t total,
                          double seconds) {
    std::string line =
        "units " + std::to_string(t.units) + ", candidates " + std::to_string(t.counts.candidates) +
        (total ? "/" + std::to_string(total) : std::string()) + ", pruned " +
        std::to_string(t.counts.pruned) + ", clusters " + std::to_string(t.counts.clusters) +
        ", kept " + std::to_string(t.counts.kept);
    if (t.hardest) line += ", hardest " + std::to_string(t.hardest->moves) + " moves";
    // By estimated candidates when the units were costed, else by units.
    const double done = p.cost_pending > 0
                            ? p.cost_ran / p.cost_pending
                            : static_cast<double>(p.ran) / std::max<std::size_t>(p.pending, 1);
    return line + ", ETA " + format_duration(seconds * (1 - done) / std::max(done, 1e-9));
}

Json summary_json(const RushEnumerateOptions& o, const UnitRunSummary& s, const RushTally& t,
                  double seconds) {
    Json j;
    j["size"] = o.size;
    j["walls"] = o.walls;
    j["complete"] = s.complete;
    j["units"] = s.units;
    j["units_done"] = t.units;
    j["candidates_total"] = s.complete ? Json(t.counts.candidates) : Json(nullptr);
    j["candidates"] = t.counts.candidates;
    j["census"] = o.all_clusters ? "all" : "pruned";
    j["pruned"] = t.counts.pruned;
    j["clusters"] = t.counts.clusters;
    j["solvable"] = t.counts.solvable;
    j["puzzles"] = t.counts.kept;
    j["cluster_states"] = t.counts.states;
    j["hardest"] = t.hardest ? Json{{"moves", t.hardest->moves},
                                    {"board", t.hardest->board},
                                    {"cluster_size", t.hardest->cluster_size}}
                             : Json(nullptr);
    // Hardest first, whatever order the entries are in (a shard's are not sorted).
    std::map<int, std::uint64_t, std::greater<>> by_moves;
    for (const RushDbEntry& e : t.entries) ++by_moves[e.moves];
    j["puzzles_by_moves"] = Json::object();
    for (const auto& [moves, n] : by_moves) j["puzzles_by_moves"][std::to_string(moves)] = n;
    j["seconds"] = seconds;
    j["unit_seconds"] = t.unit_seconds;
    j["out"] = o.out.empty() ? Json(nullptr) : Json(o.out);
    j["shard"] = o.shard.empty() ? Json(nullptr) : Json(o.shard);
    j["imported_units"] = s.imported;
    j["ranks"] = s.ranks;
    return j;
}

void print_summary(const RushEnumerateOptions& o, const UnitRunSummary& s, const RushTally& t,
                   double seconds) {
    std::cerr << "frontier: " << (s.complete ? "enumerated " : "stopped after ") << t.units
              << " of " << s.units << " units: " << t.counts.candidates << " candidates, "
              << t.counts.pruned << " pruned, ";
    if (o.all_clusters)
        std::cerr << t.counts.clusters << " clusters, " << t.counts.solvable << " solvable, ";
    else
        std::cerr << t.counts.clusters << " solvable clusters explored, ";
    std::cerr << t.counts.kept << " puzzles";
    if (t.hardest) std::cerr << ", hardest " << format_rush_db_line(*t.hardest);
    std::cerr << " (" << format_seconds(seconds)
              << (s.ranks > 1 ? ", " + std::to_string(s.ranks) + " ranks" : "") << ")\n";
    if (!s.complete && !o.shard.empty() && s.ran == s.shard_missing)
        std::cerr << "frontier: shard " << o.shard << " is done; the checkpoint " << o.out
                  << ".checkpoint holds its units: give it to the final run with --import\n";
    else if (!s.complete)
        std::cerr << "frontier: the checkpoint " << o.out
                  << ".checkpoint holds the units done; continue with --resume\n";
}

}  // namespace frontier::cli
