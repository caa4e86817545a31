#include "tests/support/rush_brute_force.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace frontier::test {

namespace {

int side_of(const std::string& b) {
    int n = 1;
    while (n * n < static_cast<int>(b.size())) ++n;
    return n;
}

bool horizontal_cell(char c) {
    return c == '[' || c == ']' || c == '<' || c == '-' || c == '>';
}
bool vertical_cell(char c) {
    return c == '^' || c == '|' || c == 'v';
}

// A piece: its first cell (leftmost or topmost), its length and its stride (1 or n).
struct Slider {
    int first, length, stride;
};

std::vector<Slider> sliders(const std::string& b, int n) {
    std::vector<Slider> out;
    for (int i = 0; i < n * n; ++i) {
        const char c = b[i];
        if (c != '[' && c != '<' && c != '^') continue;
        const int stride = c == '^' ? n : 1;
        const char last = c == '[' ? ']' : c == '<' ? '>' : 'v';
        int length = 1;
        while (b[i + (length - 1) * stride] != last) ++length;
        out.push_back(Slider{i, length, stride});
    }
    return out;
}

// The piece's position along its line (column if horizontal, row if vertical).
int position(const Slider& p, int n) {
    return p.stride == 1 ? p.first % n : p.first / n;
}

bool solved(const std::string& b, int n) {
    return b[((n - 1) / 2) * n + n - 1] == ']';
}

// Every board one move (a slide of one or more cells) away.
void slides(const std::string& b, int n, std::vector<std::string>& out) {
    out.clear();
    for (const Slider& p : sliders(b, n)) {
        const int pos = position(p, n);
        auto moved = [&](int d) {
            std::string s = b;
            for (int j = 0; j < p.length; ++j) s[p.first + j * p.stride] = 'o';
            for (int j = 0; j < p.length; ++j)
                s[p.first + (j + d) * p.stride] = b[p.first + j * p.stride];
            out.push_back(std::move(s));
        };
        for (int k = 1; pos - k >= 0 && b[p.first - k * p.stride] == 'o'; ++k) moved(-k);
        const int last = p.first + (p.length - 1) * p.stride;
        for (int k = 1; pos + p.length - 1 + k < n && b[last + k * p.stride] == 'o'; ++k) moved(k);
    }
}

// With skip_a, the primary car is not asked.
bool can_slide_back(const std::string& b, int n, bool skip_a = false) {
    for (const Slider& p : sliders(b, n))
        if (!(skip_a && b[p.first] == '[') && position(p, n) > 0 && b[p.first - p.stride] == 'o')
            return true;
    return false;
}

// Letters: A for the primary car, B, C, ... in reading order of first cells, walls x.
std::string lettered(const std::string& b) {
    std::string out(b.size(), 'o');
    const int n = side_of(b);
    char next = 'B';
    for (const Slider& p : sliders(b, n)) {
        const char letter = b[p.first] == '[' ? 'A' : next++;
        for (int j = 0; j < p.length; ++j) out[p.first + j * p.stride] = letter;
    }
    for (std::size_t i = 0; i < b.size(); ++i)
        if (b[i] == 'x') out[i] = 'x';
    return out;
}

// The shape string of a lettered board.
std::string shaped(const std::string& board) {
    const int n = side_of(board);
    std::string b(board.size(), 'o');
    for (int i = 0; i < n * n; ++i) {
        const char c = board[i];
        if (c == 'x') b[i] = 'x';
        if (c < 'A' || c > 'Z' || b[i] != 'o') continue;
        const bool across = i % n + 1 < n && board[i + 1] == c;
        const int stride = across ? 1 : n;
        int length = 1;
        while (i + length * stride < n * n && (!across || (i + length) % n != 0) &&
               board[i + length * stride] == c)
            ++length;
        for (int j = 0; j < length; ++j)
            b[i + j * stride] = c == 'A' ? (j == 0 ? '[' : ']')
                                : across ? (j == 0            ? '<'
                                            : j + 1 == length ? '>'
                                                              : '-')
                                         : (j == 0            ? '^'
                                            : j + 1 == length ? 'v'
                                                              : '|');
    }
    return b;
}

// The public database's order of boards: cells of horizontal pieces and walls, then cells of
// vertical pieces, each a number with bit r * n + c.
std::pair<std::uint64_t, std::uint64_t> layout_key(const std::string& b) {
    std::uint64_t h = 0, v = 0;
    for (std::size_t i = 0; i < b.size(); ++i) {
        if (horizontal_cell(b[i]) || b[i] == 'x') h |= std::uint64_t{1} << i;
        if (vertical_cell(b[i])) v |= std::uint64_t{1} << i;
    }
    return {h, v};
}

// Every board of the universe, cell by cell in reading order ('?' = not decided yet), as allowed
// by the sample's limits.
template <class Emit>
struct Filler {
    int n, exit, max_walls;
    int max_empty;  // cells left empty at most (the sample's least piece count)
    int wall_cell;  // a cell that must hold a wall, or -1
    Emit& emit;
    std::string b = std::string(static_cast<std::size_t>(n * n), '?');

