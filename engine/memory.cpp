#include <frontier/engine/memory.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include <frontier/engine/error.hpp>

namespace frontier {

std::uint64_t available_memory_bytes() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib >> unit)
        if (key == "MemAvailable:") return kib * 1024;
    return 0;
}

std::string format_bytes(std::uint64_t bytes) {
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024 && u < 6) {
        v /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    return buf;
}

void require_memory(std::uint64_t bytes, const std::string& what, const std::string& next_step) {
    const std::uint64_t available = available_memory_bytes();
    if (available != 0 && bytes > available)
        throw InputError(what + " needs " + format_bytes(bytes) + " of memory but only " +
                         format_bytes(available) + " is available" +
                         (next_step.empty() ? "" : "; " + next_step));
}

}  // namespace frontier
