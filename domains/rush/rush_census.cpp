// The census of the Rush Hour universe (design at the top of rush_census.hpp).
#include <frontier/domains/rush/rush_census.hpp>

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>
#include <memory>
#include <string>

#include <tbb/enumerable_thread_specific.h>

#include <frontier/domains/rush/rush_heuristics.hpp>
#include <frontier/domains/rush/rush_layout.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

RushCensusCounts& RushCensusCounts::operator+=(const RushCensusCounts& o) {
    candidates += o.candidates;
    pruned += o.pruned;
    clusters += o.clusters;
    solvable += o.solvable;
    kept += o.kept;
    states += o.states;
    return *this;
}

RushVerdict RushCensus::process(const RushBoard& board, RushState candidate, RushDbEntry& entry,
                                RushCensusCounts& counts) {
    ++counts.candidates;
    if (!all_clusters_ && rush_layout_check(board, candidate) != RushLayout::Possible) {
        ++counts.pruned;
        return RushVerdict::Pruned;
    }
    const bool canonical =
        goal_ ? grader_.explore(board, candidate,
                                [&](RushState s, std::uint32_t) {
                                    return s.bits >= candidate.bits || !board.is_goal(s);
                                })
              : grader_.explore(board, candidate, [&](RushState s, std::uint32_t) {
                    return s.bits >= candidate.bits;
                });
    if (!canonical) return RushVerdict::NotCanonical;
    ++counts.clusters;
    counts.states += grader_.cluster().size();
    if (!grader_.solvable()) return RushVerdict::Unsolvable;
    ++counts.solvable;
    // A piece or wall that stops nothing in the whole cluster changes no distance: not minimal,
    // whichever state is the hardest (rush_board.hpp, blockers).
    if (!rush_all_stop_something(board, grader_.cluster().states())) return RushVerdict::NotMinimal;
    const RushGrade g = grader_.finish(false);
    if (g.hardest_moves == 0) return RushVerdict::Trivial;
    const std::uint32_t hardest = grader_.hardest_start(board);
    const RushState start = grader_.cluster().state(hardest);
    const std::uint32_t moving = rush_solution_pieces(grader_, hardest);
    if (!rush_is_minimal(board, start, g.hardest_moves, moving, probe_))
        return RushVerdict::NotMinimal;
    ++counts.kept;
    entry = RushDbEntry{g.hardest_moves, format_rush(board, start), g.cluster_size};
    return RushVerdict::Kept;
}

RushUnitResult run_rush_unit(const RushUniverse& universe, std::size_t unit, RushCensus& census) {
    Stopwatch clock;
    RushUnitResult r;
    RushDbEntry entry;
    universe.for_each_candidate(unit, [&](const RushBoard& board, RushState s) {
        if (census.process(board, s, entry, r.counts) == RushVerdict::Kept)
            r.entries.push_back(std::move(entry));
    });
    r.seconds = clock.seconds();
    return r;
}

std::string encode_rush_unit(const RushUnitResult& r) {
    const RushCensusCounts& c = r.counts;
    std::string out = "counts " + std::to_string(c.candidates) + ' ' + std::to_string(c.clusters) +
                      ' ' + std::to_string(c.solvable) + ' ' + std::to_string(c.kept) + ' ' +
                      std::to_string(c.states) + ' ' +
                      std::to_string(static_cast<std::uint64_t>(r.seconds * 1e6)) + ' ' +
                      std::to_string(c.pruned) + '\n';
    for (const RushDbEntry& e : r.entries) out += format_rush_db_line(e) + '\n';
    return out;
}

RushUnitResult decode_rush_unit(std::string_view text) {
    auto bad = [](const std::string& why) -> RushUnitResult {
        throw InputError("malformed unit record in checkpoint: " + why);
    };
    RushUnitResult r;
    std::size_t end = text.find('\n');
    if (end == std::string_view::npos) return bad("no counts line");
    {
        std::uint64_t v[7] = {};  // the 7th (pruned) is absent in records from before pruning
        std::string_view line = text.substr(0, end);
        if (line.substr(0, 6) != "counts") return bad("no counts line");
        line.remove_prefix(6);
        for (std::uint64_t& x : v) {
            if (&x == &v[6] && line.empty()) break;
            if (line.empty() || line.front() != ' ') return bad("bad counts line");
            line.remove_prefix(1);
            auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), x);
            if (ec != std::errc()) return bad("bad counts line");
            line.remove_prefix(static_cast<std::size_t>(p - line.data()));
        }
        if (!line.empty()) return bad("bad counts line");
        r.counts.candidates = v[0];
        r.counts.clusters = v[1];
        r.counts.solvable = v[2];
        r.counts.kept = v[3];
        r.counts.states = v[4];
        r.counts.pruned = v[6];
        r.seconds = static_cast<double>(v[5]) / 1e6;
    }
    for (std::size_t at = end + 1; at < text.size(); at = end + 1) {
        end = text.find('\n', at);
        if (end == std::string_view::npos) return bad("unterminated line");
        const RushRecord rec = parse_rush_record(text.substr(at, end - at));
        if (rec.expected_moves < 0) return bad("a line without its columns");
        r.entries.push_back(RushDbEntry{rec.expected_moves, rec.board,
                                        static_cast<std::uint32_t>(rec.expected_cluster)});
    }
    if (r.entries.size() != r.counts.kept) return bad("line count differs from its counts");
    return r;
}

