// Writing an output file so that no reader ever sees half of it, and so that no one else's file
// is overwritten on the way.
//
// write_file_atomically writes PATH.tmp-PID in the same directory, syncs it and renames it over
// PATH. The temporary file is always created new (O_EXCL | O_NOFOLLOW) and written through its own
// descriptor: a name planted there beforehand, a symbolic link above all, is removed, never
// followed. A symbolic link at PATH is written through (the file it names is replaced, the link
// stays) only when it belongs to this user or to its directory's owner. Anything at PATH that is
// not a regular file (a device, a FIFO, a directory) is never replaced. Temporary files of writes
// in progress are removed on SIGINT, SIGTERM and SIGHUP, and a dead process's are removed by the
// next write to the same path. Thread-safe: writes to different paths may run at once.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace frontier {

// Removes the temporary files of the writes in progress (write_file_atomically and the table
// writers). Async-signal-safe (unlink only), for a program's own signal handler; writes also
// install a handler of their own that does this on SIGINT, SIGTERM and SIGHUP where the program
// left the default action.
void remove_temporary_files();

// Writes `pieces` to `path`, in order, atomically (see the top of this file). InputError with
// exit status 3 when the disk or a quota refuses the bytes, status 2 for a bad path.
void write_file_atomically(const std::string& path,
                           std::span<const std::span<const std::uint8_t>> pieces);
// The same for one text.
inline void write_file_atomically(const std::string& path, std::string_view text) {
    const std::span<const std::uint8_t> piece(reinterpret_cast<const std::uint8_t*>(text.data()),
                                              text.size());
    write_file_atomically(path, std::span<const std::span<const std::uint8_t>>(&piece, 1));
}

}  // namespace frontier
