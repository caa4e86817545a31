// Text forms of the 2x2x2 cube, kept out of the domain type.
//
// Domain name "pocket-cube"; the metric (htm, the default, or qtm) is a separate option, stored in
// table files as the field metric=.
//
// State syntax (facelets): 24 stickers, four per face, faces in the order U R F D L B, each face
// read row by row as seen from outside the cube: U with the B face at the top, D with the F face
// at the top, R, F, L and B with the U face at the top. Any six symbols may stand for the six
// colours (face letters UUUURRRRFFFFDDDDLLLLBBBB, or W, Y, R, O, G, B...); spaces and '/' are
// ignored. The cube may be held in any orientation: the corner in the DBL slot fixes which colour
// belongs to which face (its D, B and L stickers; U, R and F are their opposites). Output uses
// face letters with faces separated by spaces: "UUUU RRRR FFFF DDDD LLLL BBBB".
//
// Scrambles: moves separated by spaces, each a face U R F D L B with nothing (clockwise), 2 (half
// turn) or ' (counter-clockwise): "R U2 F' D". D, L and B are applied to the whole cube and the
// result is read back with DBL fixed, like any facelet input.
//
// Every error is an InputError with a one-line message naming the problem.
#pragma once

#include <string>
#include <string_view>

#include <frontier/domains/pocket_cube/pocket_cube.hpp>
#include <frontier/engine/domain_io.hpp>

namespace frontier {

CubeMetric parse_cube_metric(std::string_view text);  // "htm", "qtm" ("" = htm)
const char* cube_metric_name(CubeMetric m);           // "htm" or "qtm"

CubeState parse_facelets(std::string_view text);
std::string format_facelets(CubeState s);
// The position a scramble reaches from the solved cube.
CubeState apply_scramble(std::string_view moves);
std::string format_cube_move(CubeMove m);  // "U", "R2", "F'"
// The unfolded cube, for --show.
std::string draw_cube(CubeState s);

template <>
struct DomainIO<PocketCube> {
    using State = CubeState;
    static std::string name(const PocketCube&) { return "pocket-cube"; }
    static std::string spec(const PocketCube&) { return "pocket-cube"; }
    static std::string metric(const PocketCube& d) { return cube_metric_name(d.metric()); }
    static std::string describe(const PocketCube& d);
    static std::string goal_text(const PocketCube& d) { return format_facelets(d.goal()); }
    static State parse(const PocketCube&, std::string_view text) { return parse_facelets(text); }
    static State scramble(const PocketCube&, std::string_view moves) {
        return apply_scramble(moves);
    }
    static std::string unsolvable_reason(const PocketCube&, State) { return ""; }
    static std::string format(const PocketCube&, State s) { return format_facelets(s); }
    static std::string draw(const PocketCube&, State s) { return draw_cube(s); }
    static std::string format_move(const PocketCube&, State, CubeMove m) {
        return format_cube_move(m);
    }
    static constexpr const char* kMoveNotation =
        "face turns U, R, F clockwise as seen facing the face, 2 a half turn, ' "
        "counter-clockwise; the DBL corner stays put";
};

}  // namespace frontier
