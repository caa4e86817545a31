// The progress line every long command shows on stderr: one self-overwriting line, drawn only
// when stderr is a terminal and --quiet was not given (so pipes, files and scripts never see
// it), with the rate, the elapsed time and, where the total is known, an ETA.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include <CLI/CLI.hpp>

#include <frontier/engine/timer.hpp>

namespace frontier::cli {

// True when stderr is a terminal (progress lines are shown only then).
bool stderr_is_terminal();

// --quiet: no progress line. One process-wide switch, so that every ProgressLine of the command
// obeys it. `help` says what else the command leaves out, if anything.
void add_quiet_option(CLI::App& cmd, const std::string& help = "no progress line on stderr");
bool quiet();

class ProgressLine {
  public:
    // Drawn only when `wanted`, stderr is a terminal and --quiet was not given.
    explicit ProgressLine(bool wanted);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    bool enabled() const { return enabled_; }
    // Replaces the line with `text`. Safe from any thread: a call that finds another drawing
    // returns without drawing (the next call shows the newer count anyway).
    void update(const std::string& text);
    // "WHAT: DONE/TOTAL UNIT, RATE UNIT/s, ELAPSED, ETA T" (TOTAL 0: not known, no ETA), drawn
    // at most 5 times a second unless `force`.
    void count(const std::string& what, std::uint64_t done, std::uint64_t total,
               const std::string& unit, bool force = false);
    // The text count() draws, for a ProgressTicker.
    std::string count_text(const std::string& what, std::uint64_t done, std::uint64_t total,
                           const std::string& unit) const;
    // Erases the line (before other stderr output, and at the end).
    void finish();
    double seconds() const { return clock_.seconds(); }

  private:
    bool enabled_;
    std::size_t width_ = 0;
    std::mutex mutex_;
    Stopwatch clock_;
    std::atomic<double> last_count_{-1};
};

// Redraws a progress line from `text()` every `period` seconds on a thread of its own, for a
// computation that cannot report by itself (one search); stops and erases it when destroyed.
class ProgressTicker {
  public:
    ProgressTicker(ProgressLine& line, std::function<std::string()> text, double period = 0.5);
    ~ProgressTicker() { stop(); }
    // Stops redrawing and erases the line (before the results are printed); idempotent.
    void stop();

  private:
    ProgressLine& line_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;
};

// "18.1 M" style rate formatting, and fixed-point seconds.
std::string format_rate(double per_second);
std::string format_seconds(double seconds);
// "42 s", "3 min 07 s", "2 h 05 min": a duration to the precision a person reads on a progress
// line.
std::string format_duration(double seconds);
// "1 node", "2 nodes": a count and its noun, singular for one (`noun` is the singular; the plural
// adds an s).
std::string counted(std::uint64_t n, const std::string& noun);

}  // namespace frontier::cli
