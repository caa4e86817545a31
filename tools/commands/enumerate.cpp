#include "tools/commands/enumerate.hpp"

#include <algorithm>

#include "tools/cli/format.hpp"
#include "tools/commands/depth_plot.hpp"

namespace frontier::cli {

namespace {

// How a two-bit table was searched: the planar search's layers are all word operations ('w'),
// the general one's push (p), sparse push (s) or pull (u) each.
std::string two_bit_method(const Report& rep) {
    if (!rep.two_bit_bytes) return "";
    if (rep.directions.find_first_not_of('w') == std::string::npos)
        return " (planar search: word operations)";
    return " (layers: p push, s sparse push, u pull: " + rep.directions + ")";
}

void print_text(const Report& rep, const EnumerateOptions& o) {
    const LayeredBfsResult& r = rep.result;
    const std::string threads =
        std::to_string(r.threads) + (r.threads == 1 ? " thread" : " threads");
    if (rep.two_bit_bytes)
        ;  // its heading came before the run (tools/commands/two_bit.hpp)
    else if (rep.states && o.distributed)
        std::printf("%s, %llu states, %d ranks x %s\n", rep.description.c_str(),
                    static_cast<unsigned long long>(*rep.states), r.processes, threads.c_str());
    else if (rep.states)
        std::printf("%s, %llu states, %s\n", rep.description.c_str(),
                    static_cast<unsigned long long>(*rep.states), threads.c_str());
    else
        std::printf("%s%s%s%s, %s\n", rep.description.c_str(), rep.start.empty() ? "" : ", from ",
                    rep.start.c_str(), rep.symmetry ? ", up to symmetry" : "", threads.c_str());
    std::printf("depth  %12s\n", "states");
    for (std::size_t i = 0; i < r.layers.size(); ++i)
        std::printf("%5zu  %12llu\n", i, static_cast<unsigned long long>(r.layers[i]));
    if (!rep.states || r.reached != *rep.states)
        std::printf("reached %llu%s states%s\n", static_cast<unsigned long long>(r.reached),
                    rep.states ? (" of " + std::to_string(*rep.states)).c_str() : "",
                    rep.symmetry ? " (up to symmetry)" : "");
    if (!r.complete)
        std::printf("stopped at depth %d (--max-depth): deeper states were not searched\n",
                    r.max_depth());
    std::string farthest;
    for (std::size_t i = 0; i < rep.farthest.size() && i < o.show_farthest; ++i)
        farthest += (i ? " | " : "") + rep.farthest[i];
    const std::uint64_t at_max = r.layers.empty() ? 0 : r.layers.back();
    if (at_max > std::min<std::uint64_t>(o.show_farthest, rep.farthest.size()))
        farthest += " | ... (" + std::to_string(at_max) + " states in all)";
    if (!rep.farthest.empty() || !rep.two_bit_bytes)
        std::printf("max depth %d: %s\n", r.max_depth(), farthest.c_str());
    std::printf("%s, %s states/s%s\n", format_seconds(r.seconds).c_str(),
                format_rate(static_cast<double>(r.reached) / std::max(r.seconds, 1e-9)).c_str(),
                two_bit_method(rep).c_str());
    if (!o.plot.empty()) std::printf("wrote %s\n", o.plot.c_str());
    if (o.distributed)
        std::printf("exchanged between ranks: %llu children, %s (%.2f bytes per state)\n",
                    static_cast<unsigned long long>(r.exchanged),
                    format_bytes(r.exchanged_bytes).c_str(),
                    static_cast<double>(r.exchanged_bytes) / std::max<std::uint64_t>(r.reached, 1));
}

void print_json_report(const Report& rep, const EnumerateOptions& o) {
    const LayeredBfsResult& r = rep.result;
    Json j;
    j["domain"] = rep.name;
    j["spec"] = rep.spec;
    j["goal"] = rep.goal;
    if (!rep.metric.empty()) j["metric"] = rep.metric;
    if (!rep.start.empty()) j["start"] = rep.start;
    if (rep.two_bit_bytes) j["encoding"] = "two-bit";
    j["symmetry"] = rep.symmetry;
    j["states"] = rep.states ? *rep.states : r.reached;
    j["reached"] = r.reached;
    j["max_depth"] = r.max_depth();
    j["complete"] = r.complete;
    j["layers"] = r.layers;
    j["farthest"] = rep.farthest;
    j["farthest_count"] = r.layers.empty() ? 0 : r.layers.back();
    j["seconds"] = r.seconds;
    j["states_per_second"] = static_cast<double>(r.reached) / std::max(r.seconds, 1e-9);
    j["threads"] = r.threads;
    if (rep.two_bit_bytes) {
        j["directions"] = rep.directions;
        j["table_bytes"] = *rep.two_bit_bytes;
    }
    if (o.distributed) {
        j["ranks"] = r.processes;
        j["exchanged"] = r.exchanged;
        j["exchanged_bytes"] = r.exchanged_bytes;
    }
    if (!o.out.empty()) j["out"] = o.out;
    if (!o.plot.empty()) j["plot"] = o.plot;
    print_json(j);
}

void write_plot(const Report& rep, const EnumerateOptions& o) {
    if (o.plot.empty()) return;
    std::string note = rep.symmetry ? "up to symmetry" : "";
    if (!rep.result.complete)
        note += (note.empty() ? "" : "; ") + std::string("stopped at depth ") +
                std::to_string(rep.result.max_depth()) + " (--max-depth)";
    write_depth_plot(o.plot, rep.name, rep.result.layers, note);
}

}  // namespace

void print_report(const Report& rep, const EnumerateOptions& o, const std::string& what) {
    write_plot(rep, o);
    if (o.json)
        print_json_report(rep, o);
    else
        print_text(rep, o);
    if (o.out.empty() || o.json) return;
    if (rep.checkpoint.empty())
        std::printf("wrote %s (%s)\n", o.out.c_str(), what.c_str());
    else
        std::printf("wrote the checkpoint %s; continue with --resume\n", rep.checkpoint.c_str());
}

void prepare_shard_directory(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (!std::filesystem::is_directory(dir))
        throw InputError("--out " + dir + ": with --distributed, --out names a directory (" +
                         (ec ? ec.message() : std::string("it is a file")) + ")");
}

void add_enumerate_options(CLI::App& cmd, EnumerateOptions& o) {
    cmd.add_flag("--symmetry", o.symmetry,
                 "count states up to the board's symmetries (puzzles with a symmetry reduction)");
    cmd.add_option("--max-depth", o.max_depth, "stop after this depth (default: none)")
        ->check(non_negative_number());
    add_threads_option(&cmd, o.threads);
    cmd.add_option(
        "--out", o.out,
        "save the distance table to FILE (puzzles with a perfect hash; 1 byte per "
        "state; see docs/reference/formats.md); with --distributed, to the directory DIR as one "
        "shard per rank");
    cmd.add_option("--plot", o.plot,
                   "draw the states per depth (linear and log scale) as an SVG picture in FILE")
        ->type_name("FILE.svg");
    cmd.add_flag("--distributed", o.distributed,
                 std::string(kDistributedHelp) +
                     "; perfect-hash puzzles, with or without --two-bit; each rank owns one "
                     "slice of the table; --threads counts per rank (default: the host's cores "
                     "shared among its ranks)");
    cmd.add_flag("--two-bit", o.two_bit,
                 "keep 2 bits per state (depth mod 3) instead of one byte, where the puzzle has "
                 "a two-bit index; lookup walks the exact distance down the table");
    cmd.add_flag("--resume", o.resume,
                 "--two-bit: continue from FILE.checkpoint, the table saved by an interrupted run "
                 "with the same --out FILE (--distributed: every rank's checkpoint in DIR)");
    cmd.add_option("--checkpoint-minutes", o.checkpoint_minutes,
                   "--two-bit with --out: save FILE.checkpoint after a layer at most this often "
                   "(default 10; 0: after every layer)")
        ->check(non_negative_number());
    add_format_option(cmd, o.json, "one JSON object instead of the table");
    add_quiet_option(cmd);
    cmd.add_option("--show-farthest", o.show_farthest,
                   "how many farthest states to print (default 10)");
}

std::string enumerate_help() {
    return "Options every puzzle takes (each adds its own: 'frontier enumerate PUZZLE --help'):\n"
           "  --threads N, --max-depth D, --symmetry, --out FILE, --plot FILE.svg,\n"
           "  --distributed, --two-bit, --resume, --checkpoint-minutes M,\n"
           "  --format text|json (--json), --quiet, --show-farthest K\n"
           "--plot FILE.svg draws the states per depth, linear and log scale "
           "(docs/reference/formats.md).\n"
           "States are written in each puzzle's syntax; docs/reference/states.md has the "
           "details.\n";
}

}  // namespace frontier::cli
