// Sharded tables: the shards written from slices of the 8-puzzle table read back as the very
// same table (through DistanceTable and frontier lookup), and every way of mixing or damaging
// the files is refused with a message naming the problem.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include <frontier/domains/sliding/sliding_io.hpp>
#include <frontier/engine/distributed/distributed_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/tables/sharded_table.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

namespace fs = std::filesystem;

class ShardedTableTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test::temp_dir();
        const TileState goal = d_.goal();
        const auto r =
            layered_bfs(d_, std::span<const TileState>(&goal, 1), table_.mutable_bytes());
        header_.kind = "distance";
        header_.domain = "sliding:3x3";
        header_.goal = "1 2 3 4 5 6 7 8 _";
        header_.entries = d_.size();
        header_.max_value = r.max_depth();
        header_.set_field("reached", std::to_string(r.reached));
        write(dir_, "00c0ffee00c0ffee");
    }
    void TearDown() override { fs::remove_all(dir_); }

    // The table as `parts` shards, cut as a distributed run of `parts` ranks would.
    void write(const std::string& dir, const std::string& id, int parts = 3) {
        const SliceLayout layout(d_.size(), parts);
        std::vector<std::uint64_t> firsts, sizes;
        for (int p = 0; p < parts; ++p) {
            write_table_shard(dir, header_, p, parts, layout.first(p), id,
                              table_.bytes().subspan(layout.first(p), layout.size(p)));
            firsts.push_back(layout.first(p));
            sizes.push_back(layout.size(p));
        }
        write_table_manifest(dir, header_, id, firsts, sizes);
    }
    std::string error_opening(const std::string& path) {
        try {
            DistanceTable::open(path);
        } catch (const InputError& e) {
            return e.what();
        }
        return "";
    }
    std::string shard(int i) const { return dir_ + "/" + shard_file_name(i, 3); }

    const SlidingTiles d_{3, 3};
    DistanceTable table_{d_.size()};
    TableHeader header_;
    std::string dir_;
};

TEST_F(ShardedTableTest, ReadsBackAsTheWholeTable) {
    EXPECT_EQ(shard_file_name(1, 3), "shard-0001-of-0003.table");
    const DistanceTable t = DistanceTable::open(dir_);
    ASSERT_NE(t.header(), nullptr);
    EXPECT_EQ(t.header()->domain, "sliding:3x3");
    EXPECT_EQ(t.header()->goal, "1 2 3 4 5 6 7 8 _");
    EXPECT_EQ(t.header()->entries, 181440u);
    EXPECT_EQ(t.header()->max_value, 31);
    EXPECT_EQ(t.header()->field("reached"), "181440");
    ASSERT_EQ(t.size(), table_.size());
    EXPECT_TRUE(std::equal(t.bytes().begin(), t.bytes().end(), table_.bytes().begin()));
    const ShardedTableFile f = ShardedTableFile::open(dir_);
    EXPECT_EQ(f.shards(), 3);
}

TEST_F(ShardedTableTest, OneShardAndManyEmptyShardsWork) {
    for (int parts : {1, 5}) {  // 5 ranks: shards 3 and 4 are empty
        const std::string dir = test::temp_dir();
        write(dir, "0123456789abcdef", parts);
        const DistanceTable t = DistanceTable::open(dir);
        EXPECT_TRUE(std::equal(t.bytes().begin(), t.bytes().end(), table_.bytes().begin(),
                               table_.bytes().end()))
            << parts;
        fs::remove_all(dir);
    }
}

TEST_F(ShardedTableTest, LookupReadsTheDirectory) {
    const auto r =
        test::run_frontier("lookup " + dir_ + " '8 6 7 2 5 4 3 _ 1' '1 2 3 4 5 6 7 8 _'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "8 6 7 2 5 4 3 _ 1: 31\n1 2 3 4 5 6 7 8 _: 0\n");
}

TEST_F(ShardedTableTest, RefusesMissingDamagedAndMixedFiles) {
    EXPECT_NE(error_opening(shard(1)).find("shard 1 of a table in 3 shards"), std::string::npos)
        << error_opening(shard(1));
    {
        const std::string other = test::temp_dir();
        write(other, "1111111111111111");
        fs::copy_file(other + "/" + shard_file_name(2, 3), shard(2),
                      fs::copy_options::overwrite_existing);
        fs::remove_all(other);
        EXPECT_NE(error_opening(dir_).find("shard of another table"), std::string::npos)
            << error_opening(dir_);
        write(dir_, "00c0ffee00c0ffee");
    }
    {
        std::fstream f(dir_ + "/manifest", std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(30);
        f.put('#');
    }
    EXPECT_NE(error_opening(dir_).find("checksum mismatch"), std::string::npos)
        << error_opening(dir_);
    write(dir_, "00c0ffee00c0ffee");
    fs::resize_file(shard(0), fs::file_size(shard(0)) - 1);
    EXPECT_NE(error_opening(dir_).find("truncated"), std::string::npos) << error_opening(dir_);
    fs::remove(shard(0));
    EXPECT_NE(error_opening(dir_).find(shard_file_name(0, 3)), std::string::npos)
        << error_opening(dir_);
    fs::remove(dir_ + "/manifest");
    EXPECT_NE(error_opening(dir_).find("not a sharded table"), std::string::npos)
        << error_opening(dir_);
}

}  // namespace
}  // namespace frontier
