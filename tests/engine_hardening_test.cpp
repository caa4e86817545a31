// Engine hardening (issue 22, reliability audit): defects 3, 4, 8 and 17.
//   3: an exception in an HDA* worker thread reaches hda_star's caller (no std::terminate).
//   4: a table header or manifest whose numbers are out of range (an offset that wraps past
//      2^64 or points past the end, entries * entry_bits overflowing, entry_bits or max_value
//      not fitting), with its checksum recomputed to match, is an InputError naming the field.
//   8: dfs with a depth bound far above the space (100000) finishes.
//  17: writing FILE removes FILE.tmp-PID left by processes that no longer exist, and SIGTERM
//      during a write removes the write's own temporary file.
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <absl/container/flat_hash_set.h>
#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_heuristics.hpp>
#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/enumerate/table_growth.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/search/dfs.hpp>
#include <frontier/engine/search/hdastar.hpp>
#include <frontier/engine/tables/header_text.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

namespace fs = std::filesystem;

// ---- Defect 3 ----------------------------------------------------------------------------

struct Boom : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The 8-puzzle, whose successor function throws once it has been called `after` times (over
// all threads): std::bad_alloc, as when memory runs out, or Boom.
struct ThrowingTiles : SlidingTiles {
    ThrowingTiles(std::uint64_t after_calls, bool bad_alloc)
        : SlidingTiles(3, 3), after(after_calls), throw_bad_alloc(bad_alloc) {}
    template <class F>
    void for_each_successor(State s, F&& f) const {
        if (calls->fetch_add(1) >= after) {
            if (throw_bad_alloc) throw std::bad_alloc();
            throw Boom("boom in a worker");
        }
        SlidingTiles::for_each_successor(s, f);
    }
    std::shared_ptr<std::atomic<std::uint64_t>> calls =
        std::make_shared<std::atomic<std::uint64_t>>(0);
    std::uint64_t after;
    bool throw_bad_alloc;
};

HdaOptions two_threads() {
    HdaOptions o;
    o.threads = 2;
    o.batch_size = 4;
    return o;
}

TEST(EngineHardening, HdaStarRethrowsBadAllocFromAWorker) {
    const ThrowingTiles d(300, true);
    const TileState s = parse_solvable(static_cast<const SlidingTiles&>(d), "8 6 7 2 5 4 3 _ 1");
    const Manhattan<SlidingTiles> h(d);
    EXPECT_THROW(hda_star(d, s, h, two_threads()), std::bad_alloc);
    EXPECT_GE(d.calls->load(), 300u);
}

// An allocator that refuses its Nth allocation and checks that every block comes back with the
// size it was given out with: what HugePageAllocator's munmap and CachingAllocator rely on.
struct AllocationLedger {
    std::map<void*, std::size_t> live;
    int allocations_left;
    int mismatched_frees = 0;
};
template <class T>
struct LedgerAllocator {
    using value_type = T;
    AllocationLedger* ledger;
    explicit LedgerAllocator(AllocationLedger* l) : ledger(l) {}
    template <class U>
    LedgerAllocator(const LedgerAllocator<U>& o) : ledger(o.ledger) {}
    T* allocate(std::size_t n) {
        if (ledger->allocations_left-- == 0) throw std::bad_alloc();
        T* p = std::allocator<T>().allocate(n);
        ledger->live[p] = n * sizeof(T);
        return p;
    }
    void deallocate(T* p, std::size_t n) {
        const auto it = ledger->live.find(p);
        if (it == ledger->live.end() || it->second != n * sizeof(T)) {
            ++ledger->mismatched_frees;  // leaked rather than freed at a wrong size
            return;
        }
        ledger->live.erase(it);
        std::allocator<T>().deallocate(p, n);
    }
    template <class U>
    friend bool operator==(const LedgerAllocator& a, const LedgerAllocator<U>& b) {
        return a.ledger == b.ledger;
    }
};

// Abseil's table growth is not exception-safe (engine/enumerate/table_growth.hpp): after a refused
// allocation the table frees its old array at the new size. Through grow_or_abandon no block is
// ever freed at a size other than its own, the table stays usable, and the rest is leaked.
TEST(EngineHardening, ATableWhoseGrowthIsRefusedIsAbandonedNotFreedWrongly) {
    using Table = absl::flat_hash_set<std::uint64_t, absl::Hash<std::uint64_t>,
                                      std::equal_to<std::uint64_t>, LedgerAllocator<std::uint64_t>>;
    AllocationLedger ledger{{}, 3};
    {
        Table t(0, absl::Hash<std::uint64_t>(), std::equal_to<std::uint64_t>(),
                LedgerAllocator<std::uint64_t>(&ledger));
        std::uint64_t inserted = 0;
        EXPECT_THROW(
            for (std::uint64_t i = 0; i < 1000; ++i) {
                grow_or_abandon(t, [&] { return t.insert(i); });
                ++inserted;
            },
            std::bad_alloc);
        EXPECT_GT(inserted, 0u);
        EXPECT_TRUE(t.empty());
        ledger.allocations_left = 100;
        for (std::uint64_t i = 0; i < 100; ++i) grow_or_abandon(t, [&] { return t.insert(i); });
        EXPECT_EQ(t.size(), 100u);
    }
    EXPECT_EQ(ledger.mismatched_frees, 0);
    EXPECT_EQ(ledger.live.size(), 1u);  // the abandoned table's array
}

TEST(EngineHardening, HdaStarRethrowsACustomExceptionFromAWorker) {
    const ThrowingTiles d(500, false);
    const TileState s = parse_solvable(static_cast<const SlidingTiles&>(d), "8 6 7 2 5 4 3 _ 1");
    const Manhattan<SlidingTiles> h(d);
    try {
        hda_star(d, s, h, two_threads());
        FAIL() << "hda_star returned instead of throwing";
    } catch (const Boom& e) {
        EXPECT_STREQ(e.what(), "boom in a worker");
    }
    // Still usable afterwards: the same search without a throw is solved optimally.
    const ThrowingTiles fine(std::numeric_limits<std::uint64_t>::max(), false);
    const auto r = hda_star(fine, s, h, two_threads());
    ASSERT_TRUE(r.solved());
    EXPECT_EQ(r.length(), 31);
}

// ---- Defect 4 ----------------------------------------------------------------------------

class TableHeaderRanges : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::temp_dir();
        path_ = dir_ + "/t.table";
        std::vector<std::uint8_t> payload(100000);
        for (std::size_t i = 0; i < payload.size(); ++i) payload[i] = (i * 7919) % 251;
        TableHeader h;
        h.kind = "distance";
        h.domain = "sliding:3x3";
        h.goal = "1 2 3 4 5 6 7 8 _";
        h.entries = payload.size();
        h.max_value = 250;
        write_table_file(path_, h, payload);
        TableFile::open(path_);  // valid as written
    }
    void TearDown() override { fs::remove_all(dir_); }

    // Rewrites header fields in place (the payload stays where it is) and recomputes the header
    // checksum as the reader computes it: checksum64 of the text before the checksum line.
    void rewrite(const std::vector<std::pair<std::string, std::string>>& changes) {
        std::ifstream in(path_, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        const auto end = bytes.find("\n\n");
        ASSERT_NE(end, std::string::npos);
        std::string text;
        std::size_t pos = 0;
        const std::string header = bytes.substr(0, end + 1);
        while (pos < header.size()) {
            const auto nl = header.find('\n', pos);
            std::string line = header.substr(pos, nl - pos);
            pos = nl + 1;
            if (line.rfind("header_checksum=", 0) == 0) continue;
            for (const auto& [k, v] : changes)
                if (line.rfind(k + "=", 0) == 0) line = k + "=" + v;
            text += line + "\n";
        }
        text += "header_checksum=" + hex64(checksum64(text_bytes(text))) + "\n\n";
        ASSERT_LE(text.size(), 4096u);
        std::string out = text + std::string(4096 - text.size(), '\0') + bytes.substr(4096);
        ASSERT_EQ(out.size(), bytes.size());
        std::ofstream(path_, std::ios::binary | std::ios::trunc) << out;
    }

    std::string error_opening() { return test::table_open_error(path_); }

    std::string dir_, path_;
};