bool rush_all_stop_something(const RushBoard& board, std::span<const RushState> cluster) {
    const std::uint32_t others = (std::uint32_t{1} << board.piece_count()) - 2;
    std::uint32_t pieces = 0;
    std::uint64_t walls = 0;
    for (const RushState s : cluster) {
        if ((pieces & others) == others && walls == board.walls()) return true;
        std::uint64_t w = 0;
        pieces |= board.blockers(s, w);
        walls |= w;
    }
    return (pieces & others) == others && walls == board.walls();
}

std::uint32_t rush_solution_pieces(const RushGrader& graded, std::uint32_t index) {
    const RushCluster& graph = graded.cluster();
    const auto to_goal = graded.moves_to_solve();
    std::uint32_t pieces = 0, u = index;
    for (int d = to_goal[u]; d > 0; --d) {
        // A move is a run of steps of one label; its states are the one-move successors of u.
        bool moved = false;
        for (const auto& e : graph.edges(u)) {
            for (std::uint32_t w = e.target(); w != RushCluster::kNone;
                 w = graph.follow(w, e.label()))
                if (to_goal[w] == d - 1) {
                    pieces |= 1u << (e.label() >> 1);
                    u = w;
                    moved = true;
                    break;
                }
            if (moved) break;
        }
        assert(moved);
    }
    return pieces;
}

RushPuzzle rush_without_piece(const RushBoard& board, RushState s, int p) {
    const int n = board.size();
    RushPuzzle out{RushBoard(n, board.metric()), RushState{}};
    for (std::uint64_t w = board.walls(); w; w &= w - 1) {
        const int cell = std::countr_zero(w);
        out.board.add_wall(cell / n, cell % n);
    }
    for (int q = 0; q < board.piece_count(); ++q) {
        if (q == p) continue;
        const int index = out.board.add_piece(board.piece(q));
        out.start = RushBoard::with_offset(out.start, index, RushBoard::offset(s, q));
    }
    return out;
}

RushBoard rush_without_wall(const RushBoard& board, int cell) {
    RushBoard out = board;
    out.remove_wall(cell / board.size(), cell % board.size());
    return out;
}

bool rush_is_minimal(const RushBoard& board, RushState start, int moves, std::uint32_t moving,
                     RushProbe& probe) {
    // Without a piece the puzzle is never harder (every solution still works), so the question
    // is only whether it is solved in fewer moves: a BFS bounded by moves - 1, which stops at the
    // first solution instead of exploring the (often much larger) cluster of the smaller puzzle,
    // skips the states that cannot reach the exit in time (the car's blockers, and the pieces in
    // their ways off its row, must move first: RushExitBound, h2 and then h3) and never slides
    // again the piece just slid (RushPieceGroup).
    auto lowered = [&](const RushBoard& less, RushState from) {
        const RushExitBound bound(less);
        return probe.goal_distance(less, from, moves - 1, bound, RushPieceGroup{}) >= 0;
    };
    const RushBoard in_moves = board.with_metric(RushMetric::Moves);
    for (int p = 1; p < board.piece_count(); ++p) {
        if (moving >> p & 1) continue;
        const RushPuzzle less = rush_without_piece(in_moves, start, p);
        if (!lowered(less.board, less.start)) return false;
    }
    for (std::uint64_t w = board.walls(); w; w &= w - 1)
        if (!lowered(rush_without_wall(in_moves, std::countr_zero(w)), start)) return false;
    return true;
}

void RushTally::add(RushUnitResult&& r) {
    counts += r.counts;
    unit_seconds += r.seconds;
    ++units;
    for (RushDbEntry& e : r.entries) {
        if (!hardest || rush_db_before(e, *hardest)) hardest = e;
        entries.push_back(std::move(e));
    }
}

std::string RushTally::database() {
    std::sort(entries.begin(), entries.end(), rush_db_before);
    std::string text;
    for (const RushDbEntry& e : entries) text += format_rush_db_line(e) + '\n';
    return text;
}

std::string rush_census_identity(const RushUniverse& u, bool all_clusters) {
    return "rush enumerate size=" + std::to_string(u.size()) +
           " walls=" + std::to_string(u.max_walls()) + " units=" + std::to_string(u.unit_count()) +
           " format=1" + (all_clusters ? "" : " census=pruned3") +
           (u.candidates() == RushCandidates::Goal ? " candidates=goal" : "");
}

UnitJob rush_census_job(const RushUniverse& universe, bool all_clusters, bool estimate,
                        RushTally& tally) {
    auto censuses = std::make_shared<tbb::enumerable_thread_specific<RushCensus>>(
        all_clusters, universe.candidates());
    UnitJob job;
    job.identity = rush_census_identity(universe, all_clusters);
    job.unit_count = universe.unit_count();
    job.run = [&universe, censuses](std::size_t unit) {
        return encode_rush_unit(run_rush_unit(universe, unit, censuses->local()));
    };
    job.check = [](std::size_t, std::string_view record) { decode_rush_unit(record); };
    if (estimate)
        job.cost = [&universe](std::size_t unit) {
            return static_cast<double>(universe.count_candidates(unit));
        };
    job.accept = [&tally](std::size_t, std::string_view record, UnitOrigin) {
        tally.add(decode_rush_unit(record));
    };
    return job;
}

}  // namespace frontier
