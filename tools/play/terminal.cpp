#include "tools/play/terminal.hpp"

#include <curses.h>
#include <langinfo.h>
#include <unistd.h>

#include <algorithm>
#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

namespace frontier::play {

namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_signal(int sig) {
    g_signal = sig;
}

// Catches SIGINT, SIGTERM and SIGHUP for the lifetime of the game (before ncurses starts, so
// ncurses keeps ours), and puts the previous handlers back afterwards.
class SignalGuard {
  public:
    SignalGuard() {
        g_signal = 0;
        struct sigaction sa {};
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &sa, &old_[i]);
    }
    ~SignalGuard() {
        for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &old_[i], nullptr);
    }

  private:
    static constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction old_[3];
};

enum Pair : short { kHome = 1, kAway, kHint, kWall, kPrimary, kPiece0 };
constexpr int kPieceColours = 6;

// ncurses on stdin/stdout for the lifetime of the object; endwin() in the destructor.
class Curses {
  public:
    Curses() {
        std::setlocale(LC_ALL, "");
        unicode_output() = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
        screen_ = newterm(nullptr, stdout, stdin);
        if (!screen_) {
            const char* term = std::getenv("TERM");
            throw InputError(std::string("play: cannot drive this terminal (TERM=") +
                             (term ? term : "unset") + ")");
        }
        raw();
        noecho();
        keypad(stdscr, TRUE);
        curs_set(0);
        set_escdelay(25);
        timeout(100);
        colours_ = has_colors() && colours_allowed(std::getenv("NO_COLOR"));
        if (colours_) {
            start_color();
            use_default_colors();
            init_pair(kHome, COLOR_BLACK, COLOR_GREEN);
            init_pair(kAway, COLOR_WHITE, COLOR_BLUE);
            init_pair(kHint, COLOR_BLACK, COLOR_MAGENTA);
            init_pair(kWall, COLOR_BLACK, COLOR_WHITE);
            init_pair(kPrimary, COLOR_WHITE, COLOR_RED);
            const short piece[kPieceColours] = {COLOR_BLUE,    COLOR_GREEN, COLOR_YELLOW,
                                                COLOR_MAGENTA, COLOR_CYAN,  COLOR_WHITE};
            for (int i = 0; i < kPieceColours; ++i)
                init_pair(static_cast<short>(kPiece0 + i), COLOR_BLACK, piece[i]);
        }
    }
    ~Curses() {
        endwin();
        delscreen(screen_);
    }
    Curses(const Curses&) = delete;
    Curses& operator=(const Curses&) = delete;

    attr_t style(CellStyle s, int colour) const {
        if (!colours_) {
            switch (s) {
                case CellStyle::Home:
                    return A_BOLD;
                case CellStyle::Hint:
                    return A_REVERSE;
                case CellStyle::Primary:
                    return A_BOLD | A_UNDERLINE;
                default:
                    return A_NORMAL;
            }
        }
        switch (s) {
            case CellStyle::Empty:
                return A_NORMAL;
            case CellStyle::Home:
                return COLOR_PAIR(kHome);
            case CellStyle::Away:
                return COLOR_PAIR(kAway) | A_BOLD;
            case CellStyle::Hint:
                return COLOR_PAIR(kHint) | A_BOLD;
            case CellStyle::Wall:
                return COLOR_PAIR(kWall);
            case CellStyle::Primary:
                return COLOR_PAIR(kPrimary) | A_BOLD;
            case CellStyle::Piece:
                return COLOR_PAIR(kPiece0 + colour % kPieceColours);
        }
        return A_NORMAL;
    }

  private:
    SCREEN* screen_ = nullptr;
    bool colours_ = false;
};

int translate(int ch) {
    switch (ch) {
        case KEY_UP:
            return key::kUp;
        case KEY_DOWN:
            return key::kDown;
        case KEY_LEFT:
            return key::kLeft;
        case KEY_RIGHT:
            return key::kRight;
        default:
            return ch >= 0 && ch < 256 ? ch : 0;
    }
}

// Writes text at (y, x), cut at the screen's right edge.
void put(int y, int x, const std::string& text, attr_t attr = A_NORMAL) {
    if (y >= LINES || x >= COLS) return;
    attron(attr);
    mvaddnstr(y, x, text.c_str(), COLS - x);
    attroff(attr);
}

struct Layout {
    int cell_w, board_w, board_h, need_w, need_h;
};