TEST_F(TableHeaderRanges, RewrittenHeaderWithRecomputedChecksumStillOpens) {
    rewrite({{"max_value", "249"}});
    EXPECT_EQ(TableFile::open(path_).header().max_value, 249);
}

TEST_F(TableHeaderRanges, PayloadOffsetWrappingPast2To64IsRefused) {
    // offset + bytes wraps to the file's size (104096): both old size checks passed.
    const std::uint64_t size = fs::file_size(path_);
    const std::uint64_t bytes = 200000;
    const std::uint64_t offset = size - bytes;  // mod 2^64: 18446744073709455712
    rewrite({{"entries", std::to_string(bytes)},
             {"payload_bytes", std::to_string(bytes)},
             {"payload_offset", std::to_string(offset)}});
    const std::string e = error_opening();
    EXPECT_NE(e.find("payload_offset"), std::string::npos) << e;
}

TEST_F(TableHeaderRanges, PayloadOffsetPastTheEndIsRefused) {
    rewrite({{"payload_offset", std::to_string(std::uint64_t{1} << 40)}});
    const std::string e = error_opening();
    EXPECT_NE(e.find("payload_offset"), std::string::npos) << e;
    EXPECT_NE(e.find("past the end"), std::string::npos) << e;
}

TEST_F(TableHeaderRanges, PayloadOffsetInsideTheHeaderIsRefused) {
    rewrite({{"payload_offset", "0"}, {"payload_bytes", "104096"}, {"entries", "104096"}});
    const std::string e = error_opening();
    EXPECT_NE(e.find("payload_offset"), std::string::npos) << e;
}

