// The atomic write of every output file (engine/io/atomic_write.hpp): temporary file, sync,
// rename; the temporary files' removal on a signal; the symbolic-link rules.
#include <frontier/engine/io/atomic_write.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <frontier/engine/error.hpp>

namespace frontier {

namespace {

constexpr std::size_t kAlign = 4096;

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw InputError(path + ": " + why);
}

// Temporary files being written (write_file_atomically), for the SIGINT/SIGTERM handler to
// remove: a fixed array of slots, each a path buffer and an atomic flag (lock-free, so reading
// it in a signal handler is safe). A slot's path is written before its flag is raised and the
// flag is lowered before the slot is reused, so the handler only ever reads complete paths.
constexpr int kTempSlots = 16;
constexpr std::size_t kTempPathMax = 4096;
struct TempSlot {
    std::atomic<bool> taken{false};  // owned by a writer
    std::atomic<bool> live{false};   // path holds a temporary file to remove on a signal
    char path[kTempPathMax];
};
TempSlot temp_slots[kTempSlots];
static_assert(std::atomic<bool>::is_always_lock_free);

// Removes the temporary files, then lets the signal do what it would have done (the default
// action, re-raised). Only async-signal-safe calls: unlink, sigaction, raise.
extern "C" void remove_temporaries_on_signal(int sig) {
    remove_temporary_files();
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    ::raise(sig);
}

// Installed once, and only over the default action: a program's own handler (or an ignored
// signal) is left alone.
void install_temp_cleanup() {
    static const bool installed = [] {
        for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
            struct sigaction old {};
            if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL ||
                (old.sa_flags & SA_SIGINFO))
                continue;
            struct sigaction sa {};
            sa.sa_handler = remove_temporaries_on_signal;
            sigemptyset(&sa.sa_mask);
            ::sigaction(sig, &sa, nullptr);
        }
        return true;
    }();
    (void)installed;
}

// Registers a temporary file; the slot to release, or -1 when none is free or the path is too
// long (the file is then not removed on a signal, as before).
int register_temporary(const std::string& tmp) {
    install_temp_cleanup();
    if (tmp.size() >= kTempPathMax) return -1;
    for (int i = 0; i < kTempSlots; ++i) {
        bool expected = false;
        if (!temp_slots[i].taken.compare_exchange_strong(expected, true)) continue;
        std::memcpy(temp_slots[i].path, tmp.c_str(), tmp.size() + 1);
        temp_slots[i].live.store(true, std::memory_order_release);
        return i;
    }
    return -1;
}

void release_temporary(int slot) {
    if (slot < 0) return;
    temp_slots[slot].live.store(false, std::memory_order_release);
    temp_slots[slot].taken.store(false, std::memory_order_release);
}

// Removes PATH.tmp-PID files left by processes that no longer exist (killed mid-write): PID
// all digits, not this process, and kill(PID, 0) failing with ESRCH. A live process's file (or
// one of a process this one may not signal: EPERM) is left alone. Best effort: errors are
// ignored. (A process in another PID namespace sharing the directory would look dead.)
void remove_stale_temporaries(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path p(path);
    const std::string prefix = p.filename().string() + ".tmp-";
    const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string digits = name.substr(prefix.size());
        if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const long pid = std::stol(digits);
        if (pid <= 0 || pid == ::getpid()) continue;
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
            std::error_code ignored;
            if (fs::is_regular_file(it->symlink_status(ignored))) fs::remove(it->path(), ignored);
        }
    }
}

// Pieces of at least kDirectBytes that start on a page boundary in memory and in the file are
// written with O_DIRECT, past the page cache. Through the cache, a 10 GB table first fills 10 GB
// of page-cache memory; where a virtual machine's host backs guest memory lazily, that costs far
// more than the disk (measured on the development machine: 113 MB/s buffered, 2.1 GB/s direct),
// and it evicts what the next run needs. The piece's unaligned tail goes through the cache, and so
// does all of it where O_DIRECT is refused (EINVAL: tmpfs on older kernels, some network file
// systems).
constexpr std::size_t kDirectBytes = std::size_t{64} << 20;
constexpr std::size_t kDirectChunk = std::size_t{64} << 20;

