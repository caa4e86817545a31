// frontier bench: fixed workloads at several thread counts, repeated, with a report.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include <tbb/enumerable_thread_specific.h>

#include <frontier/domains/peg_solitaire/peg_solitaire.hpp>
#include <frontier/domains/queens/queens.hpp>
#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_sample.hpp>
#include <frontier/domains/sliding/korf_sample.hpp>
#include <frontier/domains/sliding/sliding_hash.hpp>
#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_pdb.hpp>
#include <frontier/engine/enumerate/bitmap_bfs.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/io/atomic_write.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/search/solver.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/commands/bench.hpp"
#include "tools/commands/bench_report.hpp"

#ifndef FRONTIER_BUILD_TYPE
#define FRONTIER_BUILD_TYPE "unknown"
#endif

namespace frontier::cli {

namespace {

// One measured run of a workload with a given thread count; `extra` collects side numbers.
using WorkloadRun = std::function<BenchRun(int threads, nlohmann::ordered_json& extra)>;

struct Workload {
    std::string name, unit, description;
    WorkloadRun run;
};

const std::vector<int> kKorfGoal = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

Workload enumerate_workload(const std::string& domain) {
    const SlidingShape shape = parse_sliding_name(domain);
    if (shape.cells() > SlidingTiles::kMaxCells)
        throw InputError("bench: enumerate-" + domain + " has no perfect hash");
    return {"enumerate-" + domain, "states/s", "full distance table by layered BFS",
            [shape](int threads, nlohmann::ordered_json&) {
                const SlidingTiles d(shape.rows, shape.cols);
                DistanceTable table(d.size());
                const TileState goal = d.goal();
                LayeredBfsOptions o;
                o.threads = threads;
                const auto r =
                    layered_bfs(d, std::span<const TileState>(&goal, 1), table.mutable_bytes(), o);
                return BenchRun{r.seconds, static_cast<double>(r.reached)};
            }};
}

Workload pdb_workload(const std::string& partition) {
    return {"pdb-" + partition, "states/s",
            "15-puzzle additive databases " + partition + " (Korf's goal), abstract states/s",
            [partition](int threads, nlohmann::ordered_json&) {
                Stopwatch clock;
                double states = 0;
                for (const auto& group : parse_partition(partition, kKorfGoal)) {
                    PdbBuildOptions o;
                    o.threads = threads;
                    PdbBuildResult stats;
                    build_sliding_pdb(4, 4, kKorfGoal, group, o, &stats);
                    states += static_cast<double>(stats.bfs.reached);
                }
                return BenchRun{clock.seconds(), states};
            }};
}

// HDA* + linear conflict on Korf's four mid-sized instances (kKorfHdaMidSample, a few million
// expansions each); `hash` empty runs the default options, as a user who gives no --hash does.
Workload hda_workload(const std::string& hash) {
    const std::string used = hash.empty() ? std::string(name_of(kDefaultHdaHash)) : hash;
    return {hash.empty() ? "hdastar-15puzzle" : "hdastar-15puzzle-" + hash, "expanded/s",
            "HDA* + linear conflict on 4 of Korf's mid-sized instances, " + used + " ownership" +
                (hash.empty() ? " (the default)" : ""),
            [used](int threads, nlohmann::ordered_json& extra) {
                const SlidingTiles d(4, 4, SlidingTiles::pack(kKorfGoal.data(), 16));
                const LinearConflict<SlidingTiles> h(d);
                SolverOptions o;
                o.threads = threads;
                o.hash = parse_hda_hash(used);
                Stopwatch clock;
                double expanded = 0, sent = 0, generated = 0;
                for (const char* text : kKorfHdaMidSample) {
                    const auto r = solve<Algorithm::hdastar>(d, parse_solvable(d, text), h, o);
                    expanded += static_cast<double>(r.stats.expanded);
                    generated += static_cast<double>(r.stats.generated);
                    sent += static_cast<double>(r.sent);
                }
                extra["sent_fraction"] = generated > 0 ? sent / generated : 0;
                extra["sent_per_expansion"] = expanded > 0 ? sent / expanded : 0;
                return BenchRun{clock.seconds(), expanded};
            }};
}

Workload queens_workload(int n) {
    return {"queens-" + std::to_string(n), "nodes/s", "N-Queens count by bitboard backtracking",
            [n](int threads, nlohmann::ordered_json& extra) {
                const QueensCount c = NQueens(n).count(threads, false);
                extra["solutions"] = c.total;
                return BenchRun{c.seconds, static_cast<double>(c.nodes)};
            }};
}

// English peg solitaire from the standard start, by the bitmap BFS: the first `depth` jumps, or
// the whole game (187,636,299 boards) when depth < 0. Two 1 GiB layer bitmaps either way.
Workload peg_workload(int depth) {
    const std::string name = depth < 0 ? "peg-full" : "peg-" + std::to_string(depth);
    return {name, "states/s",
            "English peg solitaire, " +
                (depth < 0 ? std::string("every board")
                           : "the first " + std::to_string(depth) + " jumps") +
                " (bitmap BFS)",
            [depth](int threads, nlohmann::ordered_json& extra) {
                const PegSolitaire d;
                const auto roots = d.enumeration_roots();
                LayeredBfsOptions o;
                o.threads = threads;
                o.max_depth = depth;
                const auto r =
                    layered_bitmap_bfs(d, std::span<const PegSolitaire::State>(roots), o);
                extra["states"] = r.reached;
                return BenchRun{r.seconds, static_cast<double>(r.reached)};
            }};
}

// Rush Hour grading (optimal moves, cluster, hardest state) of 12 puzzles of the public database
// (domains/rush/rush_sample.hpp, all but the 4,780- and 9,192-state clusters the Google
// benchmark grades), each graded `rounds` times, in parallel across puzzles as `frontier rush
// grade` does.

Workload rush_workload(int rounds) {
    std::vector<std::pair<RushBoard, RushState>> puzzles;
    for (const RushSample& sample : kRushSample) {
        if (sample.cluster_size == 4780 || sample.cluster_size == 9192) continue;
        const RushPuzzle p = parse_rush(sample.board);
        puzzles.emplace_back(p.board, p.start);
    }
    return {"rush-grade", "puzzles/s",
            std::to_string(puzzles.size()) + " Rush Hour database puzzles graded exactly, " +
                std::to_string(rounds) + " rounds",
            [puzzles, rounds](int threads, nlohmann::ordered_json& extra) {
                const std::size_t n = puzzles.size() * static_cast<std::size_t>(rounds);
                tbb::enumerable_thread_specific<RushGrader> graders;
                std::atomic<std::uint64_t> states{0};
                Stopwatch clock;
                run_with_threads(threads, [&] {
                    parallel_for_each(tbb::blocked_range<std::size_t>(0, n, 1), [&](auto r) {
                        for (std::size_t i = r.begin(); i != r.end(); ++i) {
                            const auto& [board, start] = puzzles[i % puzzles.size()];
                            states += graders.local().grade(board, start).cluster_size;
                        }
                    });
                });
                extra["cluster_states"] = states.load();
                return BenchRun{clock.seconds(), static_cast<double>(n)};
            }};
}

// A workload by name: enumerate-DOMAIN, pdb-PARTITION, hdastar-15puzzle[-zobrist|-azh], queens-N,
// peg-DEPTH, peg-full, rush-grade.
Workload make_workload(const std::string& name) {
    auto after = [&](const std::string& prefix) { return name.substr(prefix.size()); };
    if (name.rfind("enumerate-", 0) == 0) return enumerate_workload(after("enumerate-"));
    if (name.rfind("pdb-", 0) == 0) return pdb_workload(after("pdb-"));
    if (name == "hdastar-15puzzle") return hda_workload("");
    if (name == "hdastar-15puzzle-zobrist") return hda_workload("zobrist");
    if (name == "hdastar-15puzzle-azh") return hda_workload("azh");
    if (name.rfind("queens-", 0) == 0) {
        const std::string n = after("queens-");
        if (n.empty() || n.find_first_not_of("0123456789") != std::string::npos || n.size() > 2)
            throw InputError("bench: bad workload \"" + name + "\" (queens-N)");
        return queens_workload(std::stoi(n));
    }
    if (name == "peg-full") return peg_workload(-1);
    if (name.rfind("peg-", 0) == 0) {
        const std::string n = after("peg-");
        if (n.empty() || n.find_first_not_of("0123456789") != std::string::npos || n.size() > 2)
            throw InputError("bench: bad workload \"" + name + "\" (peg-DEPTH or peg-full)");
        return peg_workload(std::stoi(n));
    }
    if (name == "rush-grade") return rush_workload(20);
    throw InputError("bench: unknown workload \"" + name +
                     "\" (known: enumerate-DOMAIN, pdb-PARTITION, hdastar-15puzzle, "
                     "hdastar-15puzzle-zobrist, hdastar-15puzzle-azh, queens-N, peg-DEPTH, "
                     "peg-full, rush-grade)");
}

std::vector<int> parse_thread_list(const std::string& text) {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    std::vector<int> threads;
    if (text == "max") {
        for (int t = 1; t < cores; t *= 2) threads.push_back(t);
        threads.push_back(cores);
        return threads;
    }
    for (const std::string& item : split_list(text))
        threads.push_back(parse_thread_count("bench --threads", item, false));
    if (threads.empty()) throw InputError("bench --threads: no thread count given");
    std::sort(threads.begin(), threads.end());
    threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
    if (threads.front() != 1) threads.insert(threads.begin(), 1);  // speedups need 1 thread
    return threads;
}

// Replaces the text between "<!-- bench:SECTION begin -->" and "<!-- bench:SECTION end -->".
// A Markdown file and where the content between its section's markers lies; InputError when the
// file cannot be read or lacks the markers (checked before a run, so that minutes of benchmarks
// are not spent for a file they cannot go into).
struct MarkedFile {
    std::string text;
    std::size_t content_begin = 0, content_end = 0;
};

MarkedFile read_marked(const std::string& path, const std::string& section) {
    std::ifstream in(path);
    if (!in) throw InputError(path + ": cannot read");
    std::stringstream ss;
    ss << in.rdbuf();
    MarkedFile f{ss.str()};
    const std::string begin = "<!-- bench:" + section + " begin -->";
    const std::string end = "<!-- bench:" + section + " end -->";
    const auto b = f.text.find(begin), e = f.text.find(end);
    if (b == std::string::npos || e == std::string::npos || e < b)
        throw InputError(path + ": no markers " + begin + " ... " + end);
    f.content_begin = b + begin.size();
    f.content_end = e;
    return f;
}

void splice_markdown(const std::string& path, const std::string& section, const std::string& md) {
    const MarkedFile f = read_marked(path, section);
    const std::string text =
        f.text.substr(0, f.content_begin) + "\n" + md + f.text.substr(f.content_end);
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()),
                                              text.size());
    write_file_atomically(path, std::span<const std::span<const std::uint8_t>>(&bytes, 1));
}

