// HDA* across processes: the ClusterTransport and hda_star_distributed().
//
// The same workers and driver as in one process (engine/search/hdastar.hpp); only the transport
// differs. Every process runs T workers (T may differ between processes); the P = sum of T owner
// ids are numbered process by process, so process r owns a contiguous range of them and a
// state's owner process follows from owner_of(hash, P). A batch for a worker of this process
// goes straight into its inbox; a batch for another process is queued, and whichever worker next
// calls progress() (a try-lock: never two at once, never a wait) posts it as one non-blocking
// message (MPI_Isend of the batch's bytes, tagged with the destination worker), receives what
// has arrived (matched probe and receive) into the local inboxes, and drives the termination
// rounds below. No thread is dedicated to communication: a busy worker calls progress() once per
// batch of expansions, an idle one every time round its idle loop.
//
// Termination detection across processes (Mattern's counting method with two consecutive
// waves; the waves are non-blocking all-reduce rounds). Each process keeps
//   work  its own counter of active workers and batches (engine/search/hdastar.hpp), where a batch
//         queued for another process counts until it is posted, and a batch received from
//         another process counts from the moment it is taken off the wire;
//   S, R  messages posted to / received from other processes.
// S and R change only under the progress lock, and posting increments S before the batch stops
// counting in `work`; receiving increments R and `work` together. A round's contribution is a
// snapshot taken under that lock: busy = (work != 0), S, R (plus the stop flag, the expansion
// count and, as a minimum, the incumbent). Every process starts round k+1 only after round k
// completed everywhere, so every snapshot of round k precedes every snapshot of round k+1.
//
// Claim: if rounds k and k+1 both report busy = 0 everywhere, sum S = sum R, and the same sums
// of S and of R, the computation has terminated. Proof: a process that is idle (work = 0) can
// only become busy by receiving a message (R grows): seeding happens before any round, and every
// other increment of `work` is made while it is already >= 1. R is monotone per process and its
// sum did not change, so no process received anything between its two snapshots, hence every
// process stayed idle over that interval, and its S did not change either (an idle process posts
// nothing). Let t be the last snapshot of round k: every process is idle at t, has sent exactly
// its S and received exactly its R, so the messages in transit at t number sum S - sum R = 0.
// No worker is active, no batch waits anywhere and none is on the wire: nothing can ever become
// active again. Conversely, once the computation has terminated the counters stop changing, so
// two rounds later every process sees the condition: detection is live. Every process sees the
// same sums, so all of them decide in the same round. A stop (expansion limit, summed over the
// processes) is decided the same way, in the round that first reports it.
//
// After the decision the processes drain: queued batches are dropped, and each process keeps
// receiving (and discarding) until the sums of S and R agree, so no message is left on the wire
// and every send has completed. Then the result is assembled with blocking collectives: worker
// statistics gathered, the best goal chosen (minimum g, its process broadcasts the state), and
// the path walked back from the goal, each step looked up by the state's owner process and
// broadcast (one small broadcast per move).
#pragma once

#include <cstring>
#include <mutex>
#include <type_traits>

#include <frontier/engine/distributed/cluster.hpp>
#include <frontier/engine/search/hdastar.hpp>

namespace frontier {

template <class Message>
class ClusterTransport {
  public:
    using Batch = std::vector<Message>;
    static_assert(std::is_trivially_copyable_v<Message>);

    // Collective: every process constructs its transport with its own worker count.
    ClusterTransport(Cluster& cluster, int local_workers, const SearchLimits& limits)
        : cluster_(cluster), limits_(limits), local_(local_workers), inboxes_(local_workers) {
        const std::int64_t mine = local_workers;
        const auto counts = all_gather_vector<std::int64_t>(cluster, {&mine, 1});
        first_of_.push_back(0);
        for (std::size_t p = 0; p < counts.size(); ++p) {
            first_of_.push_back(first_of_.back() + static_cast<int>(counts[p]));
            process_of_.insert(process_of_.end(), counts[p], static_cast<int>(p));
        }
        first_ = first_of_[cluster.rank()];
    }

    int owners() const { return static_cast<int>(process_of_.size()); }
    int first_local() const { return first_; }
    int local_owners() const { return local_; }
    bool is_local(int owner) const { return owner >= first_ && owner < first_ + local_; }
    int process_of(int owner) const { return process_of_[owner]; }