// Writes all of `bytes` at `offset`; false with errno set on an error.
bool write_at(int fd, const std::uint8_t* bytes, std::size_t size, off_t offset) {
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pwrite(fd, bytes + done, std::min(size - done, kDirectChunk),
                                   offset + static_cast<off_t>(done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// The bytes of `piece` written at `offset` through an O_DIRECT descriptor of the file open as
// `fd`: a multiple of kAlign, 0 when direct I/O does not apply or is refused, -1 with errno set on
// a write error (a full disk: the caller reports it as it would a buffered one). The second
// descriptor is opened through /proc/self/fd, so it is the same file, never a name that someone
// may have replaced meanwhile.
std::int64_t write_direct(int fd, std::span<const std::uint8_t> piece, off_t offset) {
    const auto address = reinterpret_cast<std::uintptr_t>(piece.data());
    if (piece.size() < kDirectBytes || address % kAlign != 0 ||
        static_cast<std::size_t>(offset) % kAlign != 0)
        return 0;
    const std::string same_file = "/proc/self/fd/" + std::to_string(fd);
    const int direct = ::open(same_file.c_str(), O_WRONLY | O_DIRECT | O_CLOEXEC);
    if (direct < 0) return 0;
    const std::size_t aligned = piece.size() / kAlign * kAlign;
    std::size_t done = 0;
    while (done < aligned) {
        const std::size_t n = std::min(aligned - done, kDirectChunk);
        if (!write_at(direct, piece.data() + done, n, offset + static_cast<off_t>(done))) {
            if (errno == EINVAL) break;  // refused: the rest goes through the cache
            const int err = errno;
            ::close(direct);
            errno = err;
            return -1;
        }
        done += n;
    }
    ::close(direct);
    return static_cast<std::int64_t>(done);
}

// Creates `tmp` as a new file of this process: O_EXCL and O_NOFOLLOW, so a name planted in
// the directory beforehand (a symbolic link to another file, above all) is never opened. Such a
// name is removed (unlink removes a link, never what it points to) and the creation tried again;
// a directory that keeps planting it gets an error, not a write.
int create_temporary(const std::string& tmp, const std::string& path) {
    for (int attempt = 0; attempt < 3; ++attempt) {
        const int fd =
            ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) return fd;
        if (errno != EEXIST) fail(path, std::string("cannot create file: ") + std::strerror(errno));
        if (::unlink(tmp.c_str()) != 0)
            fail(path, "cannot create file: " + tmp + " exists and cannot be removed (" +
                           std::strerror(errno) + ")");
    }
    fail(path, "cannot create file: " + tmp + " keeps reappearing");
}

// The file a write to `link_or_path` replaces. A symbolic link the user named is written
// through (the file it names is replaced and the link stays), as a shell's redirection does,
// but only a link owned by this user or by the owner of the directory that holds it: in a
// directory that others may write, a link someone else planted is refused (the kernel's
// protected_symlinks rule for sticky directories, applied to every directory).
std::string replaced_file(const std::string& link_or_path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path target = link_or_path;
    for (int hops = 0; hops < 40 && fs::is_symlink(target, ec); ++hops) {  // a dangling link too
        struct stat link {
        }, dir{};
        const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
        if (::lstat(target.c_str(), &link) == 0 && ::stat(parent.c_str(), &dir) == 0 &&
            link.st_uid != ::geteuid() && link.st_uid != dir.st_uid)
            fail(link_or_path, target.string() +
                                   " is a symbolic link of another user; refusing to write "
                                   "through it");
        const fs::path next = fs::read_symlink(target, ec);
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    return target.string();
}

}  // namespace

void remove_temporary_files() {
    for (TempSlot& slot : temp_slots)
        if (slot.live.load(std::memory_order_acquire)) ::unlink(slot.path);
}

void write_file_atomically(const std::string& link_or_path,
                           std::span<const std::span<const std::uint8_t>> pieces) {
    // Anything but a regular file (a device such as /dev/stdout, a FIFO, a directory) is never
    // replaced by a rename.
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::string path = replaced_file(link_or_path);
    if (const fs::file_status st = fs::status(path, ec); fs::exists(st) && !fs::is_regular_file(st))
        fail(link_or_path, "not a regular file; refusing to replace it");
    remove_stale_temporaries(path);
    const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
    // Registered before it exists, so a signal at any point after the open removes it.
    struct Registration {
        int slot;
        ~Registration() { release_temporary(slot); }
    } registration{register_temporary(tmp)};
    const int fd = create_temporary(tmp, path);
    // A write that fails once the file is open (a full disk, a quota, an I/O error) is a lack
    // of a resource, exit status 3, not bad input: the run itself was fine.
    auto abort_write = [&](const char* what) {
        const int err = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        throw InputError(path + ": " + what + ": " + std::strerror(err), 3);
    };
    off_t offset = 0;
    for (auto piece : pieces) {
        const std::int64_t direct = write_direct(fd, piece, offset);
        if (direct < 0) abort_write("cannot write file");
        const auto done = static_cast<std::size_t>(direct);
        if (!write_at(fd, piece.data() + done, piece.size() - done,
                      offset + static_cast<off_t>(done)))
            abort_write("cannot write file");
        offset += static_cast<off_t>(piece.size());
    }
    if (::fsync(fd) != 0) abort_write("cannot sync file");
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw InputError(path + ": cannot close file: " + std::strerror(err), 3);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(path, std::string("cannot rename temporary file: ") + std::strerror(err));
    }
}

}  // namespace frontier
