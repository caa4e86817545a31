// UnitLog, the checkpoint of long runs: records read back on resume, a torn last record cut off
// (its unit runs again), damage before the end and another run's log refused.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/units/log.hpp>
#include "tests/support/test_support.hpp"

namespace frontier {
namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

using Records = std::vector<std::pair<std::uint64_t, std::string>>;

// A checkpoint resumed or created through a symbolic link is refused: the link could name any
// file, which the run would then append to.
TEST(UnitLog, ACheckpointIsNeverWrittenThroughALink) {
    const std::string dir = test::temp_dir();
    write_text(dir + "/victim.txt", "precious data");
    std::filesystem::create_symlink("victim.txt", dir + "/run.checkpoint");
    try {
        UnitLog(dir + "/run.checkpoint", "test size=4", true);
        ADD_FAILURE() << "opened a checkpoint through a link";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("symbolic link"), std::string::npos) << e.what();
    }
    EXPECT_EQ(read_text(dir + "/victim.txt"), "precious data");
    std::filesystem::remove_all(dir);
}

TEST(UnitLog, RecordsComeBackOnResumeInFileOrder) {
    const std::string path = test::temp_dir() + "/run.checkpoint";
    {
        UnitLog log(path, "test size=4", false);
        EXPECT_TRUE(log.recovered().empty());
        log.append(7, "seven\n");
        log.append(2, std::string("two\0bytes", 9));
        log.append(5, "");
        EXPECT_TRUE(log.done(2));
        EXPECT_THROW(log.append(2, "again"), std::logic_error);
    }
    // Without --resume an existing checkpoint is never overwritten.
    EXPECT_THROW(UnitLog(path, "test size=4", false), InputError);
    // Another run's checkpoint is refused.
    EXPECT_THROW(UnitLog(path, "test size=5", true), InputError);
    {
        UnitLog log(path, "test size=4", true);
        EXPECT_EQ(log.recovered(),
                  (Records{{7, "seven\n"}, {2, std::string("two\0bytes", 9)}, {5, ""}}));
        EXPECT_TRUE(log.done(7) && log.done(2) && log.done(5));
        EXPECT_FALSE(log.done(3));
        log.append(3, "three");
    }
    UnitLog log(path, "test size=4", true);
    EXPECT_EQ(log.recovered().size(), 4u);
    EXPECT_EQ(log.recovered().back(), (std::pair<std::uint64_t, std::string>{3, "three"}));
    log.remove();
    EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(UnitLog, ATornLastRecordIsCutOffAndItsUnitRunsAgain) {
    const std::string path = test::temp_dir() + "/torn.checkpoint";
    {
        UnitLog log(path, "torn", false);
        log.append(0, "zero");
        log.append(1, "one one one");
    }
    const std::string whole = read_text(path);
    const std::size_t second = whole.find("unit 1 ");
    ASSERT_NE(second, std::string::npos);
    // Every cut inside the second record loses that record only.
    for (std::size_t cut = second; cut < whole.size(); ++cut) {
        write_text(path, whole.substr(0, cut));
        {
            UnitLog log(path, "torn", true);
            ASSERT_EQ(log.recovered(), (Records{{0, "zero"}})) << cut;
            EXPECT_FALSE(log.done(1));
            log.append(1, "redone");
        }
        UnitLog log(path, "torn", true);
        ASSERT_EQ(log.recovered(), (Records{{0, "zero"}, {1, "redone"}})) << cut;
    }
    // A changed payload byte fails the checksum: the record counts as torn.
    std::string flipped = whole;
    flipped[whole.find("one one")] = 'X';
    write_text(path, flipped);
    EXPECT_EQ(UnitLog(path, "torn", true).recovered(), (Records{{0, "zero"}}));
}

TEST(UnitLog, DamageBeforeTheLastRecordIsAnError) {
    const std::string path = test::temp_dir() + "/damaged.checkpoint";
    {
        UnitLog log(path, "damaged", false);
        log.append(0, "zero");
        log.append(1, "one");
        log.append(2, "two");
    }
    std::string text = read_text(path);
    text[text.find("one")] = 'X';  // the middle record's checksum no longer holds
    write_text(path, text);
    EXPECT_THROW(UnitLog(path, "damaged", true), InputError);
    write_text(path, "something else\n");
    EXPECT_THROW(UnitLog(path, "damaged", true), InputError);
}

TEST(UnitLog, AnotherRunsCheckpointIsReadWithoutBeingChanged) {
    const std::string dir = test::temp_dir(), path = dir + "/shard.checkpoint";
    UnitLog live(path, "test size=4", false);  // still open and locked, as a running shard's
    live.append(4, "four");
    live.append(1, "one");
    EXPECT_EQ(UnitLog::read_records(path, "test size=4"), (Records{{4, "four"}, {1, "one"}}));
    // A torn last record (that run stopped mid-write) is left out, and the file is not cut.
    std::ofstream(path, std::ios::binary | std::ios::app) << "unit 9 5 0\nni";
    const auto size = std::filesystem::file_size(path);
    EXPECT_EQ(UnitLog::read_records(path, "test size=4").size(), 2u);
    EXPECT_EQ(std::filesystem::file_size(path), size);
    // Another computation's checkpoint, or none, is refused.
    EXPECT_THROW(UnitLog::read_records(path, "test size=5"), InputError);
    EXPECT_THROW(UnitLog::read_records(dir + "/absent", "test size=4"), InputError);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace frontier
