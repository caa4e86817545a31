// A small SVG chart writer shared by every plot the program draws (`enumerate --plot`, the
// `bench` report): a figure is a title, a grid of panels and a caption; a panel has two axes
// (linear, or log-10 for y), ticks, axis labels, and series drawn as polylines, point marks and
// optional range bars.
// Plain SVG text with no dependency; every mark is a <circle class="mark"> inside its panel's
// <g class="panel">, so a test can count them.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace frontier::cli::svg {

// Text made safe inside an SVG element or a quoted attribute (& < > " ').
std::string escape(std::string_view text);

struct Axis {
    std::string label;
    bool log = false;  // log-10 scale (y only); values <= 0 are left out of the panel
    // The range shown; when min >= max it is taken from the data (linear axes start at 0).
    double min = 0, max = 0;
    // Where ticks go; empty: about six "nice" values (1, 2 or 5 x 10^k), or the powers of 10.
    std::vector<double> ticks;
};

struct Series {
    std::string label;  // in the panel's legend; none when empty
    std::string color = "#1f77b4";
    std::vector<std::pair<double, double>> points;  // (x, y), drawn in the given order
    bool line = true;                               // join the points
    bool marks = true;                              // one mark per point
    bool dashed = false;                            // a reference line (ideal speedup ...)
    // Optional, one per point: the y range measured around it (fastest to slowest run), drawn
    // as a vertical bar with caps, <line class="range">.
    std::vector<std::pair<double, double>> ranges;
};

struct Panel {
    std::string title;
    Axis x, y;
    std::vector<Series> series;
};

struct Figure {
    std::string title, caption;
    int columns = 1;  // panels per row, filled row by row
    double panel_width = 380, panel_height = 260;
    std::vector<Panel> panels;
};

// The whole SVG document.
std::string render(const Figure& figure);

// Writes an SVG (or any text) file under a temporary name, then renames it over `path`.
void write_file(const std::string& path, const std::string& text);

}  // namespace frontier::cli::svg
