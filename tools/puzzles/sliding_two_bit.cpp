// Two-bit distance tables of sliding-tile boards: enumerate --two-bit (checkpointed, resumable)
// and their lookups (exact distance walked down the table, optional optimal path).
//
// A table file (docs/reference/formats.md) has entry_bits=2, encoding=depth-mod-3 and
// index=pair-blank (SlidingTwoBitSpace's order), and once finished the checksums of its payload's
// blocks (engine/payload_blocks.hpp); a distributed run's shards have the same header
// (sliding_two_bit_distributed.cpp). During a run FILE.checkpoint holds the table after
// the last checkpointed layer with complete=no and the layer counts so far; --resume continues from
// it. Checkpoints are written at most once per --checkpoint-minutes (a 7x2 table is 10.9 GB, about
// 5 s to write here, past the page cache), so an interrupted run loses at most that much work.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "domains/sliding/sliding_io.hpp"
#include "domains/sliding/sliding_two_bit.hpp"
#include "engine/error.hpp"
#include "engine/memory.hpp"
#include "engine/parallel.hpp"
#include "engine/payload_blocks.hpp"
#include "engine/sharded_table.hpp"
#include "engine/timer.hpp"
#include "engine/two_bit_lookup.hpp"
#include "tools/cli/common.hpp"
#include "tools/cli/stream.hpp"
#include "tools/commands/depth_plot.hpp"
#include "tools/puzzles/sliding_two_bit.hpp"

