// Damaged two-bit tables never answer wrongly: every lookup either gives the true distance (from
// a plain BFS over the boards, independent of the two-bit code) or is refused with
// DamagedTableError. The damage: one flipped bit at 200 seeded places per board (the payload's
// checksum is not read here, so the walk's own checks alone stand guard), a zeroed payload, and a
// cycle of entries that a walk would go round for ever; --verify's value counts catch every
// flip. The lookups go through two_bit_distance with the checks lookup derives from the header,
// the code path of `frontier lookup`; the CliTwoBitDamage tests run a few of the same through the
// program.
#include <algorithm>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/domains/sliding/sliding_two_bit.hpp>
#include <frontier/engine/tables/payload_blocks.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include <frontier/engine/two_bit/lookup.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

// Distance of every rank of the goal's half, by a plain BFS over the puzzle's moves.
std::vector<int> plain_bfs_distances(const SlidingTiles& board) {
    std::vector<int> dist(board.size(), -1);
    std::deque<TileState> queue{board.goal()};
    dist[board.rank(board.goal())] = 0;
    while (!queue.empty()) {
        const TileState s = queue.front();
        queue.pop_front();
        const int b = board.blank(s), d = dist[board.rank(s)];
        for (int dir = 0; dir < 4; ++dir) {
            const int n = board.neighbor(b, dir);
            if (n < 0) continue;
            const TileState c = SlidingTiles::slide(s, b, n);
            if (int& dc = dist[board.rank(c)]; dc < 0) {
                dc = d + 1;
                queue.push_back(c);
            }
        }
    }
    return dist;
}

// A finished two-bit table of a board, with the true distances and the checks `lookup` derives
// from its header (max_value, reached == entries).
struct Fixture {
    explicit Fixture(int rows, int cols)
        : board(rows, cols), space(board), truth(plain_bfs_distances(board)) {
        TwoBitTable table(space.size());
        const std::uint64_t root = space.goal_index();
        const TwoBitBfsResult r =
            two_bit_bfs(space, std::span<const std::uint64_t>(&root, 1), table, {});
        bytes.assign(table.bytes().begin(), table.bytes().end());
        layers = r.layers;
        checks = TwoBitWalkChecks{r.max_depth(), r.reached == space.size()};
    }
    int true_distance(std::uint64_t index) const { return truth[board.rank(space.state(index))]; }
    std::vector<std::uint64_t> neighbours(std::uint64_t index) const {
        std::uint64_t next[SlidingTwoBitSpace::kMaxNeighbors];
        auto cursor = space.cursor();
        cursor.go(index / space.period());
        const int n = cursor.neighbors(static_cast<int>(index % space.period()), next);
        return {next, next + n};
    }

    SlidingTiles board;
    SlidingTwoBitSpace space;
    std::vector<int> truth;
    std::vector<std::uint8_t> bytes;
    std::vector<std::uint64_t> layers;
    TwoBitWalkChecks checks;
};

enum class Answer { right, refused, wrong };

// Looks `index` up in `bytes` as lookup does; a given distance must be the true one and its path
// a walk of neighbours to the goal of that length.
Answer look_up(const Fixture& f, const std::vector<std::uint8_t>& bytes, std::uint64_t index) {
    std::vector<std::uint64_t> path;
    int d = -1;
    try {
        d = two_bit_distance(f.space, TwoBitView(bytes), index, f.space.goal_index(), f.checks,
                             &path);
    } catch (const DamagedTableError&) {
        return Answer::refused;
    }
    if (d != f.true_distance(index) || path.size() != static_cast<std::size_t>(d) + 1)
        return Answer::wrong;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const auto n = f.neighbours(path[i - 1]);
        if (std::find(n.begin(), n.end(), path[i]) == n.end()) return Answer::wrong;
    }
    return path.back() == f.space.goal_index() ? Answer::right : Answer::wrong;
}

class TwoBitDamage : public testing::TestWithParam<std::pair<int, int>> {};