    void send(int to, Batch&& batch) {
        work_.fetch_add(1, std::memory_order_acq_rel);
        if (is_local(to)) {
            inboxes_.put(to - first_, std::move(batch));
            return;
        }
        std::lock_guard lock(outgoing_mutex_);
        outgoing_.push_back(Outgoing{to, std::move(batch)});
    }
    void receive(int self, std::vector<Batch>& out) { inboxes_.take(self - first_, out); }
    void batch_consumed() { work_.fetch_sub(1, std::memory_order_acq_rel); }
    void become_active() { work_.fetch_add(1, std::memory_order_acq_rel); }
    void become_idle() { work_.fetch_sub(1, std::memory_order_acq_rel); }
    bool terminated() const { return decision_.load(std::memory_order_acquire) != kUndecided; }

    void progress(HdaControl& control) {
        std::unique_lock lock(driver_, std::try_to_lock);
        if (lock.owns_lock()) drive(control);
    }

    // After this process's workers stopped: keep the rounds going until the processes have
    // decided, then drain the wire.
    void finish(HdaControl& control) {
        std::lock_guard lock(driver_);
        while (decision_.load(std::memory_order_relaxed) == kUndecided) {
            drive(control);
            if (decision_.load(std::memory_order_relaxed) == kUndecided)
                std::this_thread::sleep_for(std::chrono::microseconds(20));
        }
        control.stop.store(decision_ == kStopped);
        {
            std::lock_guard out_lock(outgoing_mutex_);
            outgoing_.clear();
        }
        for (;;) {
            cluster_.poll([&](int, int, std::vector<std::byte>&&) { ++received_; });
            std::int64_t counts[2] = {sent_, received_};
            cluster_.all_sum(counts);
            if (counts[0] == counts[1]) break;
        }
        cluster_.wait_sends();
    }

    std::vector<HdaWorkerStats> gather_stats(std::vector<HdaWorkerStats> local) {
        return all_gather_vector<HdaWorkerStats>(cluster_, local);
    }

    // The best goal over all processes (least g, then least rank), on every process.
    template <class State>
    void best_goal(std::optional<State>& goal, int& g) {
        std::int64_t key = goal ? (std::int64_t{g} << 32) | cluster_.rank() : INT64_MAX;
        cluster_.all_min({&key, 1});
        if (key == INT64_MAX) {
            goal.reset();
            return;
        }
        State s = goal ? *goal : State{};
        broadcast_value(cluster_, static_cast<int>(key & 0xFFFFFFFF), s);
        goal = s;
        g = static_cast<int>(key >> 32);
    }

    template <class T>
    void share(int process, T& value) {
        broadcast_value(cluster_, process, value);
    }

    template <class R>
    void report(R& result) {
        std::int64_t totals[2] = {remote_batches_, remote_bytes_};
        cluster_.all_sum(totals);
        result.processes = cluster_.size();
        result.remote_batches = static_cast<std::uint64_t>(totals[0]);
        result.remote_bytes = static_cast<std::uint64_t>(totals[1]);
        result.rounds = static_cast<std::uint64_t>(rounds_);
    }

  private:
    enum Decision { kUndecided, kTerminated, kStopped };
    enum SumIndex { kBusy, kSent, kReceived, kStop, kExpansions, kSums };
    static constexpr double kRoundInterval = 100e-6;  // seconds between round starts, at least

    struct Outgoing {
        int to;
        Batch batch;
    };

    // One pass of communication; the caller holds driver_.
    void drive(HdaControl& control) {
        if (decision_.load(std::memory_order_relaxed) == kUndecided) post_outgoing();
        cluster_.poll(
            [this](int, int tag, std::vector<std::byte>&& bytes) { deliver(tag, bytes); });
        if (round_pending_) {
            if (!cluster_.round_done(sums_, mins_)) return;
            round_pending_ = false;
            conclude_round(control);
        }
        if (decision_.load(std::memory_order_relaxed) == kUndecided &&
            since_round_.seconds() >= kRoundInterval)
            start_round(control);
    }

