#include "tools/commands/bench_report.hpp"

#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include <frontier/engine/memory.hpp>
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

std::string load_text(const BenchLoad& l) {
    return fixed(l.load_before, 2) + "-" + fixed(l.load_after, 2);
}

std::string other_cores_text(const BenchPoint& p) {
    if (p.load.other_cores < 0) return "-";
    return fixed(p.load.other_cores, 2) + (p.busy() ? " !" : "");
}

}  // namespace

CpuSample sample_cpu() {
    CpuSample s;
    s.wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    // The first line of /proc/stat: "cpu user nice system idle iowait irq softirq steal ...", in
    // clock ticks summed over every CPU.
    std::ifstream stat("/proc/stat");
    std::string cpu;
    double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    if (stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal)
        s.busy = (user + nice + system + irq + softirq + steal) /
                 static_cast<double>(::sysconf(_SC_CLK_TCK));
    struct rusage self {};
    if (::getrusage(RUSAGE_SELF, &self) == 0)
        s.self = static_cast<double>(self.ru_utime.tv_sec + self.ru_stime.tv_sec) +
                 1e-6 * static_cast<double>(self.ru_utime.tv_usec + self.ru_stime.tv_usec);
    std::ifstream("/proc/loadavg") >> s.load_average;
    return s;
}

BenchLoad load_between(const CpuSample& before, const CpuSample& after) {
    BenchLoad l;
    l.load_before = before.load_average;
    l.load_after = after.load_average;
    const double wall = after.wall - before.wall;
    // Ticks are 10 ms: below a tenth of a second the difference says nothing.
    if (wall >= 0.1)
        l.other_cores =
            std::max(0.0, ((after.busy - before.busy) - (after.self - before.self)) / wall);
    return l;
}

std::string busy_warning(const std::vector<BenchPoint>& points) {
    int busy = 0;
    double worst = 0;
    for (const auto& p : points) {
        busy += p.busy();
        worst = std::max(worst, p.load.other_cores);
    }
    if (busy == 0) return "";
    return "WARNING: the machine was busy: other processes used up to " + fixed(worst, 2) +
           " cores during " + std::to_string(busy) + " of " + std::to_string(points.size()) +
           " measurements (marked !); their speedups understate the engine.";
}

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

namespace {

// The workload's 1-thread median, 0 when it was not measured.
double one_thread_seconds(const std::vector<BenchPoint>& points, const std::string& workload) {
    for (const auto& q : points)
        if (q.workload == workload && q.threads == 1) return q.median_seconds();
    return 0;
}

}  // namespace

double speedup(const std::vector<BenchPoint>& points, const BenchPoint& p) {
    const double median = p.median_seconds();
    return median > 0 ? one_thread_seconds(points, p.workload) / median : 0;
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
                        s > 0 ? fixed(100 * s / p.threads, 0) + "%" : "-", load_text(p.load),
                        other_cores_text(p)});
    }
    print_table({"threads", "median s", "range s", "rate", "speedup", "efficiency", "load avg",
                 "other cores"},
                rows, "workload");
    if (std::any_of(points.begin(), points.end(), [](const auto& p) { return p.oversubscribed; }))
        std::cout << "* more threads than cores (oversubscribed)\n";
    if (const std::string warning = busy_warning(points); !warning.empty())
        std::cout << warning << '\n';
}

std::string bench_csv(const std::vector<BenchPoint>& points) {
    std::ostringstream out;
    out << "workload,threads,oversubscribed,runs,median_seconds,min_seconds,max_seconds,rate,"
           "unit,speedup,efficiency,load_before,load_after,other_cores\n";
    for (const auto& p : points) {
        const double s = speedup(points, p);
        out << p.workload << ',' << p.threads << ',' << (p.oversubscribed ? 1 : 0) << ','
            << p.runs.size() << ',' << p.median_seconds() << ',' << p.min_seconds() << ','
            << p.max_seconds() << ',' << p.rate() << ',' << p.unit << ',' << s << ','
            << (p.threads ? s / p.threads : 0) << ',' << p.load.load_before << ','
            << p.load.load_after << ',' << p.load.other_cores << '\n';
    }
    return out.str();
}

