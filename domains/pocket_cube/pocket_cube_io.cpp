#include <frontier/domains/pocket_cube/pocket_cube_io.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

constexpr const char* kFaceNames = "URFDLB";
constexpr int kU = 0, kD = 3;
constexpr const char* kSlotNames[8] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};

// The stickers of each corner slot (face * 4 + position on the face), in the order of
// kCornerColour: the U or D sticker first, then clockwise.
constexpr int kCornerFacelet[8][3] = {
    {3, 4, 9},     // URF: U4 R1 F2
    {2, 8, 17},    // UFL: U3 F1 L2
    {0, 16, 21},   // ULB: U1 L1 B2
    {1, 20, 5},    // UBR: U2 B1 R2
    {13, 11, 6},   // DFR: D2 F4 R3
    {12, 19, 10},  // DLF: D1 L4 F3
    {14, 23, 18},  // DBL: D3 B4 L3
    {15, 7, 22},   // DRB: D4 R4 B3
};
// The faces of each corner cubie, U or D first, then clockwise.
constexpr int kCornerColour[8][3] = {
    {0, 1, 2}, {0, 2, 4}, {0, 4, 5}, {0, 5, 1}, {3, 2, 1}, {3, 4, 2}, {3, 5, 4}, {3, 1, 5},
};

// All six quarter turns, for scrambles (the search only turns U, R and F).
constexpr std::array<detail::CornerMove, 6> kAllQuarterTurns = {{
    detail::kQuarterTurns[0],
    detail::kQuarterTurns[1],
    detail::kQuarterTurns[2],
    {{0, 1, 2, 3, 5, 6, 7, 4}, {0, 0, 0, 0, 0, 0, 0, 0}},  // D
    {{0, 2, 6, 3, 4, 1, 5, 7}, {0, 1, 2, 0, 0, 2, 1, 0}},  // L
    {{0, 1, 3, 7, 4, 5, 2, 6}, {0, 0, 1, 2, 0, 0, 2, 1}},  // B
}};

[[noreturn]] void bad_facelets(std::string_view text, const std::string& why) {
    throw InputError("invalid cube " + quote_input(text) + ": " + why);
}

// Stickers (as face indices 0..5) of a whole-cube corner arrangement.
std::array<int, 24> to_facelets(const detail::CornerMove& cube) {
    std::array<int, 24> f{};
    for (int slot = 0; slot < 8; ++slot)
        for (int n = 0; n < 3; ++n)
            f[kCornerFacelet[slot][(n + cube.co[slot]) % 3]] = kCornerColour[cube.cp[slot]][n];
    return f;
}

// Reads 24 sticker symbols with DBL fixed: its stickers name the D, B and L colours, and each of
// U, R, F is the colour never seen on a corner with its opposite.
CubeState decode(std::string_view text, const std::array<char, 24>& sticker) {
    std::vector<char> colours;
    for (char c : sticker)
        if (std::find(colours.begin(), colours.end(), c) == colours.end()) colours.push_back(c);
    if (colours.size() != 6)
        bad_facelets(text, "found " + std::to_string(colours.size()) +
                               " colours, a cube has 6 (4 stickers each)");
    for (char c : colours) {
        const auto n = std::count(sticker.begin(), sticker.end(), c);
        if (n != 4)
            bad_facelets(text, "colour " + quote_input(std::string_view(&c, 1), '\'') +
                                   " appears " + std::to_string(n) +
                                   " times, each colour must appear 4 times");
    }
    for (int slot = 0; slot < 8; ++slot) {
        const char a = sticker[kCornerFacelet[slot][0]], b = sticker[kCornerFacelet[slot][1]],
                   c = sticker[kCornerFacelet[slot][2]];
        if (a == b || b == c || a == c)
            bad_facelets(text, std::string("the corner in slot ") + kSlotNames[slot] +
                                   " has two stickers of the same colour");
    }
    auto share_a_corner = [&](char x, char y) {
        for (int slot = 0; slot < 8; ++slot) {
            bool has_x = false, has_y = false;
            for (int n = 0; n < 3; ++n) {
                has_x |= sticker[kCornerFacelet[slot][n]] == x;
                has_y |= sticker[kCornerFacelet[slot][n]] == y;
            }
            if (has_x && has_y) return true;
        }
        return false;
    };
    auto opposite = [&](char x) {
        char found = 0;
        int count = 0;
        for (char y : colours)
            if (y != x && !share_a_corner(x, y)) {
                found = y;
                ++count;
            }
        if (count != 1)
            bad_facelets(text, std::string("no single colour is opposite '") + x +
                                   "': the stickers do not form a cube");
        return found;
    };
    std::array<char, 6> face_colour{};
    face_colour[3] = sticker[kCornerFacelet[6][0]];  // D, B, L from the DBL slot
    face_colour[5] = sticker[kCornerFacelet[6][1]];
    face_colour[4] = sticker[kCornerFacelet[6][2]];
    face_colour[0] = opposite(face_colour[3]);
    face_colour[2] = opposite(face_colour[5]);
    face_colour[1] = opposite(face_colour[4]);
    std::array<int, 24> f{};
    for (int i = 0; i < 24; ++i)
        f[i] = static_cast<int>(std::find(face_colour.begin(), face_colour.end(), sticker[i]) -
                                face_colour.begin());
    if (std::any_of(f.begin(), f.end(), [](int x) { return x == 6; }))
        bad_facelets(text, "the opposite colours do not pair up");
    std::array<int, 8> cubies{}, twists{};
    unsigned seen = 0;
    int twist_sum = 0;
    for (int slot = 0; slot < 8; ++slot) {
        int ori = 0;
        while (ori < 3 && f[kCornerFacelet[slot][ori]] != kU && f[kCornerFacelet[slot][ori]] != kD)
            ++ori;
        int cubie = 8;
        if (ori < 3)
            for (int j = 0; j < 8; ++j)
                if (kCornerColour[j][0] == f[kCornerFacelet[slot][ori]] &&
                    kCornerColour[j][1] == f[kCornerFacelet[slot][(ori + 1) % 3]] &&
                    kCornerColour[j][2] == f[kCornerFacelet[slot][(ori + 2) % 3]])
                    cubie = j;
        if (cubie == 8) {
            std::string stickers;
            for (int n = 0; n < 3; ++n) stickers += sticker[kCornerFacelet[slot][n]];
            bad_facelets(text, std::string("the corner in slot ") + kSlotNames[slot] +
                                   " (stickers " + stickers + ") is not a corner of the cube");
        }
        if (seen & (1u << cubie))
            bad_facelets(text, std::string("corner ") + kSlotNames[cubie] + " appears twice");
        seen |= 1u << cubie;
        cubies[slot] = cubie;
        twists[slot] = ori;
        twist_sum += ori;
    }
    if (twist_sum % 3 != 0)
        bad_facelets(text,
                     "one corner is twisted in place (the twists do not add up to a "
                     "multiple of 3), so it cannot be solved");
    return PocketCube::from_cubies(PocketCube::pack(cubies, twists));
}