    void post_outgoing() {
        {
            std::lock_guard lock(outgoing_mutex_);
            posting_.swap(outgoing_);
        }
        if (posting_.empty()) return;
        for (Outgoing& o : posting_) {
            const int p = process_of_[o.to];
            std::vector<std::byte> bytes(o.batch.size() * sizeof(Message));
            std::memcpy(bytes.data(), o.batch.data(), bytes.size());
            remote_bytes_ += static_cast<std::int64_t>(bytes.size());
            cluster_.post(p, o.to - first_of_[p], std::move(bytes));
            ++sent_;
            ++remote_batches_;
        }
        // Counted in S now: the batches stop counting as this process's work.
        work_.fetch_sub(static_cast<std::int64_t>(posting_.size()), std::memory_order_acq_rel);
        posting_.clear();
    }

    void deliver(int tag, const std::vector<std::byte>& bytes) {
        ++received_;
        if (decision_.load(std::memory_order_relaxed) != kUndecided) return;
        Batch batch(bytes.size() / sizeof(Message));
        std::memcpy(batch.data(), bytes.data(), batch.size() * sizeof(Message));
        work_.fetch_add(1, std::memory_order_acq_rel);
        inboxes_.put(tag, std::move(batch));
    }

    void start_round(HdaControl& control) {
        sums_[kBusy] = work_.load(std::memory_order_acquire) != 0;
        sums_[kSent] = sent_;
        sums_[kReceived] = received_;
        sums_[kStop] = control.stop.load(std::memory_order_relaxed);
        sums_[kExpansions] =
            static_cast<std::int64_t>(control.expansions.load(std::memory_order_relaxed));
        mins_[0] = control.incumbent.load(std::memory_order_relaxed);
        cluster_.start_round(sums_, mins_);
        round_pending_ = true;
        since_round_ = Stopwatch();
    }

    void conclude_round(HdaControl& control) {
        ++rounds_;
        if (mins_[0] < INT_MAX) control.lower_incumbent(static_cast<int>(mins_[0]));
        const bool quiet = sums_[kBusy] == 0 && sums_[kSent] == sums_[kReceived];
        if (sums_[kStop] > 0 || limits_.limited(static_cast<std::uint64_t>(sums_[kExpansions]))) {
            control.stop.store(true, std::memory_order_relaxed);
            decision_.store(kStopped, std::memory_order_release);
        } else if (quiet && previous_quiet_ && previous_[kSent] == sums_[kSent] &&
                   previous_[kReceived] == sums_[kReceived]) {
            decision_.store(kTerminated, std::memory_order_release);
        }
        previous_ = sums_;
        previous_quiet_ = quiet;
    }

    Cluster& cluster_;
    SearchLimits limits_;
    int local_;
    int first_ = 0;
    std::vector<int> first_of_;    // first owner id of each process, and the total at the end
    std::vector<int> process_of_;  // owner id -> process
    Inboxes<Message> inboxes_;
    std::atomic<std::int64_t> work_{0};
    std::atomic<int> decision_{kUndecided};

    std::mutex outgoing_mutex_;
    std::vector<Outgoing> outgoing_;

    // Under driver_ only.
    std::mutex driver_;
    std::vector<Outgoing> posting_;
    std::int64_t sent_ = 0, received_ = 0, remote_batches_ = 0, remote_bytes_ = 0, rounds_ = 0;
    bool round_pending_ = false, previous_quiet_ = false;
    std::array<std::int64_t, kSums> sums_{}, previous_{};
    std::array<std::int64_t, 1> mins_{};
    Stopwatch since_round_;
};

// HDA* over the processes of `cluster` (collective: every process calls it with the same
// arguments), `options.threads` workers in each (0: the host's cores shared among its
// processes). The result, path included, is the same on every process.
template <SearchDomain D, class H, class Z>
requires Heuristic<H, D> && StateHasher<Z, D> HdaResult<D> hda_star_distributed(
    const D& d, const typename D::State& start, const H& h, const Z& z, Cluster& cluster,
    const HdaOptions& options = {}) {
    ClusterTransport<detail::HdaMessage<D>> transport(
        cluster, threads_per_rank(options.threads, cluster), options.limits);
    return run_hda_star(d, start, h, z, options, transport);
}

}  // namespace frontier
