#include "tools/cli/cpu_check.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace frontier::cli {

namespace {

// __builtin_cpu_supports takes a literal, hence one call per name.
bool this_cpu_has(const char* name) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    const auto is = [&](const char* n) { return std::strcmp(name, n) == 0; };
    if (is("sse4.2")) return __builtin_cpu_supports("sse4.2");
    if (is("popcnt")) return __builtin_cpu_supports("popcnt");
    if (is("avx")) return __builtin_cpu_supports("avx");
    if (is("avx2")) return __builtin_cpu_supports("avx2");
    if (is("bmi")) return __builtin_cpu_supports("bmi");
    if (is("bmi2")) return __builtin_cpu_supports("bmi2");
    if (is("fma")) return __builtin_cpu_supports("fma");
    if (is("avx512f")) return __builtin_cpu_supports("avx512f");
    if (is("avx512bw")) return __builtin_cpu_supports("avx512bw");
    if (is("avx512vl")) return __builtin_cpu_supports("avx512vl");
    if (is("avx512dq")) return __builtin_cpu_supports("avx512dq");
    if (is("avx512cd")) return __builtin_cpu_supports("avx512cd");
    if (is("avx512vpopcntdq")) return __builtin_cpu_supports("avx512vpopcntdq");
#endif
    (void)name;
    return true;
}

}  // namespace

std::vector<std::string> missing_cpu_features(std::uint32_t compiled,
                                              const std::function<bool(const char*)>& cpu_has) {
    std::vector<std::string> missing;
    int bit = 0;
    for (const char* name : kCpuFeatureNames) {
        if ((compiled >> bit & 1) && !cpu_has(name)) missing.emplace_back(name);
        ++bit;
    }
    return missing;
}

std::string cpu_error_message(const std::vector<std::string>& missing) {
    if (missing.empty()) return "";
    std::string names;
    for (const std::string& m : missing) names += (names.empty() ? "" : ", ") + m;
    return "frontier: error: this program was built for another CPU (-march=native) and this one "
           "lacks " +
           names +
           ": build it on this machine, or configure with -DFRONTIER_NATIVE=OFF for any x86-64";
}

void check_cpu_or_exit(std::uint32_t compiled) {
    const std::string message = cpu_error_message(missing_cpu_features(compiled, this_cpu_has));
    if (message.empty()) return;
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(3);
}

}  // namespace frontier::cli
