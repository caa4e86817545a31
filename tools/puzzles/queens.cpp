// count queens N and solve queens N.
#include <cstdio>
#include <iostream>

#include <frontier/domains/queens/queens.hpp>
#include <frontier/domains/queens/queens_io.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/timer.hpp>
#include "tools/cli/common.hpp"
#include "tools/cli/format.hpp"
#include "tools/cli/help_format.hpp"
#include "tools/puzzles/registry.hpp"

namespace frontier::cli {

namespace {

struct QueensOptions {
    int n = 0;
    int threads = 0;
    bool unique = false, json = false;
};

void count_queens(const QueensOptions& o) {
    // The reason differs at the two ends: below 1 there is no board; above 27 the count is
    // unknown and would take months (each N costs about 7 times the one before).
    const std::string range =
        "queens: counting takes 1 <= N <= " + std::to_string(NQueens::kMaxCount) + " (got " +
        std::to_string(o.n) + ")";
    if (o.n < 1) throw InputError(range + ": a board has at least one row");
    if (o.n > NQueens::kMaxCount)
        throw InputError(range + ": " + std::to_string(NQueens::kMaxCount) +
                         " is the largest N whose count is known, and each N takes about 7 "
                         "times as long as the one before");
    const NQueens queens(o.n);
    ProgressLine progress(!o.json && stderr_is_terminal());
    Stopwatch clock;
    double last = -1;
    const QueensCount c =
        queens.count(o.threads, o.unique, [&](std::uint64_t done, std::uint64_t all) {
            if (clock.seconds() - last < 0.25 && done != all) return;
            last = clock.seconds();
            progress.update("queens " + std::to_string(o.n) + ": " + std::to_string(done) + "/" +
                            std::to_string(all) + " first-row placements, " + format_seconds(last));
        });
    progress.finish();
    const double rate = static_cast<double>(c.nodes) / std::max(c.seconds, 1e-9);
    if (o.json) {
        Json j;
        j["domain"] = "queens";
        j["n"] = c.n;
        j["solutions"] = c.total;
        if (c.has_unique) {
            j["unique"] = c.unique;
            j["half_turn_symmetric"] = c.half_turn;
            j["quarter_turn_symmetric"] = c.quarter_turn;
        }
        j["nodes"] = c.nodes;
        j["tasks"] = c.tasks;
        j["threads"] = c.threads;
        j["seconds"] = c.seconds;
        j["nodes_per_second"] = rate;
        print_json(j);
        return;
    }
    std::printf("queens %d: %llu solutions", c.n, static_cast<unsigned long long>(c.total));
    if (c.has_unique)
        std::printf(
            ", %llu unique under rotations and reflections (%llu symmetric under the "
            "half turn, %llu under the quarter turn)",
            static_cast<unsigned long long>(c.unique), static_cast<unsigned long long>(c.half_turn),
            static_cast<unsigned long long>(c.quarter_turn));
    std::printf("\n%llu nodes, %llu tasks, %d threads, %s, %s nodes/s\n",
                static_cast<unsigned long long>(c.nodes), static_cast<unsigned long long>(c.tasks),
                c.threads, format_seconds(c.seconds).c_str(), format_rate(rate).c_str());
}

int solve_queens(const QueensOptions& o) {
    const NQueens queens(o.n);
    Stopwatch clock;
    std::uint64_t nodes = 0;
    const std::vector<int> columns = queens.first_solution(&nodes);
    const double seconds = clock.seconds();
    if (o.json) {
        Json j;
        j["domain"] = "queens";
        j["n"] = o.n;
        j["status"] = columns.empty() ? "no_solution" : "solved";
        if (columns.empty()) j["reason"] = "search exhausted after " + counted(nodes, "node");
        j["columns"] = Json::array();
        for (int c : columns) j["columns"].push_back(c + 1);
        j["nodes"] = nodes;
        j["seconds"] = seconds;
        print_json(j);
    } else if (columns.empty()) {
        std::printf("queens %d: no solution (search exhausted after %s)\n", o.n,
                    counted(nodes, "node").c_str());
    } else {
        std::printf("queens %d: %s\n(the queen's column in each row, 1-based)\n%s", o.n,
                    format_queens(columns).c_str(), draw_queens(columns).c_str());
        std::printf("%s, %s\n", counted(nodes, "node").c_str(), format_seconds(seconds).c_str());
    }
    return columns.empty() ? 1 : 0;
}

}  // namespace

void register_queens(Registry& registry) {
    registry.add(
        "count",
        PuzzleHandler{
            "queens N", accept_names({"queens"}), [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<QueensOptions>();
                cmd.description(
                    "Count the placements of N non-attacking queens on an N x N board (bitboard "
                    "backtracking, parallel over the first rows' placements).");
                cmd.add_option("N", o->n, "board size, 1 to 27")->required();
                add_threads_option(&cmd, o->threads);
                cmd.add_flag(
                    "--unique", o->unique,
                    "also count the solutions distinct under the 8 rotations and reflections");
                add_format_option(cmd, o->json, "one JSON object");
                add_quiet_option(cmd);
                cmd.footer(
                    "Time grows about 7-fold per N: on two cores N=16 takes about a second, N=18 a "
                    "minute.\n" +
                    examples_block({"frontier count queens 12 --unique   # 14200 solutions, "
                                    "1787 unique",
                                    "frontier count queens 14 --threads 2 --json"}));
                cmd.callback([o] { count_queens(*o); });
            }});
    registry.add(
        "solve",
        PuzzleHandler{
            "queens N", accept_names({"queens"}), [](CLI::App& cmd, const std::string&) {
                auto o = std::make_shared<QueensOptions>();
                cmd.description(
                    "Place N non-attacking queens on an N x N board and print the board.");
                cmd.add_option("N", o->n, "board size, 1 to 64")->required();
                add_format_option(cmd, o->json, "one JSON object");
                cmd.footer(
                    "Output: the queen's column in each row (1-based, top row first) and "
                    "the board.\n"
                    "Search: most-constrained row first. Exit status: 0 solved, 1 no "
                    "solution (N = 2, "
                    "3), 2 bad input.\n" +
                    examples_block({"frontier solve queens 8", "frontier solve queens 30 --json"}));
                cmd.callback([o] {
                    const int code = solve_queens(*o);
                    if (code != 0) throw ExitRequest{code};
                });
            }});
}

}  // namespace frontier::cli
