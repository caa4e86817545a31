// UnitLog: the checkpoint of a long run split into numbered units of work, so that an interrupted
// run resumes without losing or repeating a unit's results.
//
// File (text framing, any payload bytes):
//   "FRONTIER-UNITLOG 1 <description>\n"        the run's parameters, compared on resume
//   then per finished unit, in the order units finish:
//   "unit <index> <bytes> <checksum64 hex>\n" <payload: bytes bytes> "end <index>\n"
// append() writes a whole record with one write() call; the file is synced (fdatasync) at most
// once a second and when the log is closed. A killed process loses nothing already appended (the
// kernel holds it); a machine crash may lose the last second's records, whose units then simply
// run again. Reopening with resume reads the records back; a torn last record (the run died while
// writing it: short, no end line, checksum mismatch) is cut off, so its unit runs again. Only
// whole records count, so no unit is ever lost or counted twice. A header that describes another
// run, a damaged record before the last, a unit recorded twice: one-line InputErrors naming the
// file.
//
// Thread-safe: append() may be called from any thread (one mutex around the write and sync).
// Costs: one write per unit and at most one sync a second.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace frontier {

class UnitLog {
  public:
    // Without resume, creates the file and fails if it already exists (a previous run's
    // checkpoint is never overwritten silently). With resume, reads the existing file (or creates
    // it when absent) and checks its description. The file is locked (flock) while this object
    // lives: a second UnitLog on it, in any process, fails with an InputError.
    UnitLog(std::string path, const std::string& description, bool resume);
    ~UnitLog();
    UnitLog(const UnitLog&) = delete;
    UnitLog& operator=(const UnitLog&) = delete;

    const std::string& path() const { return path_; }
    // The records read back on resume: (unit, payload), in file order.
    const std::vector<std::pair<std::uint64_t, std::string>>& recovered() const {
        return recovered_;
    }
    bool done(std::uint64_t unit) const { return done_.count(unit) != 0; }

    // The whole records of another run's checkpoint of the same computation (a shard's, to
    // import), read without locking or changing it: (unit, payload), in file order; a torn last
    // record (that run still writing, or stopped mid-write) is left out. InputError when the file
    // cannot be read, is no checkpoint, describes another computation, or is damaged before its
    // end.
    static std::vector<std::pair<std::uint64_t, std::string>> read_records(
        const std::string& path, const std::string& description);

    // Records the unit's results durably. InputError on a write failure.
    void append(std::uint64_t unit, std::string_view payload);
    // Closes and deletes the file (once the run's final output is safely written).
    void remove();

  private:
    void read_back(const std::string& text, const std::string& description);

    std::string path_;
    int fd_ = -1;
    std::chrono::steady_clock::time_point last_sync_;
    std::mutex mutex_;
    std::unordered_set<std::uint64_t> done_;
    std::vector<std::pair<std::uint64_t, std::string>> recovered_;
};

}  // namespace frontier
