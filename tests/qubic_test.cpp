// Qubic: the 76 lines, the classic example (X on 0 1 11 15 wins by 3, then 7), an immediate
// win, a forced block of the opponent's three before attacking, positions without a forced win,
// and a replay of every printed sequence that checks it is legal, forced and winning.
#include <bit>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include <frontier/domains/qubic/qubic.hpp>
#include <frontier/domains/qubic/qubic_io.hpp>
#include <frontier/engine/error.hpp>

namespace frontier {
namespace {

std::uint64_t cells(std::initializer_list<int> list) {
    std::uint64_t m = 0;
    for (int c : list) m |= 1ull << c;
    return m;
}

TEST(Qubic, SeventySixLinesOfFourCollinearCells) {
    const auto& lines = qubic_lines();
    std::set<std::uint64_t> distinct(lines.begin(), lines.end());
    EXPECT_EQ(distinct.size(), 76u);
    int through[64] = {};
    for (std::uint64_t line : lines) {
        ASSERT_EQ(std::popcount(line), 4);
        int c[4], k = 0;
        for (std::uint64_t m = line; m != 0; m &= m - 1) c[k++] = std::countr_zero(m);
        // Consecutive cells differ by the same step of -1, 0 or 1 in plane, row and column.
        auto coord = [](int cell, int axis) {
            return axis == 0 ? cell / 16 : axis == 1 ? cell / 4 % 4 : cell % 4;
        };
        for (int axis = 0; axis < 3; ++axis) {
            const int step = coord(c[1], axis) - coord(c[0], axis);
            EXPECT_LE(std::abs(step), 1);
            for (int i = 1; i < 4; ++i) EXPECT_EQ(coord(c[i], axis) - coord(c[i - 1], axis), step);
        }
        for (int i = 0; i < 4; ++i) ++through[c[i]];
    }
    // Corners and the 8 central cells lie on 7 lines, the other 48 cells on 4.
    int seven = 0, four = 0;
    for (int n : through) (n == 7 ? seven : n == 4 ? four : n) += 1;
    EXPECT_EQ(seven, 16);
    EXPECT_EQ(four, 48);
    EXPECT_EQ(through[0], 7);
    EXPECT_EQ(through[21], 7);  // (1, 1, 1)
    EXPECT_EQ(through[1], 4);
}

// Independent of the solver: cells completing a line of `mine`, by counting each line.
std::uint64_t wins_for(std::uint64_t mine, std::uint64_t theirs) {
    std::uint64_t w = 0;
    for (std::uint64_t line : qubic_lines()) {
        int own = 0, other = 0;
        std::uint64_t empty = 0;
        for (int c = 0; c < 64; ++c) {
            if (!((line >> c) & 1)) continue;
            if ((mine >> c) & 1)
                ++own;
            else if ((theirs >> c) & 1)
                ++other;
            else
                empty |= 1ull << c;
        }
        if (own == 3 && other == 0) w |= empty;
    }
    return w;
}

// Replays a result: every move on an empty cell, every defender reply forced (or any reply
// after a double threat), the defender never able to win at once, the last move completing a
// line. Returns "" or what went wrong.
std::string replay(const QubicPosition& p, const QubicResult& r) {
    std::uint64_t me = p.x_to_move ? p.x : p.o, you = p.x_to_move ? p.o : p.x;
    if (r.steps.empty()) return "no moves";
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
        const QubicStep& s = r.steps[i];
        const std::uint64_t bit = 1ull << s.move;
        if (s.move < 0 || s.move > 63 || ((me | you) & bit)) return "move on a taken cell";
        const bool last = i + 1 == r.steps.size();
        if (last) {
            if (s.reply != -1) return "the last step has a reply";
            if (qubic_completed_line(me | bit) == 0) return "the last move does not win";
            if (r.winning_line == 0 || (r.winning_line & ~(me | bit)) != 0)
                return "wrong winning line";
            return "";
        }
        if (wins_for(me, you) != 0) return "the attacker could have won at once";
        me |= bit;
        const std::uint64_t threats = wins_for(me, you);
        if (threats == 0) return "a move that threatens nothing";
        if (threats != s.threats) return "threats misreported";
        if (wins_for(you, me) != 0) return "the defender can win at once";
        if (s.reply < 0 || !((threats >> s.reply) & 1)) return "the reply does not block";
        you |= 1ull << s.reply;
        if (qubic_completed_line(you) != 0) return "the defender completed a line";
    }
    return "unreachable";
}

TEST(Qubic, ClassicExampleWinsByThreeThenSeven) {
    const QubicPosition p = make_qubic_position(cells({0, 1, 11, 15}), 0, true);
    const QubicResult r = find_forced_win(p);
    ASSERT_TRUE(r.found);
    ASSERT_EQ(r.steps.size(), 2u);
    EXPECT_EQ(r.steps[0].move, 3);
    EXPECT_EQ(r.steps[0].threats, cells({2, 7}));  // row 0 1 2 3 and column 3 7 11 15
    EXPECT_EQ(r.steps[0].reply, 2);
    EXPECT_EQ(r.steps[1].move, 7);
    EXPECT_EQ(r.winning_line, cells({3, 7, 11, 15}));
    EXPECT_EQ(replay(p, r), "");
}

TEST(Qubic, ImmediateWin) {
    const QubicPosition p =
        make_qubic_position(cells({0, 21, 42, 5}), cells({1, 2, 63 - 16}), true);
    const QubicResult r = find_forced_win(p);
    ASSERT_TRUE(r.found);
    ASSERT_EQ(r.steps.size(), 1u);
    EXPECT_EQ(r.steps[0].move, 63);  // the space diagonal 0 21 42 63
    EXPECT_EQ(r.winning_line, cells({0, 21, 42, 63}));
    EXPECT_EQ(replay(p, r), "");
    // For O to move in the same position, X's three must be blocked and O has no threat.
    const QubicResult o = find_forced_win(make_qubic_position(p.x, p.o, false));
    EXPECT_FALSE(o.found);
}

TEST(Qubic, OpponentsThreeIsBlockedBeforeAttacking) {
    // X would win at once with a double threat at 0 (row 0 1 2 3 and column 0 4 8 12), but O has
    // 48 49 50 and threatens 51. X must take 51, which threatens 63 (X holds 55 and 59), and
    // only then play 0.
    const std::uint64_t x = cells({1, 2, 4, 8, 55, 59});
    const QubicPosition quiet = make_qubic_position(x, cells({48, 49}), true);
    const QubicResult free = find_forced_win(quiet);
    ASSERT_TRUE(free.found);
    ASSERT_EQ(free.steps.size(), 2u);
    EXPECT_EQ(free.steps[0].move, 0);
    EXPECT_EQ(replay(quiet, free), "");

    const QubicPosition p = make_qubic_position(x, cells({48, 49, 50}), true);
    const QubicResult r = find_forced_win(p);
    ASSERT_TRUE(r.found);
    ASSERT_EQ(r.steps.size(), 3u);
    EXPECT_EQ(r.steps[0].move, 51);
    EXPECT_EQ(r.steps[0].threats, cells({63}));
    EXPECT_EQ(r.steps[0].reply, 63);
    EXPECT_EQ(r.steps[1].move, 0);
    EXPECT_EQ(replay(p, r), "");
}

TEST(Qubic, NoForcedWin) {
    // Two open threes of O cannot both be blocked, though X alone would win at once by 0.
    const QubicPosition two =
        make_qubic_position(cells({1, 2, 4, 8}), cells({48, 49, 50, 60, 61, 62}), true);
    EXPECT_FALSE(find_forced_win(two).found);
    // One threat, blocked, and nothing after it: every forcing line is searched long before
    // the depth bound.
    QubicOptions o;
    o.max_depth = 10;
    const QubicResult r = find_forced_win(make_qubic_position(cells({0, 21}), 0, true), o);
    EXPECT_FALSE(r.found);
    EXPECT_FALSE(r.limit_reached);
    EXPECT_TRUE(r.exhausted);
    EXPECT_EQ(r.depth_searched, 3);
    // The empty board has no forcing move at all.
    EXPECT_FALSE(find_forced_win(QubicPosition{}).found);
}

TEST(Qubic, NodeLimitIsReported) {
    QubicOptions o;
    o.max_nodes = 1;
    const QubicResult r = find_forced_win(
        make_qubic_position(cells({1, 2, 4, 8, 55, 59}), cells({48, 49, 50}), true), o);
    EXPECT_FALSE(r.found);
    EXPECT_TRUE(r.limit_reached);
}

// A plain threat-space search written from the rules, without ordering, transpositions or
// iterative deepening: can the side to move force a win with at most `depth` moves?
bool naive_forced_win(std::uint64_t mine, std::uint64_t theirs, int depth) {
    if (depth >= 1 && qubic_winning_cells(mine, theirs) != 0) return true;
    if (depth < 2) return false;
    const std::uint64_t blocks = qubic_winning_cells(theirs, mine);
    if (std::popcount(blocks) >= 2) return false;
    for (int c = 0; c < 64; ++c) {
        const std::uint64_t bit = 1ull << c;
        if (((mine | theirs) & bit) || (blocks != 0 && blocks != bit)) continue;
        const std::uint64_t threats = qubic_winning_cells(mine | bit, theirs);
        if (threats == 0) continue;
        if (std::popcount(threats) >= 2) return true;
        if (naive_forced_win(mine | bit, theirs | threats, depth - 1)) return true;
    }
    return false;
}

TEST(Qubic, AgreesWithAPlainThreatSearch) {
    std::mt19937_64 rng(99);
    int found = 0, exhausted = 0;
    for (int trial = 0; trial < 400; ++trial) {
        std::uint64_t x = 0, o = 0;
        const int n = 5 + trial % 6;
        while (std::popcount(x) < n) x |= 1ull << (rng() % 64);
        while (std::popcount(o) < n) o |= (1ull << (rng() % 64)) & ~x;
        if (qubic_completed_line(x) || qubic_completed_line(o)) continue;
        QubicOptions opt;
        opt.max_depth = 7;
        const QubicResult r = find_forced_win({x, o, true}, opt);
        const int length = r.found ? static_cast<int>(r.steps.size()) : 0;
        for (int depth = 1; depth <= 7; ++depth)
            EXPECT_EQ(naive_forced_win(x, o, depth), r.found && length <= depth)
                << format_qubic_cells(x) << " / " << format_qubic_cells(o) << " depth " << depth;
        found += r.found;
        if (r.exhausted) {
            ++exhausted;  // then no depth helps
            EXPECT_FALSE(naive_forced_win(x, o, 12)) << format_qubic_cells(x);
        }
    }
    EXPECT_GT(found, 100);
    EXPECT_GT(exhausted, 50);
}

TEST(Qubic, RandomPositionsReplayAndAreShortest) {
    int found = 0;
    for (const QubicPosition& p : random_qubic_positions(2024, 400)) {
        const QubicResult r = find_forced_win(p);
        ASSERT_FALSE(r.limit_reached);
        if (!r.found) continue;
        ++found;
        ASSERT_EQ(replay(p, r), "") << format_qubic_cells(p.x) << " / " << format_qubic_cells(p.o);
        // Iterative deepening: one move fewer finds nothing.
        QubicOptions shorter;
        shorter.max_depth = static_cast<int>(r.steps.size()) - 1;
        if (shorter.max_depth >= 1) {
            EXPECT_FALSE(find_forced_win(p, shorter).found);
        }
    }
    EXPECT_GT(found, 100);
}

void expect_error(const std::function<void()>& f, const std::string& fragment) {
    try {
        f();
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

TEST(Qubic, BadPositionsAreErrors) {
    EXPECT_EQ(parse_qubic_cells("0, 1 11,15", "--x"), cells({0, 1, 11, 15}));
    EXPECT_EQ(parse_qubic_cells("", "--o"), 0u);
    expect_error([] { parse_qubic_cells("0 64", "--x"); }, "cell 64 at position 3 is out of range");
    expect_error([] { parse_qubic_cells("3 a", "--x"); }, "bad character 'a' at position 3");
    expect_error([] { parse_qubic_cells("5 5", "--o"); }, "cell 5 is given twice");
    expect_error(
        [] {
            make_qubic_position(cells({1, 2}), cells({2}), true);
        },
        "cell 2 is given to both");
    expect_error(
        [] {
            make_qubic_position(cells({0, 1, 2, 3}), 0, true);
        },
        "X already has the line 0 1 2 3");
}

}  // namespace
}  // namespace frontier
