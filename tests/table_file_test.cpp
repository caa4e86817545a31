// Table files: round trip, and rejection of truncated, corrupted and foreign files.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>

#include <gtest/gtest.h>

#include <frontier/engine/big_array.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

class TableFileTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::temp_dir();
        path_ = dir_ + "/t.table";
        payload_.resize(100000);
        for (std::size_t i = 0; i < payload_.size(); ++i) payload_[i] = (i * 7919) % 251;
        header_.kind = "distance";
        header_.domain = "sliding:3x3";
        header_.goal = "1 2 3 4 5 6 7 8 _";
        header_.entries = payload_.size();
        header_.max_value = 250;
        header_.set_field("pattern", "1,2,3");
        write_table_file(path_, header_, payload_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::string error_opening() { return test::table_open_error(path_); }
    void patch_byte(std::uint64_t offset, char value) {
        std::fstream f(path_, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(static_cast<std::streamoff>(offset));
        f.put(value);
    }

    std::string dir_, path_;
    std::vector<std::uint8_t> payload_;
    TableHeader header_;
};

TEST_F(TableFileTest, RoundTrip) {
    const TableFile t = TableFile::open(path_);
    EXPECT_EQ(t.header().kind, "distance");
    EXPECT_EQ(t.header().domain, "sliding:3x3");
    EXPECT_EQ(t.header().goal, "1 2 3 4 5 6 7 8 _");
    EXPECT_EQ(t.header().entries, payload_.size());
    EXPECT_EQ(t.header().max_value, 250);
    EXPECT_EQ(t.header().field("pattern"), "1,2,3");
    EXPECT_EQ(t.header().field("absent"), "");
    ASSERT_EQ(t.payload().size(), payload_.size());
    EXPECT_TRUE(std::equal(payload_.begin(), payload_.end(), t.payload().begin()));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(t.payload().data()) % 4096, 0u);
    const DistanceTable table = DistanceTable::open(path_);
    EXPECT_EQ(table.at(12345), payload_[12345]);
    // Nothing but the table is left in the directory (the temporary file was renamed).
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_), {}), 1);
}

TEST_F(TableFileTest, RejectsTruncatedFile) {
    std::filesystem::resize_file(path_, std::filesystem::file_size(path_) - 1);
    EXPECT_NE(error_opening().find("truncated"), std::string::npos);
    std::filesystem::resize_file(path_, 10);
    EXPECT_NE(error_opening().find("not a Frontier table"), std::string::npos);
}

TEST_F(TableFileTest, RejectsCorruptPayload) {
    const auto size = std::filesystem::file_size(path_);
    patch_byte(size - 500, 'X');
    EXPECT_NE(error_opening().find("payload checksum mismatch"), std::string::npos);
}

TEST_F(TableFileTest, RejectsCorruptHeader) {
    patch_byte(20, 'q');  // inside "kind=distance"
    EXPECT_NE(error_opening().find("header"), std::string::npos);
}

TEST_F(TableFileTest, RejectsOtherFilesAndVersions) {
    std::ofstream(path_) << "hello world, this is not a table\n";
    EXPECT_NE(error_opening().find("bad magic"), std::string::npos);
    std::ofstream(path_) << "FRONTIER-TABLE 9\nkind=x\n\n";
    EXPECT_NE(error_opening().find("version"), std::string::npos);
    std::filesystem::remove(path_);
    EXPECT_NE(error_opening().find("cannot open"), std::string::npos);
}

TEST_F(TableFileTest, RejectsAppendedBytes) {
    std::ofstream(path_, std::ios::app) << "extra";
    EXPECT_NE(error_opening().find("unexpected bytes"), std::string::npos);
}

TEST_F(TableFileTest, DistanceTableRejectsOtherKinds) {
    header_.kind = "pdb";
    write_table_file(path_, header_, payload_);
    EXPECT_THROW(DistanceTable::open(path_), InputError);
}