TEST_P(TwoBitDamage, OneFlippedBitNeverGivesAWrongDistance) {
    const auto [rows, cols] = GetParam();
    const Fixture f(rows, cols);
    std::mt19937_64 rng(20240611 + rows * 10 + cols);
    std::uniform_int_distribution<std::uint64_t> any_bit(0, f.bytes.size() * 8 - 1);
    std::uniform_int_distribution<std::uint64_t> any_state(0, f.space.size() - 1);
    int refused = 0, right = 0, flips_on_states = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const std::uint64_t bit = any_bit(rng);
        std::vector<std::uint8_t> bytes = f.bytes;
        bytes[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        const std::uint64_t flipped = bit / 2;  // the entry holding that bit
        std::vector<std::uint64_t> asked;
        if (flipped < f.space.size()) {
            ++flips_on_states;
            asked = f.neighbours(flipped);
            // The damaged state itself: always refused (its value is its nearer or its farther
            // neighbours', or 0 in a complete table, or the goal's is not 1).
            EXPECT_EQ(look_up(f, bytes, flipped), Answer::refused)
                << rows << "x" << cols << " trial " << trial << " entry " << flipped;
        }
        asked.push_back(f.space.goal_index());
        for (int k = 0; k < 20; ++k) asked.push_back(any_state(rng));
        for (std::uint64_t i : asked) {
            const Answer a = look_up(f, bytes, i);
            ASSERT_NE(a, Answer::wrong) << rows << "x" << cols << " trial " << trial << " flip "
                                        << bit << ": wrong answer for index " << i;
            (a == Answer::refused ? refused : right)++;
        }
        // --verify's value counts see every flip, wherever it is (the padding too).
        EXPECT_THROW(check_two_bit_values(bytes, f.layers), DamagedTableError) << "flip " << bit;
    }
    EXPECT_GT(flips_on_states, 150);
    EXPECT_GT(right, refused) << "most lookups do not meet the one damaged entry";
    EXPECT_NO_THROW(check_two_bit_values(f.bytes, f.layers));
}

TEST_P(TwoBitDamage, AZeroedPayloadIsRefusedForEveryState) {
    const auto [rows, cols] = GetParam();
    const Fixture f(rows, cols);
    const std::vector<std::uint8_t> zeros(f.bytes.size(), 0);
    for (std::uint64_t i = 0; i < f.space.size(); i += 97)
        ASSERT_EQ(look_up(f, zeros, i), Answer::refused) << i;
    EXPECT_EQ(look_up(f, zeros, f.space.goal_index()), Answer::refused);
    EXPECT_THROW(check_two_bit_values(zeros, f.layers), DamagedTableError);
}

INSTANTIATE_TEST_SUITE_P(Boards, TwoBitDamage, testing::Values(std::pair{3, 3}, std::pair{4, 2}),
                         [](const auto& info) {
                             return std::to_string(info.param.first) + "x" +
                                    std::to_string(info.param.second);
                         });

// The 12 states of the blank going round the top-left 2x2 block of the 8-puzzle three times.
std::vector<std::uint64_t> block_cycle(const SlidingTwoBitSpace& space) {
    const SlidingTiles& board = space.board();
    TileState s = parse_tiles(3, 3, "_ 1 2 3 4 5 6 7 8");
    std::vector<std::uint64_t> cycle;
    const int blank_path[4] = {1, 4, 3, 0};  // cells, from 0: right, down, left, up
    for (int k = 0; k < 12; ++k) {
        cycle.push_back(space.index(s));
        s = SlidingTiles::slide(s, board.blank(s), blank_path[k % 4]);
    }
    return cycle;
}

void set_entry(std::vector<std::uint8_t>& bytes, std::uint64_t i, int value) {
    const int shift = 2 * static_cast<int>(i % 4);
    bytes[i / 4] = static_cast<std::uint8_t>((bytes[i / 4] & ~(3 << shift)) | value << shift);
}

// Entries that send a walk round a cycle, every other check passing: each cycle state reads one
// more than the next one mod 3, and its neighbours off the cycle read what the one before does.
std::vector<std::uint8_t> cycle_table(const Fixture& f) {
    std::vector<std::uint8_t> bytes = f.bytes;
    const std::vector<std::uint64_t> cycle = block_cycle(f.space);
    for (std::size_t k = 0; k < cycle.size(); ++k) {
        const int value = 1 + static_cast<int>((3 - k % 3) % 3);
        for (std::uint64_t n : f.neighbours(cycle[k]))
            if (std::find(cycle.begin(), cycle.end(), n) == cycle.end())
                set_entry(bytes, n, 1 + value % 3);
        set_entry(bytes, cycle[k], value);
    }
    return bytes;
}

