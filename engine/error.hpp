// Errors that reach the user.
//
// Library code throws InputError for anything the user can fix (a malformed state, a corrupt
// file, a domain that does not fit in memory). The command-line program prints what() as one
// line and exits with exit_code(). Programming errors stay assertions; they are not InputErrors.
#pragma once

#include <stdexcept>
#include <string>

namespace frontier {

class InputError : public std::runtime_error {
  public:
    explicit InputError(const std::string& what, int exit_code = 2)
        : std::runtime_error(what), exit_code_(exit_code) {}
    int exit_code() const { return exit_code_; }

  private:
    int exit_code_;
};

// A table file whose contents contradict themselves (a damaged payload that its checksum was not
// read to catch). Unlike a bad state, it spoils every answer from that table, so a batch of
// lookups stops at it instead of reporting it as one bad entry.
class DamagedTableError : public InputError {
  public:
    using InputError::InputError;
};

}  // namespace frontier
