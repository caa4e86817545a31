#include "tools/cli/svg.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <span>
#include <sstream>

#include <frontier/engine/io/atomic_write.hpp>

namespace frontier::cli::svg {

namespace {

// Inside a panel's cell: room for the title above, the y tick labels and axis label on the left,
// the x tick labels and axis label below.
constexpr double kLeft = 74, kRight = 16, kTop = 30, kBottom = 46;
// Above the first row (the figure's title) and per caption line below the last.
constexpr double kTitleHeight = 34, kCaptionLine = 18;
// A generous average width of one character at the 11-pixel font, to lay out the legend.
constexpr double kCharWidth = 6.5;

std::string dash(const Series& s) {
    return s.dashed ? " stroke-dasharray=\"5 4\"" : "";
}
std::string stroke_width(const Series& s) {
    return s.dashed ? "1.5" : "2";
}

// Coordinates with one decimal: enough for a screen, and short files.
std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

// A tick label a reader takes in at a glance: 24,047 rather than 24047; 1e12 rather than a
// 13-digit number that would run into the next label.
std::string tick_label(double v) {
    char buf[64];
    const double a = std::fabs(v);
    if (a == 0) return "0";
    if (a >= 1e6 || a < 1e-3) {
        const int e = static_cast<int>(std::floor(std::log10(a) + 1e-9));
        const double m = v / std::pow(10.0, e);
        if (std::fabs(m - std::round(m)) < 1e-9)
            std::snprintf(buf, sizeof buf, "%.0fe%d", m, e);
        else
            std::snprintf(buf, sizeof buf, "%.2ge%d", m, e);
        return buf;
    }
    if (std::fabs(v - std::round(v)) < 1e-9) {
        // Built forward rather than with insert(): GCC 12 warns (-Wrestrict) on insert at -O3.
        const std::string digits = std::to_string(static_cast<std::int64_t>(std::llround(a)));
        std::string label = v < 0 ? "-" : "";
        for (std::size_t i = 0; i < digits.size(); ++i) {
            if (i > 0 && (digits.size() - i) % 3 == 0) label += ',';
            label += digits[i];
        }
        return label;
    }
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

// 1, 2 or 5 x 10^k, the smallest at least `raw`.
double nice_step(double raw) {
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * p >= raw * (1 - 1e-9)) return m * p;
    return 10 * p;
}

// One axis's mapping from data to pixels, ticks included.
struct Scale {
    double lo = 0, hi = 1;  // in data units, or log10 of them for a log axis
    bool log = false;
    std::vector<double> ticks;  // data units

    double fraction(double v) const { return ((log ? std::log10(v) : v) - lo) / (hi - lo); }
};

Scale make_scale(const Axis& axis, const std::vector<double>& values, bool from_zero) {
    Scale s;
    s.log = axis.log;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : values)
        if (!axis.log || v > 0) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (axis.min < axis.max) {
        lo = axis.min;
        hi = axis.max;
    } else if (lo > hi) {  // no data
        lo = axis.log ? 1 : 0;
        hi = axis.log ? 10 : 1;
    }
    if (axis.log) {
        s.lo = std::floor(std::log10(lo) + 1e-9);
        s.hi = std::ceil(std::log10(hi) - 1e-9);
        if (s.hi <= s.lo) s.hi = s.lo + 1;
        // At most about eight labelled powers of ten, whatever the range.
        const int every = std::max(1, static_cast<int>(std::ceil((s.hi - s.lo) / 8)));
        for (double e = s.lo; e <= s.hi + 1e-9; e += every) s.ticks.push_back(std::pow(10.0, e));
    } else {
        if (from_zero && axis.min >= axis.max) lo = std::min(lo, 0.0);
        if (hi <= lo) hi = lo + 1;
        if (axis.min >= axis.max && from_zero) hi += (hi - lo) * 0.05;  // marks off the frame
        s.lo = lo;
        s.hi = hi;
        const double step = nice_step((hi - lo) / 6);
        for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step)
            s.ticks.push_back(std::fabs(t) < step * 1e-9 ? 0 : t);
    }
    if (!axis.ticks.empty()) {
        s.ticks.clear();
        for (double t : axis.ticks)
            if (!axis.log || t > 0) s.ticks.push_back(t);
    }
    return s;
}