TEST(TwoBitDamageCycle, AWalkRoundACycleStopsAtTheDeepestLayer) {
    const Fixture f(3, 3);
    const std::vector<std::uint8_t> bytes = cycle_table(f);
    const std::uint64_t start = block_cycle(f.space).front();
    try {
        two_bit_distance(f.space, TwoBitView(bytes), start, f.space.goal_index(), f.checks);
        FAIL() << "the cycle was answered";
    } catch (const DamagedTableError& e) {
        EXPECT_NE(std::string(e.what()).find("longer than the deepest layer, 31"),
                  std::string::npos)
            << e.what();
    }
}

// Two entries that trade depth classes: "1 3 _ 7 2 5 8 4 6" (depth 8) reads as depth 6 mod 3
// and "1 3 5 7 2 _ 8 4 6" (depth 9) as depth 8 mod 3. A walk from "1 _ 3 7 2 5 8 4 6" (depth 7)
// climbs two layers through them and comes back down, every neighbour check satisfied: 13 moves.
constexpr const char* kPairStart = "1 _ 3 7 2 5 8 4 6";

std::vector<std::uint8_t> swapped_pair(const Fixture& f) {
    std::vector<std::uint8_t> bytes = f.bytes;
    set_entry(bytes, f.space.index(parse_tiles(3, 3, "1 3 _ 7 2 5 8 4 6")), two_bit_code(6));
    set_entry(bytes, f.space.index(parse_tiles(3, 3, "1 3 5 7 2 _ 8 4 6")), two_bit_code(8));
    return bytes;
}

TEST(TwoBitBlockChecksums, ASwappedPairPassesTheWalkButNotTheBlockChecksums) {
    const Fixture f(3, 3);
    const std::uint64_t start = f.space.index(parse_tiles(3, 3, kPairStart));
    ASSERT_EQ(f.true_distance(start), 7);
    const std::vector<std::uint8_t> bytes = swapped_pair(f);
    // The walk's checks alone, as for a large table written before block checksums: wrong.
    EXPECT_EQ(two_bit_distance(f.space, TwoBitView(bytes), start, f.space.goal_index(), f.checks),
              13);
    // Blocks of 4 KiB (12 here), checksummed from the good payload, checked as the walk reads.
    TableHeader h;
    add_block_checksums(h, f.bytes, 4096);
    PayloadBlocks blocks;
    blocks.add("t.2bit", "", h, bytes, 0);
    try {
        two_bit_distance(f.space, BlockCheckedTwoBitView(bytes, blocks), start,
                         f.space.goal_index(), f.checks);
        FAIL() << "the swapped pair was answered";
    } catch (const DamagedTableError& e) {
        EXPECT_NE(std::string(e.what()).find("corrupt: checksum mismatch in payload block "),
                  std::string::npos)
            << e.what();
    }
    // The undamaged table passes every block's check: each sampled walk answers, and right.
    PayloadBlocks good;
    good.add("t.2bit", "", h, f.bytes, 0);
    const BlockCheckedTwoBitView view(f.bytes, good);
    for (std::uint64_t i = 0; i < f.space.size(); i += 1009)
        ASSERT_EQ(two_bit_distance(f.space, view, i, f.space.goal_index(), f.checks),
                  f.true_distance(i))
            << i;
}

TEST(TwoBitBlockChecksums, BlockLinesThatDoNotFitThePayloadAreRefused) {
    const std::vector<std::uint8_t> payload(10000, 7);
    TableHeader h;
    add_block_checksums(h, payload, 4096);
    EXPECT_EQ(h.field("block_checksums").size(), 3u * 16);
    PayloadBlocks blocks;
    EXPECT_THROW(blocks.add("t", "", h, std::span(payload).first(4096), 0), InputError);
    h.set_field("block_bytes", "1000");
    EXPECT_THROW(blocks.add("t", "", h, payload, 0), InputError);
    EXPECT_TRUE(blocks.empty());
    EXPECT_EQ(default_block_bytes(std::uint64_t{10} << 30), std::uint64_t{1} << 20);
    EXPECT_EQ(default_block_bytes(std::uint64_t{163} << 30), std::uint64_t{16} << 20);
}

