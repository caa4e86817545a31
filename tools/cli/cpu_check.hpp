// The instruction sets the program was compiled for, checked against the CPU it runs on.
//
// The build tree's program is compiled with -march=native (FRONTIER_NATIVE), and `cmake
// --install` copies that program. Run on an older CPU it would stop at the first instruction the
// CPU lacks (SIGILL, status 132, no word said); check_cpu_or_exit() says which instruction sets
// are missing and how to rebuild instead, and exits with status 3 (a resource the run needs is
// missing). The sets compiled for are read from the compiler's macros in the file that calls it
// (compiled_cpu_features() is inline for that reason); the check itself lives in a file compiled
// for any x86-64, so that it cannot trip over what it checks. Other processors: no check.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace frontier::cli {

// One bit per instruction set, in the order of kCpuFeatureNames.
inline constexpr const char* kCpuFeatureNames[] = {
    "sse4.2",  "popcnt",   "avx",      "avx2",     "bmi",      "bmi2",           "fma",
    "avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512cd", "avx512vpopcntdq"};

// The sets the including file is compiled for.
constexpr std::uint32_t compiled_cpu_features() {
    std::uint32_t m = 0;
#if defined(__SSE4_2__)
    m |= 1u << 0;
#endif
#if defined(__POPCNT__)
    m |= 1u << 1;
#endif
#if defined(__AVX__)
    m |= 1u << 2;
#endif
#if defined(__AVX2__)
    m |= 1u << 3;
#endif
#if defined(__BMI__)
    m |= 1u << 4;
#endif
#if defined(__BMI2__)
    m |= 1u << 5;
#endif
#if defined(__FMA__)
    m |= 1u << 6;
#endif
#if defined(__AVX512F__)
    m |= 1u << 7;
#endif
#if defined(__AVX512BW__)
    m |= 1u << 8;
#endif
#if defined(__AVX512VL__)
    m |= 1u << 9;
#endif
#if defined(__AVX512DQ__)
    m |= 1u << 10;
#endif
#if defined(__AVX512CD__)
    m |= 1u << 11;
#endif
#if defined(__AVX512VPOPCNTDQ__)  // the Sudoku solver's permutation counts
    m |= 1u << 12;
#endif
    return m;
}

// The names of the sets in `compiled` that `cpu_has` (given a name of kCpuFeatureNames) denies.
std::vector<std::string> missing_cpu_features(std::uint32_t compiled,
                                              const std::function<bool(const char*)>& cpu_has);

// The error line for `missing` (empty when nothing is missing).
std::string cpu_error_message(const std::vector<std::string>& missing);

// Prints the error line and exits with status 3 when this CPU lacks a set in `compiled`.
void check_cpu_or_exit(std::uint32_t compiled);

}  // namespace frontier::cli
