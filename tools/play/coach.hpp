// The coach of `frontier play`: exact optimal distances and next moves, computed off the game's
// thread so the game stays responsive.
//
// A Coach<D> wraps a Solver: any function that returns an optimal solution of a state (its
// distance and one optimal path) or nothing when its stop flag was raised. The 8-puzzle's solver
// reads a distance table (instant); the 15-puzzle's runs IDA* with pattern databases or linear
// conflict (milliseconds to minutes); Rush Hour's explores the cluster once.
//
// The game says which states it wants answered, most urgent first (the current position, then
// the start, whose distance the score needs); want() replaces that list. In background mode one
// worker thread solves the first wanted state without an answer; when want() makes another state
// more urgent, the running solve is told to stop (a stale computation is cancelled) and the
// worker moves on. In inline mode (no thread) want() solves the wanted states at once in the
// caller's thread: for instant solvers and for scripts.
//
// Every answer is kept, and a solution's path answers every state along it: position i of the
// path is distance - i from the goal and its next move is path[i]. So a player who follows the
// hints never waits, and undo never recomputes. A solver returns distance -1 for a state with no
// solution (an unsolvable Rush Hour board). All members are thread-safe; answers are read under
// a mutex, which the worker holds only to store them, never while solving.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include <frontier/engine/concepts.hpp>

namespace frontier::play {

template <class Move>
struct Solution {
    int distance = -1;       // -1: no solution
    std::vector<Move> path;  // an optimal path to the goal (distance moves)
};

template <class Move>
struct Advice {
    int distance = -1;         // -1: no solution
    std::optional<Move> next;  // an optimal next move; empty at the goal or without a solution
};

template <ReversibleDomain D>
class Coach {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    using Solver =
        std::function<std::optional<Solution<Move>>(const State&, const std::atomic<bool>& stop)>;

    Coach(const D& d, Solver solver, bool background) : d_(d), solver_(std::move(solver)) {
        if (background) worker_ = std::thread([this] { run(); });
    }
    ~Coach() {
        {
            std::lock_guard lock(mu_);
            quit_ = true;
            stop_.store(true);
        }
        cv_.notify_all();
        if (worker_.joinable()) worker_.join();
    }
    Coach(const Coach&) = delete;
    Coach& operator=(const Coach&) = delete;

    bool background() const { return worker_.joinable(); }

    // The states to answer, most urgent first. Cancels a running solve that is no longer the
    // most urgent unanswered state.
    void want(std::vector<State> states) {
        if (!background()) {
            for (const State& s : states) wait(s);
            return;
        }
        {
            std::lock_guard lock(mu_);
            wanted_ = std::move(states);
            const std::optional<State> next = next_target();
            if (target_ && !(next && *next == *target_)) stop_.store(true);
        }
        cv_.notify_all();
    }

    std::optional<Advice<Move>> advice(const State& s) const {
        std::lock_guard lock(mu_);
        const auto it = known_.find(s);
        if (it == known_.end()) return std::nullopt;
        return it->second;
    }
    // The distance of s, or -1 when it is unknown or s has no solution.
    int distance(const State& s) const {
        const auto a = advice(s);
        return a ? a->distance : -1;
    }
    // True while the worker is solving a state.
    bool solving() const {
        std::lock_guard lock(mu_);
        return target_.has_value();
    }
    // Grows by one with every stored answer (a cheap "is there anything new to draw" test).
    std::uint64_t version() const { return version_.load(); }

    // The answer for s, waiting for it (or computing it in this thread without a worker).
    Advice<Move> wait(const State& s) {
        if (const auto a = advice(s)) return *a;
        if (!background()) {
            const std::atomic<bool> never{false};
            const auto solution = solver_(s, never);
            std::lock_guard lock(mu_);
            store(s, solution.value());
            return known_.at(s);
        }
        std::unique_lock lock(mu_);
        wanted_.insert(wanted_.begin(), s);
        if (target_ && !(*target_ == s)) stop_.store(true);
        cv_.notify_all();
        cv_.wait(lock, [&] { return known_.contains(s); });
        return known_.at(s);
    }

  private:
    // The first wanted state without an answer (mu_ held).
    std::optional<State> next_target() const {
        for (const State& s : wanted_)
            if (!known_.contains(s)) return s;
        return std::nullopt;
    }

    // Records a solution of s and every state along its path (mu_ held).
    void store(const State& s, const Solution<Move>& solution) {
        if (solution.distance < 0 || static_cast<int>(solution.path.size()) != solution.distance) {
            known_[s] = Advice<Move>{-1, std::nullopt};
        } else {
            State at = s;
            for (int i = 0; i <= solution.distance; ++i) {
                Advice<Move> a{solution.distance - i, std::nullopt};
                if (i < solution.distance) a.next = solution.path[i];
                known_.try_emplace(at, a);
                if (i < solution.distance) at = d_.apply(at, solution.path[i]);
            }
        }
        ++version_;
    }

    void run() {
        std::unique_lock lock(mu_);
        while (!quit_) {
            const std::optional<State> target = next_target();
            if (!target) {
                cv_.wait(lock);
                continue;
            }
            target_ = target;
            stop_.store(false);
            lock.unlock();
            auto solution = solver_(*target, stop_);
            lock.lock();
            target_.reset();
            if (solution) store(*target, *solution);
            cv_.notify_all();  // wake wait()
        }
    }

    const D& d_;
    Solver solver_;
    mutable std::mutex mu_;
    std::condition_variable cv_;
    absl::flat_hash_map<State, Advice<Move>> known_;
    std::vector<State> wanted_;
    std::optional<State> target_;  // the state being solved
    std::atomic<bool> stop_{false};
    std::atomic<std::uint64_t> version_{0};
    bool quit_ = false;
    std::thread worker_;  // last: started after everything above exists
};

}  // namespace frontier::play
