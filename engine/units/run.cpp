// The unit runner (design at the top of units/run.hpp). Why this file is over 400 lines: the
// worker pool, rank 0's ledger of files and both ends of the scheduling protocol share one
// message format and one batch rule; apart, each would restate them.
#include <frontier/engine/units/run.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <queue>
#include <thread>
#include <unordered_map>
#include <utility>

#include <frontier/engine/distributed/cluster.hpp>
#include <frontier/engine/error.hpp>
#include <frontier/engine/parallel.hpp>
#include <frontier/engine/text.hpp>
#include <frontier/engine/units/log.hpp>

namespace frontier {

UnitShard parse_unit_shard(std::string_view text, std::string_view option) {
    if (text.empty()) return {};
    auto number = [](std::string_view t, std::size_t& out) {
        const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
        return ec == std::errc() && p == t.data() + t.size() && !t.empty();
    };
    const std::size_t slash = text.find('/');
    UnitShard s;
    if (slash == std::string_view::npos || !number(text.substr(0, slash), s.index) ||
        !number(text.substr(slash + 1), s.count) || s.count < 1 || s.index >= s.count)
        throw InputError(std::string(option) + " " + quote_input(text) +
                         " is not K/N with 0 <= K < N (for example 0/4)");
    return s;
}

std::vector<std::size_t> unit_schedule(std::span<const std::size_t> units,
                                       std::span<const double> estimates) {
    std::vector<std::size_t> by(units.size());
    for (std::size_t i = 0; i < by.size(); ++i) by[i] = i;
    std::stable_sort(by.begin(), by.end(), [&](std::size_t a, std::size_t b) {
        return estimates[a] > estimates[b] || (estimates[a] == estimates[b] && units[a] < units[b]);
    });
    std::vector<std::size_t> order(units.size());
    for (std::size_t i = 0; i < by.size(); ++i) order[i] = units[by[i]];
    return order;
}

std::vector<double> unit_costs_left(std::span<const double> estimates) {
    std::vector<double> left(estimates.size() + 1, 0.0);
    for (std::size_t i = estimates.size(); i-- > 0;) left[i] = left[i + 1] + estimates[i];
    return left;
}

std::size_t unit_batch_end(std::span<const double> left, std::size_t next, std::size_t want,
                           std::size_t parts) {
    const std::size_t n = left.size() - 1;
    std::size_t end = std::min(n, next + std::max<std::size_t>(want, 1));
    const double limit = left[next] / static_cast<double>(std::max<std::size_t>(parts, 1));
    while (end < n && left[next] - left[end + 1] <= limit) ++end;
    return end;
}

double replay_makespan(std::span<const std::size_t> order, std::span<const double> estimates,
                       std::span<const double> costs, int workers) {
    std::vector<double> in_order;
    for (const std::size_t u : order) in_order.push_back(estimates[u]);
    const std::vector<double> left = unit_costs_left(in_order);
    const auto parts = static_cast<std::size_t>(kBatchesPerRank * std::max(workers, 1));
    // Each worker's finishing time; the next batch goes to the one that is free first.
    std::priority_queue<double, std::vector<double>, std::greater<>> free_at;
    for (int w = 0; w < std::max(workers, 1); ++w) free_at.push(0);
    double makespan = 0;
    for (std::size_t next = 0; next < order.size();) {
        const std::size_t end = unit_batch_end(left, next, 1, parts);
        double end_time = free_at.top();
        for (; next < end; ++next) end_time += costs[order[next]];
        free_at.pop();
        free_at.push(end_time);
        makespan = std::max(makespan, end_time);
    }
    return makespan;
}

namespace {

// Message tags between ranks (engine/distributed/cluster.hpp).
enum Tag : int {
    kRequest = 1,  // worker -> 0: how many units it can start now (one std::uint64_t)
    kUnits = 2,    // 0 -> worker: the units to run (std::uint64_t each); none: no more will come
    kRecord = 3,   // worker -> 0: a unit (std::uint64_t) and its record
    kDone = 4,     // worker -> 0: all of its records were sent
};

std::vector<std::byte> words(std::span<const std::uint64_t> values) {
    std::vector<std::byte> bytes(values.size_bytes());
    if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

std::vector<std::uint64_t> read_words(const std::vector<std::byte>& bytes) {
    std::vector<std::uint64_t> values(bytes.size() / sizeof(std::uint64_t));
    if (!values.empty()) std::memcpy(values.data(), bytes.data(), values.size() * 8);
    return values;
}

// Threads that run the units they are given, one at a time each, and hold the records until the
// coordinating thread takes them.
class UnitPool {
  public:
    struct Finished {
        std::size_t unit;
        std::string record;
    };

    UnitPool(int threads, const std::function<std::string(std::size_t)>& run)
        : run_(run), idle_(threads) {
        for (int t = 0; t < threads; ++t) threads_.emplace_back([this] { work(); });
    }
    ~UnitPool() {
        close();
        for (std::thread& t : threads_) t.join();
    }
    UnitPool(const UnitPool&) = delete;
    UnitPool& operator=(const UnitPool&) = delete;

    // A unit added after the pool closed is dropped: that happens only when a unit failed
    // between the coordinator's failed() and its add() (the run fails anyway), and queued with
    // no thread left to take it, it kept drained() false for ever.
    void add(std::size_t unit) {
        std::lock_guard lock(mutex_);
        if (closed_) return;
        queue_.push_back(unit);
        work_.notify_one();
    }
    // No unit will be added: threads end once the queue is empty.
    void close() {
        std::lock_guard lock(mutex_);
        closed_ = true;
        work_.notify_all();
    }
    // Units it wants now: enough for every idle thread and one more per thread waiting in the
    // queue, so that a thread finishing a unit finds the next one without a round trip to the
    // coordinator (0 after an error).
    std::size_t demand() {
        std::lock_guard lock(mutex_);
        if (error_) return 0;
        const std::size_t want = idle_ + threads_.size();
        return want > queue_.size() ? want - queue_.size() : 0;
    }
    bool failed() {
        std::lock_guard lock(mutex_);
        return error_ != nullptr;
    }
    // The records finished since the last call, waiting up to `wait` for one when there is none.
    std::vector<Finished> take(std::chrono::microseconds wait) {
        std::unique_lock lock(mutex_);
        if (finished_.empty()) main_.wait_for(lock, wait);
        std::vector<Finished> out(std::make_move_iterator(finished_.begin()),
                                  std::make_move_iterator(finished_.end()));
        finished_.clear();
        return out;
    }
    // Closed, nothing queued or running, every record taken.
    bool drained() {
        std::lock_guard lock(mutex_);
        return closed_ && queue_.empty() && running_ == 0 && finished_.empty();
    }
    void rethrow() {
        std::lock_guard lock(mutex_);
        if (error_) std::rethrow_exception(error_);
    }

  private:
    void work() {
        std::unique_lock lock(mutex_);
        for (;;) {
            work_.wait(lock, [&] { return !queue_.empty() || closed_; });
            if (queue_.empty()) return;
            const std::size_t unit = queue_.front();
            queue_.pop_front();
            --idle_;
            ++running_;
            lock.unlock();
            std::optional<std::string> record;
            std::exception_ptr error;
            try {
                record = run_(unit);
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            --running_;
            ++idle_;
            if (record) {
                finished_.push_back({unit, std::move(*record)});
            } else {  // stop handing out units: the others finish theirs, then the run fails
                if (!error_) error_ = error;
                queue_.clear();
                closed_ = true;
                work_.notify_all();
            }
            main_.notify_one();
        }
    }

    const std::function<std::string(std::size_t)>& run_;
    std::mutex mutex_;
    std::condition_variable work_, main_;
    std::deque<std::size_t> queue_;
    std::vector<Finished> finished_;
    std::size_t idle_, running_ = 0;
    bool closed_ = false;
    std::exception_ptr error_;
    std::vector<std::thread> threads_;
};

// Rank 0's side: the checkpoint, what was recovered and imported, and the units left to run.
class Ledger {
  public:
    Ledger(const UnitJob& job, const UnitRunOptions& o) : job_(job), o_(o) {
        if (o.checkpoint.empty() &&
            (o.resume || o.max_units > 0 || !o.shard.whole() || !o.imports.empty()))
            throw InputError("resuming, importing, a shard or a unit limit needs a checkpoint");
        // Every import is read and checked before this run's checkpoint is opened, so a bad one
        // changes nothing.
        std::vector<std::vector<std::pair<std::uint64_t, std::string>>> imports;
        for (const std::string& path : o.imports) {
            imports.push_back(UnitLog::read_records(path, job.identity));
            for (const auto& [unit, record] : imports.back()) check(path, unit, record);
        }
        if (!o.checkpoint.empty()) open(std::move(imports));
        for (std::size_t u = 0; u < job.unit_count; ++u) {
            if (log_ && log_->done(u)) continue;
            ++missing_;
            if (o.shard.holds(u)) pending_.push_back(u);
        }
        summary_.units = job.unit_count;
        summary_.shard_missing = pending_.size();
        if (o.max_units > 0 && o.max_units < pending_.size()) pending_.resize(o.max_units);
    }

    std::vector<std::size_t>& pending() { return pending_; }
    UnitRunSummary& summary() { return summary_; }

    // A unit run here (by any rank).
    void record(std::size_t unit, std::string_view bytes) {
        if (log_) log_->append(unit, bytes);
        job_.accept(unit, bytes, UnitOrigin::Ran);
        ++summary_.ran;
    }

    // After every pending unit ran: the job's output, then the checkpoint goes.
    void finish() {
        summary_.complete = summary_.ran == pending_.size() && pending_.size() == missing_;
        if (!summary_.complete) return;
        if (o_.on_complete) o_.on_complete();
        if (log_) log_->remove();
    }

  private:
    void check(const std::string& path, std::uint64_t unit, std::string_view record) const {
        if (unit >= job_.unit_count)
            throw InputError(path + ": damaged checkpoint: unit " + std::to_string(unit) +
                             " is out of range (this job has " + std::to_string(job_.unit_count) +
                             " units)");
        if (!job_.check) return;
        try {
            job_.check(unit, record);
        } catch (const InputError& e) {
            throw InputError(path + ": unit " + std::to_string(unit) + ": " + e.what());
        }
    }

    void open(std::vector<std::vector<std::pair<std::uint64_t, std::string>>> imports) {
        if (o_.resume && !std::filesystem::exists(o_.checkpoint) && o_.notice)
            o_.notice("no checkpoint " + o_.checkpoint + " to resume; starting from the beginning");
        log_ = std::make_unique<UnitLog>(o_.checkpoint, job_.identity, o_.resume);
        for (const auto& [unit, record] : log_->recovered()) check(log_->path(), unit, record);
        for (const auto& [unit, record] : log_->recovered())
            job_.accept(unit, record, UnitOrigin::Checkpoint);
        summary_.recovered = log_->recovered().size();
        // A unit in several imports is taken once: every run gives a unit the same record.
        for (std::size_t f = 0; f < imports.size(); ++f) {
            std::size_t fresh = 0;
            for (const auto& [unit, record] : imports[f]) {
                if (log_->done(unit)) continue;
                log_->append(unit, record);
                job_.accept(unit, record, UnitOrigin::Imported);
                ++fresh;
            }
            if (o_.notice)
                o_.notice("imported " + std::to_string(fresh) + " units from " + o_.imports[f]);
            summary_.imported += fresh;
        }
    }

    const UnitJob& job_;
    const UnitRunOptions& o_;
    std::unique_ptr<UnitLog> log_;
    std::vector<std::size_t> pending_;
    std::size_t missing_ = 0;
    UnitRunSummary summary_;
};

// The estimated cost of each pending unit (empty without estimates), computed on this process's
// threads, or over the cluster's ranks (each a stride of the units) when there is one.
std::vector<double> estimate_costs(const UnitJob& job, Cluster* cluster, int threads,
                                   std::vector<std::size_t>& pending) {
    if (!job.cost) return {};
    const int rank = cluster ? cluster->rank() : 0, ranks = cluster ? cluster->size() : 1;
    if (cluster) {
        std::vector<std::uint64_t> units(pending.begin(), pending.end());
        std::uint64_t count = units.size();
        broadcast_value(*cluster, 0, count);
        units.resize(count);
        cluster->broadcast(0, std::as_writable_bytes(std::span(units)));
        pending.assign(units.begin(), units.end());
    }
    std::vector<double> mine((pending.size() + ranks - 1 - rank) / ranks);
    run_with_threads(threads, [&] {
        parallel_for_dynamic(mine.size(),
                             [&](std::size_t i) { mine[i] = job.cost(pending[rank + i * ranks]); });
    });
    if (!cluster) return mine;
    const auto parts = cluster->all_gather(std::as_bytes(std::span(mine)));
    std::vector<double> all(pending.size());
    for (int r = 0; r < ranks; ++r)
        for (std::size_t i = 0; i * sizeof(double) < parts[r].size(); ++i)
            std::memcpy(&all[r + i * ranks], parts[r].data() + i * sizeof(double), sizeof(double));
    return all;
}

// Rank 0 (or the only process): hands out the units in order, to its own threads and to the
// ranks that ask, and records every result.
void coordinate(Cluster* cluster, const UnitJob& job, const UnitRunOptions& o, Ledger& ledger,
                const std::vector<std::size_t>& order, const std::vector<double>& costs,
                int threads) {
    std::unordered_map<std::size_t, double> cost_of;
    UnitProgress progress;
    progress.pending = order.size();
    for (std::size_t i = 0; i < costs.size(); ++i) {
        cost_of[order[i]] = costs[i];
        progress.cost_pending += costs[i];
    }
    auto record = [&](std::size_t unit, std::string_view bytes) {
        ledger.record(unit, bytes);
        ++progress.ran;
        if (auto c = cost_of.find(unit); c != cost_of.end()) progress.cost_ran += c->second;
        if (o.progress) o.progress(progress);
    };
    // Remote ranks get batches (unit_batch_end); without estimates every unit counts as 1.
    const std::vector<double> left =
        unit_costs_left(costs.empty() ? std::vector<double>(order.size(), 1.0) : costs);
    const std::size_t parts = kBatchesPerRank * (cluster ? cluster->size() : 1);
    std::size_t next = 0;
    bool stopped = false;  // a unit failed: hand out no more
    int workers_left = cluster ? cluster->size() - 1 : 0;
    UnitPool pool(threads, job.run);
    const auto wait =
        cluster ? std::chrono::microseconds(1000) : std::chrono::microseconds(200'000);
    for (;;) {
        if (cluster)
            cluster->poll([&](int source, int tag, std::vector<std::byte>&& bytes) {
                if (tag == kRequest) {
                    std::vector<std::uint64_t> units;
                    const std::uint64_t want = read_words(bytes).at(0);
                    const std::size_t end =
                        stopped ? next : unit_batch_end(left, next, want, parts);
                    for (; next < end; ++next) units.push_back(order[next]);
                    cluster->post(source, kUnits, words(units));
                } else if (tag == kRecord) {
                    std::uint64_t unit = 0;
                    std::memcpy(&unit, bytes.data(), sizeof unit);
                    record(unit, std::string_view(reinterpret_cast<const char*>(bytes.data()) + 8,
                                                  bytes.size() - 8));
                } else if (tag == kDone) {
                    --workers_left;
                }
            });
        stopped = stopped || pool.failed();
        for (std::size_t n = pool.demand(); n > 0 && !stopped && next < order.size(); --n)
            pool.add(order[next++]);
        if (stopped || next == order.size()) pool.close();
        for (UnitPool::Finished& f : pool.take(wait)) record(f.unit, f.record);
        if (workers_left == 0 && pool.drained()) break;
    }
    if (cluster) cluster->wait_sends();
    pool.rethrow();
}

// A rank other than 0: asks for units whenever it has idle threads, runs them, sends the records.
void work_for_rank_0(Cluster& cluster, const UnitJob& job, int threads) {
    UnitPool pool(threads, job.run);
    bool asked = false, no_more = false;
    for (;;) {
        cluster.poll([&](int, int tag, std::vector<std::byte>&& bytes) {
            if (tag != kUnits) return;
            asked = false;
            const std::vector<std::uint64_t> units = read_words(bytes);
            if (units.empty()) no_more = true;
            for (const std::uint64_t u : units) pool.add(u);
        });
        if (pool.failed()) no_more = true;
        if (no_more) pool.close();
        if (const std::uint64_t want = pool.demand(); !no_more && !asked && want > 0) {
            cluster.post(0, kRequest, words(std::span(&want, 1)));
            asked = true;
        }
        for (UnitPool::Finished& f : pool.take(std::chrono::microseconds(1000))) {
            const std::uint64_t unit = f.unit;
            std::vector<std::byte> bytes(sizeof unit + f.record.size());
            std::memcpy(bytes.data(), &unit, sizeof unit);
            if (!f.record.empty())
                std::memcpy(bytes.data() + sizeof unit, f.record.data(), f.record.size());
            cluster.post(0, kRecord, std::move(bytes));
        }
        if (no_more && pool.drained()) break;
    }
    cluster.post(0, kDone, {});
    cluster.wait_sends();
    pool.rethrow();
}

}  // namespace

struct UnitRun::Setup {
    std::unique_ptr<Ledger> ledger;  // rank 0's
    std::vector<std::size_t> pending;
};

UnitRun::UnitRun(Cluster* cluster, const UnitJob& job, const UnitRunOptions& options)
    : cluster_(cluster), job_(job), options_(options), setup_(std::make_unique<Setup>()) {
    auto set_up = [&] {
        // The units of this run's shard, done or not: a rank count that can never be kept busy
        // is refused whatever the checkpoint holds.
        const UnitShard& shard = options.shard;
        const std::size_t units =
            job.unit_count > shard.index ? (job.unit_count - shard.index - 1) / shard.count + 1 : 0;
        if (cluster && static_cast<std::size_t>(cluster->size()) > units)
            throw InputError((shard.whole() ? "this job has " : "this shard has ") +
                             std::to_string(units) + " units of work, fewer than the " +
                             std::to_string(cluster->size()) + " ranks started: start at most " +
                             std::to_string(units));
        if (cluster && cluster->rank() != 0) return;
        setup_->ledger = std::make_unique<Ledger>(job, options);
        setup_->pending = setup_->ledger->pending();
    };
    if (cluster)
        agree(*cluster, set_up);
    else
        set_up();
}

UnitRun::UnitRun(const UnitJob& job, const UnitRunOptions& options)
    : UnitRun(nullptr, job, options) {}
UnitRun::UnitRun(Cluster& cluster, const UnitJob& job, const UnitRunOptions& options)
    : UnitRun(&cluster, job, options) {}
UnitRun::~UnitRun() = default;

UnitRunSummary UnitRun::run() {
    const int threads = resolve_threads(options_.threads);
    std::vector<std::size_t>& pending = setup_->pending;
    const std::vector<double> estimates = estimate_costs(job_, cluster_, threads, pending);
    if (cluster_ && cluster_->rank() != 0) {
        work_for_rank_0(*cluster_, job_, threads);
        return {};
    }
    std::vector<std::size_t> order = pending;
    std::vector<double> costs;
    if (!estimates.empty()) {
        order = unit_schedule(pending, estimates);
        std::unordered_map<std::size_t, double> by_unit;
        for (std::size_t i = 0; i < pending.size(); ++i) by_unit[pending[i]] = estimates[i];
        for (const std::size_t u : order) costs.push_back(by_unit[u]);
    }
    Ledger& ledger = *setup_->ledger;
    coordinate(cluster_, job_, options_, ledger, order, costs, threads);
    ledger.finish();
    UnitRunSummary summary = ledger.summary();
    summary.costed = !estimates.empty();
    for (const double c : costs) summary.cost_pending += c;
    summary.ranks = cluster_ ? cluster_->size() : 1;
    return summary;
}

UnitRunSummary run_units(const UnitJob& job, const UnitRunOptions& options) {
    return UnitRun(job, options).run();
}

}  // namespace frontier