std::array<char, 24> stickers_of(const std::array<int, 24>& faces) {
    std::array<char, 24> s{};
    for (int i = 0; i < 24; ++i) s[i] = kFaceNames[faces[i]];
    return s;
}

}  // namespace

CubeMetric parse_cube_metric(std::string_view text) {
    if (text.empty() || text == "htm") return CubeMetric::Htm;
    if (text == "qtm") return CubeMetric::Qtm;
    throw InputError("unknown metric " + quote_input(text) +
                     " for pocket-cube (expected htm or qtm)");
}

const char* cube_metric_name(CubeMetric m) {
    return m == CubeMetric::Htm ? "htm" : "qtm";
}

CubeState parse_facelets(std::string_view text) {
    std::array<char, 24> sticker{};
    int n = 0;
    for (char c : text) {
        if (c == ' ' || c == '/' || c == '\t' || c == '\n' || c == '\r') continue;
        if (n < 24) sticker[n] = c;
        ++n;
    }
    if (n != 24)
        bad_facelets(text,
                     "expected 24 stickers (faces U R F D L B, 4 each), got " + std::to_string(n));
    return decode(text, sticker);
}

std::string format_facelets(CubeState s) {
    const CornerCubies c = PocketCube::cubies(s);
    detail::CornerMove cube{};
    for (int slot = 0; slot < 8; ++slot) {
        cube.cp[slot] = static_cast<std::uint8_t>(c.cubie(slot));
        cube.co[slot] = static_cast<std::uint8_t>(c.twist(slot));
    }
    const std::array<int, 24> f = to_facelets(cube);
    std::string out;
    for (int i = 0; i < 24; ++i) {
        if (i && i % 4 == 0) out += ' ';
        out += kFaceNames[f[i]];
    }
    return out;
}

CubeState apply_scramble(std::string_view moves) {
    detail::CornerMove cube{{0, 1, 2, 3, 4, 5, 6, 7}, {}};
    std::size_t i = 0;
    int count = 0;
    while (i < moves.size()) {
        if (moves[i] == ' ' || moves[i] == '\t' || moves[i] == ',') {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < moves.size() && moves[j] != ' ' && moves[j] != '\t' && moves[j] != ',') ++j;
        const std::string_view token = moves.substr(i, j - i);
        const char* face = token.empty() ? nullptr : std::strchr(kFaceNames, token[0]);
        int turns = 0;
        if (face && *face) {
            const std::string_view suffix = token.substr(1);
            if (suffix.empty()) turns = 1;
            if (suffix == "2" || suffix == "2'") turns = 2;
            if (suffix == "'") turns = 3;
        }
        if (turns == 0)
            throw InputError("invalid move " + quote_input(token) +
                             " in scramble (expected U, R, F, D, L or B, optionally followed "
                             "by 2 or ')");
        for (int t = 0; t < turns; ++t)
            cube = detail::compose(cube, kAllQuarterTurns[face - kFaceNames]);
        ++count;
        i = j;
    }
    if (count == 0) throw InputError("empty scramble");
    return decode(moves, stickers_of(to_facelets(cube)));
}

std::string format_cube_move(CubeMove m) {
    static const char* const suffix[3] = {"", "2", "'"};
    return std::string(1, kFaceNames[m.face()]) + suffix[m.turn()];
}

std::string draw_cube(CubeState s) {
    const std::string f = format_facelets(s);  // "UUUU RRRR FFFF DDDD LLLL BBBB"
    auto at = [&](int face, int i) { return f[face * 5 + i]; };
    auto row = [&](int face, int r) {
        return std::string{at(face, 2 * r), ' ', at(face, 2 * r + 1)};
    };
    std::string out;
    for (int r = 0; r < 2; ++r) out += "    " + row(0, r) + "\n";
    for (int r = 0; r < 2; ++r)
        out += row(4, r) + " " + row(2, r) + " " + row(1, r) + " " + row(5, r) + "\n";
    for (int r = 0; r < 2; ++r) out += "    " + row(3, r) + "\n";
    return out;
}

std::string DomainIO<PocketCube>::describe(const PocketCube& d) {
    return std::string("pocket-cube (2x2x2 cube, ") +
           (d.metric() == CubeMetric::Htm ? "half-turn metric" : "quarter-turn metric") +
           "), goal solved";
}

}  // namespace frontier