void render_panel(std::ostringstream& out, const Panel& panel, double x0, double y0, double w,
                  double h) {
    std::vector<double> xs, ys;
    for (const Series& s : panel.series) {
        for (const auto& [x, y] : s.points) {
            xs.push_back(x);
            ys.push_back(y);
        }
        for (const auto& [lo, hi] : s.ranges) {
            ys.push_back(lo);
            ys.push_back(hi);
        }
    }
    const Scale sx = make_scale(panel.x, xs, false), sy = make_scale(panel.y, ys, true);
    const double left = x0 + kLeft, top = y0 + kTop;
    const double pw = w - kLeft - kRight, ph = h - kTop - kBottom;
    const double bottom = top + ph;
    auto px = [&](double v) { return left + sx.fraction(v) * pw; };
    auto py = [&](double v) { return bottom - sy.fraction(v) * ph; };
    auto inside = [&](double x, double y) {
        if (sy.log && y <= 0) return false;
        const double fx = sx.fraction(x), fy = sy.fraction(y);
        return fx >= -1e-9 && fx <= 1 + 1e-9 && fy >= -1e-9 && fy <= 1 + 1e-9;
    };

    out << "<g class=\"panel\">\n";
    out << "<text x=\"" << num(left + pw / 2) << "\" y=\"" << num(y0 + 18)
        << "\" text-anchor=\"middle\" font-weight=\"bold\">" << escape(panel.title) << "</text>\n";
    // Grid and ticks first, so the data is drawn over them.
    for (double t : sy.ticks) {
        const double f = sy.fraction(t);
        if (f < -1e-9 || f > 1 + 1e-9) continue;
        out << "<line x1=\"" << num(left) << "\" y1=\"" << num(py(t)) << "\" x2=\""
            << num(left + pw) << "\" y2=\"" << num(py(t)) << "\" stroke=\"#e4e4e4\"/>\n"
            << "<text x=\"" << num(left - 6) << "\" y=\"" << num(py(t) + 4)
            << "\" text-anchor=\"end\">" << escape(tick_label(t)) << "</text>\n";
    }
    for (double t : sx.ticks) {
        const double f = sx.fraction(t);
        if (f < -1e-9 || f > 1 + 1e-9) continue;
        out << "<line x1=\"" << num(px(t)) << "\" y1=\"" << num(bottom) << "\" x2=\"" << num(px(t))
            << "\" y2=\"" << num(bottom + 4) << "\" stroke=\"black\"/>\n"
            << "<text x=\"" << num(px(t)) << "\" y=\"" << num(bottom + 17)
            << "\" text-anchor=\"middle\">" << escape(tick_label(t)) << "</text>\n";
    }
    out << "<rect x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\"" << num(pw)
        << "\" height=\"" << num(ph) << "\" fill=\"none\" stroke=\"black\"/>\n";
    out << "<text x=\"" << num(left + pw / 2) << "\" y=\"" << num(bottom + 36)
        << "\" text-anchor=\"middle\">" << escape(panel.x.label) << "</text>\n";
    const double ly = top + ph / 2, lx = x0 + 16;
    out << "<text x=\"" << num(lx) << "\" y=\"" << num(ly) << "\" text-anchor=\"middle\" "
        << "transform=\"rotate(-90 " << num(lx) << ' ' << num(ly) << ")\">" << escape(panel.y.label)
        << (panel.y.log ? " (log scale)" : "") << "</text>\n";

    for (const Series& s : panel.series) {
        if (s.line) {
            out << "<polyline fill=\"none\" stroke=\"" << escape(s.color) << "\" stroke-width=\""
                << stroke_width(s) << '"' << dash(s) << " points=\"";
            for (const auto& [x, y] : s.points)
                if (inside(x, y)) out << num(px(x)) << ',' << num(py(y)) << ' ';
            out << "\"/>\n";
        }
        for (std::size_t i = 0; i < s.ranges.size() && i < s.points.size(); ++i) {
            const double x = s.points[i].first, lo = s.ranges[i].first, hi = s.ranges[i].second;
            if (!inside(x, lo) || !inside(x, hi)) continue;
            for (const auto& [x1, y1, x2, y2] : {std::array{px(x), py(lo), px(x), py(hi)},
                                                 std::array{px(x) - 4, py(lo), px(x) + 4, py(lo)},
                                                 std::array{px(x) - 4, py(hi), px(x) + 4, py(hi)}})
                out << "<line class=\"range\" x1=\"" << num(x1) << "\" y1=\"" << num(y1)
                    << "\" x2=\"" << num(x2) << "\" y2=\"" << num(y2) << "\" stroke=\""
                    << escape(s.color) << "\"/>\n";
        }
        if (s.marks)
            for (const auto& [x, y] : s.points)
                if (inside(x, y))
                    out << "<circle class=\"mark\" cx=\"" << num(px(x)) << "\" cy=\"" << num(py(y))
                        << "\" r=\"3\" fill=\"" << escape(s.color) << "\"/>\n";
    }
    // The legend goes below the frame, right-aligned on the x label's line: inside the frame it
    // covered the data (an efficiency near 100% runs along the top edge).
    double legend_width = 0;
    for (const Series& s : panel.series)
        if (!s.label.empty()) legend_width += 30 + kCharWidth * static_cast<double>(s.label.size());
    double lx_item = left + pw - legend_width;
    const double legend_y = bottom + 36;
    for (const Series& s : panel.series) {
        if (s.label.empty()) continue;
        out << "<line x1=\"" << num(lx_item) << "\" y1=\"" << num(legend_y - 4) << "\" x2=\""
            << num(lx_item + 18) << "\" y2=\"" << num(legend_y - 4) << "\" stroke=\""
            << escape(s.color) << "\" stroke-width=\"" << stroke_width(s) << '"' << dash(s)
            << "/>\n"
            << "<text x=\"" << num(lx_item + 23) << "\" y=\"" << num(legend_y) << "\">"
            << escape(s.label) << "</text>\n";
        lx_item += 30 + kCharWidth * static_cast<double>(s.label.size());
    }
    out << "</g>\n";
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

std::string escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                // XML 1.0 allows no control characters but tab and line breaks.
                if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
                    out += ' ';
                else
                    out += c;
        }
    }
    return out;
}

