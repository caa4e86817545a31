// The census of the Rush Hour universe (rush_universe.hpp): each candidate's cluster explored
// and judged, the database of its interesting puzzles (the hardest start of each solvable,
// non-trivial, minimal cluster), and the whole census as a unit job for engine/units/run.hpp, with
// its record codec, tally and checkpoint identity.
//
// RushCensus, per candidate: canonical (no smaller state in its cluster), solvable (some state
// has A at the exit), non-trivial (the hardest state needs at least one move) and minimal
// (removing any piece or wall other than A from the hardest start lowers its optimal moves). A
// piece that moves in one optimal solution always lowers them (dropping its moves from that
// solution leaves a shorter one), so only the other pieces and the walls are solved again, each
// by a BFS from the start bounded by one move less (removing a piece never makes a puzzle harder,
// so the question is only whether it gets easier; the smaller puzzle's whole cluster, often far
// larger, is never explored; measured against full cluster grades as probes: one heavy unit 11
// times faster, the benchmark's sample of units 2.4 times). The hardest start is the smallest in
// rush_layout_order among the hardest states (the public database's pick); letters follow the piece
// numbering and walls take a letter too (the exit row's walls right after A, as the public
// enumerator lists them), which reproduces the public database's lines character for character.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <frontier/domains/rush/rush_board.hpp>
#include <frontier/domains/rush/rush_grade.hpp>
#include <frontier/domains/rush/rush_io.hpp>
#include <frontier/domains/rush/rush_universe.hpp>
#include <frontier/engine/enumerate/bounded_bfs.hpp>
#include <frontier/engine/units/run.hpp>

namespace frontier {

// The minimality check's search: is a puzzle solved within a bound (see rush_is_minimal).
using RushProbe = BoundedBfs<RushBoard>;

enum class RushVerdict : std::uint8_t {
    Pruned,
    NotCanonical,
    Unsolvable,
    Trivial,
    NotMinimal,
    Kept
};

// With pruning (the default), clusters, solvable and states count the explored candidates only:
// a pruned candidate is never explored, canonical or not.
struct RushCensusCounts {
    std::uint64_t candidates = 0;  // boards processed
    std::uint64_t pruned = 0;      // skipped by the layout check (rush_layout.hpp), unexplored
    std::uint64_t clusters = 0;    // canonical ones: each cluster of the universe once
    std::uint64_t solvable = 0;    // clusters with a solved state
    std::uint64_t kept = 0;        // solvable, non-trivial and minimal: the database's lines
    std::uint64_t states = 0;      // states of the clusters explored completely
    RushCensusCounts& operator+=(const RushCensusCounts& o);
    friend bool operator==(const RushCensusCounts&, const RushCensusCounts&) = default;
};

// Classifies candidates; keeps its buffers between calls (one per worker, not thread-safe).
//
// Pruning: a candidate whose layout cannot give a database line (rush_layout_check: A blocked for
// good, or a piece or wall that stops no step, so not minimal) is counted as pruned and never
// explored. The database is the same either way (the layout verdict holds for the whole cluster);
// on the first 20 units of the sample of the 6 x 6 universe with at most two walls it skips 62% of
// the goal candidates (docs/notes/measurements.md). With all_clusters every candidate is explored,
// which the exact cluster counts (compared with the public enumerator's) need.
//
// Candidates are those of a RushUniverse of the same kind: with RushCandidates::Goal a candidate
// is a goal state, and the exploration stops at the first smaller goal state instead (clusters,
// solvable and states then count solvable clusters only).
class RushCensus {
  public:
    explicit RushCensus(bool all_clusters = false,
                        RushCandidates candidates = RushCandidates::Packed)
        : all_clusters_(all_clusters), goal_(candidates == RushCandidates::Goal) {}

    // Explores the candidate's cluster (stopping at the first smaller state) and judges it; for a
    // kept cluster `entry` receives its database line. Updates `counts`.
    RushVerdict process(const RushBoard& board, RushState candidate, RushDbEntry& entry,
                        RushCensusCounts& counts);

  private:
    bool all_clusters_, goal_;
    RushGrader grader_;
    RushProbe probe_;
};

// One unit of the universe processed: its counts, its database lines (in enumeration order) and
// the seconds it took. encode/decode give the text kept in checkpoints:
//   "counts CANDIDATES CLUSTERS SOLVABLE KEPT STATES MICROSECONDS PRUNED\n" then one database
// line each (records written before pruning have no PRUNED: it reads as 0).
struct RushUnitResult {
    RushCensusCounts counts;
    std::vector<RushDbEntry> entries;
    double seconds = 0;
};
RushUnitResult run_rush_unit(const RushUniverse& universe, std::size_t unit, RushCensus& census);
std::string encode_rush_unit(const RushUnitResult& r);
RushUnitResult decode_rush_unit(std::string_view text);  // InputError when malformed

// True when every piece other than A, and every wall, stops another piece's step in some state
// of the cluster (RushBoard::blockers). When one does not, removing it changes no distance in the
// cluster, so no state of it is minimal.
bool rush_all_stop_something(const RushBoard& board, std::span<const RushState> cluster);

// The pieces (bit p for piece p) that move in one optimal solution from state `index` of the
// cluster the grader last graded (solvable).
std::uint32_t rush_solution_pieces(const RushGrader& graded, std::uint32_t index);

// True when removing any piece other than A, or any wall, from (board, start), whose optimal
// moves are `moves`, lowers them. Pieces in `moving` (bit p) are known to and not tried.
// `probe` is scratch (the board's metric does not matter: moves are counted).
bool rush_is_minimal(const RushBoard& board, RushState start, int moves, std::uint32_t moving,
                     RushProbe& probe);

// The board and state without piece p (p >= 1; later pieces move down one index) or without the
// wall at the cell (bit r * N + c).
RushPuzzle rush_without_piece(const RushBoard& board, RushState s, int p);
RushBoard rush_without_wall(const RushBoard& board, int cell);

// A census run as a job of numbered units for run_units (engine/units/run.hpp): a unit's record
// is encode_rush_unit of its result; every record accepted (run, recovered or imported) is
// decoded into the tally.
//
// Everything merged so far; records come in any order, so the database is sorted when written.
struct RushTally {
    RushCensusCounts counts;
    std::vector<RushDbEntry> entries;
    std::size_t units = 0;
    double unit_seconds = 0;  // summed over units: the run's CPU-side cost, across resumptions
    std::optional<RushDbEntry> hardest;

    void add(RushUnitResult&& r);
    // Sorts the entries (rush_db_before) and returns the database: one line each.
    std::string database();
};

// The checkpoint's identity: a run resumes or imports only a checkpoint of the same universe and
// census (pruned and full runs, packed and goal candidates, count differently). Full runs on
// packed candidates keep the identity of the runs from before pruning, whose checkpoints they can
// still resume. Pruned runs say `census=pruned3`: the layout check's ranges narrow each other
// (since pruned2) and it prunes candidates whose A never leaves the exit (pruned3), so a
// checkpoint of an earlier rule (`census=pruned`, `census=pruned2`) has other pruned and explored
// counts and is refused.
std::string rush_census_identity(const RushUniverse& universe, bool all_clusters);

// The job: one RushCensus per thread (kept by the job, of the universe's kind of candidates),
// records decoded into `tally` (which must outlive the run). With `estimate`, a unit's cost is its
// candidate count (quick for sizes 4 and 5 and wall-free 6 x 6; with walls on 6 x 6 about 0.2% of
// the census's own time).
UnitJob rush_census_job(const RushUniverse& universe, bool all_clusters, bool estimate,
                        RushTally& tally);

}  // namespace frontier
