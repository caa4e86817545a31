// Streaming a batch: answers printed in input order as soon as each one and all earlier ones are
// done, and Ctrl-C ending the run after what is done has been written (exit status 130).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tools/cli/common.hpp"
#include "tools/cli/format.hpp"

namespace frontier::cli {

// Exit status after an interrupt (SIGINT or SIGTERM): 128 + SIGINT, as a shell reports a
// program killed by Ctrl-C, so scripts see the same status whether or not we caught it.
inline constexpr int kExitInterrupted = 130;

// Catches SIGINT and SIGTERM for its lifetime: the first one raises flag() (searches given it
// as SearchLimits::stop end within microseconds) and puts the default action back, so that a
// second Ctrl-C kills a run that does not stop by itself. The previous handlers come back in the
// destructor.
class InterruptGuard {
  public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;
    static const std::atomic<bool>& flag();
    static bool raised() { return flag().load(std::memory_order_relaxed); }
};

// For a long run that Ctrl-C (SIGINT) or SIGTERM may end without a chance to stop cleanly (a
// layered search, a unit job): while one lives, such a signal first erases the progress line and
// prints "frontier: interrupted; " + `next` on its own line (what was kept and how to continue,
// such as the --resume line), removes the temporary files of writes in progress (the finished
// files and checkpoints stay whole) and exits with status 130 at once. Async-signal-safe: the
// text is composed here, the handler only writes it.
//
// A silent note (print false) prints nothing but still removes the temporary files and exits
// with 130: what the other ranks of an MPI job install, so that the job prints one line (rank
// 0's) and leaves no half-written file on any rank.
class InterruptNote {
  public:
    explicit InterruptNote(const std::string& next, bool print = true);
    ~InterruptNote();
    // Replaces `next` (after a checkpoint). One thread at a time; a signal meanwhile prints
    // the old text or the new one, whole.
    void say(const std::string& next);
    InterruptNote(const InterruptNote&) = delete;
    InterruptNote& operator=(const InterruptNote&) = delete;

  private:
    bool print_;
};

// Standard output, checked. All of the program's output goes through C's stdout (std::cout
// shares its buffer, since sync_with_stdio stays on), so one check of that FILE sees a failed
// write whoever made it: a full disk, /dev/full, or a closed pipe when SIGPIPE is ignored (where
// it is not, the kernel ends the program with 141, which is never mistaken for success).

// Writes `text` on stdout and flushes it, so that a reader of a pipe sees every finished line
// at once and an interrupted run keeps it. Throws as check_stdout() does when the write failed,
// so a long run stops at its first lost line instead of finishing with a summary that claims it.
void write_out(std::string_view text);

// A JSON object streamed by hand (its results array written as they come): `j`'s members as the
// lines ",\n  \"key\": value" that follow the members already written, in order.
std::string json_members(const Json& j);

// Flushes stdout; InputError with exit status 3 ("cannot write standard output (REASON)") when
// this or any earlier write to it failed. Call it before a summary that says the output is done.
void check_stdout();

// At the end of the program: flushes and closes stdout and returns the exit status to use:
// `status` when every write succeeded, else 3 (after one error line on stderr, unless
// check_stdout() already reported the failure) or 2 when `status` was already 2 (bad input).
int close_stdout(int status);

// Hands values that finish in any order (on any thread) to `emit` in index order, each as soon
// as it and every earlier one have finished. emit runs under a lock, one value at a time, so it
// may print and count without locks of its own. Indices are 0, 1, 2, ... with no gaps; values
// wait only while an earlier one is unfinished, so memory is bounded by the work in flight.
template <class T>
class InOrder {
  public:
    explicit InOrder(std::function<void(std::size_t, T&)> emit) : emit_(std::move(emit)) {}

    void done(std::size_t index, T value) {
        std::lock_guard lock(mutex_);
        if (index != next_) {
            waiting_.emplace(index, std::move(value));
            return;
        }
        emit_(next_++, value);
        for (auto it = waiting_.begin(); it != waiting_.end() && it->first == next_;
             it = waiting_.erase(it))
            emit_(next_++, it->second);
    }
    // How many values have been emitted (all of 0 .. emitted() - 1).
    std::size_t emitted() const {
        std::lock_guard lock(mutex_);
        return next_;
    }

  private:
    std::function<void(std::size_t, T&)> emit_;
    mutable std::mutex mutex_;
    std::size_t next_ = 0;
    std::map<std::size_t, T> waiting_;
};

// Objects handed from one stage of a pipeline to another and back, to be used again with the
// memory they hold (a batch's strings and buffers): take() returns a free one, or a new
// default-constructed one; give_back() frees it. The stages may run on different threads. Every
// object lives as long as the recycler, so one lost to an exception is not leaked.
template <class T>
class Recycler {
  public:
    T* take() {
        std::lock_guard lock(mutex_);
        if (free_.empty()) return all_.emplace_back(std::make_unique<T>()).get();
        T* t = free_.back();
        free_.pop_back();
        return t;
    }
    void give_back(T* t) {
        std::lock_guard lock(mutex_);
        free_.push_back(t);
    }

  private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<T>> all_;
    std::vector<T*> free_;
};

// Rows of cells written one at a time, each flushed as it comes. text: an aligned table whose
// column widths are fixed up front (a wider cell pushes its own row out of line instead of
// holding every row back), the first column left-aligned, the last one left-aligned and free,
// the others right-aligned; tsv and csv: a header line, then the cells (a tab or line break in
// a tsv cell becomes a space; csv quotes as RFC 4180 does).
class RowWriter {
  public:
    RowWriter(Format format, std::vector<std::string> headers, std::vector<std::size_t> widths);
    void header() const;
    void row(const std::vector<std::string>& cells) const;

  private:
    std::string line(const std::vector<std::string>& cells) const;
    Format format_;
    std::vector<std::string> headers_;
    std::vector<std::size_t> widths_;
};

}  // namespace frontier::cli
