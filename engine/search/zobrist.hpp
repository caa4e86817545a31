// Zobrist keys from a fixed seed, for hashes that must agree across threads, processes and
// machines (HDA*'s owner of a state). Never seeded from the clock or the address space, unlike
// absl::Hash, whose per-process seed would scatter the same state to different owners.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/engine/error.hpp>

namespace frontier {

// HDA*'s owner hash of a state: plain Zobrist (every tile or piece at its place) or abstract
// Zobrist (a coarser view, so most children keep their parent's owner). A domain that offers HDA*
// builds either from make_hda_hasher(domain, HdaHash); the names are what --hash takes.
enum class HdaHash { zobrist, azh };

inline constexpr std::array<std::string_view, 2> kHdaHashNames{"zobrist", "azh"};

constexpr std::string_view name_of(HdaHash hash) {
    return kHdaHashNames[static_cast<std::size_t>(hash)];
}

// The hash a name stands for; InputError for any other name.
inline HdaHash parse_hda_hash(std::string_view name) {
    for (std::size_t i = 0; i < kHdaHashNames.size(); ++i)
        if (kHdaHashNames[i] == name) return static_cast<HdaHash>(i);
    throw InputError("unknown hash \"" + std::string(name) + "\" (known: zobrist, azh)");
}

inline constexpr std::uint64_t kZobristSeed = 0x5A0B1157F00DCAFEull;

// SplitMix64: a full-period generator whose outputs are well mixed; used only for key tables.
inline std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// n keys from `seed`: the same n keys on every run.
inline std::vector<std::uint64_t> zobrist_keys(std::size_t n, std::uint64_t seed = kZobristSeed) {
    std::vector<std::uint64_t> keys(n);
    for (auto& k : keys) k = splitmix64(seed);
    return keys;
}

// Maps a 64-bit hash to one of n owners (multiply-high: uses the top bits, no division).
inline int owner_of(std::uint64_t hash, int n) {
    return static_cast<int>((static_cast<unsigned __int128>(hash) * static_cast<unsigned>(n)) >>
                            64);
}

}  // namespace frontier