nlohmann::ordered_json bench_json(const std::vector<BenchPoint>& points,
                                  const nlohmann::ordered_json& machine) {
    nlohmann::ordered_json j;
    j["machine"] = machine;
    if (const std::string warning = busy_warning(points); !warning.empty()) j["warning"] = warning;
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
        r["load_average_before"] = p.load.load_before;
        r["load_average_after"] = p.load.load_after;
        if (p.load.other_cores >= 0) r["other_cores"] = p.load.other_cores;
        r["busy"] = p.busy();
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
        << "| workload | threads | median s | range s | rate | speedup | efficiency | load avg | "
           "other cores |\n"
        << "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const auto& p : points) {
        const double s = speedup(points, p);
        out << "| " << p.workload << " | " << p.threads << (p.oversubscribed ? " (over)" : "")
            << " | " << fixed(p.median_seconds(), 3) << " | " << fixed(p.min_seconds(), 3) << "-"
            << fixed(p.max_seconds(), 3) << " | " << format_rate(p.rate()) << " " << p.unit << " | "
            << (s > 0 ? fixed(s, 2) + "x" : "-") << " | "
            << (s > 0 ? fixed(100 * s / p.threads, 0) + "%" : "-") << " | " << load_text(p.load)
            << " | " << other_cores_text(p) << " |\n";
    }
    if (const std::string warning = busy_warning(points); !warning.empty())
        out << "\n**" << warning << "**\n";
    out << "\nload avg: the 1-minute load average before and after the point; other cores: the "
           "CPU time of\nother processes during it, in cores (- when the point took under a tenth "
           "of a second).\n";
    return out.str();
}

std::string speedup_svg(const std::vector<BenchPoint>& points,
                        const nlohmann::ordered_json& machine) {
    // One panel per workload, each on its own scale: on one shared chart the workloads that
    // scale alike drew over one another. Efficiency is speedup / threads, a second panel per
    // workload said nothing the speedup panel does not; it stays in the tables.
    std::vector<std::string> order;
    std::map<std::string, std::vector<const BenchPoint*>> by_workload;
    for (const auto& p : points) {
        if (speedup(points, p) <= 0) continue;
        if (!by_workload.count(p.workload)) order.push_back(p.workload);
        by_workload[p.workload].push_back(&p);
    }
    svg::Figure fig;
    fig.title = "Speedup over 1 thread, by workload";
    fig.columns = std::min<int>(3, std::max<int>(1, static_cast<int>(order.size())));
    fig.panel_width = 320;
    fig.panel_height = 220;
    // A machine description from an older results.json may lack a key: "?" then.
    const auto field = [&](const char* key) {
        if (!machine.contains(key)) return std::string("?");
        return machine[key].is_string() ? machine[key].get<std::string>() : machine[key].dump();
    };
    fig.caption = "Machine: " + field("cpu") + ", " + field("cores") + " cores; " + field("date") +
                  "\nPoints: the median run; bars: fastest to slowest run; dashed: ideal "
                  "(speedup = threads).";
    if (std::string warning = busy_warning(points); !warning.empty())
        fig.caption += "\n" + warning.replace(warning.find("; their"), 2, ";\n");
    for (const std::string& name : order) {
        auto& pts = by_workload[name];
        std::sort(pts.begin(), pts.end(),
                  [](const BenchPoint* a, const BenchPoint* b) { return a->threads < b->threads; });
        const double one = one_thread_seconds(points, name);
        svg::Panel panel;
        panel.title = name;
        panel.x.label = "threads";
        panel.y.label = "speedup (x)";
        svg::Series ideal;
        ideal.color = "#888888";
        ideal.marks = false;
        ideal.dashed = true;
        svg::Series measured;
        for (const BenchPoint* p : pts) {
            const double t = p->threads;
            panel.x.ticks.push_back(t);
            ideal.points.emplace_back(t, t);
            measured.points.emplace_back(t, speedup(points, *p));
            if (p->max_seconds() > 0 && p->min_seconds() > 0)
                measured.ranges.emplace_back(one / p->max_seconds(), one / p->min_seconds());
        }
        if (measured.ranges.size() != measured.points.size()) measured.ranges.clear();
        panel.series = {ideal, measured};
        fig.panels.push_back(std::move(panel));
    }
    return svg::render(fig);
}

}  // namespace frontier::cli
