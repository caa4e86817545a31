#include "tools/cli/stream.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <frontier/engine/error.hpp>
#include <frontier/engine/io/atomic_write.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/progress.hpp"

namespace frontier::cli {

namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler stores it");

struct sigaction g_old[2];
constexpr int kSignals[2] = {SIGINT, SIGTERM};

// Puts `handler` on SIGINT and SIGTERM, keeping the handlers it replaces in `old`; restore()
// puts those back.
void install(void (*handler)(int), struct sigaction (&old)[2]) {
    struct sigaction sa {};
    sa.sa_handler = handler;
    // SA_RESTART: a write to standard output blocked on a slow reader (a full pipe, a paused
    // terminal) goes on after the signal instead of failing with EINTR, so an interrupted run
    // still ends with the answers so far and exit status 130, not a cut document and status 3.
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &sa, &old[i]);
}

void restore(const struct sigaction (&old)[2]) {
    for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &old[i], nullptr);
}

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
    install(on_interrupt, g_old);
}

InterruptGuard::~InterruptGuard() {
    restore(g_old);
}

const std::atomic<bool>& InterruptGuard::flag() {
    return g_interrupted;
}

namespace {

constexpr std::size_t kNoteMax = 1024;
// Two buffers: say() fills the one the handler is not reading, then publishes it.
char g_note[2][kNoteMax];
std::size_t g_note_length[2] = {0, 0};
std::atomic<int> g_note_live{-1};  // the buffer the handler prints, -1 none
struct sigaction g_note_old[2];

// Async-signal-safe: write, unlink (remove_temporary_files) and _exit only.
extern "C" void on_interrupt_note(int) {
    const int live = g_note_live.load(std::memory_order_acquire);
    const char* text = live >= 0 ? g_note[live] : "";
    const std::size_t n = live >= 0 ? g_note_length[live] : 0;
    for (std::size_t done = 0; done < n;) {
        const ssize_t w = ::write(STDERR_FILENO, text + done, n - done);
        if (w <= 0) break;
        done += static_cast<std::size_t>(w);
    }
    remove_temporary_files();
    ::_exit(kExitInterrupted);
}

}  // namespace

InterruptNote::InterruptNote(const std::string& next, bool print) : print_(print) {
    say(next);
    install(on_interrupt_note, g_note_old);
}

InterruptNote::~InterruptNote() {
    restore(g_note_old);
    g_note_live.store(-1, std::memory_order_release);
}

void InterruptNote::say(const std::string& next) {
    std::string text = !print_ ? ""
                               : std::string(stderr_is_terminal() ? "\r\033[K" : "") +
                                     "frontier: interrupted; " + next + "\n";
    if (text.size() > kNoteMax) text.resize(kNoteMax);
    const int spare = g_note_live.load(std::memory_order_relaxed) == 0 ? 1 : 0;
    std::memcpy(g_note[spare], text.data(), text.size());
    g_note_length[spare] = text.size();
    g_note_live.store(spare, std::memory_order_release);
}

namespace {

// Set once a failed write has been reported, so close_stdout() does not report it again.
std::atomic<bool> g_stdout_reported{false};

std::string stdout_failure(int error) {
    return std::string("cannot write standard output (") +
           (error != 0 ? std::strerror(error) : "write error") + ")";
}

}  // namespace

void write_out(std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    check_stdout();
}

std::string json_members(const Json& j) {
    std::string text;
    for (auto it = j.begin(); it != j.end(); ++it)
        text += ",\n  \"" + it.key() + "\": " + json_line(it.value());
    return text;
}

void check_stdout() {
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    if (flushed && !std::ferror(stdout)) return;
    const int error = errno;
    g_stdout_reported.store(true);
    throw InputError(stdout_failure(error), 3);
}

int close_stdout(int status) {
    errno = 0;
    bool ok = std::fflush(stdout) == 0 && !std::ferror(stdout);
    const int error = errno;
    // fclose reports what the flush could not: an error the file system gives only at close.
    ok = std::fclose(stdout) == 0 && ok;
    if (ok) return status;
    if (!g_stdout_reported.load())
        std::fprintf(stderr, "frontier: error: %s\n",
                     stdout_failure(error ? error : errno).c_str());
    return status == 2 ? 2 : 3;
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