Layout layout(const View& v) {
    std::size_t label = 1;
    for (const auto& l : v.board.labels) label = std::max(label, l.size());
    Layout L;
    L.cell_w = std::max(4, static_cast<int>(label) + 2);
    L.board_w = v.board.cols * (L.cell_w + 1) + 1;
    L.board_h = v.board.rows * 2 + 1;
    L.need_w = std::max(L.board_w + 8, 40);
    L.need_h = L.board_h + 7;  // title, coach, board, blank, status, message, two help lines
    return L;
}

void draw_board(const Curses& c, const View& v, const Layout& L, int top, int left) {
    const BoardView& b = v.board;
    const int cw = L.cell_w + 1;
    for (int r = 0; r <= b.rows; ++r) {
        const int y = top + 2 * r;
        for (int col = 0; col <= b.cols; ++col) {
            const int x = left + col * cw;
            chtype corner;
            if (r == 0)
                corner = col == 0 ? ACS_ULCORNER : col == b.cols ? ACS_URCORNER : ACS_TTEE;
            else if (r == b.rows)
                corner = col == 0 ? ACS_LLCORNER : col == b.cols ? ACS_LRCORNER : ACS_BTEE;
            else
                corner = col == 0 ? ACS_LTEE : col == b.cols ? ACS_RTEE : ACS_PLUS;
            mvaddch(y, x, corner);
            if (col < b.cols) mvhline(y, x + 1, ACS_HLINE, L.cell_w);
        }
        if (r == b.rows) break;
        for (int col = 0; col <= b.cols; ++col) mvaddch(y + 1, left + col * cw, ACS_VLINE);
        for (int col = 0; col < b.cols; ++col) {
            const int i = r * b.cols + col;
            // The selected piece keeps its style and colour; brackets round its letter (and bold)
            // show the selection, with or without colours.
            const bool selected = i < static_cast<int>(b.selected.size()) && b.selected[i];
            const std::string label = selected ? "[" + b.labels[i] + "]" : b.labels[i];
            const int pad = L.cell_w - static_cast<int>(label.size());
            std::string text = std::string(pad - pad / 2, ' ') + label + std::string(pad / 2, ' ');
            attr_t attr = c.style(b.styles[i], b.colours[i]) | (selected ? A_BOLD : A_NORMAL);
            if (b.styles[i] == CellStyle::Wall) {
                attron(attr);
                mvhline(y + 1, left + col * cw + 1, ACS_CKBOARD, L.cell_w);
                attroff(attr);
            } else {
                put(y + 1, left + col * cw + 1, text, attr);
            }
        }
        if (r == b.exit_row) {
            mvaddch(y + 1, left + b.cols * cw, ' ');
            put(y + 1, left + b.cols * cw + 1, "exit", A_BOLD);
        }
    }
}

void draw(const Curses& c, const Session& s) {
    const View v = s.view();
    const Layout L = layout(v);
    erase();
    if (LINES < L.need_h || COLS < L.need_w) {
        // Short lines: the screen may be very narrow.
        put(0, 0, "terminal too small:", A_BOLD);
        put(1, 0,
            std::to_string(COLS) + "x" + std::to_string(LINES) + ", need " +
                std::to_string(L.need_w) + "x" + std::to_string(L.need_h));
        put(2, 0, "enlarge it or press q");
        refresh();
        return;
    }
    put(0, 1, v.title, A_BOLD);
    put(1, 1, v.coach, A_DIM);
    draw_board(c, v, L, 2, 2);
    int y = 2 + L.board_h + 1;
    put(y++, 1, v.status, A_BOLD);
    put(y++, 1, v.message);
    // The keys, on two lines when they do not fit on one.
    std::string help = v.help;
    if (static_cast<int>(help.size()) + 1 > COLS) {
        const std::size_t cut = help.rfind(" | ", COLS - 2);
        if (cut != std::string::npos) {
            put(y++, 1, help.substr(0, cut), A_DIM);
            help = help.substr(cut + 3);
        }
    }
    put(y, 1, help, A_DIM);
    refresh();
}

}  // namespace

bool interactive_terminal() {
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

void run_terminal(Session& session) {
    SignalGuard signals;
    Curses curses;
    session.update();
    draw(curses, session);
    while (g_signal == 0) {
        const int ch = getch();
        if (ch == ERR) {
            if (session.update()) draw(curses, session);
            continue;
        }
        if (ch != KEY_RESIZE && !session.handle(translate(ch))) break;
        session.update();
        draw(curses, session);
    }
}

}  // namespace frontier::play
