#include <frontier/domains/rush/rush_generate.hpp>

#include <array>
#include <cmath>

namespace frontier {

namespace {

int side_of(std::string_view board) {
    int n = 1;
    while (n * n < static_cast<int>(board.size())) ++n;
    return n;
}

bool is_letter(char c) {
    return c >= 'A' && c <= 'Z';
}

// The cells of each letter, row-major.
std::array<std::vector<int>, 26> cells_by_letter(std::string_view board) {
    std::array<std::vector<int>, 26> cells;
    for (int i = 0; i < static_cast<int>(board.size()); ++i)
        if (is_letter(board[i])) cells[board[i] - 'A'].push_back(i);
    return cells;
}

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

}  // namespace

std::vector<std::string> rush_neighbours(std::string_view board, int max_pieces, int max_walls) {
    const int n = side_of(board), exit = (n - 1) / 2;
    const auto cells = cells_by_letter(board);
    std::vector<int> walls;
    for (int i = 0; i < n * n; ++i)
        if (board[i] == 'x') walls.push_back(i);
    int pieces = 0;
    char unused = 0;
    for (int l = 1; l < 26; ++l) {
        if (!cells[l].empty()) ++pieces;
        if (cells[l].empty() && unused == 0) unused = static_cast<char>('A' + l);
    }
    std::vector<std::string> out;
    const std::string base(board);
    // Removals.
    for (int l = 1; l < 26; ++l) {
        if (cells[l].empty()) continue;
        std::string b = base;
        for (int c : cells[l]) b[c] = 'o';
        out.push_back(std::move(b));
    }
    for (int w : walls) {
        std::string b = base;
        b[w] = 'o';
        out.push_back(std::move(b));
    }
    // Shifts by one cell: up, down, left, right.
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    auto shifted = [&](int cell, int d) {
        const int r = cell / n + dr[d], c = cell % n + dc[d];
        return r < 0 || r >= n || c < 0 || c >= n ? -1 : r * n + c;
    };
    for (int l = 1; l < 26; ++l) {
        const auto& at = cells[l];
        if (at.empty()) continue;
        const bool horizontal = at[0] / n == at.back() / n;
        for (int d = 0; d < 4; ++d) {
            bool fits = true;
            for (int c : at) {
                const int to = shifted(c, d);
                fits = fits && to >= 0 && (board[to] == 'o' || board[to] == board[c]);
            }
            if (!fits || (horizontal && at[0] / n + dr[d] == exit)) continue;
            std::string b = base;
            for (int c : at) b[c] = 'o';
            for (int c : at) b[shifted(c, d)] = static_cast<char>('A' + l);
            out.push_back(std::move(b));
        }
    }
    for (int w : walls)
        for (int d = 0; d < 4; ++d) {
            const int to = shifted(w, d);
            if (to < 0 || board[to] != 'o' || to / n == exit) continue;
            std::string b = base;
            b[w] = 'o';
            b[to] = 'x';
            out.push_back(std::move(b));
        }
    // Additions.
    if (pieces < max_pieces && unused != 0)
        for (int vertical = 0; vertical < 2; ++vertical)
            for (int length = 2; length <= 3; ++length)
                for (int line = 0; line < n; ++line) {
                    if (!vertical && line == exit) continue;
                    for (int start = 0; start + length <= n; ++start) {
                        auto cell = [&](int k) {
                            return vertical ? (start + k) * n + line : line * n + start + k;
                        };
                        bool free = true;
                        for (int k = 0; k < length; ++k) free = free && board[cell(k)] == 'o';
                        if (!free) continue;
                        std::string b = base;
                        for (int k = 0; k < length; ++k) b[cell(k)] = unused;
                        out.push_back(std::move(b));
                    }
                }
    if (static_cast<int>(walls.size()) < max_walls)
        for (int i = 0; i < n * n; ++i) {
            if (board[i] != 'o' || i / n == exit) continue;
            std::string b = base;
            b[i] = 'x';
            out.push_back(std::move(b));
        }
    return out;
}

std::string random_rush_start(std::mt19937_64& rng, int size, int max_pieces, int max_walls) {
    std::string b = random_rush_text(rng, size, max_pieces, max_walls);
    const int exit = (size - 1) / 2;
    const auto cells = cells_by_letter(b);
    for (int c = exit * size; c < (exit + 1) * size; ++c) {
        if (b[c] == 'x') b[c] = 'o';
        if (!is_letter(b[c]) || b[c] == 'A') continue;
        const auto& at = cells[b[c] - 'A'];
        if (at[0] / size == at.back() / size)  // horizontal, in the exit row
            for (int k : at) b[k] = 'o';
    }
    return b;
}

std::mt19937_64 rush_climb_rng(std::uint64_t seed, std::uint64_t index) {
    return std::mt19937_64(splitmix64(splitmix64(seed) + index));
}

RushClimber::RushClimber(const RushClimbOptions& options) : options_(options) {}

RushScore RushClimber::score(std::string_view board, std::string* hardest,
                             std::uint32_t* cluster_size) {
    const RushPuzzle p = parse_rush(board);
    const RushGrade g = grader_.grade(p.board, p.start);
    ++evaluations_;
    if (cluster_size) *cluster_size = g.cluster_size;
    if (!g.solvable) {
        if (hardest) *hardest = std::string(board);
        return RushScore{};
    }
    const std::uint32_t h = grader_.hardest_start(p.board, true);
    if (hardest) *hardest = format_rush(p.board, grader_.cluster().state(h));
    return RushScore{g.hardest_moves, grader_.steps_to_solve()[h]};
}

RushClimbResult RushClimber::climb(std::uint64_t seed, std::uint64_t index) {
    const RushClimbOptions& o = options_;
    std::mt19937_64 rng = rush_climb_rng(seed, index);
    evaluations_ = 0;
    std::string current, text;
    std::uint32_t cluster = 0, size = 0;
    RushScore now =
        score(random_rush_start(rng, o.size, o.max_pieces, o.max_walls), &current, &cluster);
    if (o.anneal) {
        std::string best = current;
        RushScore best_score = now;
        std::uint32_t best_cluster = cluster;
        for (int k = 0; k < o.anneal_steps; ++k) {
            const double t =
                o.t_start * std::pow(o.t_end / o.t_start, k / std::max(1.0, o.anneal_steps - 1.0));
            const auto next = rush_neighbours(current, o.max_pieces, o.max_walls);
            if (next.empty()) break;
            const auto pick = std::uniform_int_distribution<std::size_t>(0, next.size() - 1)(rng);
            const RushScore s = score(next[pick], &text, &size);
            const double delta = (s.moves - now.moves) + 0.01 * (s.steps - now.steps);
            if (delta >= 0 ||
                std::uniform_real_distribution<double>(0, 1)(rng) < std::exp(delta / t)) {
                current.swap(text);
                now = s;
                cluster = size;
                if (best_score < now) {
                    best = current;
                    best_score = now;
                    best_cluster = cluster;
                }
            }
        }
        current = best;
        now = best_score;
        cluster = best_cluster;
    }
    for (int step = 0; step < o.max_steps; ++step) {
        std::string best;
        RushScore best_score = now;
        std::uint32_t best_cluster = 0;
        for (const std::string& b : rush_neighbours(current, o.max_pieces, o.max_walls)) {
            const RushScore s = score(b, &text, &size);
            if (best_score < s) {
                best.swap(text);
                best_score = s;
                best_cluster = size;
            }
        }
        if (best.empty()) break;
        current.swap(best);
        now = best_score;
        cluster = best_cluster;
    }
    RushClimbResult r;
    r.puzzle = RushDbEntry{now.moves, reletter_rush(current), cluster};
    r.score = now;
    r.evaluations = evaluations_;
    return r;
}

}  // namespace frontier
