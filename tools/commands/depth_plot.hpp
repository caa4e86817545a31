// `enumerate ... --plot FILE.svg`: the states per depth of an enumeration, drawn twice (linear
// scale, where the bulk of the layers shows, and log scale, where the first and last few do),
// one mark per depth. Shared by every enumeration (dense, bitmap, hash, distributed, two-bit).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace frontier::cli {

// The SVG document: `name` is the puzzle's name, put in the title; `note` (may be empty) is added
// to the caption ("up to symmetry", "stopped at depth 20").
std::string depth_plot_svg(const std::string& name, const std::vector<std::uint64_t>& layers,
                           const std::string& note);

// Writes depth_plot_svg() to `path` (temporary name, then rename); nothing when path is empty.
void write_depth_plot(const std::string& path, const std::string& name,
                      const std::vector<std::uint64_t>& layers, const std::string& note);

}  // namespace frontier::cli