void write_text(const std::string& path, const std::string& text) {
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()),
                                              text.size());
    write_file_atomically(path, std::span<const std::span<const std::uint8_t>>(&bytes, 1));
}

struct BenchOptions {
    std::string workloads, threads = "max", out = "bench-results", markdown_into, section;
    bool workloads_given = false;
    int repeat = 3;
    bool large = false;
};

std::string default_workloads(bool large) {
    return std::string("enumerate-8puzzle,enumerate-sliding:4x3,") +
           (large ? "pdb-7-8" : "pdb-6-6-3") +
           ",hdastar-15puzzle,hdastar-15puzzle-zobrist,queens-15,rush-grade," +
           (large ? "peg-full" : "peg-14");
}

void bench(const BenchOptions& o, const std::string& command) {
    std::vector<Workload> workloads;
    if (o.workloads_given && split_list(o.workloads).empty())
        throw InputError("bench --workloads: the list is empty (omit it for the default set)");
    for (const auto& name :
         split_list(o.workloads.empty() ? default_workloads(o.large) : o.workloads))
        workloads.push_back(make_workload(name));
    const std::vector<int> threads = parse_thread_list(o.threads);
    if (o.repeat < 1) throw InputError("bench: --repeat must be at least 1");
    const std::string section = o.section.empty() ? "latest" : o.section;
    if (!o.markdown_into.empty()) read_marked(o.markdown_into, section);
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    if (o.out.empty()) throw InputError("bench --out: the path is empty");
    std::error_code ec;
    std::filesystem::create_directories(o.out, ec);
    if (ec) throw InputError(o.out + ": cannot create directory: " + ec.message());
    ProgressLine progress(stderr_is_terminal());
    std::vector<BenchPoint> points;
    for (const Workload& w : workloads) {
        for (int t : threads) {
            BenchPoint p{w.name, w.unit, t, t > cores, {}, {}, {}};
            const CpuSample before = sample_cpu();
            for (int i = 0; i < o.repeat; ++i) {
                progress.update(w.name + ", " + std::to_string(t) + " threads, run " +
                                std::to_string(i + 1) + "/" + std::to_string(o.repeat));
                p.runs.push_back(w.run(t, p.extra));
            }
            p.load = load_between(before, sample_cpu());
            points.push_back(std::move(p));
        }
    }
    progress.finish();
    const auto machine = machine_description(FRONTIER_BUILD_TYPE);
    std::cout << "Machine: " << machine["cpu"].get<std::string>() << ", " << cores << " cores, "
              << machine["memory"].get<std::string>() << ", "
              << machine["compiler"].get<std::string>() << ", " << FRONTIER_BUILD_TYPE
              << " build\n\n";
    print_bench_table(points);
    const std::string md = bench_markdown(points, machine, command);
    write_text(o.out + "/results.csv", bench_csv(points));
    write_text(
        o.out + "/results.json",
        bench_json(points, machine).dump(2, ' ', false, Json::error_handler_t::replace) + "\n");
    write_text(o.out + "/report.md", md);
    write_text(o.out + "/speedup.svg", speedup_svg(points, machine));
    std::cout << "\nwrote " << o.out << "/results.csv, results.json, report.md, speedup.svg\n";
    if (!o.markdown_into.empty()) {
        splice_markdown(o.markdown_into, section, md);
        std::cout << "updated " << o.markdown_into << '\n';
    }
}

}  // namespace

