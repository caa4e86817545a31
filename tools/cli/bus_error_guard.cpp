#include "tools/cli/bus_error_guard.hpp"

#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>

#include "tools/cli/common.hpp"

namespace frontier::cli {

namespace {

// Everything the handler reads, written before the handler is installed.
char g_message[4096];
std::size_t g_length = 0;
bool g_restore_terminal = false;
struct termios g_terminal {};
struct sigaction g_previous {};
std::atomic<bool> g_active{false};

// write(2) until done or failed (nothing else can be done about a failure here).
void write_all(int fd, const char* p, std::size_t n) {
    while (n > 0) {
        const ssize_t k = ::write(fd, p, n);
        if (k <= 0) return;
        p += k;
        n -= static_cast<std::size_t>(k);
    }
}

extern "C" void on_bus_error(int) {
    if (g_restore_terminal) {
        ::tcsetattr(STDIN_FILENO, TCSANOW, &g_terminal);
        // What curses' endwin sends on an xterm-like terminal: leave the alternate screen, show
        // the cursor; so the message is seen below the shell's last line.
        static const char kScreen[] = "\033[?1049l\033[?25h\r\n";
        write_all(STDOUT_FILENO, kScreen, sizeof kScreen - 1);
    }
    write_all(STDERR_FILENO, g_message, g_length);
    ::_exit(2);
}

}  // namespace

BusErrorGuard::BusErrorGuard(const std::string& path, bool terminal_game) {
    if (g_active.exchange(true)) return;
    const std::string line =
        "frontier: error: " +
        one_line(path +
                     ": the file shrank while it was being read (truncated by another "
                     "process?); nothing more is read from it",
                 800) +
        "\n";
    g_length = std::min(line.size(), sizeof g_message);
    std::memcpy(g_message, line.data(), g_length);
    g_restore_terminal = terminal_game && ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO) &&
                         ::tcgetattr(STDIN_FILENO, &g_terminal) == 0;
    struct sigaction sa {};
    sa.sa_handler = on_bus_error;
    sigemptyset(&sa.sa_mask);
    installed_ = ::sigaction(SIGBUS, &sa, &g_previous) == 0;
    if (!installed_) g_active = false;
}

BusErrorGuard::~BusErrorGuard() {
    if (!installed_) return;
    ::sigaction(SIGBUS, &g_previous, nullptr);
    g_active = false;
}

}  // namespace frontier::cli
