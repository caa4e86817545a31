// The pictures: `enumerate --plot` and the bench plot are well-formed SVG with one mark per
// depth or thread count in every panel, placed where the numbers say.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

using test::run_frontier;

struct Mark {
    double x = 0, y = 0;
};

// What the checker reads from an SVG file: whether it is well-formed, the marks of each panel
// in document order, and the text of all its <text> elements.
struct Svg {
    bool well_formed = false;
    std::vector<std::vector<Mark>> panels;
    std::vector<int> range_lines;  // per panel: <line class="range"> (3 per bar: bar and caps)
    std::string text;
};

double attribute(const std::string& tag, const std::string& name) {
    const std::string key = " " + name + "=\"";
    const auto at = tag.find(key);
    return at == std::string::npos ? -1 : std::stod(tag.substr(at + key.size()));
}

// A minimal XML reader, enough for what our writer emits: every element closes in order,
// attribute quotes pair up, one root element; no '<' or '&' outside markup and entities.
Svg read_svg(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string xml = ss.str();
    Svg svg;
    std::vector<std::string> open;
    std::size_t i = 0, roots = 0;
    while (i < xml.size()) {
        const std::size_t lt = xml.find('<', i);
        const std::string between = xml.substr(i, lt == std::string::npos ? lt : lt - i);
        if (!open.empty() && open.back() == "text") svg.text += between + "\n";
        for (std::size_t amp = between.find('&'); amp != std::string::npos;
             amp = between.find('&', amp + 1))
            if (between.find(';', amp) == std::string::npos) return svg;  // a bare '&'
        if (lt == std::string::npos) break;
        const std::size_t gt = xml.find('>', lt);
        if (gt == std::string::npos) return svg;
        const std::string tag = xml.substr(lt + 1, gt - lt - 1);
        i = gt + 1;
        if (tag.empty() || tag.find('<') != std::string::npos) return svg;
        if (tag[0] == '?' || tag[0] == '!') continue;
        if (tag[0] == '/') {
            if (open.empty() || open.back() != tag.substr(1)) return svg;
            open.pop_back();
            continue;
        }
        if (std::count(tag.begin(), tag.end(), '"') % 2) return svg;
        const std::string name = tag.substr(0, tag.find_first_of(" /"));
        if (open.empty()) ++roots;
        if (name == "g" && tag.find("class=\"panel\"") != std::string::npos) {
            svg.panels.emplace_back();
            svg.range_lines.push_back(0);
        }
        if (name == "line" && tag.find("class=\"range\"") != std::string::npos) {
            if (svg.panels.empty()) return svg;
            ++svg.range_lines.back();
        }
        if (name == "circle" && tag.find("class=\"mark\"") != std::string::npos) {
            if (svg.panels.empty()) return svg;  // a mark outside every panel
            svg.panels.back().push_back({attribute(tag, "cx"), attribute(tag, "cy")});
        }
        if (tag.back() != '/') open.push_back(name);
    }
    svg.well_formed = open.empty() && roots == 1;
    return svg;
}

// The mark drawn highest (smallest y on screen).
std::size_t highest(const std::vector<Mark>& marks) {
    return std::min_element(marks.begin(), marks.end(),
                            [](const Mark& a, const Mark& b) { return a.y < b.y; }) -
           marks.begin();
}

TEST(CliPlot, EnumerateDrawsOneMarkPerDepthOnBothScales) {
    const std::string dir = test::temp_dir();
    const std::string plot = dir + "/8.svg";
    const auto r = run_frontier("enumerate 8puzzle --threads 2 --plot " + plot);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("wrote " + plot + "\n"), std::string::npos) << r.out;
    const Svg svg = read_svg(plot);
    ASSERT_TRUE(svg.well_formed);
    EXPECT_NE(svg.text.find("8puzzle: states per depth"), std::string::npos) << svg.text;
    EXPECT_NE(svg.text.find("linear scale"), std::string::npos);
    EXPECT_NE(svg.text.find("log scale"), std::string::npos);
    EXPECT_NE(svg.text.find("depth"), std::string::npos);
    EXPECT_NE(svg.text.find("181440 states reached, depths 0 to 31"), std::string::npos);
    ASSERT_EQ(svg.panels.size(), 2u);
    for (const auto& marks : svg.panels) {
        ASSERT_EQ(marks.size(), test::k8PuzzleLayers.size());  // depths 0..31
        for (std::size_t d = 1; d < marks.size(); ++d) EXPECT_GT(marks[d].x, marks[d - 1].x);
        // Depth 24 (24,047 states, the widest layer) drawn highest; on the log scale depth 22
        // (23,952) ties with it to the tenth of a pixel.
        for (const Mark& m : marks) EXPECT_LE(marks[24].y, m.y);
    }
    // Linear: depth 23 (20,224) and 25 (15,578) below 24; log: the 2 states at depth 31 above
    // the 1 at depth 0 and below the 4 at depth 2.
    const auto& linear = svg.panels[0];
    EXPECT_EQ(highest(linear), 24u);
    const auto& log = svg.panels[1];
    EXPECT_GT(linear[25].y, linear[23].y);
    EXPECT_LT(log[31].y, log[0].y);
    EXPECT_GT(log[31].y, log[2].y);
    EXPECT_DOUBLE_EQ(log[31].y, log[1].y);  // 2 states each
    // The JSON report names the picture.
    const auto j = run_frontier("enumerate 8puzzle --json --threads 1 --plot " + plot);
    ASSERT_EQ(j.exit_code, 0) << j.err;
    EXPECT_NE(j.out.find("\"plot\": \"" + plot + "\""), std::string::npos) << j.out;
    std::filesystem::remove_all(dir);
}

TEST(CliPlot, EnumerateRefusesAnUnwritablePlotBeforeSearching) {
    const std::string dir = test::temp_dir();
    test::expect_input_error(run_frontier("enumerate 8puzzle --plot " + dir + "/no/such/p.svg"),
                             "--plot");
    test::expect_input_error(run_frontier("enumerate 8puzzle --plot " + dir), "is a directory");
    // No search ran: the error is the only output.
    EXPECT_EQ(run_frontier("enumerate 8puzzle --plot " + dir).out, "");
    std::filesystem::remove_all(dir);
}

TEST(CliPlot, BenchDrawsOneSpeedupPanelPerWorkloadWithRangeBars) {
    const std::string dir = test::temp_dir();
    const auto r = run_frontier(
        "bench --workloads enumerate-sliding:2x3,queens-8 --threads 1,2 --repeat 3 --out " + dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Svg svg = read_svg(dir + "/speedup.svg");
    ASSERT_TRUE(svg.well_formed);
    // One speedup panel per workload, one mark and one range bar (with its two caps) per thread
    // count (1 and 2); the 1-thread mark is at speedup 1 by definition.
    ASSERT_EQ(svg.panels.size(), 2u);
    for (std::size_t i = 0; i < svg.panels.size(); ++i) {
        ASSERT_EQ(svg.panels[i].size(), 2u);
        EXPECT_LT(svg.panels[i][0].x, svg.panels[i][1].x);
        EXPECT_EQ(svg.range_lines[i], 2 * 3);
    }
    for (const char* title : {"enumerate-sliding:2x3", "queens-8", "threads", "speedup (x)",
                              "dashed: ideal", " cores; "})
        EXPECT_NE(svg.text.find(title), std::string::npos) << title << "\n" << svg.text;
    EXPECT_EQ(svg.text.find("efficiency"), std::string::npos) << svg.text;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
