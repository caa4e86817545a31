// Wall-clock stopwatch for reports (not for tests: speed is measured in benchmarks).
#pragma once

#include <chrono>

namespace frontier {

class Stopwatch {
  public:
    Stopwatch() : start_(Clock::now()) {}
    double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point start_;
};

}  // namespace frontier
