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
#include "tools/cli/svg.hpp"

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
                        format_rate(p.rate()) + " " + p.unit, s > 0 ? fixed(s, 2) + "x" : "-",
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
            << fixed(p.max_seconds(), 3) << " | " << format_rate(p.rate()) << " " << p.unit << " | "
            << (s > 0 ? fixed(s, 2) + "x" : "-") << " | "
            << (s > 0 ? fixed(100 * s / p.threads, 0) + "%" : "-") << " |\n";
    }
    return out.str();
}

std::string speedup_svg(const std::vector<BenchPoint>& points,
                        const nlohmann::ordered_json& machine) {
    // One row per workload, speedup beside efficiency, each panel on its own scale: on one
    // shared chart the workloads that scale alike drew over one another.
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::pair<int, double>>> by_workload;
    for (const auto& p : points) {
        const double s = speedup(points, p);
        if (s <= 0) continue;
        if (!by_workload.count(p.workload)) order.push_back(p.workload);
        by_workload[p.workload].emplace_back(p.threads, s);
    }
    svg::Figure fig;
    fig.title = "Speedup and efficiency over 1 thread, by workload";
    fig.columns = 2;
    fig.panel_width = 340;
    fig.panel_height = 230;
    // A machine description from an older results.json may lack a key: "?" then.
    const auto field = [&](const char* key) {
        if (!machine.contains(key)) return std::string("?");
        return machine[key].is_string() ? machine[key].get<std::string>() : machine[key].dump();
    };
    fig.caption = "Machine: " + field("cpu") + ", " + field("cores") + " cores; " + field("date") +
                  "\nDashed: ideal (speedup = threads, efficiency 100%). Times are medians.";
    for (const std::string& name : order) {
        auto& pts = by_workload[name];
        std::sort(pts.begin(), pts.end());
        svg::Axis threads;
        threads.label = "threads";
        for (const auto& [t, s] : pts) threads.ticks.push_back(t);
        svg::Series ideal;
        ideal.label = "ideal";
        ideal.color = "#888888";
        ideal.marks = false;
        ideal.dashed = true;
        svg::Series ideal_efficiency = ideal, measured, efficiency;
        efficiency.color = "#d62728";
        for (const auto& [t, s] : pts) {
            ideal.points.emplace_back(t, t);
            measured.points.emplace_back(t, s);
            ideal_efficiency.points.emplace_back(t, 100);
            efficiency.points.emplace_back(t, 100 * s / t);
        }
        svg::Panel left, right;
        left.title = name + ": speedup";
        right.title = name + ": efficiency";
        left.x = right.x = threads;
        left.y.label = "speedup (x)";
        right.y.label = "efficiency (%)";
        left.series = {ideal, measured};
        right.series = {ideal_efficiency, efficiency};
        fig.panels.push_back(std::move(left));
        fig.panels.push_back(std::move(right));
    }
    return svg::render(fig);
}

}  // namespace frontier::cli
