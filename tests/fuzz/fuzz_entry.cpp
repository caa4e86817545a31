// libFuzzer's entry point for one target of tests/fuzz/fuzz_targets.hpp, chosen at compile time
// (FRONTIER_FUZZ_TARGET, one binary per target: tests/fuzz/CMakeLists.txt).
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    frontier::fuzz::FRONTIER_FUZZ_TARGET(frontier::fuzz::Bytes(data, size));
    return 0;
}
