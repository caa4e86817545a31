#include <frontier/domains/rush/rush_random.hpp>

#include <string>
#include <vector>

#include <frontier/engine/error.hpp>

namespace frontier {

namespace {

// Random boards: 9 to 13 pieces besides A on 6 x 6, no walls. For a hardest start, a cluster is
// accepted when its hardest positions are at least kMinHardest from solved; kAttempts bounds the
// time spent looking before the request is refused.
constexpr int kMinHardest = 10;
constexpr int kAttempts = 20000;
// With moves up to kRandomReach, random boards are tried this often before the start is taken
// from one of the known hard boards below instead; for a larger K at once, as random boards
// rarely reach that far.
constexpr int kRandomAttempts = 10;
constexpr int kRandomReach = 15;

// The hardest known 6x6 boards (Fogleman's database of every 6x6 cluster, BFS-verified in
// tests/data: rush_known.tsv), with their optimal moves. A cluster whose hardest position is M
// moves from solved has positions at every distance 0 to M (the optimal path passes through
// each), so these give a start at any distance up to kRushFarthest at once.
struct KnownBoard {
    const char* board;
    int moves;
};
constexpr KnownBoard kKnownBoards[] = {
    {"IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", 60}, {"BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN", 58},
    {"ooBBMxDDDKMoAAJKoNooJEENIFFLooIGGLox", 55}, {"ooBBMxDDDKMoAAJKoNooJEENIFFLooIGGLHH", 55},
    {"oxCCMoDDDKMoAAJKooooJLEEIFFLoNIGGoxN", 54}, {"oooJLxCCCJLoHAAKooHoIKDDooIEEMoFFoxM", 54},
    {"BBBKCCDDoKoLIAAKoLIoJEEMFFJooMooxoHH", 54}, {"BBBCCNDDoxMNJAAoMOJoKFFOGGKLooxIILoo", 53},
    {"ooBBoxDDDKooAAJKoMooJEEMIFFLooIGGLHH", 53}, {"oxCCMNDDDKMNAAJKooooJEEoIFFLooIGGLox", 52},
    {"xCCoLMooJoLMAAJoLNHIDDDNHIoKEExooKGG", 51}, {"GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", 51},
    {"BBIooMGHIoLMGHAALNGCCKoNooJKDDooJEEx", 50}, {"ooIBBBooIKooAAJKoLCCJDDLGHEEoLGHFFoo", 50},
};

// The start a graded random board offers: a position `moves` from solved, or (moves < 0) one of
// its hardest positions when they are hard enough; nullopt when it offers none.
std::optional<RushState> start_on(const RushGrader& grader, const RushGrade& g, int moves,
                                  std::mt19937_64& rng) {
    if (!g.solvable) return std::nullopt;
    if (moves >= 0) return random_state_at_distance(grader, moves, rng);
    if (g.hardest_moves < kMinHardest) return std::nullopt;
    const auto hardest = grader.hardest();
    const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, hardest.size() - 1)(rng);
    return grader.cluster().state(hardest[pick]);
}

// The first of `attempts` random boards that offers a start, or nullopt.
std::optional<RushPuzzle> from_random_boards(RushGrader& grader, int moves, int attempts,
                                             std::mt19937_64& rng) {
    for (int attempt = 0; attempt < attempts; ++attempt) {
        const int pieces = std::uniform_int_distribution<int>(9, 13)(rng);
        const RushPuzzle p = parse_rush(random_rush_text(rng, 6, pieces, 0));
        const RushGrade g = grader.grade(p.board, p.start);
        if (const std::optional<RushState> s = start_on(grader, g, moves, rng))
            return RushPuzzle{p.board, *s};
    }
    return std::nullopt;
}

// A position `moves` from solved on one of the known boards that reach that far (0 <= moves <=
// kRushFarthest, so there is at least one).
RushPuzzle from_known_boards(RushGrader& grader, int moves, std::mt19937_64& rng) {
    std::vector<KnownBoard> known;
    for (const KnownBoard& b : kKnownBoards)
        if (b.moves >= moves) known.push_back(b);
    const KnownBoard& b =
        known[std::uniform_int_distribution<std::size_t>(0, known.size() - 1)(rng)];
    const RushPuzzle p = parse_rush(b.board);
    grader.grade(p.board, p.start);
    if (const std::optional<RushState> s = random_state_at_distance(grader, moves, rng))
        return RushPuzzle{p.board, *s};
    throw InputError(std::string("the known board ") + b.board +
                     " has no position that far from solved");  // cannot happen (see above)
}

}  // namespace

std::optional<RushState> random_state_at_distance(const RushGrader& grader, int moves,
                                                  std::mt19937_64& rng) {
    std::vector<std::uint32_t> candidates;
    const auto to_goal = grader.moves_to_solve();
    for (std::uint32_t i = 0; i < to_goal.size(); ++i)
        if (to_goal[i] == moves) candidates.push_back(i);
    if (candidates.empty()) return std::nullopt;
    const std::size_t pick =
        std::uniform_int_distribution<std::size_t>(0, candidates.size() - 1)(rng);
    return grader.cluster().state(candidates[pick]);
}

RushPuzzle random_rush_puzzle(std::mt19937_64& rng, int moves) {
    if (moves > kRushFarthest)
        throw InputError("expected 0 to " + std::to_string(kRushFarthest) +
                         " (no 6x6 Rush Hour puzzle is known to need more than " +
                         std::to_string(kRushFarthest) + " moves)");
    RushGrader grader;  // one for every grade: it keeps its buffers between boards
    const int attempts = moves < 0 ? kAttempts : moves <= kRandomReach ? kRandomAttempts : 0;
    if (std::optional<RushPuzzle> p = from_random_boards(grader, moves, attempts, rng)) return *p;
    if (moves < 0)
        throw InputError("none of " + std::to_string(kAttempts) + " random boards is at least " +
                         std::to_string(kMinHardest) + " moves from solved");
    return from_known_boards(grader, moves, rng);
}

}  // namespace frontier