    void fill(int cell, int walls, int empty, bool have_a) {
        if (empty > max_empty) return;
        if (wall_cell >= 0 && wall_cell < cell && b[wall_cell] != 'x') return;
        if (cell == n * n) return finish(have_a);
        if (b[cell] != '?') return fill(cell + 1, walls, empty, have_a);
        const int row = cell / n, col = cell % n;
        b[cell] = 'o';
        fill(cell + 1, walls, empty + 1, have_a);
        // A wall anywhere, but in the exit row only left of A (A not placed yet in reading order).
        if (walls < max_walls && (row != exit || !have_a)) {
            b[cell] = 'x';
            fill(cell + 1, walls + 1, empty, have_a);
        }
        b[cell] = '?';
        if (row == exit && !have_a && col + 2 <= n && b[cell + 1] == '?') {
            b[cell] = '[';
            b[cell + 1] = ']';
            fill(cell + 2, walls, empty, true);
            b[cell] = b[cell + 1] = '?';
        }
        for (int length = 2; length <= 3; ++length) {
            if (row != exit && col + length <= n) {  // no horizontal piece but A in the exit row
                bool free = true;
                for (int k = 0; k < length; ++k) free = free && b[cell + k] == '?';
                if (free) {
                    for (int k = 0; k < length; ++k)
                        b[cell + k] = k == 0 ? '<' : k + 1 == length ? '>' : '-';
                    fill(cell + length, walls, empty, have_a);
                    for (int k = 0; k < length; ++k) b[cell + k] = '?';
                }
            }
            if (row + length <= n) {
                bool free = true;
                for (int k = 0; k < length; ++k) free = free && b[cell + k * n] == '?';
                if (free) {
                    for (int k = 0; k < length; ++k)
                        b[cell + k * n] = k == 0 ? '^' : k + 1 == length ? 'v' : '|';
                    fill(cell + 1, walls, empty, have_a);
                    for (int k = 0; k < length; ++k) b[cell + k * n] = '?';
                }
            }
        }
    }

