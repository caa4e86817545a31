// Frontier as a library: every entry point in one include (docs/howto/library.md).
//
// A puzzle is a domain type that models the concepts of engine/concepts.hpp (state, successors,
// optionally a dense rank); the functions below are templates over it and return result structs.
// They print nothing and read no command line; errors a caller can fix are InputError
// (engine/error.hpp).
//
//   Enumerating a whole state space, layer by layer, in parallel:
//     layered_bfs(domain, roots, table, options)        engine/enumerate/layered_bfs.hpp
//         PerfectHashDomain: fills a dense byte table (DistanceTable) with every rank's depth.
//     layered_hash_bfs(domain, roots, options)          engine/enumerate/hash_bfs.hpp
//         any SearchDomain with an Abseil-hashable State: layer counts from hash sets, the
//         deepest layer's states in farthest_states.
//     layered_bitmap_bfs(domain, roots, options)        engine/enumerate/bitmap_bfs.hpp
//         IndexedDomain: layer counts over a bitmap of 2^k indices.
//     two_bit_bfs(space, roots, table, options)         engine/two_bit/bfs.hpp
//         TwoBitSpace (a dense space walked by a cursor; roots as indices, or as states when the
//         space names them, StateTwoBitSpace): 2 bits per state, depth
//         mod 3; two_bit_distance() (engine/two_bit/lookup.hpp) walks an exact distance and
//         optimal path down the table, refusing a damaged one (DamagedTableError).
//   Solving one instance optimally (SearchResult / HdaResult: status, moves, counters):
//     astar(domain, start, h, limits)                   engine/search/astar.hpp     one thread
//     idastar(domain, start, h, limits)                 engine/search/idastar.hpp   one thread,
//     O(depth) hda_star(domain, start, h[, hasher], options)     engine/search/hdastar.hpp
//     options.threads bfs(domain, start, limits)                        engine/search/bfs.hpp no
//     heuristic
//   Pattern databases (admissible heuristics from an abstraction):
//     build_pattern_database(abstraction, roots, group, options) engine/tables/pattern_database.hpp
//   Tables on disk: DistanceTable::open(path), write_table_file(path, header, bytes)
//                                                     engine/tables/distance_table.hpp,
//                                                     table_file.hpp
//   Threads: every parallel entry point takes `threads` in its options (0: all cores) and runs in
//     its own oneTBB task arena of that many slots (engine/parallel.hpp).
//
// Every BFS returns a LayeredBfsResult or a type derived from it (layers, reached, seconds).
// engine/frontier_light.hpp is the light include: the concepts and layered_bfs only, for a small
// program that compiles in about two thirds of the time.
//
// The other engine headers are internal details that these include; they are installed only for
// that reason and may change without notice.
#pragma once

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/domain_io.hpp>
#include <frontier/engine/enumerate/bitmap_bfs.hpp>
#include <frontier/engine/enumerate/hash_bfs.hpp>
#include <frontier/engine/enumerate/layered_bfs.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/search/astar.hpp>
#include <frontier/engine/search/bfs.hpp>
#include <frontier/engine/search/hdastar.hpp>
#include <frontier/engine/search/idastar.hpp>
#include <frontier/engine/search/search.hpp>
#include <frontier/engine/tables/distance_table.hpp>
#include <frontier/engine/tables/pattern_database.hpp>
#include <frontier/engine/tables/table_file.hpp>
#include <frontier/engine/two_bit/bfs.hpp>
#include <frontier/engine/two_bit/lookup.hpp>