void add_bench_command(CLI::App& app) {
    auto o = std::make_shared<BenchOptions>();
    CLI::App* cmd = app.add_subcommand(
        "bench", "Measure how the engine's workloads scale across cores, with a report and plot.");
    cmd->add_option("--workloads", o->workloads,
                    "comma-separated list (default: " + default_workloads(false) +
                        "); also enumerate-DOMAIN, pdb-PARTITION, queens-N, peg-DEPTH, peg-full");
    cmd->add_option("--threads", o->threads,
                    "thread counts, e.g. 1,2,4, or max (default: 1, 2, 4, ... up to the cores; "
                    "1 is always added; counts above the cores are marked oversubscribed)");
    cmd->add_option("--repeat", o->repeat, "runs per workload and thread count (default 3)");
    cmd->add_option("--out", o->out,
                    "directory for results.csv, results.json, report.md and speedup.svg "
                    "(default bench-results)");
    cmd->add_flag("--large", o->large, "use the 7-8 pattern databases instead of 6-6-3");
    cmd->add_option("--markdown-into", o->markdown_into,
                    "also replace the text between <!-- bench:SECTION begin/end --> markers "
                    "of this markdown file (docs/performance.md) with the report");
    cmd->add_option("--section", o->section,
                    "the marker name for --markdown-into (default latest)");
    cmd->footer(
        "Times are wall-clock medians of --repeat runs; rates are the median run's work "
        "per second;\nspeedup is over the same workload's 1-thread median. Each point also "
        "records the load\naverage before and after it and the CPU time other processes took "
        "meanwhile; a point where\nthey took over a quarter core is marked busy (!), with a "
        "warning in every report.\n"
        "The default set takes minutes: " +
        default_workloads(false) + ".\n" +
        examples_block({"frontier bench --workloads queens-10 --threads 1,2 --repeat 2 --out b",
                        "frontier bench --workloads enumerate-8puzzle,rush-grade --repeat 1 "
                        "--out b"}));
    cmd->callback([o, cmd] {
        o->workloads_given = cmd->count("--workloads") > 0;
        std::string command = "frontier bench";
        if (!o->workloads.empty()) command += " --workloads " + o->workloads;
        if (!o->threads.empty()) command += " --threads " + o->threads;
        command += " --repeat " + std::to_string(o->repeat);
        if (o->large) command += " --large";
        bench(*o, command);
    });
}

}  // namespace frontier::cli