namespace frontier::cli {

namespace {

constexpr const char* kEncoding = "depth-mod-3";
constexpr const char* kIndex = "pair-blank";

// The checkpoint's layer counts after checking it belongs to this board, goal and encoding.
std::vector<std::uint64_t> load_checkpoint(const std::string& path, const SlidingTwoBitSpace& space,
                                           TwoBitTable& table) {
    const TableFile file = TableFile::open(path);
    const TableHeader& h = file.header();
    const TableHeader want = two_bit_header(space, {1}, false);
    if (h.domain != want.domain || h.goal != want.goal || h.entries != want.entries ||
        h.entry_bits != 2 || h.field("encoding") != kEncoding || h.field("index") != kIndex)
        throw InputError(path + ": the checkpoint is of another table (" + h.domain + ", goal " +
                         h.goal + "); remove it or choose another --out");
    if (h.field("complete") != "no")
        throw InputError(path +
                         ": a finished table, not a checkpoint: nothing to resume (remove "
                         "it to compute it again)");
    const std::span<const std::uint8_t> payload = file.payload();
    std::copy(payload.begin(), payload.end(), table.mutable_bytes().begin());
    return parse_layer_counts(path, h.field("layers"), "checkpoint");
}

// The first line, printed before the run: what is searched and the memory it takes.
void print_heading(const SlidingTwoBitSpace& space, int threads) {
    std::printf("%s, %llu states, two bits each (%s), %d threads\n",
                DomainIO<SlidingTiles>::describe(space.board()).c_str(),
                static_cast<unsigned long long>(space.size()),
                format_bytes(two_bit_table_bytes(space.size())).c_str(), resolve_threads(threads));
    std::fflush(stdout);
}

// Payloads up to this size have their checksum read on every lookup: all tables of up to 12 cells
// (the 4x3 and 6x2 boards' 57 MiB take about 10 ms on 2 cores, from the page cache). Past it only
// --verify reads it: the next size, a 7x2 table, is 10.9 GB, seconds from the page cache and
// minutes from a disk before the first answer; its lookups rely on the checks of every walk.
constexpr std::uint64_t kChecksumAtOpenBytes = std::uint64_t{256} << 20;

[[noreturn]] void refuse_damaged(const std::string& path, const DamagedTableError& e) {
    throw DamagedTableError(path + ": " + e.what() + "; rebuild it");
}

// The header's layer counts, checked against its max_value and reached lines.
std::vector<std::uint64_t> header_layers(const std::string& path, const TableHeader& h) {
    const std::vector<std::uint64_t> layers = parse_layer_counts(path, h.field("layers"), "header");
    std::uint64_t sum = 0;
    for (std::uint64_t n : layers) sum += n;
    const std::vector<std::uint64_t> reached =
        parse_layer_counts(path, h.field("reached"), "header");
    if (layers.size() != static_cast<std::size_t>(h.max_value) + 1 || reached.size() != 1 ||
        reached[0] != sum || sum > h.entries)
        throw InputError(path +
                         ": corrupt header: the layer counts disagree with max_value, "
                         "reached or entries");
    return layers;
}

// A table to answer from: one file, or a sharded table's shards side by side; `checksum` reads
// the payload's checksum (every shard's); `blocks`, the checksums of the payload's blocks, are
// checked as the walks read them.
struct TwoBitSource {
    const std::string& path;
    const TableHeader& header;
    std::span<const std::uint8_t> payload;
    std::function<void()> checksum;
    const PayloadBlocks& blocks;
};

// Reads the payload's checksum when it is small or asked to (--verify); with --verify also
// counts its values against the layer counts. A larger payload's blocks are checked as the walks
// read them; a table written before block checksums existed has only the walks' own checks.
void check_payload(const TwoBitSource& table, const std::vector<std::uint64_t>& layers,
                   bool verify) {
    if (verify || table.payload.size() <= kChecksumAtOpenBytes) table.checksum();
    if (!verify) return;
    try {
        check_two_bit_values(table.payload, layers);
    } catch (const DamagedTableError& e) {
        refuse_damaged(table.path, e);
    }
}

// What every walk is checked against: no walk deeper than the deepest layer, and no entry 0 when
// the search reached every state (always, for a whole sliding-tile half).
TwoBitWalkChecks walk_checks(const TableHeader& h, const std::vector<std::uint64_t>& layers) {
    std::uint64_t reached = 0;
    for (std::uint64_t n : layers) reached += n;
    return TwoBitWalkChecks{h.max_value, reached == h.entries};
}

}  // namespace

TableHeader two_bit_header(const SlidingTwoBitSpace& space,
                           const std::vector<std::uint64_t>& layers, bool complete) {
    const SlidingTiles& board = space.board();
    TableHeader h;
    h.kind = "distance";
    h.domain = sliding_spec(board.rows(), board.cols());
    h.goal = format_tiles(board, board.goal());
    h.entries = space.size();
    h.entry_bits = 2;
    h.max_value = static_cast<int>(layers.size()) - 1;
    h.set_field("encoding", kEncoding);
    h.set_field("index", kIndex);
    h.set_field("searched", std::to_string(space.searched().rows()) + "x" +
                                std::to_string(space.searched().cols()));
    std::uint64_t reached = 0;
    for (std::uint64_t n : layers) reached += n;
    h.set_field("reached", std::to_string(reached));
    h.set_field("layers", format_layer_counts(layers));
    h.set_field("complete", complete ? "yes" : "no");
    return h;
}

void print_two_bit_report(const SlidingTwoBitSpace& space, const TwoBitBfsResult& r,
                          const TwoBitEnumerateOptions& o) {
    const SlidingTiles& board = space.board();
    std::vector<std::string> farthest;
    for (std::uint64_t i : r.farthest) farthest.push_back(format_tiles(board, space.state(i)));
    const double rate = static_cast<double>(r.reached) / std::max(r.seconds, 1e-9);
    if (o.json) {
        Json j;
        j["domain"] = DomainIO<SlidingTiles>::name(board);
        j["spec"] = sliding_spec(board.rows(), board.cols());
        j["goal"] = format_tiles(board, board.goal());
        j["encoding"] = "two-bit";
        j["states"] = space.size();
        j["reached"] = r.reached;
        j["max_depth"] = r.max_depth();
        j["complete"] = r.complete;
        j["layers"] = r.layers;
        j["farthest"] = farthest;
        j["farthest_count"] = r.layers.empty() ? 0 : r.layers.back();
        j["seconds"] = r.seconds;
        j["states_per_second"] = rate;
        j["threads"] = r.threads;
        j["directions"] = r.directions;
        j["table_bytes"] = two_bit_table_bytes(space.size());
        if (o.distributed) {
            j["ranks"] = r.processes;
            j["exchanged"] = r.exchanged;
            j["exchanged_bytes"] = r.exchanged_bytes;
        }
        if (!o.out.empty()) j["out"] = o.out;
        if (!o.plot.empty()) j["plot"] = o.plot;
        print_json(j);
        return;
    }
    std::printf("depth  %12s\n", "states");
    for (std::size_t i = 0; i < r.layers.size(); ++i)
        std::printf("%5zu  %12llu\n", i, static_cast<unsigned long long>(r.layers[i]));
    if (r.reached != space.size())
        std::printf("reached %llu of %llu states\n", static_cast<unsigned long long>(r.reached),
                    static_cast<unsigned long long>(space.size()));
    if (!r.complete)
        std::printf("stopped at depth %d (--max-depth): deeper states were not searched\n",
                    r.max_depth());
    std::string line;
    for (std::size_t i = 0; i < farthest.size() && i < o.show_farthest; ++i)
        line += (i ? " | " : "") + farthest[i];
    const std::uint64_t at_max = r.layers.empty() ? 0 : r.layers.back();
    if (at_max > std::min<std::uint64_t>(o.show_farthest, farthest.size()))
        line += " | ... (" + std::to_string(at_max) + " states in all)";
    if (!farthest.empty()) std::printf("max depth %d: %s\n", r.max_depth(), line.c_str());
    std::printf("%s, %s states/s (layers: p push, s sparse push, u pull: %s)\n",
                format_seconds(r.seconds).c_str(), format_rate(rate).c_str(), r.directions.c_str());
    if (o.distributed)
        std::printf("exchanged between ranks: %llu children, %s (%.2f bytes per state)\n",
                    static_cast<unsigned long long>(r.exchanged),
                    format_bytes(r.exchanged_bytes).c_str(),
                    static_cast<double>(r.exchanged_bytes) / std::max<std::uint64_t>(r.reached, 1));
}

std::vector<std::uint64_t> two_bit_layer_counts(const std::string& path, const std::string& text) {
    return parse_layer_counts(path, text, "checkpoint");
}

bool is_two_bit_table(const TableHeader& header) {
    return header.entry_bits == 2 && header.field("encoding") == kEncoding;
}

void enumerate_two_bit(const SlidingTiles& board, const TwoBitEnumerateOptions& o) {
    const SlidingTwoBitSpace space(board);
    const std::string name = DomainIO<SlidingTiles>::name(board);
    if (o.resume && o.out.empty()) throw InputError("--resume needs --out FILE (its checkpoint)");
    if (!o.out.empty()) check_output_path("--out", o.out);
    const std::string checkpoint = o.out.empty() ? "" : o.out + ".checkpoint";
    if (o.resume && !std::filesystem::exists(checkpoint))
        throw InputError("--resume: no checkpoint " + checkpoint + " to resume from");
    // A new run would replace it at its first checkpoint: the earlier run's work, lost unasked.
    if (!o.resume && !checkpoint.empty() && std::filesystem::exists(checkpoint))
        throw InputError(checkpoint +
                         ": a checkpoint of an earlier run exists; continue it with --resume, or "
                         "delete it");
    require_memory(two_bit_bfs_bytes(space.size()),
                   "the two-bit table of " + name + " (" + std::to_string(space.size()) +
                       " states, 2 bits each) and its frontier maps");
    TwoBitTable table(space.size());
    TwoBitBfsOptions bfs;
    bfs.threads = o.threads;
    bfs.max_depth = o.max_depth;
    if (o.resume) bfs.resume_layers = load_checkpoint(checkpoint, space, table);

    if (!o.json) print_heading(space, o.threads);
    InterruptNote note(
        checkpoint.empty() ? "nothing was saved (with --out FILE the run keeps a checkpoint)"
        : o.resume         ? checkpoint +
                         " still holds the run this one resumed: the same "
                         "command continues it"
                   : "no checkpoint yet (the first is saved after the layer that ends " +
                         format_duration(o.checkpoint_minutes * 60) + " after the start)");
    ProgressLine progress(!o.json && stderr_is_terminal());
    Stopwatch since_checkpoint;
    std::uint64_t reached = 0;
    for (std::uint64_t n : bfs.resume_layers) reached += n;
    bfs.on_layer = [&](int depth, std::uint64_t count, double seconds) {
        reached += count;
        // ETA from the fraction of states reached: rough early, close once past the widest layer.
        const double done = static_cast<double>(reached) / static_cast<double>(space.size());
        char percent[16];
        std::snprintf(percent, sizeof percent, "%.1f%%", 100 * done);
        std::string text = "depth " + std::to_string(depth) + ": " + std::to_string(count) +
                           " states, " + percent + " reached, " + format_seconds(seconds);
        if (done > 0.05 && done < 1) text += ", ETA " + format_seconds(seconds / done - seconds);
        progress.update(text);
    };
    if (!checkpoint.empty())
        bfs.after_layer = [&](const std::vector<std::uint64_t>& layers) {
            if (layers.back() == 0 || since_checkpoint.seconds() < o.checkpoint_minutes * 60)
                return;
            write_table_file(checkpoint, two_bit_header(space, layers, false), table.bytes());
            since_checkpoint = Stopwatch();
            note.say(checkpoint + " holds the layers to depth " +
                     std::to_string(layers.size() - 1) +
                     ": run the same command with --resume to continue");
        };
    const std::uint64_t root = space.goal_index();
    const TwoBitBfsResult r =
        two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, bfs);
    progress.finish();
    if (!o.out.empty()) {
        if (r.complete) {
            TableHeader h = two_bit_header(space, r.layers, true);
            add_block_checksums(h, table.bytes(), default_block_bytes(table.bytes().size()));
            write_table_file(o.out, h, table.bytes());
            std::filesystem::remove(checkpoint);
        } else {
            write_table_file(checkpoint, two_bit_header(space, r.layers, false), table.bytes());
        }
    }
    write_depth_plot(o.plot, name, r.layers,
                     r.complete ? "" : "stopped at depth " + std::to_string(r.max_depth()));
    print_two_bit_report(space, r, o);
    if (!o.plot.empty() && !o.json) std::printf("wrote %s\n", o.plot.c_str());
    if (!o.out.empty() && !o.json) {
        if (r.complete)
            std::printf("wrote %s (%s)\n", o.out.c_str(),
                        format_bytes(table.bytes().size()).c_str());
        else
            std::printf("wrote the checkpoint %s; continue with --resume\n", checkpoint.c_str());
    }
}

