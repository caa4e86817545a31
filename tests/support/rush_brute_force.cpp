#include "tests/support/rush_brute_force.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace frontier::test {

namespace {

int side(const std::string& b) {
    int n = 1;
    while (n * n < static_cast<int>(b.size())) ++n;
    return n;
}

struct Piece {
    char letter;
    std::vector<int> cells;  // increasing
    int stride;              // 1 horizontal, n vertical
};

std::vector<Piece> pieces_of(const std::string& b) {
    const int n = side(b);
    std::vector<Piece> pieces;
    for (char letter = 'A'; letter <= 'Z'; ++letter) {
        Piece p{letter, {}, 1};
        for (int i = 0; i < n * n; ++i)
            if (b[i] == letter) p.cells.push_back(i);
        if (p.cells.empty()) continue;
        p.stride = p.cells[1] - p.cells[0];
        pieces.push_back(p);
    }
    return pieces;
}

// The cell `k` steps from `cell` along the piece's line, or -1 off the board.
int along(int n, int cell, int stride, int k) {
    if (stride == 1) {
        const int c = cell % n + k;
        return c < 0 || c >= n ? -1 : cell + k;
    }
    const int r = cell / n + k;
    return r < 0 || r >= n ? -1 : cell + k * n;
}

bool solved(const std::string& b) {
    const int n = side(b);
    return b[((n - 1) / 2) * n + n - 1] == 'A';
}

bool can_slide_back(const std::string& b) {
    const int n = side(b);
    for (const Piece& p : pieces_of(b)) {
        const int before = along(n, p.cells.front(), p.stride, -1);
        if (before >= 0 && b[before] == 'o') return true;
    }
    return false;
}

// Horizontal pieces and walls, then vertical pieces, as cell masks (bit = cell index).
std::pair<std::uint64_t, std::uint64_t> masks(const std::string& b) {
    std::uint64_t h = 0, v = 0;
    for (int i = 0; i < static_cast<int>(b.size()); ++i)
        if (b[i] == 'x') h |= std::uint64_t{1} << i;
    for (const Piece& p : pieces_of(b))
        for (int c : p.cells) (p.stride == 1 ? h : v) |= std::uint64_t{1} << c;
    return {h, v};
}

// Every legal board, cell by cell in reading order ('?' = not decided yet).
void fill(std::string& b, int cell, int walls, int max_walls, char next, bool have_a,
          std::vector<bool>& vertical, const std::function<void(const std::string&)>& emit) {
    const int n = side(b), exit = (n - 1) / 2;
    if (cell == n * n) {
        if (!have_a) return;
        for (int r = 0; r < n; ++r) {
            int full = 0;
            for (int c = 0; c < n; ++c) {
                const char x = b[r * n + c];
                full += x == 'x' || (x >= 'A' && x <= 'Z' && !vertical[x - 'A']);
            }
            if (full == n) return;
        }
        for (int c = 0; c < n; ++c) {
            int full = 0;
            for (int r = 0; r < n; ++r) {
                const char x = b[r * n + c];
                full += x >= 'A' && x <= 'Z' && vertical[x - 'A'];
            }
            if (full == n) return;
        }
        emit(b);
        return;
    }
    if (b[cell] != '?') return fill(b, cell + 1, walls, max_walls, next, have_a, vertical, emit);
    const int row = cell / n, col = cell % n;
    b[cell] = 'o';
    fill(b, cell + 1, walls, max_walls, next, have_a, vertical, emit);
    if (walls < max_walls && row != exit) {
        b[cell] = 'x';
        fill(b, cell + 1, walls + 1, max_walls, next, have_a, vertical, emit);
    }
    b[cell] = '?';  // free again for the pieces below
    for (int length = 2; length <= 3; ++length) {
        // Horizontal: in the exit row only A (2 cells, once).
        const bool is_a = row == exit;
        if (col + length <= n && (!is_a || (!have_a && length == 2))) {
            bool free = true;
            for (int k = 0; k < length; ++k) free = free && b[cell + k] == '?';
            if (free) {
                const char letter = is_a ? 'A' : next;
                for (int k = 0; k < length; ++k) b[cell + k] = letter;
                vertical[letter - 'A'] = false;
                fill(b, cell + length, walls, max_walls, is_a ? next : char(next + 1),
                     have_a || is_a, vertical, emit);
                for (int k = 0; k < length; ++k) b[cell + k] = '?';
            }
        }
        if (row + length <= n) {
            bool free = true;
            for (int k = 0; k < length; ++k) free = free && b[cell + k * n] == '?';
            if (free) {
                for (int k = 0; k < length; ++k) b[cell + k * n] = next;
                vertical[next - 'A'] = true;
                fill(b, cell + 1, walls, max_walls, char(next + 1), have_a, vertical, emit);
                for (int k = 0; k < length; ++k) b[cell + k * n] = '?';
            }
        }
    }
}

}  // namespace

