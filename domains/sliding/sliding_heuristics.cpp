#include <frontier/domains/sliding/sliding_heuristics.hpp>

#include <cstdlib>

namespace frontier {

namespace {

template <class Board>
std::array<std::uint8_t, 25> goal_cells(const Board& d) {
    std::array<std::uint8_t, 25> cell{};
    for (int c = 0; c < d.cells(); ++c) cell[d.goal().tile(c)] = static_cast<std::uint8_t>(c);
    return cell;
}

// Length minus the longest increasing subsequence of keys[0..n).
int removals_to_sort(const int* keys, int n) {
    int lis[25], best = 0;
    for (int i = 0; i < n; ++i) {
        lis[i] = 1;
        for (int j = 0; j < i; ++j)
            if (keys[j] < keys[i] && lis[j] + 1 > lis[i]) lis[i] = lis[j] + 1;
        if (lis[i] > best) best = lis[i];
    }
    return n - best;
}

}  // namespace

template <class Board>
MisplacedTiles<Board>::MisplacedTiles(const Board& d)
    : cells_(d.cells()), goal_cell_(goal_cells(d)) {}

template <class Board>
int MisplacedTiles<Board>::operator()(State s) const {
    int h = 0;
    for (int c = 0; c < cells_; ++c) {
        const int t = s.tile(c);
        h += t != 0 && goal_cell_[t] != c;
    }
    return h;
}

template <class Board>
Manhattan<Board>::Manhattan(const Board& d) : cells_(d.cells()) {
    const auto goal = goal_cells(d);
    for (int t = 1; t < d.cells(); ++t)
        for (int c = 0; c < d.cells(); ++c)
            distance_[t][c] =
                static_cast<std::uint8_t>(std::abs(c / d.cols() - goal[t] / d.cols()) +
                                          std::abs(c % d.cols() - goal[t] % d.cols()));
}

template <class Board>
int Manhattan<Board>::operator()(State s) const {
    int h = 0;
    for (int c = 0; c < cells_; ++c) h += distance_[s.tile(c)][c];
    return h;
}

template <class Board>
LinearConflict<Board>::LinearConflict(const Board& d)
    : manhattan_(d), rows_(d.rows()), cols_(d.cols()) {
    const auto goal = goal_cells(d);
    for (int t = 0; t < d.cells(); ++t) {
        goal_row_[t] = static_cast<std::uint8_t>(goal[t] / cols_);
        goal_col_[t] = static_cast<std::uint8_t>(goal[t] % cols_);
    }
}

template <class Board>
int LinearConflict<Board>::row_conflict(State s, int row) const {
    int keys[25], n = 0;
    for (int c = 0; c < cols_; ++c) {
        const int t = s.tile(row * cols_ + c);
        if (t != 0 && goal_row_[t] == row) keys[n++] = goal_col_[t];
    }
    return removals_to_sort(keys, n);
}

template <class Board>
int LinearConflict<Board>::col_conflict(State s, int col) const {
    int keys[25], n = 0;
    for (int r = 0; r < rows_; ++r) {
        const int t = s.tile(r * cols_ + col);
        if (t != 0 && goal_col_[t] == col) keys[n++] = goal_row_[t];
    }
    return removals_to_sort(keys, n);
}

template <class Board>
int LinearConflict<Board>::operator()(State s) const {
    int conflicts = 0;
    for (int r = 0; r < rows_; ++r) conflicts += row_conflict(s, r);
    for (int c = 0; c < cols_; ++c) conflicts += col_conflict(s, c);
    return manhattan_(s) + 2 * conflicts;
}

template <class Board>
int LinearConflict<Board>::update(int h, State parent, SlideMove m, State child) const {
    h = manhattan_.update(h, parent, m, child);
    const bool vertical = m.dir == 0 || m.dir == 3;
    if (vertical) {  // the tile changes row; every column keeps its order
        const int a = m.from / cols_, b = m.to / cols_;
        h += 2 * (row_conflict(child, a) + row_conflict(child, b) - row_conflict(parent, a) -
                  row_conflict(parent, b));
    } else {  // the tile changes column; every row keeps its order
        const int a = m.from % cols_, b = m.to % cols_;
        h += 2 * (col_conflict(child, a) + col_conflict(child, b) - col_conflict(parent, a) -
                  col_conflict(parent, b));
    }
    return h;
}

template class MisplacedTiles<SlidingTiles>;
template class Manhattan<SlidingTiles>;
template class LinearConflict<SlidingTiles>;
template class MisplacedTiles<WideSlidingTiles>;
template class Manhattan<WideSlidingTiles>;
template class LinearConflict<WideSlidingTiles>;

}  // namespace frontier
