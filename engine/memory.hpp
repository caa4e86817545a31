// Memory checks done before a large allocation, so that a space that cannot fit is refused with
// a clear message instead of being killed by the kernel half-way.
#pragma once

#include <cstdint>
#include <string>

namespace frontier {

// MemAvailable from /proc/meminfo (bytes); 0 when it cannot be read.
std::uint64_t available_memory_bytes();
// "1.3 GiB", "512 KiB", "11.9 TiB".
std::string format_bytes(std::uint64_t bytes);
// Throws InputError naming `what` when `bytes` exceeds the available memory, ending with
// `next_step` (what to do instead) when it is not empty.
void require_memory(std::uint64_t bytes, const std::string& what,
                    const std::string& next_step = "");

}  // namespace frontier
