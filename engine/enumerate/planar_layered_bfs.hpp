// The planar search of a one-byte distance table: the layered BFS of a domain whose moves are
// shifts between planes of its ranks (engine/planar_moves.hpp), done 32 blocks at a time with
// vector compares instead of unranking and claiming states one by one. layered_bfs
// (engine/enumerate/layered_bfs.hpp) takes it by itself where the domain offers the moves: the
// same table, layer counts and farthest ranks as the general search, faster. The design is at
// the top of planar_layered_bfs.cpp.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <frontier/engine/concepts.hpp>
#include <frontier/engine/enumerate/layered_bfs_options.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/planar_moves.hpp>

namespace frontier {

// The search: `table` holds plane * moves.blocks + block, `colour` is plane_colours(moves), every
// root in one colour.
LayeredBfsResult planar_layered_bfs(const PlanarMoves& moves,
                                    const std::vector<std::uint8_t>& colour,
                                    std::span<const std::uint64_t> roots,
                                    std::span<std::uint8_t> table,
                                    const LayeredBfsOptions& options);

// A domain whose ranks are plane * blocks + block of the PlanarMoves that planar_moves(domain)
// gives, found by argument-dependent lookup (SlidingTiles: domains/sliding/sliding_tiles.hpp), or
// nullopt where it has none.
template <class D>
concept PlanarRankedDomain = PerfectHashDomain<D> && requires(const D& d) {
    { planar_moves(d) } -> std::same_as<std::optional<PlanarMoves>>;
};

namespace detail {

// The planar search's result, or nullopt where the domain offers no moves for this size, its
// planes have no 2-colouring, or the roots lie in both colours.
template <PlanarRankedDomain D>
std::optional<LayeredBfsResult> planar_if_offered(const D& domain,
                                                  std::span<const typename D::State> roots,
                                                  std::span<std::uint8_t> table,
                                                  const LayeredBfsOptions& options) {
    const std::optional<PlanarMoves> moves =
        run_with_threads(options.threads, [&] { return planar_moves(domain); });
    if (!moves) return std::nullopt;
    const auto colour = plane_colours(*moves);
    if (!colour || moves->blocks * static_cast<std::uint64_t>(moves->planes) != table.size())
        return std::nullopt;
    std::vector<std::uint64_t> ranks;
    for (const auto& s : roots) {
        const std::uint64_t r = domain.rank(s);
        if (r >= table.size()) refuse_rank(r, table.size());
        ranks.push_back(r);
        if ((*colour)[r / moves->blocks] != (*colour)[ranks[0] / moves->blocks])
            return std::nullopt;  // roots of both colours
    }
    return planar_layered_bfs(*moves, *colour, ranks, table, options);
}

}  // namespace detail

}  // namespace frontier