std::string render(const Figure& figure) {
    const int columns = std::max(1, figure.columns);
    const int rows =
        std::max<int>(1, (static_cast<int>(figure.panels.size()) + columns - 1) / columns);
    const std::vector<std::string> caption = lines_of(figure.caption);
    const double width = columns * figure.panel_width;
    const double height = kTitleHeight + rows * figure.panel_height +
                          kCaptionLine * static_cast<double>(caption.size()) + 8;
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
        << num(height) << "\" viewBox=\"0 0 " << num(width) << ' ' << num(height)
        << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << num(width / 2) << "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">"
        << escape(figure.title) << "</text>\n";
    for (std::size_t i = 0; i < figure.panels.size(); ++i) {
        const double x0 = static_cast<double>(i % columns) * figure.panel_width;
        const double y0 = kTitleHeight + static_cast<double>(i / columns) * figure.panel_height;
        render_panel(out, figure.panels[i], x0, y0, figure.panel_width, figure.panel_height);
    }
    double y = kTitleHeight + rows * figure.panel_height + 12;
    for (const std::string& line : caption) {
        out << "<text x=\"10\" y=\"" << num(y) << "\" fill=\"#444\">" << escape(line)
            << "</text>\n";
        y += kCaptionLine;
    }
    out << "</svg>\n";
    return out.str();
}

void write_file(const std::string& path, const std::string& text) {
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()),
                                              text.size());
    write_file_atomically(path, std::span<const std::span<const std::uint8_t>>(&bytes, 1));
}

}  // namespace frontier::cli::svg