TEST_F(TableHeaderRanges, EntriesTimesEntryBitsOverflowIsRefused) {
    // (2^61 + 100000) * 8 wraps to 800000 bits: exactly payload_bytes = 100000.
    rewrite({{"entries", std::to_string((std::uint64_t{1} << 61) + 100000)}});
    const std::string e = error_opening();
    EXPECT_NE(e.find("entries out of range"), std::string::npos) << e;
}

TEST_F(TableHeaderRanges, EntryBitsTruncatedToIntIsRefused) {
    // 2^32 + 8 became 8 when cast to int.
    rewrite({{"entry_bits", std::to_string((std::uint64_t{1} << 32) + 8)}});
    const std::string e = error_opening();
    EXPECT_NE(e.find("entry_bits"), std::string::npos) << e;
}

TEST_F(TableHeaderRanges, MaxValueOutOfIntRangeIsRefused) {
    rewrite({{"max_value", "4294967296"}});
    const std::string e = error_opening();
    EXPECT_NE(e.find("max_value"), std::string::npos) << e;
}

TEST(EngineHardening, ManifestShardEntriesWrappingPast2To64AreRefused) {
    const std::string dir = test::temp_dir();
    TableHeader h;
    h.kind = "distance";
    h.domain = "sliding:3x3";
    h.goal = "1 2 3 4 5 6 7 8 _";
    h.entries = 100;
    h.max_value = 5;
    // 0 + 50, then 50 + (2^64 - 10) wraps to 40, then 40 + 60 = 100: a tiling modulo 2^64.
    write_table_manifest(dir, h, "00c0ffee00c0ffee", {0, 50, 40},
                         {50, std::numeric_limits<std::uint64_t>::max() - 9, 60});
    std::string e;
    try {
        ShardedTableFile::open(dir);
    } catch (const InputError& x) {
        e = x.what();
    }
    fs::remove_all(dir);
    EXPECT_NE(e.find("entries out of range"), std::string::npos) << e;
}

// ---- Defect 8 ----------------------------------------------------------------------------