std::vector<std::string> brute_moves(const std::string& b) {
    const int n = side(b);
    std::vector<std::string> out;
    for (const Piece& p : pieces_of(b))
        for (const int dir : {-1, 1}) {
            std::string s = b;
            for (int k = 1;; ++k) {
                const int lead = dir < 0 ? along(n, p.cells.front(), p.stride, -k)
                                         : along(n, p.cells.back(), p.stride, k);
                if (lead < 0 || b[lead] != 'o') break;
                const int tail = dir < 0 ? along(n, p.cells.back(), p.stride, -(k - 1))
                                         : along(n, p.cells.front(), p.stride, k - 1);
                s[lead] = p.letter;
                s[tail] = 'o';
                // Letters in reading order again: one string per board.
                out.push_back(reletter_rush(s));
            }
        }
    return out;
}

int brute_optimal_moves(const std::string& board) {
    std::unordered_map<std::string, int> dist{{board, 0}};
    std::deque<std::string> queue{board};
    while (!queue.empty()) {
        const std::string b = queue.front();
        queue.pop_front();
        if (solved(b)) return dist[b];
        for (const std::string& c : brute_moves(b))
            if (dist.emplace(c, dist[b] + 1).second) queue.push_back(c);
    }
    return -1;
}

BruteUniverse brute_force_universe(int size, int max_walls, bool keep_candidates) {
    BruteUniverse u;
    std::vector<std::string> boards;
    std::string b(size * size, '?');
    std::vector<bool> vertical(26, false);
    fill(b, 0, 0, max_walls, 'B', false, vertical,
         [&](const std::string& board) { boards.push_back(board); });
    u.boards = boards.size();
    for (const std::string& board : boards)
        if (!can_slide_back(board)) {
            ++u.candidates;
            if (keep_candidates) u.candidate_boards.push_back(reletter_rush(board));
        }
    std::sort(u.candidate_boards.begin(), u.candidate_boards.end());

    std::unordered_set<std::string> seen;
    for (const std::string& start : boards) {
        if (!seen.insert(start).second) continue;
        ++u.clusters;
        std::vector<std::string> cluster{start};
        for (std::size_t i = 0; i < cluster.size(); ++i)
            for (std::string& c : brute_moves(cluster[i]))
                if (seen.insert(c).second) cluster.push_back(std::move(c));
        // Moves to the nearest solved state, by BFS from all of them.
        std::unordered_map<std::string, int> dist;
        std::deque<std::string> queue;
        for (const std::string& s : cluster)
            if (solved(s)) {
                dist[s] = 0;
                queue.push_back(s);
            }
        if (queue.empty()) continue;
        int most = 0;
        while (!queue.empty()) {
            const std::string s = queue.front();
            queue.pop_front();
            const int d = dist[s];
            most = std::max(most, d);
            for (const std::string& c : brute_moves(s))
                if (dist.emplace(c, d + 1).second) queue.push_back(c);
        }
        if (most == 0) continue;
        std::string hardest;
        for (const std::string& s : cluster)
            if (dist[s] == most && (hardest.empty() || masks(s) < masks(hardest))) hardest = s;
        bool minimal = true;
        for (const Piece& p : pieces_of(hardest)) {
            if (p.letter == 'A') continue;
            std::string less = hardest;
            for (int c : p.cells) less[c] = 'o';
            minimal = minimal && brute_optimal_moves(less) < most;
        }
        for (std::size_t i = 0; i < hardest.size() && minimal; ++i) {
            if (hardest[i] != 'x') continue;
            std::string less = hardest;
            less[i] = 'o';
            minimal = brute_optimal_moves(less) < most;
        }
        if (minimal)
            u.entries.push_back(RushDbEntry{most, reletter_rush(hardest),
                                            static_cast<std::uint32_t>(cluster.size())});
    }
    std::sort(u.entries.begin(), u.entries.end(), rush_db_before);
    return u;
}

}  // namespace frontier::test