namespace {

void answer_two_bit(const TwoBitSource& source, const std::vector<std::string>& states, bool json,
                    bool path_moves, bool verify) {
    const std::string& path = source.path;
    const TableHeader& h = source.header;
    if (h.field("complete") != "yes")
        throw InputError(path +
                         ": an unfinished two-bit table (a checkpoint); finish it with "
                         "enumerate --resume");
    if (h.field("index") != kIndex)
        throw InputError(path + ": unknown two-bit index '" + h.field("index") + "'");
    const SlidingShape shape = parse_sliding_name(h.domain);
    if (shape.rows * shape.cols > 16) throw InputError(path + ": corrupt header: board too large");
    const SlidingTiles board = make_board<SlidingTiles>(shape, h.goal);
    const SlidingTwoBitSpace space(board);
    if (h.entries != space.size())
        throw InputError(path + ": table has " + std::to_string(h.entries) + " entries but " +
                         h.domain + " has " + std::to_string(space.size()) + " states");
    const std::vector<std::uint64_t> layers = header_layers(path, h);
    check_payload(source, layers, verify);
    const TwoBitWalkChecks checks = walk_checks(h, layers);
    const BlockCheckedTwoBitView table(source.payload, source.blocks);
    const std::uint64_t root = space.goal_index();
    answer_lookups(states, json, [&](const std::string& text) {
        const TileState s = parse_tiles_as<std::uint64_t>(board.rows(), board.cols(), text);
        Json j;
        j["state"] = format_tiles(board, s);
        if (const std::string why = unsolvable_reason(board, s); !why.empty()) {
            j["distance"] = nullptr;
            j["status"] = "unsolvable";
            j["reason"] = why;
            return j;
        }
        Stopwatch clock;
        std::vector<std::uint64_t> walk;
        int d = -1;
        try {
            d = two_bit_distance(space, table, space.index(s), root, checks,
                                 path_moves ? &walk : nullptr);
        } catch (const DamagedTableError& e) {
            refuse_damaged(path, e);
        }
        const double micros = clock.seconds() * 1e6;
        j["distance"] = d < 0 ? Json(nullptr) : Json(d);
        j["status"] = d < 0 ? "unreachable" : "ok";
        if (d < 0) return j;
        if (path_moves) {  // the blank's direction between consecutive states of the walk
            Json moves = Json::array();
            int from = board.blank(s);
            for (std::size_t i = 1; i < walk.size(); ++i) {
                const int to = board.blank(space.state(walk[i]));
                moves.push_back(std::string(1, kDirLetters[to == from - board.cols() ? 0
                                                           : to == from - 1          ? 1
                                                           : to == from + 1          ? 2
                                                                                     : 3]));
                from = to;
            }
            j["moves"] = moves;
        }
        j["microseconds"] = std::round(micros * 1000) / 1000;  // to the nanosecond
        return j;
    });
}

}  // namespace

void lookup_two_bit(TableFile file, const std::vector<std::string>& states, bool json,
                    bool path_moves, bool verify) {
    refuse_lone_shard(file.path(), file.header());  // before any size check
    const PayloadBlocks blocks = blocks_of(file);
    answer_two_bit(
        {file.path(), file.header(), file.payload(), [&] { file.check_payload(); }, blocks}, states,
        json, path_moves, verify);
}

void lookup_two_bit_shards(const ShardedTableFile& shards, const std::vector<std::string>& states,
                           bool json, bool path_moves, bool verify) {
    const PayloadBlocks blocks = blocks_of(shards);
    answer_two_bit(
        {shards.path(), shards.header(), shards.payload(), [&] { shards.check_payload(); }, blocks},
        states, json, path_moves, verify);
}

}  // namespace frontier::cli
