// The report of `frontier rush enumerate`: its progress line, its --json summary and its text
// summary on stderr (docs/reference/formats.md has the JSON keys). Apart from the command so that
// the command reads as options, set-up and run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <frontier/domains/rush/rush_census.hpp>
#include <frontier/engine/units/run.hpp>
#include "tools/cli/common.hpp"

namespace frontier::cli {

// What the command was asked to do, as its options say.
struct RushEnumerateOptions {
    int size = 6, walls = 0, threads = 0;
    std::string out, shard;
    std::vector<std::string> imports;
    bool resume = false, json = false, all_clusters = false, distributed = false, out_given = false;
    std::uint64_t max_units = 0;
};

// The progress line: units, candidates (of `total` when the units were costed), clusters, kept
// lines, the hardest so far and an ETA.
std::string progress_text(const RushTally& t, const UnitProgress& p, std::uint64_t total,
                          double seconds);
// The --json summary.
Json summary_json(const RushEnumerateOptions& o, const UnitRunSummary& s, const RushTally& t,
                  double seconds);
// The text summary on stderr, with the next step when the run stopped before its end.
void print_summary(const RushEnumerateOptions& o, const UnitRunSummary& s, const RushTally& t,
                   double seconds);

}  // namespace frontier::cli
