#include <frontier/domains/qubic/qubic.hpp>

#include <algorithm>
#include <bit>
#include <random>

#include <absl/container/flat_hash_map.h>

namespace frontier {

namespace {

struct LineTables {
    std::array<std::uint64_t, 76> lines{};
    std::array<std::array<std::uint8_t, 7>, 64> through{};  // line indices through each cell
    std::array<std::uint8_t, 64> through_count{};

    LineTables() {
        int n = 0;
        // The 13 directions up to sign (first non-zero component positive); a line of 4 spans
        // the whole board, so each direction has exactly one start per line.
        for (int dp = -1; dp <= 1; ++dp)
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int first = dp != 0 ? dp : dr != 0 ? dr : dc;
                    if (first <= 0) continue;
                    for (int start = 0; start < 64; ++start) {
                        std::uint64_t mask = 0;
                        int p = start / 16, r = start / 4 % 4, c = start % 4;
                        bool inside = true;
                        for (int k = 0; k < 4 && inside; ++k, p += dp, r += dr, c += dc) {
                            inside = p >= 0 && p < 4 && r >= 0 && r < 4 && c >= 0 && c < 4;
                            if (inside) mask |= 1ull << (16 * p + 4 * r + c);
                        }
                        if (inside) lines[n++] = mask;
                    }
                }
        for (int i = 0; i < 76; ++i)
            for (std::uint64_t m = lines[i]; m != 0; m &= m - 1) {
                const int c = std::countr_zero(m);
                through[c][through_count[c]++] = static_cast<std::uint8_t>(i);
            }
    }
};

const LineTables& tables() {
    static const LineTables t;
    return t;
}

struct Key {
    std::uint64_t attacker, defender;
    friend bool operator==(const Key&, const Key&) = default;
    template <class H>
    friend H AbslHashValue(H h, const Key& k) {
        return H::combine(std::move(h), k.attacker, k.defender);
    }
};

// Empty cells of lines holding two attacker stones and no defender stone: the threat moves.
std::uint64_t threat_moves(std::uint64_t mine, std::uint64_t theirs) {
    std::uint64_t cells = 0;
    for (const std::uint64_t line : tables().lines)
        if ((line & theirs) == 0 && std::popcount(line & mine) == 2) cells |= line & ~mine;
    return cells;
}

// Line-weight score of a move: open lines through it, weighted by the stones already on them
// (own lines count more than lines it blocks).
int move_score(int cell, std::uint64_t mine, std::uint64_t theirs) {
    static constexpr int kOwn[4] = {1, 4, 16, 64}, kBlock[4] = {0, 1, 3, 8};
    const LineTables& t = tables();
    int score = 0;
    for (int i = 0; i < t.through_count[cell]; ++i) {
        const std::uint64_t line = t.lines[t.through[cell][i]];
        if ((line & theirs) == 0) score += kOwn[std::popcount(line & mine)];
        if ((line & mine) == 0) score += kBlock[std::popcount(line & theirs)];
    }
    return score;
}

class ThreatSearch {
  public:
    static constexpr std::size_t kMaxRemembered = std::size_t{1} << 22;  // about 100 MB

    explicit ThreatSearch(const QubicOptions& o) : options_(o) {}