// Through the program: a 3x3 table written by enumerate, damaged copies written with their
// checksums recomputed (write_table_file) unless the test is of the checksum itself. The block
// checksums are left out of the copies (as in a table written before they existed), so that
// the checks of each walk are what these tests see.
class CliTwoBitDamage : public testing::Test {
  protected:
    static void SetUpTestSuite() {
        dir_ = new std::string(test::temp_dir());
        fixture_ = new Fixture(3, 3);
        const auto r = test::run_frontier("enumerate sliding:3x3 --two-bit --out " + table());
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    static void TearDownTestSuite() {
        std::filesystem::remove_all(*dir_);
        delete fixture_;
        delete dir_;
    }
    static std::string table() { return *dir_ + "/3x3.2bit"; }
    static const Fixture& f() { return *fixture_; }
    // A copy of the table with `bytes` as its payload, its header and checksums consistent.
    static std::string write_damaged(const std::string& name,
                                     const std::vector<std::uint8_t>& bytes,
                                     bool keep_block_checksums = false) {
        const std::string path = *dir_ + "/" + name;
        write_table_file(
            path, keep_block_checksums ? TableFile::open(table()).header() : whole_header(), bytes);
        return path;
    }
    // The program's header without its block checksums, as a sharded table's whole header.
    static TableHeader whole_header() {
        TableHeader h = TableFile::open(table()).header();
        std::erase_if(h.fields, [](const auto& kv) { return kv.first.starts_with("block_"); });
        return h;
    }
    static std::string state_text(std::uint64_t index) {
        return format_tiles(f().board, f().space.state(index));
    }

    static std::string* dir_;
    static Fixture* fixture_;
};
std::string* CliTwoBitDamage::dir_ = nullptr;
Fixture* CliTwoBitDamage::fixture_ = nullptr;

TEST_F(CliTwoBitDamage, TheProgramsTableIsTheOneTheseTestsDamage) {
    const TableFile file = TableFile::open(table());
    EXPECT_TRUE(std::equal(file.payload().begin(), file.payload().end(), f().bytes.begin(),
                           f().bytes.end()));
}

TEST_F(CliTwoBitDamage, TheTableListsItsBlockChecksums) {
    const TableHeader h = TableFile::open(table()).header();
    EXPECT_EQ(h.field("block_bytes"), "1048576");
    EXPECT_EQ(h.field("block_checksums").size(), 16u);  // 45,360 bytes: one block
    // Without them (an older table) it is still read, with the checks of each walk.
    const std::string old = write_damaged("old.2bit", f().bytes);
    const auto r = test::run_frontier("lookup " + old + " '" + kPairStart + "' --path");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, std::string(kPairStart) + ": 7 (moves: D D L U R R D)\n");
}

// Two entries that trade depth classes, the payload checksum recomputed (standing for a table
// over 256 MiB, whose payload checksum lookup does not read): the block checksums refuse it.
TEST_F(CliTwoBitDamage, ASwappedPairIsRefusedByTheBlockChecksums) {
    const std::string path = write_damaged("pair.2bit", swapped_pair(f()), true);
    for (const char* flags : {" --path", " --verify", ""}) {
        const auto r = test::run_frontier("lookup " + path + " '" + kPairStart + "'" + flags);
        test::expect_input_error(
            r, path + ": corrupt: checksum mismatch in payload block 0; rebuild it");
        EXPECT_EQ(r.out, "") << flags;
    }
}

// The table as two shards, cut where a distributed run of two ranks would (9 x 16,384 entries),
// with block checksums of 4 KiB blocks: 9 blocks in the first shard, 3 in the second.
std::string write_two_shards(const std::string& dir, const TableHeader& whole,
                             std::span<const std::uint8_t> payload) {
    const std::uint64_t cut = 9 * 16384;
    const std::vector<std::uint64_t> firsts = {0, cut}, sizes = {cut, whole.entries - cut};
    std::filesystem::create_directories(dir);
    for (int i = 0; i < 2; ++i)
        write_table_shard(dir, whole, i, 2, firsts[i], "00c0ffee00c0ffee",
                          payload.subspan(firsts[i] / 4, (sizes[i] + 3) / 4), 4096);
    write_table_manifest(dir, whole, "00c0ffee00c0ffee", firsts, sizes);
    return dir;
}

