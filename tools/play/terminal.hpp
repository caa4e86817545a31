// The terminal front end of `frontier play` (ncurses): draws a Session's View and feeds it keys.
//
// The terminal is restored (ncurses endwin) on every way out: q, Ctrl-C (read as a key: the
// terminal is in raw mode), SIGINT, SIGTERM and SIGHUP from outside (a handler sets a flag that
// the loop, which wakes every 100 ms, obeys), and exceptions (the guard's destructor runs before
// the error is printed). The loop polls the coach on every wake-up, so an answer computed in the
// background appears within 100 ms. A terminal smaller than the board needs shows a message
// saying which size is needed, and the game again once it is resized.
#pragma once

#include "tools/play/session.hpp"

namespace frontier::play {

// Whether the screen may use colours, given the NO_COLOR environment variable's value (null when
// unset): no-color.org asks programs to use none when it is set and not empty.
// (Inline: the terminal front end is part of the program, and tests link only the play library.)
inline bool colours_allowed(const char* no_color) {
    return no_color == nullptr || *no_color == '\0';
}

// True when both stdin and stdout are terminals (play is interactive only then).
bool interactive_terminal();

// Runs the session until the player quits. Throws InputError when the terminal cannot be driven.
void run_terminal(Session& session);

}  // namespace frontier::play
