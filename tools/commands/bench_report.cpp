#include "tools/commands/bench_report.hpp"

#include <sys/utsname.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "engine/memory.hpp"
#include "tools/cli/common.hpp"

namespace frontier::cli {

namespace {

std::vector<double> sorted_seconds(const BenchPoint& p) {
    std::vector<double> s;
    for (const auto& r : p.runs) s.push_back(r.seconds);
    std::sort(s.begin(), s.end());
    return s;
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            return colon == std::string::npos ? line : line.substr(colon + 2);
        }
    return "unknown";
}

std::uint64_t total_memory() {
    std::ifstream in("/proc/meminfo");
    std::string key, unit;
    std::uint64_t kib = 0;
    while (in >> key >> kib >> unit)
        if (key == "MemTotal:") return kib * 1024;
    return 0;
}

}  // namespace

double BenchPoint::median_seconds() const {
    const auto s = sorted_seconds(*this);
    if (s.empty()) return 0;
    return s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
}
double BenchPoint::min_seconds() const {
    const auto s = sorted_seconds(*this);
    return s.empty() ? 0 : s.front();
}
double BenchPoint::max_seconds() const {
    const auto s = sorted_seconds(*this);
    return s.empty() ? 0 : s.back();
}
double BenchPoint::rate() const {
    const double t = median_seconds();
    return t > 0 && !runs.empty() ? runs.front().work / t : 0;
}

double speedup(const std::vector<BenchPoint>& points, const BenchPoint& p) {
    for (const auto& q : points)
        if (q.workload == p.workload && q.threads == 1 && p.median_seconds() > 0)
            return q.median_seconds() / p.median_seconds();
    return 0;
}

nlohmann::ordered_json machine_description(const std::string& build_type) {
    nlohmann::ordered_json m;
    m["cpu"] = cpu_model();
    m["cores"] = std::thread::hardware_concurrency();
    m["memory"] = format_bytes(total_memory());
    struct utsname u {};
    if (::uname(&u) == 0) m["kernel"] = std::string(u.sysname) + " " + u.release;
    m["compiler"] = std::string("g++ ") + __VERSION__;
    m["build_type"] = build_type;
    const std::time_t now = std::time(nullptr);
    char date[32];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    m["date"] = date;
    return m;
}

void print_bench_table(const std::vector<BenchPoint>& points) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : points) {
        const double s = speedup(points, p);
        rows.push_back({p.workload, std::to_string(p.threads) + (p.oversubscribed ? "*" : ""),
                        fixed(p.median_seconds(), 3),
                        fixed(p.min_seconds(), 3) + "-" + fixed(p.max_seconds(), 3),
                        format_rate(p.rate()) + p.unit, s > 0 ? fixed(s, 2) + "x" : "-",
                        s > 0 ? fixed(100 * s / p.threads, 0) + "%" : "-"});
    }
    print_table({"threads", "median s", "range s", "rate", "speedup", "efficiency"}, rows,
                "workload");
    if (std::any_of(points.begin(), points.end(), [](const auto& p) { return p.oversubscribed; }))
        std::cout << "* more threads than cores (oversubscribed)\n";
}

std::string bench_csv(const std::vector<BenchPoint>& points) {
    std::ostringstream out;
    out << "workload,threads,oversubscribed,runs,median_seconds,min_seconds,max_seconds,rate,"
           "unit,speedup,efficiency\n";
    for (const auto& p : points) {
        const double s = speedup(points, p);
        out << p.workload << ',' << p.threads << ',' << (p.oversubscribed ? 1 : 0) << ','
            << p.runs.size() << ',' << p.median_seconds() << ',' << p.min_seconds() << ','
            << p.max_seconds() << ',' << p.rate() << ',' << p.unit << ',' << s << ','
            << (p.threads ? s / p.threads : 0) << '\n';
    }
    return out.str();
}

nlohmann::ordered_json bench_json(const std::vector<BenchPoint>& points,
                                  const nlohmann::ordered_json& machine) {
    nlohmann::ordered_json j;
    j["machine"] = machine;
    auto& results = j["results"] = nlohmann::ordered_json::array();
    for (const auto& p : points) {
        nlohmann::ordered_json r;
        r["workload"] = p.workload;
        r["threads"] = p.threads;
        r["oversubscribed"] = p.oversubscribed;
        r["unit"] = p.unit;
        r["median_seconds"] = p.median_seconds();
        r["min_seconds"] = p.min_seconds();
        r["max_seconds"] = p.max_seconds();
        r["rate"] = p.rate();
        r["speedup"] = speedup(points, p);
        r["efficiency"] = p.threads ? speedup(points, p) / p.threads : 0;
        auto& runs = r["runs"] = nlohmann::ordered_json::array();
        for (const auto& run : p.runs)
            runs.push_back({{"seconds", run.seconds}, {"work", run.work}});
        if (!p.extra.empty()) r["extra"] = p.extra;
        results.push_back(r);
    }
    return j;
}