    void finish(bool have_a) {
        if (!have_a || (wall_cell >= 0 && b[wall_cell] != 'x')) return;
        for (int r = 0; r < n; ++r) {
            int full = 0;
            for (int c = 0; c < n; ++c)
                full += horizontal_cell(b[r * n + c]) || b[r * n + c] == 'x';
            if (full == n) return;
        }
        for (int c = 0; c < n; ++c) {
            int full = 0;
            for (int r = 0; r < n; ++r) full += vertical_cell(b[r * n + c]);
            if (full == n) return;
        }
        emit(b);
    }
};

// Optimal moves of a shape board by BFS; -1 when unsolvable.
int optimal_moves(const std::string& board) {
    const int n = side_of(board);
    std::unordered_map<std::string, int> dist{{board, 0}};
    std::deque<std::string> queue{board};
    std::vector<std::string> next;
    while (!queue.empty()) {
        const std::string b = std::move(queue.front());
        queue.pop_front();
        const int d = dist[b];
        if (solved(b, n)) return d;
        slides(b, n, next);
        for (std::string& c : next)
            if (dist.emplace(c, d + 1).second) queue.push_back(std::move(c));
    }
    return -1;
}

// Judges the cluster of `cluster` (every board of it, any order): its database line when kept,
// moves -1 otherwise.
RushDbEntry judge(const std::vector<std::string>& cluster, bool* solvable) {
    const int n = side_of(cluster.front());
    std::unordered_map<std::string, int> dist;
    std::deque<std::string> queue;
    for (const std::string& s : cluster)
        if (solved(s, n)) {
            dist.emplace(s, 0);
            queue.push_back(s);
        }
    *solvable = !queue.empty();
    RushDbEntry none{-1, "", 0};
    if (queue.empty()) return none;
    int most = 0;
    std::vector<std::string> next;
    while (!queue.empty()) {
        const std::string s = std::move(queue.front());
        queue.pop_front();
        const int d = dist[s];
        most = std::max(most, d);
        slides(s, n, next);
        for (std::string& c : next)
            if (dist.emplace(c, d + 1).second) queue.push_back(std::move(c));
    }
    if (most == 0) return none;  // trivial
    const std::string* hardest = nullptr;
    for (const std::string& s : cluster)
        if (dist.at(s) == most && (!hardest || layout_key(s) < layout_key(*hardest))) hardest = &s;
    // Minimal: removing any piece but A, or any wall, lowers the optimal moves.
    for (const Slider& p : sliders(*hardest, n)) {
        if ((*hardest)[p.first] == '[') continue;
        std::string less = *hardest;
        for (int j = 0; j < p.length; ++j) less[p.first + j * p.stride] = 'o';
        if (optimal_moves(less) >= most) return none;
    }
    for (int i = 0; i < n * n; ++i) {
        if ((*hardest)[i] != 'x') continue;
        std::string less = *hardest;
        less[i] = 'o';
        if (optimal_moves(less) >= most) return none;
    }
    return RushDbEntry{most, lettered(*hardest), static_cast<std::uint32_t>(cluster.size())};
}

// Every board reachable from `start`, marking them in `seen`.
template <class Seen>
std::vector<std::string> cluster_of(const std::string& start, Seen& seen) {
    const int n = side_of(start);
    std::vector<std::string> cluster{start}, next;
    seen.insert(start);
    for (std::size_t i = 0; i < cluster.size(); ++i) {
        slides(cluster[i], n, next);
        for (std::string& c : next)
            if (seen.insert(c).second) cluster.push_back(std::move(c));
    }
    return cluster;
}

}  // namespace

int brute_optimal_moves(const std::string& board) {
    return optimal_moves(shaped(board));
}

RushDbEntry brute_judge_cluster(const std::string& board) {
    std::unordered_set<std::string> seen;
    bool solvable = false;
    return judge(cluster_of(shaped(board), seen), &solvable);
}

BruteUniverse brute_force_universe(int size, int max_walls, const BruteOptions& options) {
    BruteUniverse u;
    std::vector<std::string> boards;
    auto emit = [&](const std::string& board) {
        if (options.min_pieces > 0) {
            int pieces = 0;
            for (char c : board) pieces += c == '[' || c == '<' || c == '^';
            if (pieces < options.min_pieces) return;
        }
        ++u.boards;
        if (!can_slide_back(board, size)) {
            ++u.candidates;
            if (options.keep_candidates) u.candidate_boards.push_back(lettered(board));
        }
        if (solved(board, size) && !can_slide_back(board, size, true)) {
            ++u.goal_candidates;
            if (options.keep_candidates) u.goal_candidate_boards.push_back(lettered(board));
        }
        if (!options.count_only) boards.push_back(board);
    };
    // Every piece (A included) covers at least 2 cells, every wall one.
    const int max_empty =
        size * size - 2 * std::max(options.min_pieces, 1) - (options.wall_cell >= 0 ? 1 : 0);
    Filler<decltype(emit)> filler{size,      (size - 1) / 2,    max_walls,
                                  max_empty, options.wall_cell, emit};
    filler.fill(0, 0, 0, false);
    std::sort(u.candidate_boards.begin(), u.candidate_boards.end());
    std::sort(u.goal_candidate_boards.begin(), u.goal_candidate_boards.end());
    if (options.count_only) return u;

    std::unordered_set<std::string> seen;
    for (const std::string& start : boards) {
        if (seen.count(start)) continue;
        ++u.clusters;
        bool solvable = false;
        const std::vector<std::string> cluster = cluster_of(start, seen);
        const RushDbEntry e = judge(cluster, &solvable);
        u.solvable += solvable;
        if (solvable) u.solvable_boards += cluster.size();
        if (e.moves >= 0) u.entries.push_back(e);
    }
    std::sort(u.entries.begin(), u.entries.end(), rush_db_before);
    return u;
}

}  // namespace frontier::test
