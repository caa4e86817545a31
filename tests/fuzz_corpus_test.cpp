// Replays the checked-in fuzz corpus (tests/fuzz/corpus/<target>/: seeds and every crasher the
// fuzzers found) through the fuzz targets, compiled by the default compiler without libFuzzer. A
// broken property aborts the test binary (tests/fuzz/fuzz_targets.hpp).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/fuzz/fuzz_targets.hpp"

namespace frontier {
namespace {

std::vector<std::uint8_t> file_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(FuzzCorpus, EveryTargetReplaysItsCorpus) {
    const std::filesystem::path root =
        std::filesystem::path(FRONTIER_SOURCE_DIR) / "tests/fuzz/corpus";
    for (std::string_view target : fuzz::kTargets) {
        const std::filesystem::path dir = root / std::string(target);
        ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
        int files = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            if (!entry.is_regular_file()) continue;
            SCOPED_TRACE(entry.path().string());
            const std::vector<std::uint8_t> bytes = file_bytes(entry.path());
            ASSERT_TRUE(fuzz::run_target(target, bytes));
            ++files;
        }
        EXPECT_GE(files, 3) << target << ": a handful of seeds at least";
    }
    EXPECT_FALSE(fuzz::run_target("no_such_target", {}));
}

}  // namespace
}  // namespace frontier
