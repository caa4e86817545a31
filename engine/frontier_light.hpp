// Frontier as a library, the light include: what writing a puzzle and filling its distance
// table needs, and nothing else (docs/howto/library.md).
//
//   the concepts a domain models                      engine/concepts.hpp
//   InputError, the error a caller can fix            engine/error.hpp
//   layered_bfs(domain, roots, bytes, options)        engine/enumerate/layered_bfs.hpp
//       PerfectHashDomain: fills a byte per rank with its depth (kUnreached when not reached),
//       in parallel; LayeredBfsResult holds the layer counts and the farthest ranks.
//
// Why a second include: engine/frontier.hpp brings every entry point, with Abseil's hash tables
// and the file and MPI layers behind them, and most of a small program's compile time is spent
// reading them. This one reads the concepts, the dense BFS and oneTBB's parallel_for only. The
// table is the caller's span of bytes (a std::vector<std::uint8_t> of domain.size() entries);
// DistanceTable, files, hash BFS, A*, HDA*, PDBs and two-bit tables need engine/frontier.hpp or
// their own headers.
#pragma once

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