std::string bench_markdown(const std::vector<BenchPoint>& points,
                           const nlohmann::ordered_json& machine, const std::string& command) {
    std::ostringstream out;
    out << "Machine: " << machine["cpu"].get<std::string>() << ", "
        << machine["cores"].get<unsigned>() << " cores, " << machine["memory"].get<std::string>()
        << ", " << machine["compiler"].get<std::string>() << ", "
        << machine["build_type"].get<std::string>() << " build, "
        << machine["date"].get<std::string>() << ".\n\n"
        << "Command: `" << command << "`\n\n"
        << "| workload | threads | median s | range s | rate | speedup | efficiency |\n"
        << "|---|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& p : points) {
        const double s = speedup(points, p);
        out << "| " << p.workload << " | " << p.threads << (p.oversubscribed ? " (over)" : "")
            << " | " << fixed(p.median_seconds(), 3) << " | " << fixed(p.min_seconds(), 3) << "-"
            << fixed(p.max_seconds(), 3) << " | " << format_rate(p.rate()) << p.unit << " | "
            << (s > 0 ? fixed(s, 2) + "x" : "-") << " | "
            << (s > 0 ? fixed(100 * s / p.threads, 0) + "%" : "-") << " |\n";
    }
    return out.str();
}

std::string speedup_svg(const std::vector<BenchPoint>& points) {
    const double width = 640, height = 420, left = 60, right = 180, top = 30, bottom = 50;
    int max_threads = 1;
    double max_speedup = 1;
    std::map<std::string, std::vector<std::pair<int, double>>> lines;
    for (const auto& p : points) {
        const double s = speedup(points, p);
        if (s <= 0) continue;
        lines[p.workload].emplace_back(p.threads, s);
        max_threads = std::max(max_threads, p.threads);
        max_speedup = std::max(max_speedup, s);
    }
    const double y_max = std::max<double>(max_threads, max_speedup) * 1.05;
    const double plot_w = width - left - right, plot_h = height - top - bottom;
    auto x = [&](double t) {
        return left + (max_threads > 1 ? (t - 1) / (max_threads - 1) : 0.5) * plot_w;
    };
    auto y = [&](double s) { return top + plot_h - s / y_max * plot_h; };
    std::ostringstream svg;
    svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << left << "\" y=\"20\" font-size=\"14\">Speedup over 1 thread</text>\n";
    // Axes and ticks.
    svg << "<line x1=\"" << left << "\" y1=\"" << top + plot_h << "\" x2=\"" << left + plot_w
        << "\" y2=\"" << top + plot_h << "\" stroke=\"black\"/>\n"
        << "<line x1=\"" << left << "\" y1=\"" << top << "\" x2=\"" << left << "\" y2=\""
        << top + plot_h << "\" stroke=\"black\"/>\n";
    for (int t = 1; t <= max_threads; t = t < 2 ? 2 : t * 2)
        svg << "<text x=\"" << x(t) << "\" y=\"" << top + plot_h + 18
            << "\" text-anchor=\"middle\">" << t << "</text>\n";
    for (int s = 0; s <= static_cast<int>(y_max); s += std::max(1, static_cast<int>(y_max) / 8))
        svg << "<text x=\"" << left - 8 << "\" y=\"" << y(s) + 4 << "\" text-anchor=\"end\">" << s
            << "</text>\n";
    svg << "<text x=\"" << left + plot_w / 2 << "\" y=\"" << height - 10
        << "\" text-anchor=\"middle\">threads</text>\n";
    // The ideal line.
    svg << "<line x1=\"" << x(1) << "\" y1=\"" << y(1) << "\" x2=\"" << x(max_threads) << "\" y2=\""
        << y(max_threads) << "\" stroke=\"gray\" stroke-dasharray=\"4 4\"/>\n";
    static const char* const colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                         "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
    int i = 0;
    double legend_y = top + 10;
    svg << "<text x=\"" << width - right + 10 << "\" y=\"" << legend_y
        << "\" fill=\"gray\">- - ideal</text>\n";
    for (auto& [name, pts] : lines) {
        std::sort(pts.begin(), pts.end());
        const char* color = colors[i++ % 8];
        svg << "<polyline fill=\"none\" stroke=\"" << color << "\" stroke-width=\"2\" points=\"";
        for (const auto& [t, s] : pts) svg << x(t) << ',' << y(s) << ' ';
        svg << "\"/>\n";
        for (const auto& [t, s] : pts)
            svg << "<circle cx=\"" << x(t) << "\" cy=\"" << y(s) << "\" r=\"3\" fill=\"" << color
                << "\"/>\n";
        legend_y += 18;
        svg << "<text x=\"" << width - right + 10 << "\" y=\"" << legend_y << "\" fill=\"" << color
            << "\">" << xml_escape(name) << "</text>\n";
    }
    svg << "</svg>\n";
    return svg.str();
}

}  // namespace frontier::cli
