#include "tools/cli/stream.hpp"

#include <unistd.h>

#include <algorithm>
#include <csignal>

namespace frontier::cli {

namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler stores it");

struct sigaction g_old[2];
constexpr int kSignals[2] = {SIGINT, SIGTERM};

// Async-signal-safe: a lock-free atomic store and sigaction only.
extern "C" void on_interrupt(int sig) {
    g_interrupted.store(true, std::memory_order_relaxed);
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
}

}  // namespace

InterruptGuard::InterruptGuard() {
    g_interrupted.store(false);
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &sa, &g_old[i]);
}

InterruptGuard::~InterruptGuard() {
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &g_old[i], nullptr);
}

const std::atomic<bool>& InterruptGuard::flag() {
    return g_interrupted;
}

void write_out(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

RowWriter::RowWriter(Format format, std::vector<std::string> headers,
                     std::vector<std::size_t> widths)
    : format_(format), headers_(std::move(headers)), widths_(std::move(widths)) {
    widths_.resize(headers_.size());
    for (std::size_t c = 0; c < headers_.size(); ++c)
        widths_[c] = std::max(widths_[c], headers_[c].size());
}

void RowWriter::header() const {
    write_out(line(headers_));
}

void RowWriter::row(const std::vector<std::string>& cells) const {
    write_out(line(cells));
}

std::string RowWriter::line(const std::vector<std::string>& cells) const {
    std::string out;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        std::string cell = cells[c];
        if (format_ == Format::tsv) {
            for (char& ch : cell)
                if (ch == '\t' || ch == '\n' || ch == '\r') ch = ' ';
            out += (c == 0 ? "" : "\t") + cell;
        } else if (format_ == Format::csv) {
            if (cell.find_first_of(",\"\n\r") != std::string::npos) {
                std::string quoted = "\"";
                for (char ch : cell) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
                cell = quoted + "\"";
            }
            out += (c == 0 ? "" : ",") + cell;
        } else {
            const std::size_t width = c < widths_.size() ? widths_[c] : 0;
            const std::string pad(width > cell.size() ? width - cell.size() : 0, ' ');
            const bool left = c == 0 || c + 1 == cells.size();
            out += (c == 0 ? "" : "  ") + (left ? cell + pad : pad + cell);
        }
    }
    while (format_ == Format::text && !out.empty() && out.back() == ' ') out.pop_back();
    return out + '\n';
}

}  // namespace frontier::cli
