#include <frontier/domains/queens/queens_io.hpp>

namespace frontier {

std::string format_queens(const std::vector<int>& columns) {
    std::string s;
    for (int c : columns) {
        if (!s.empty()) s += ' ';
        s += std::to_string(c + 1);
    }
    return s;
}

std::string draw_queens(const std::vector<int>& columns) {
    const int n = static_cast<int>(columns.size());
    std::string s;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            s += columns[r] == c ? 'Q' : '.';
            s += c + 1 < n ? ' ' : '\n';
        }
    }
    return s;
}

}  // namespace frontier