    // True if the attacker wins within `depth` attacker moves; the line is then in `line_`.
    // Sets cut() when some forcing move was left unexplored for lack of depth.
    bool win(std::uint64_t mine, std::uint64_t theirs, int depth) {
        ++nodes;
        const std::uint64_t wins = qubic_winning_cells(mine, theirs);
        if (wins != 0) {
            line_.push_back({std::countr_zero(wins), 0, -1});
            return true;
        }
        if (out_of_nodes()) return false;
        if (depth < 2) {  // no room for a threat and a win (counted as cut without looking)
            cut_ = true;
            return false;
        }
        const std::uint64_t blocks = qubic_winning_cells(theirs, mine);
        if (std::popcount(blocks) >= 2) return false;
        std::uint64_t moves = threat_moves(mine, theirs);
        if (blocks != 0) moves &= blocks;  // the defender's three must be blocked first
        if (moves == 0) return false;
        const Key key{mine, theirs};
        if (auto it = refuted_.find(key); it != refuted_.end()) {
            if (it->second == kAnyDepth) return false;
            if (it->second >= depth) {
                cut_ = true;
                return false;
            }
        }

        // A double threat wins at once: try those first (they also give the shortest line).
        std::uint64_t single_threats[64];
        int order[64], count = 0;
        for (std::uint64_t m = moves; m != 0; m &= m - 1) {
            const int cell = std::countr_zero(m);
            const std::uint64_t after = mine | (1ull << cell);
            const std::uint64_t threats = qubic_winning_cells(after, theirs);
            if (std::popcount(threats) >= 2) {
                const int reply = std::countr_zero(threats);
                line_.push_back({cell, threats, reply});
                line_.push_back({std::countr_zero(threats & (threats - 1)), 0, -1});
                return true;
            }
            single_threats[cell] = threats;
            order[count++] = cell;
        }
        const bool cut_before = cut_;
        cut_ = false;
        if (depth >= 3) {
            int score[64];
            for (int i = 0; i < count; ++i) score[order[i]] = move_score(order[i], mine, theirs);
            std::stable_sort(order, order + count,
                             [&](int a, int b) { return score[a] > score[b]; });
            for (int i = 0; i < count; ++i) {
                const int cell = order[i];
                const std::uint64_t threats = single_threats[cell];
                const int reply = std::countr_zero(threats);
                line_.push_back({cell, threats, reply});
                if (win(mine | (1ull << cell), theirs | (1ull << reply), depth - 1)) return true;
                line_.pop_back();
                if (stopped_) return false;
            }
        } else {
            cut_ = true;  // single threats left unplayed
        }
        const bool cut_below = cut_;
        cut_ = cut_before || cut_below;
        if (refuted_.size() >= kMaxRemembered) refuted_.clear();  // bounds the memory
        refuted_[key] = cut_below ? static_cast<std::int8_t>(depth) : kAnyDepth;
        return false;
    }

    bool stopped() const { return stopped_; }
    bool cut() const { return cut_; }
    void clear_cut() { cut_ = false; }
    const std::vector<QubicStep>& line() const { return line_; }
    std::uint64_t nodes = 0;

  private:
    bool out_of_nodes() {
        if (options_.max_nodes != 0 && nodes >= options_.max_nodes) stopped_ = true;
        return stopped_;
    }

    const QubicOptions& options_;
    std::vector<QubicStep> line_;
    // Refuted positions: the depth they were refuted at, or kAnyDepth when the refutation
    // searched every forcing line (no depth cut below it).
    static constexpr std::int8_t kAnyDepth = 127;
    absl::flat_hash_map<Key, std::int8_t> refuted_;
    bool stopped_ = false, cut_ = false;
};

}  // namespace

const std::array<std::uint64_t, 76>& qubic_lines() {
    return tables().lines;
}

std::uint64_t qubic_winning_cells(std::uint64_t mine, std::uint64_t theirs) {
    std::uint64_t cells = 0;
    for (const std::uint64_t line : tables().lines)
        if ((line & theirs) == 0 && std::popcount(line & mine) == 3) cells |= line & ~mine;
    return cells;
}

std::uint64_t qubic_completed_line(std::uint64_t stones) {
    for (const std::uint64_t line : tables().lines)
        if ((line & stones) == line) return line;
    return 0;
}

std::vector<QubicPosition> random_qubic_positions(std::uint64_t seed, int trials) {
    std::mt19937_64 rng(seed);
    std::vector<QubicPosition> v;
    for (int trial = 0; trial < trials; ++trial) {
        std::uint64_t x = 0, o = 0;
        const int nx = 6 + trial % 8, no = nx - 1 + trial % 2;
        while (std::popcount(x) < nx) x |= 1ull << (rng() % 64);
        while (std::popcount(o) < no) o |= (1ull << (rng() % 64)) & ~x;
        if (qubic_completed_line(x) || qubic_completed_line(o)) continue;
        v.push_back({x, o, trial % 3 != 0});
    }
    return v;
}

QubicResult find_forced_win(const QubicPosition& p, const QubicOptions& options) {
    QubicResult r;
    const std::uint64_t mine = p.x_to_move ? p.x : p.o, theirs = p.x_to_move ? p.o : p.x;
    ThreatSearch search(options);
    for (int depth = 1; depth <= options.max_depth; ++depth) {
        search.clear_cut();
        if (search.win(mine, theirs, depth)) {
            r.found = true;
            r.steps = search.line();
            std::uint64_t stones = mine;
            for (const QubicStep& s : r.steps) stones |= 1ull << s.move;
            r.winning_line = qubic_completed_line(stones);
            break;
        }
        if (search.stopped()) {
            r.limit_reached = true;
            break;
        }
        r.depth_searched = depth;
        if (!search.cut()) {  // no forcing line was cut short: deeper searches find nothing
            r.exhausted = true;
            break;
        }
    }
    r.nodes = search.nodes;
    return r;
}

}  // namespace frontier
