#include "tools/cli/progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace frontier::cli {

namespace {

bool g_quiet = false;

}  // namespace

bool stderr_is_terminal() {
    return ::isatty(STDERR_FILENO) == 1;
}

void add_quiet_option(CLI::App& cmd, const std::string& help) {
    cmd.add_flag_callback(
        "--quiet", [] { g_quiet = true; }, help);
}

bool quiet() {
    return g_quiet;
}

ProgressLine::ProgressLine(bool wanted) : enabled_(wanted && !g_quiet && stderr_is_terminal()) {}

ProgressLine::~ProgressLine() {
    finish();
}

void ProgressLine::update(const std::string& text) {
    if (!enabled_) return;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock) return;
    std::string line = "\r" + text;
    if (text.size() < width_) line += std::string(width_ - text.size(), ' ');
    width_ = text.size();
    std::cerr << line << std::flush;
}

void ProgressLine::count(const std::string& what, std::uint64_t done, std::uint64_t total,
                         const std::string& unit, bool force) {
    if (!enabled_) return;
    const double now = clock_.seconds();
    double last = last_count_.load(std::memory_order_relaxed);
    if (!force && (now - last < 0.2 || !last_count_.compare_exchange_strong(last, now))) return;
    last_count_.store(now, std::memory_order_relaxed);
    update(count_text(what, done, total, unit));
}

std::string ProgressLine::count_text(const std::string& what, std::uint64_t done,
                                     std::uint64_t total, const std::string& unit) const {
    const double now = clock_.seconds();
    const double rate = static_cast<double>(done) / std::max(now, 1e-9);
    std::string text = what + (what.empty() ? "" : ": ") + std::to_string(done);
    if (total > 0) text += "/" + std::to_string(total);
    text += " " + unit + ", " + format_rate(rate) + " " + unit + "/s, " + format_duration(now);
    if (total > 0 && done > 0 && done < total)
        text += ", ETA " + format_duration(static_cast<double>(total - done) / rate);
    return text;
}

void ProgressLine::finish() {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    if (width_ == 0) return;
    std::cerr << "\r" << std::string(width_, ' ') << "\r" << std::flush;
    width_ = 0;
}

ProgressTicker::ProgressTicker(ProgressLine& line, std::function<std::string()> text, double period)
    : line_(line) {
    if (!line.enabled()) return;  // no thread at all when nothing would be drawn
    // Drawn once at once, so that even a short run shows what it is doing.
    line_.update(text());
    thread_ = std::thread([this, text = std::move(text), period] {
        std::unique_lock lock(mutex_);
        const auto step = std::chrono::duration<double>(period);
        while (!wake_.wait_for(lock, step, [this] { return done_; })) line_.update(text());
    });
}

void ProgressTicker::stop() {
    if (thread_.joinable()) {
        {
            std::lock_guard lock(mutex_);
            done_ = true;
        }
        wake_.notify_one();
        thread_.join();
    }
    line_.finish();
}

std::string format_rate(double per_second) {
    char buf[32];
    if (per_second >= 1e9)
        std::snprintf(buf, sizeof buf, "%.2f G", per_second / 1e9);
    else if (per_second >= 1e6)
        std::snprintf(buf, sizeof buf, "%.1f M", per_second / 1e6);
    else if (per_second >= 1e3)
        std::snprintf(buf, sizeof buf, "%.1f k", per_second / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0f", per_second);
    return buf;
}

std::string format_seconds(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, seconds < 10 ? "%.3f s" : "%.1f s", seconds);
    return buf;
}

std::string format_duration(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "?";
    const long long s = std::llround(seconds);
    char buf[48];
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%lld s", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%lld min %02lld s", s / 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%lld h %02lld min", s / 3600, s % 3600 / 60);
    return buf;
}

std::string counted(std::uint64_t n, const std::string& noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace frontier::cli