// A payload of 64 MiB and more, page-aligned, is written past the page cache (O_DIRECT) except
// for its unaligned tail; the file must read back the same as one written through the cache.
TEST_F(TableFileTest, LargeAlignedPayloadRoundTrips) {
    BigArray<std::uint8_t> big((std::size_t{64} << 20) + 1000);
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<std::uint8_t>(i * 131 >> 7);
    header_.entries = big.size();
    write_table_file(path_, header_, big.span());
    const TableFile t = TableFile::open(path_);
    ASSERT_EQ(t.payload().size(), big.size());
    EXPECT_TRUE(std::equal(big.span().begin(), big.span().end(), t.payload().begin()));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_), {}), 1);
}

// A write that runs out of room (here a file-size limit, as a full disk would) in the direct part
// is an error with exit status 3, and no file or temporary is left.
TEST_F(TableFileTest, LargePayloadThatDoesNotFitFails) {
    std::filesystem::remove(path_);
    BigArray<std::uint8_t> big(std::size_t{96} << 20);
    std::fill(big.span().begin(), big.span().end(), std::uint8_t{7});
    header_.entries = big.size();
    rlimit old{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit small = old;
    small.rlim_cur = rlim_t{80} << 20;
    const auto previous = std::signal(SIGXFSZ, SIG_IGN);
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    int status = 0;
    std::string what;
    try {
        write_table_file(path_, header_, big.span());
    } catch (const InputError& e) {
        status = e.exit_code();
        what = e.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previous);
    EXPECT_EQ(status, 3);
    EXPECT_NE(what.find("cannot write file"), std::string::npos) << what;
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_), {}), 0);
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A symbolic link planted where the temporary file goes (PATH.tmp-PID) is never written through:
// the file it names keeps its bytes, and PATH becomes a regular file of its own.
TEST_F(TableFileTest, LinkAtTheTemporaryNameIsNotFollowed) {
    const std::string victim = dir_ + "/victim.txt";
    std::ofstream(victim) << "precious data";
    const std::string out = dir_ + "/out.table";
    std::filesystem::create_symlink(victim, out + ".tmp-" + std::to_string(::getpid()));
    write_table_file(out, header_, payload_);
    EXPECT_EQ(read_text(victim), "precious data");
    EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::symlink_status(out)));
    EXPECT_EQ(TableFile::open(out).payload().size(), payload_.size());
    EXPECT_FALSE(std::filesystem::exists(
        std::filesystem::symlink_status(out + ".tmp-" + std::to_string(::getpid()))));
}

// A link the user made is written through (the file it names is replaced, the link stays); one
// that another user planted in the directory is refused and the file it names kept.
TEST_F(TableFileTest, OnlyLinksOfThisUserOrTheDirectorysOwnerAreWrittenThrough) {
    const std::string victim = dir_ + "/victim.txt";
    std::ofstream(victim) << "precious data";
    const std::string mine = dir_ + "/mine.table";
    std::filesystem::create_symlink("victim.txt", mine);
    write_table_file(mine, header_, payload_);
    EXPECT_TRUE(std::filesystem::is_symlink(mine));
    EXPECT_EQ(TableFile::open(victim).payload().size(), payload_.size());

    if (::geteuid() != 0) GTEST_SKIP() << "giving a link to another user needs root";
    std::ofstream(victim, std::ios::trunc) << "precious data";
    const std::string planted = dir_ + "/planted.table";
    std::filesystem::create_symlink("victim.txt", planted);
    ASSERT_EQ(::lchown(planted.c_str(), 65534, 65534), 0);
    try {
        write_table_file(planted, header_, payload_);
        ADD_FAILURE() << "wrote through another user's link";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("symbolic link of another user"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(read_text(victim), "precious data");
}

TEST_F(TableFileTest, WriteIntoMissingDirectoryFails) {
    EXPECT_THROW(write_table_file(dir_ + "/no/such/dir/t.table", header_, payload_), InputError);
}

}  // namespace
}  // namespace frontier