TEST_F(CliTwoBitDamage, AShardedTableChecksEachShardsBlocks) {
    const std::string dir = write_two_shards(*dir_ + "/shards", whole_header(), f().bytes);
    const auto good = test::run_frontier("lookup " + dir + " '" + kPairStart + "'");
    EXPECT_EQ(good.exit_code, 0) << good.err;
    EXPECT_EQ(good.out, std::string(kPairStart) + ": 7\n");
    // Each shard rewritten with the swapped pair's bytes, its header (block checksums included)
    // kept and its payload checksum recomputed.
    const std::vector<std::uint8_t> bytes = swapped_pair(f());
    for (int i = 0; i < 2; ++i) {
        const std::string shard = dir + "/" + shard_file_name(i, 2);
        const TableFile file = TableFile::open(shard);
        const auto at =
            static_cast<std::size_t>(std::stoull(file.header().field("shard_first")) / 4);
        write_table_file(shard, file.header(),
                         std::span<const std::uint8_t>(bytes).subspan(at, file.payload().size()));
    }
    const auto bad = test::run_frontier("lookup " + dir + " '" + kPairStart + "' --path");
    test::expect_input_error(bad, dir + ": corrupt: checksum mismatch in payload block ");
    EXPECT_NE(bad.err.find(" of shard-000"), std::string::npos) << bad.err;
    EXPECT_EQ(bad.out, "");
}

// A shard looked up alone is named as one, before its size (a slice's) is compared with the
// board's.
TEST_F(CliTwoBitDamage, ALoneShardIsNamedAsOne) {
    const std::string dir = write_two_shards(*dir_ + "/lone", whole_header(), f().bytes);
    test::expect_input_error(
        test::run_frontier("lookup " + dir + "/shard-0001-of-0002.table '" + kPairStart + "'"),
        dir +
            "/shard-0001-of-0002.table: this is shard 1 of a table in 2 shards; look up the "
            "directory that holds them");
}

// Each shard is opened once and mapped from the descriptor its checks read: a shard renamed
// into the directory between a check and a second open could otherwise be answered from
// unchecked. Counted with strace, where it is installed.
TEST_F(CliTwoBitDamage, LookupOpensEachShardOnce) {
    if (test::run_shell("command -v strace").exit_code != 0) GTEST_SKIP() << "no strace";
    const std::string dir = write_two_shards(*dir_ + "/once", whole_header(), f().bytes);
    for (const char* flags : {"", " --verify"}) {
        const auto r = test::run_shell("strace -f -e trace=open,openat -o " + dir + "/trace " +
                                       test::frontier_binary() + " lookup " + dir + " '" +
                                       kPairStart + "'" + flags);
        if (r.exit_code != 0 && r.err.find("ptrace") != std::string::npos)
            GTEST_SKIP() << "strace cannot trace here: " << r.err;
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, std::string(kPairStart) + ": 7\n");
        const auto trace =
            test::run_shell("grep -c 'shard-0000-of-0002.table\"' " + dir + "/trace");
        EXPECT_EQ(trace.out, "1\n") << flags;
    }
}

TEST_F(CliTwoBitDamage, AFlippedBitIsCaughtByTheChecksumOfASmallTable) {
    const std::string path = *dir_ + "/flipped.2bit";
    std::filesystem::copy_file(table(), path);
    {
        std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
        io.seekp(4096 + 1234);
        io.put(static_cast<char>(f().bytes[1234] ^ 0x10));
    }
    const auto r = test::run_frontier("lookup " + path + " '1 2 3 4 5 6 7 8 _'");
    test::expect_input_error(r, path + ": corrupt: payload checksum mismatch");
    EXPECT_EQ(r.out, "");
}

TEST_F(CliTwoBitDamage, ADamagedTableIsRefusedWithOneLineForAWholeBatch) {
    // The entry of a state 31 moves out, read as 30 (what its nearer neighbours hold).
    const std::uint64_t far = f().space.index(parse_tiles(3, 3, "8 6 7 2 5 4 3 _ 1"));
    std::vector<std::uint8_t> bytes = f().bytes;
    set_entry(bytes, far, two_bit_code(30));
    const std::string path = write_damaged("far.2bit", bytes);
    std::mt19937_64 rng(3);
    std::string input;
    for (int i = 0; i < 300; ++i)
        input += format_tiles(f().board, random_solvable(f().board, rng)) + "\n";
    input += state_text(far) + "\n";
    for (const char* format : {"", " --json"}) {
        const auto r = test::run_frontier("lookup " + path + format, input);
        test::expect_input_error(r, path + ": damaged two-bit table (");
        EXPECT_NE(r.err.find("; rebuild it"), std::string::npos) << r.err;
        EXPECT_EQ(r.out, "") << format;
    }
}