TEST(EngineHardening, DfsWithAHugeDepthBoundFinishes) {
    const SlidingTiles d(3, 3);
    const TileState s = parse_solvable(d, "8 6 7 2 5 4 3 _ 1");
    const auto r = dfs(d, s, SearchLimits{0, 100000});
    ASSERT_TRUE(r.solved());
    EXPECT_LE(r.length(), 100000);
    EXPECT_GE(r.length(), 31);
    // Bounds near the optimum: a goal within the bound is found exactly when one exists.
    const auto tight = dfs(d, s, SearchLimits{0, 31});
    ASSERT_TRUE(tight.solved());
    EXPECT_EQ(tight.length(), 31);
    EXPECT_EQ(dfs(d, s, SearchLimits{0, 30}).status, SearchStatus::LimitReached);
}

TEST(EngineHardening, DfsWithAHugeDepthBoundExhaustsAnUnsolvableStart) {
    const SlidingTiles d(3, 3);
    const TileState s = parse_tiles(3, 3, "_ 2 3 4 5 6 7 8 1");
    const auto r = dfs(d, s, SearchLimits{0, 100000});
    EXPECT_EQ(r.status, SearchStatus::Exhausted);
    EXPECT_EQ(r.stats.peak_closed, 181440u);
}

// ---- Defect 17 ---------------------------------------------------------------------------

pid_t dead_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

TEST(EngineHardening, WritingAFileRemovesStaleTemporariesOfDeadProcesses) {
    const std::string dir = test::temp_dir();
    const std::string path = dir + "/out.bin";
    const pid_t live = ::fork();
    if (live == 0) {
        ::pause();
        ::_exit(0);
    }
    const std::string stale = path + ".tmp-" + std::to_string(dead_pid());
    const std::string alive = path + ".tmp-" + std::to_string(live);
    const std::string other = dir + "/other.bin.tmp-" + std::to_string(dead_pid());
    const std::string not_a_pid = path + ".tmp-abc";
    for (const std::string& p : {stale, alive, other, not_a_pid}) std::ofstream(p) << "partial";
    const std::uint8_t data[] = {1, 2, 3};
    const std::span<const std::uint8_t> pieces[] = {data};
    write_file_atomically(path, pieces);
    ::kill(live, SIGKILL);
    ::waitpid(live, nullptr, 0);
    EXPECT_EQ(fs::file_size(path), 3u);
    EXPECT_FALSE(fs::exists(stale)) << stale;
    EXPECT_TRUE(fs::exists(alive)) << "a live process's temporary file was removed";
    EXPECT_TRUE(fs::exists(other)) << "another file's temporary was removed";
    EXPECT_TRUE(fs::exists(not_a_pid));
    EXPECT_FALSE(fs::exists(path + ".tmp-" + std::to_string(::getpid())));
    fs::remove_all(dir);
}

// SIGTERM while the temporary file is being written: the handler removes it and the process
// still dies of SIGTERM. (Skipped in the unlikely case the write finished first.)
TEST(EngineHardening, SigtermDuringAWriteRemovesTheTemporaryFile) {
    const std::string dir = test::temp_dir();
    const std::string path = dir + "/big.bin";
    const std::size_t size = std::size_t{128} << 20;
    const pid_t child = ::fork();
    if (child == 0) {
        void* zeros =
            ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (zeros == MAP_FAILED) ::_exit(3);
        const std::span<const std::uint8_t> pieces[] = {
            {static_cast<const std::uint8_t*>(zeros), size}};
        try {
            write_file_atomically(path, pieces);
        } catch (...) {
            ::_exit(4);
        }
        ::_exit(0);
    }
    const std::string tmp = path + ".tmp-" + std::to_string(child);
    for (int i = 0; i < 20000 && !fs::exists(tmp); ++i) ::usleep(100);
    ::kill(child, SIGTERM);
    int status = 0;
    ::waitpid(child, &status, 0);
    const bool finished_first = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    const bool tmp_left = fs::exists(tmp);
    fs::remove_all(dir);
    if (finished_first) GTEST_SKIP() << "the write finished before the signal";
    ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    EXPECT_FALSE(tmp_left) << tmp;
}

}  // namespace
}  // namespace frontier
