#include "tools/cli_common.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace frontier::cli {

void add_threads_option(CLI::App* cmd, int& threads) {
    cmd->add_option("--threads", threads, "worker threads (default: all cores)")
        ->check(CLI::NonNegativeNumber);
}

bool stderr_is_terminal() {
    return ::isatty(STDERR_FILENO) == 1;
}

ProgressLine::ProgressLine(bool enabled) : enabled_(enabled) {}

ProgressLine::~ProgressLine() {
    finish();
}

void ProgressLine::update(const std::string& text) {
    if (!enabled_) return;
    std::string line = "\r" + text;
    if (text.size() < width_) line += std::string(width_ - text.size(), ' ');
    width_ = text.size();
    std::cerr << line << std::flush;
}

void ProgressLine::finish() {
    if (!enabled_ || width_ == 0) return;
    std::cerr << "\r" << std::string(width_, ' ') << "\r" << std::flush;
    width_ = 0;
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

void print_json(const Json& j) {
    std::cout << j.dump(2) << '\n';
}

}  // namespace frontier::cli
