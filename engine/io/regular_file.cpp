#include <frontier/engine/io/regular_file.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include <frontier/engine/error.hpp>

namespace frontier {

RegularFile RegularFile::open(const std::string& path, int flags, const std::string& what,
                              mode_t mode) {
    // A file opened for writing is never reached through a symbolic link: whoever can write the
    // directory could otherwise point the name at any file and have this run (as root, say)
    // overwrite it.
    const bool writes = (flags & (O_WRONLY | O_RDWR)) != 0;
    const int fd =
        ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC | (writes ? O_NOFOLLOW : 0), mode);
    if (fd < 0 && writes && errno == ELOOP)
        throw InputError(path + ": is a symbolic link; refusing to write a " + what +
                         " through it");
    if (fd < 0) throw InputError(path + ": cannot open " + what + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw InputError(path + ": not a regular file");
    }
    // Reads of a regular file never block anyway; clearing the flag keeps later I/O ordinary.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return RegularFile(fd, static_cast<std::uint64_t>(st.st_size), path, what);
}

RegularFile::RegularFile(RegularFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      size_(other.size_),
      path_(std::move(other.path_)),
      what_(std::move(other.what_)) {}

RegularFile& RegularFile::operator=(RegularFile&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
        size_ = other.size_;
        path_ = std::move(other.path_);
        what_ = std::move(other.what_);
    }
    return *this;
}

RegularFile::~RegularFile() {
    if (fd_ >= 0) ::close(fd_);
}

int RegularFile::release() {
    return std::exchange(fd_, -1);
}

std::string RegularFile::read_all() const {
    std::string text(size_, '\0');
    std::uint64_t at = 0;
    while (at < size_) {
        const ssize_t n = ::pread(fd_, text.data() + at, size_ - at, static_cast<off_t>(at));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw InputError(path_ + ": cannot read " + what_ + ": " + std::strerror(errno));
        if (n == 0) break;  // shrank since it was opened
        at += static_cast<std::uint64_t>(n);
    }
    text.resize(at);
    return text;
}

}  // namespace frontier
