// BusErrorGuard: one line and exit status 2, not a crash, when a memory-mapped table file shrinks
// while it is read.
//
// Tables are read through read-only mappings (engine/tables/table_file.hpp). When another process
// truncates the file meanwhile, touching a page past the new end raises SIGBUS, which by default
// kills the program without a word (exit status 135). While a guard lives, SIGBUS instead prints
// "frontier: error: PATH: ..." on stderr and exits with status 2, like any other damaged input.
// The handler is async-signal-safe: the message is formatted when the guard is made, and the
// handler only calls tcsetattr, write and _exit (buffered stdout is dropped, not flushed). One
// guard at a time: one made while another lives does nothing.
#pragma once

#include <string>

namespace frontier::cli {

class BusErrorGuard {
  public:
    // `path` names the file in the message. With `terminal_game`, when stdin and stdout are
    // terminals (the game's screen), their settings and the main screen are restored first.
    explicit BusErrorGuard(const std::string& path, bool terminal_game = false);
    ~BusErrorGuard();
    BusErrorGuard(const BusErrorGuard&) = delete;
    BusErrorGuard& operator=(const BusErrorGuard&) = delete;

  private:
    bool installed_ = false;
};

}  // namespace frontier::cli
