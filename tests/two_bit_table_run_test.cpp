// The engine's two-bit table files (engine/two_bit/table_run.hpp): a table written, interrupted
// and resumed to the same bytes; the checkpoint rule and a checkpoint's identity checked before
// any search; the sharded writer's two-phase checkpoints over the processes of a ThreadCluster,
// resumed from the deepest layers every process holds. The sliding-tile 3x3 space is the table
// throughout; its layer counts are checked against the one-byte layered BFS.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/two_bit/table_run.hpp>
#include "tests/support/test_support.hpp"
#include "tests/support/thread_cluster.hpp"

namespace frontier {
namespace {

namespace fs = std::filesystem;

const SlidingTiles kBoard(3, 3);

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

TwoBitBfsResult write_table(const std::string& out, bool resume = false, int max_depth = -1,
                            double checkpoint_seconds = 600) {
    const SlidingTwoBitSpace space(kBoard);
    const TwoBitTableWriter writer(two_bit_identity(space),
                                   {.out = out,
                                    .resume = resume,
                                    .checkpoint_seconds = checkpoint_seconds,
                                    .on_checkpoint = {}});
    TwoBitTable table(space.size());
    TwoBitBfsOptions bfs;
    bfs.max_depth = max_depth;
    const std::uint64_t root = space.goal_index();
    return writer.run(space, {&root, 1}, table, bfs);
}

std::vector<std::uint64_t> one_byte_layers() {
    DistanceTable table(kBoard.size());
    const TileState goal = kBoard.goal();
    return layered_bfs(kBoard, std::span<const TileState>(&goal, 1), table.mutable_bytes()).layers;
}

void expect_error(const std::function<void()>& f, const std::string& part) {
    try {
        f();
        ADD_FAILURE() << "no InputError, expected one with: " << part;
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        EXPECT_EQ(std::string(e.what()).find("--"), std::string::npos)
            << "an engine message names a flag: " << e.what();
    }
}

TEST(TwoBitTableRun, WritesATableItsHeaderDescribes) {
    const std::string dir = test::temp_dir(), out = dir + "/t.2bit";
    const TwoBitBfsResult r = write_table(out);
    EXPECT_EQ(r.layers, one_byte_layers());
    const TableFile file = TableFile::open(out);
    EXPECT_TRUE(is_two_bit_table(file.header()));
    EXPECT_EQ(file.header().domain, "sliding:3x3");
    EXPECT_EQ(file.header().field("index"), "pair-blank");
    EXPECT_EQ(finished_two_bit_layers(out, file.header()), r.layers);
    EXPECT_FALSE(file.header().field("block_checksums").empty());
    const TwoBitWalkChecks checks = two_bit_walk_checks(file.header(), r.layers);
    EXPECT_EQ(checks.max_depth, 31);
    EXPECT_TRUE(checks.all_reached);
    EXPECT_FALSE(fs::exists(out + ".checkpoint"));
    // The table answers: the distance of every 100th state equals the one-byte table's.
    const SlidingTwoBitSpace space(kBoard);
    DistanceTable one(kBoard.size());
    const TileState goal = kBoard.goal();
    layered_bfs(kBoard, std::span<const TileState>(&goal, 1), one.mutable_bytes());
    const TwoBitView view(file.payload());
    for (std::uint64_t i = 0; i < space.size(); i += 100)
        ASSERT_EQ(two_bit_distance(space, view, i, space.goal_index(), checks),
                  one.at(kBoard.rank(space.state(i))));
    fs::remove_all(dir);
}

TEST(TwoBitTableRun, AnInterruptedRunResumesToTheSameBytes) {
    const std::string dir = test::temp_dir();
    write_table(dir + "/whole.2bit");
    const std::string parts = dir + "/parts.2bit";
    const TwoBitBfsResult first = write_table(parts, false, 12, 0);
    EXPECT_FALSE(first.complete);
    EXPECT_FALSE(fs::exists(parts));
    const TableFile checkpoint = TableFile::open(parts + ".checkpoint");
    EXPECT_EQ(checkpoint.header().field("complete"), "no");
    const TwoBitBfsResult rest = write_table(parts, true);
    EXPECT_TRUE(rest.complete);
    EXPECT_EQ(rest.layers, one_byte_layers());
    EXPECT_EQ(bytes_of(parts), bytes_of(dir + "/whole.2bit"));
    EXPECT_FALSE(fs::exists(parts + ".checkpoint"));
    fs::remove_all(dir);
}

TEST(TwoBitTableRun, TheCheckpointRuleAndIdentityAreCheckedBeforeAnySearch) {
    const std::string dir = test::temp_dir(), out = dir + "/t.2bit";
    expect_error([&] { write_table(out, true); }, "no checkpoint to resume from");
    write_table(out, false, 5);
    const std::string saved = bytes_of(out + ".checkpoint");
    expect_error([&] { write_table(out); }, "a checkpoint of an earlier run exists");
    EXPECT_EQ(bytes_of(out + ".checkpoint"), saved);
    // Another goal's checkpoint is another table's.
    const SlidingTiles other =
        make_board<SlidingTiles>(parse_sliding_name("sliding:3x3"), "_ 1 2 3 4 5 6 7 8");
    expect_error(
        [&] {
            TwoBitTableWriter(two_bit_identity(SlidingTwoBitSpace(other)),
                              {.out = out, .resume = true, .on_checkpoint = {}});
        },
        "the checkpoint is of another table");
    // A finished table put where the checkpoint goes is not resumed from.
    write_table(dir + "/done.2bit");
    fs::copy_file(dir + "/done.2bit", dir + "/x.2bit.checkpoint");
    expect_error([&] { write_table(dir + "/x.2bit", true); }, "a finished table, not a checkpoint");
    expect_error(
        [&] {
            TwoBitTableWriter(two_bit_identity(SlidingTwoBitSpace(kBoard)),
                              {.out = "", .resume = true, .on_checkpoint = {}});
        },
        "a resumed run needs the table's file");
    fs::remove_all(dir);
}

// Every process of a ThreadCluster runs the sharded writer into `dir`.
std::vector<TwoBitBfsResult> write_shards_of(int ranks, const std::string& dir, bool resume,
                                             int max_depth = -1) {
    const SlidingTwoBitSpace space(kBoard);
    std::vector<TwoBitBfsResult> results(ranks);
    test::ThreadCluster cluster(ranks);
    cluster.run([&](Cluster& c) {
        ShardedTwoBitTableWriter writer(
            two_bit_identity(space), space.period(),
            {.out = dir, .resume = resume, .checkpoint_seconds = 0, .on_checkpoint = {}}, c);
        TwoBitTable slice(writer.layout().size(c.rank()));
        TwoBitDistributedOptions options;
        options.bfs.threads = 1;
        options.bfs.max_depth = max_depth;
        const std::uint64_t root = space.goal_index();
        results[c.rank()] = writer.run(space, {&root, 1}, slice, options);
    });
    return results;
}

TEST(TwoBitTableRun, ShardsResumeToTheOneProcessTable) {
    const std::string dir = test::temp_dir();
    write_table(dir + "/whole.2bit");
    const TableFile whole = TableFile::open(dir + "/whole.2bit");
    for (int ranks : {1, 3}) {
        const std::string shards = dir + "/shards" + std::to_string(ranks);
        fs::create_directory(shards);
        EXPECT_FALSE(write_shards_of(ranks, shards, false, 9)[0].complete);
        EXPECT_TRUE(fs::exists(shard_checkpoint_path(shards, ranks - 1, ranks)));
        expect_error([&] { write_shards_of(ranks, shards, false); },
                     "a checkpoint of an earlier run exists");
        const auto r = write_shards_of(ranks, shards, true);
        EXPECT_EQ(r[0].layers, one_byte_layers());
        const ShardedTableFile table = ShardedTableFile::open(shards);
        ASSERT_EQ(table.payload().size(), whole.payload().size());
        EXPECT_TRUE(
            std::equal(table.payload().begin(), table.payload().end(), whole.payload().begin()));
        EXPECT_EQ(table.header().field("layers"), whole.header().field("layers"));
        EXPECT_FALSE(fs::exists(shard_checkpoint_path(shards, 0, ranks)));
    }
    fs::remove_all(dir);
}

// A stop between two processes' writes of a save leaves one process a layer ahead, its previous
// checkpoint beside it: resuming takes the layers both hold.
TEST(TwoBitTableRun, AShardSaveCutBetweenProcessesResumesFromTheLayersAllHold) {
    const std::string dir = test::temp_dir(), cut = dir + "/cut", at7 = dir + "/at7";
    fs::create_directory(cut);
    fs::create_directory(at7);
    write_shards_of(2, cut, false, 8);
    write_shards_of(2, at7, false, 7);
    const auto file = [](const std::string& d, int rank) {
        return shard_checkpoint_path(d, rank, 2);
    };
    // Process 0 saved depth 8 and kept depth 7 as its previous one; process 1 still holds 7.
    fs::copy_file(file(at7, 0), file(cut, 0) + ".previous");
    fs::copy_file(file(at7, 1), file(cut, 1), fs::copy_options::overwrite_existing);
    const auto r = write_shards_of(2, cut, true);
    EXPECT_EQ(r[0].layers, one_byte_layers());
    EXPECT_FALSE(fs::exists(file(cut, 0) + ".previous"));
    // Processes that hold no common layers are refused, before any search.
    const std::string mixed = dir + "/mixed";
    fs::create_directory(mixed);
    write_shards_of(2, mixed, false, 8);
    fs::copy_file(file(at7, 1), file(mixed, 1), fs::copy_options::overwrite_existing);
    expect_error([&] { write_shards_of(2, mixed, true); }, "hold different layers");
    fs::remove(file(mixed, 1));
    expect_error([&] { write_shards_of(2, mixed, true); }, "while other processes have theirs");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace frontier