TEST_F(CliTwoBitDamage, VerifyReadsTheWholeTable) {
    // Damage no walk to the goal meets: a plain lookup of the goal answers, --verify refuses.
    std::vector<std::uint8_t> bytes = f().bytes;
    const std::uint64_t far = f().space.index(parse_tiles(3, 3, "8 6 7 2 5 4 3 _ 1"));
    set_entry(bytes, far, 0);
    const std::string path = write_damaged("zero.2bit", bytes);
    const auto plain = test::run_frontier("lookup " + path + " '1 2 3 4 5 6 7 8 _'");
    EXPECT_EQ(plain.exit_code, 0) << plain.err;
    EXPECT_EQ(plain.out, "1 2 3 4 5 6 7 8 _: 0\n");
    test::expect_input_error(test::run_frontier("lookup " + path + " --verify '1 2 3 4 5 6 7 8 _'"),
                             path +
                                 ": damaged two-bit table (the count of entries holding 0 is 1, "
                                 "the layer counts give 0); rebuild it");
    const auto good = test::run_frontier("lookup " + table() + " --verify '8 6 7 2 5 4 3 _ 1'");
    EXPECT_EQ(good.exit_code, 0) << good.err;
    EXPECT_EQ(good.out, "8 6 7 2 5 4 3 _ 1: 31\n");
}

TEST_F(CliTwoBitDamage, ACycleOfEntriesIsRefusedAtOnce) {
    const std::string path = write_damaged("cycle.2bit", cycle_table(f()));
    const std::string start = state_text(block_cycle(f().space).front());
    const auto t0 = std::chrono::steady_clock::now();
    for (const char* path_flag : {"", " --path"})
        test::expect_input_error(
            test::run_frontier("lookup " + path + path_flag + " '" + start + "'"),
            "a walk longer than the deepest layer, 31");
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

TEST_F(CliTwoBitDamage, TruncatedOrZeroedTablesAreRefused) {
    const std::string cut = *dir_ + "/cut.2bit";
    std::filesystem::copy_file(table(), cut);
    std::filesystem::resize_file(cut, std::filesystem::file_size(cut) - 1000);
    test::expect_input_error(test::run_frontier("lookup " + cut + " '1 2 3 4 5 6 7 8 _'"),
                             cut + ": truncated");
    const std::string zero =
        write_damaged("zeroed.2bit", std::vector<std::uint8_t>(f().bytes.size(), 0));
    test::expect_input_error(test::run_frontier("lookup " + zero + " '1 2 3 4 5 6 7 8 _'"),
                             "the goal's entry is 0, not 1");
}

// A few single flips through the program, the damaged entry's state, its neighbours and random
// states looked up in one batch: every answer true, or one line refusing the table.
TEST_F(CliTwoBitDamage, OneFlippedBitNeverGivesAWrongDistanceThroughTheProgram) {
    std::mt19937_64 rng(11);
    std::uniform_int_distribution<std::uint64_t> any_bit(0, f().bytes.size() * 8 - 1);
    std::uniform_int_distribution<std::uint64_t> any_state(0, f().space.size() - 1);
    for (int trial = 0; trial < 6; ++trial) {
        const std::uint64_t bit = any_bit(rng);
        std::vector<std::uint8_t> bytes = f().bytes;
        bytes[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        const std::string path = write_damaged("flip.2bit", bytes);
        // Odd trials leave the damaged state out, so some batches are answered.
        std::vector<std::uint64_t> asked = f().neighbours(bit / 2);
        if (trial % 2 == 0) asked.push_back(bit / 2);
        for (int k = 0; k < 10; ++k) asked.push_back(any_state(rng));
        std::string input;
        for (std::uint64_t i : asked) input += state_text(i) + "\n";
        const auto r = test::run_frontier("lookup " + path + " --json", input);
        if (r.exit_code != 0) {
            test::expect_input_error(r, "damaged two-bit table");
            continue;
        }
        const auto answers = nlohmann::json::parse(r.out);
        ASSERT_EQ(answers.size(), asked.size());
        for (std::size_t k = 0; k < asked.size(); ++k)
            EXPECT_EQ(answers[k]["distance"], f().true_distance(asked[k]))
                << "flip " << bit << ": " << state_text(asked[k]);
    }
}

}  // namespace
}  // namespace frontier
