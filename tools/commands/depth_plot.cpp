#include "tools/commands/depth_plot.hpp"

#include "tools/cli/svg.hpp"

namespace frontier::cli {

std::string depth_plot_svg(const std::string& name, const std::vector<std::uint64_t>& layers,
                           const std::string& note) {
    std::uint64_t reached = 0;
    svg::Series counts;
    for (std::size_t depth = 0; depth < layers.size(); ++depth) {
        counts.points.emplace_back(static_cast<double>(depth), static_cast<double>(layers[depth]));
        reached += layers[depth];
    }
    svg::Figure fig;
    fig.title = name + ": states per depth";
    fig.columns = 2;
    fig.caption = std::to_string(reached) + " states reached, depths 0 to " +
                  std::to_string(layers.empty() ? 0 : layers.size() - 1) +
                  (note.empty() ? "" : "; " + note);
    for (bool log : {false, true}) {
        svg::Panel panel;
        panel.title = log ? "log scale" : "linear scale";
        panel.x.label = "depth";
        panel.y.label = "states";
        panel.y.log = log;
        panel.series = {counts};
        fig.panels.push_back(std::move(panel));
    }
    return svg::render(fig);
}

void write_depth_plot(const std::string& path, const std::string& name,
                      const std::vector<std::uint64_t>& layers, const std::string& note) {
    if (!path.empty()) svg::write_file(path, depth_plot_svg(name, layers, note));
}

}  // namespace frontier::cli
