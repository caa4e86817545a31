// Opening the files the program reads whole (tables, checkpoints, another run's checkpoint to
// import): one rule for all of them.
//
// Only a regular file is read. A FIFO would block the reader forever and a device such as
// /dev/zero would feed it without end (a checkpoint symlinked to /dev/zero once grew a process to
// 11.6 GB), so both are refused before a byte is read; the open itself never blocks (O_NONBLOCK
// until the type is known). The size comes from fstat before reading, and reads stop there, so a
// file that grows while it is read cannot make a reader take more than it saw.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>

namespace frontier {

// An open descriptor of a regular file and its size when opened. Closes the descriptor when
// destroyed unless release()d. Move-only.
class RegularFile {
  public:
    // Opens `path` with open(2) `flags` (and `mode` when they hold O_CREAT). InputError "PATH:
    // cannot open WHAT: REASON" when it cannot be opened and "PATH: not a regular file" for
    // anything else (a FIFO, a device, a directory).
    static RegularFile open(const std::string& path, int flags, const std::string& what,
                            mode_t mode = 0644);

    RegularFile(RegularFile&& other) noexcept;
    RegularFile& operator=(RegularFile&& other) noexcept;
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;
    ~RegularFile();

    int fd() const { return fd_; }
    std::uint64_t size() const { return size_; }
    // Gives up the descriptor: the caller closes it.
    int release();

    // The file's first size() bytes (fewer if it shrank meanwhile); InputError "PATH: cannot
    // read WHAT: REASON" on a read error.
    std::string read_all() const;

  private:
    RegularFile(int fd, std::uint64_t size, std::string path, std::string what)
        : fd_(fd), size_(size), path_(std::move(path)), what_(std::move(what)) {}
    int fd_ = -1;
    std::uint64_t size_ = 0;
    std::string path_, what_;
};

}  // namespace frontier
