// HDA*: hash-distributed A* (Kishimoto, Fukunaga and Botea), optimal and parallel.
//
// Why this header is over 400 lines (about 590): the worker loop, the termination counting and the
// two entry points share one invariant (a node is counted in transit from send to batch_consumed)
// that is only checkable when read together; the transports live apart
// (engine/distributed/hda_cluster.hpp).
//
// P workers each own the states whose ownership hash maps to them (owner_of(hash, P)). A worker
// has its own open list (BucketQueue by f, ties to larger g) and closed list (SearchTree), both
// touched by that worker only, so neither needs a lock. Children of an expanded state travel to
// their owner in batches through the Transport; the sender never waits. The hash comes from a
// domain hasher with a fixed seed (Zobrist or abstract Zobrist, updated incrementally per move),
// so the same state has the same owner in every run and process.
//
// One algorithm, two transports. The workers and the driver below (run_hda_star) are written
// against a transport; hda_star() runs all P workers as threads of this process over the
// SharedMemoryTransport, and hda_star_distributed() (engine/distributed/hda_cluster.hpp) runs them
// as threads of several processes (MPI ranks) over a ClusterTransport, each process owning a
// contiguous range of the P owner ids. A transport offers:
//   owners(), first_local(), local_owners(), is_local(owner), process_of(owner);
//   send(to, batch), receive(self, batches), batch_consumed(), become_active(), become_idle(),
//   terminated() — the worker side, with the counting rules below;
//   progress(control) — called by workers between batches and while idle (moves messages
//   between processes; a no-op in one process), finish(control) — once the workers stopped;
//   gather_stats(), best_goal(), share(process, value), report(result) — the collective steps
//   that assemble one result on every process (identities in one process).
//
// Optimality. A goal is not expanded; its g lowers the shared incumbent. Nodes with f >= the
// incumbent are pruned when their owner accepts them (the owner computes h, after its duplicate
// check) and never expanded. The search ends only when
// every worker is idle (no node with f < incumbent in its open list, its inbox drained and its
// outgoing batches sent) and no batch is in transit. Then every open node has f >= incumbent, and
// with an admissible heuristic no cheaper solution can exist: the incumbent is optimal. (Across
// processes a worker may know a higher incumbent than the best one found elsewhere, for a while;
// that only delays pruning: at the end every open node still has f >= its worker's incumbent >=
// the best goal's g.)
//
// Termination detection in one process (a shared-memory form of the counting argument of
// Mattern's algorithm). One counter, `work`, counts active workers plus batches in transit:
//   - it starts at 0 and the worker that owns the start state becomes active when seeded;
//   - a sender is active and increments `work` *before* the batch becomes visible;
//   - a receiver that was idle increments `work` (becoming active) *before* it decrements it for
//     the consumed batch; an active receiver only decrements;
//   - a worker going idle decrements `work` after sending all its partial batches.
// Each batch and each active worker contributes exactly 1 while it exists, and every increment
// happens while the counter is already >= 1 (done by an active worker or ahead of the matching
// decrement), so `work` can only reach 0 when no worker is active and no batch exists. From that
// state nothing can become active again (only a batch wakes a worker), so work == 0 is stable and
// observing it is a sound termination test; plain idle flags are not (a worker can be woken
// between two reads of them). Across processes each process keeps this counter for its own
// workers and batches, and the processes agree on the end by counting messages; see
// engine/distributed/hda_cluster.hpp.
//
// Path recovery: a closed entry keeps the move that reached it (and, for domains that are not
// reversible, the parent state). After the workers stop, the path is traced back from the goal,
// looking every state up in its owner's tree (in another process: that process looks it up and
// shares the step).
//
// Layer gate (HdaOptions::layer_gate, on by default). Each worker publishes the lowest f of its
// open list, and a worker whose best f is above another local worker's published f waits
// (receiving, not expanding) until that worker catches up. Without it an owner that runs ahead
// starts the next f layer early, while the other still produces that layer's deepest nodes; on
// the last layer that means expanding its shallow part, which A* with ties to larger g never
// touches: measured on the mid-sized 15-puzzles, 2 threads expanded 6-25% more than one, almost
// all of it on the last layer, and with the gate within 3% (docs/performance.md, "HDA*"). The
// price is the wait at each layer's end (about 7% of the threads' time there). The gate is a
// scheduling choice only: the worker with the lowest published f never waits, a waiting worker
// stays active, so termination and optimality are untouched. It spans one process's workers.
//
// Determinism: the solution length is exact and identical for every thread and process count;
// when several optimal paths exist, which one is returned may depend on thread timing. Memory:
// every state generated below the incumbent is kept, as in A*.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

#include <frontier/engine/parallel.hpp>
#include <frontier/engine/search/bucket_queue.hpp>
#include <frontier/engine/search/search.hpp>
#include <frontier/engine/search/search_tree.hpp>
#include <frontier/engine/search/zobrist.hpp>
#include <frontier/engine/timer.hpp>

namespace frontier {

// A hasher maps a state to 64 bits; it may update a parent's hash per move in O(1).
template <class Z, class D>
concept StateHasher = SearchDomain<D> && requires(const Z& z, const typename D::State& s) {
    { z(s) } -> std::convertible_to<std::uint64_t>;
};

template <class Z, class D>
concept IncrementalHasher = StateHasher<Z, D> &&
    requires(const Z& z, std::uint64_t v, const typename D::State& s, const typename D::Move& m) {
    { z.update(v, s, m, s) } -> std::convertible_to<std::uint64_t>;
};

// The hasher for any state whose bytes are its value (no padding: what
// std::has_unique_object_representations promises): the bytes, 8 at a time, mixed with SplitMix64
// from kZobristSeed. Fixed, so a state has the same owner in every run, thread and process.
// O(sizeof(State)) per call; stateless and thread-safe. Domain-specific hashers (the sliding
// tiles' Zobrist and abstract Zobrist keys) update in O(1) per move and spread states better
// across owners; this one is the default of the three-argument hda_star().
struct StateBytesHasher {
    template <class S>
    requires std::has_unique_object_representations_v<S> std::uint64_t operator()(
        const S& s) const {
        unsigned char bytes[sizeof(S)];
        std::memcpy(bytes, &s, sizeof(S));
        std::uint64_t hash = kZobristSeed;
        for (std::size_t i = 0; i < sizeof(S); i += 8) {
            std::uint64_t word = 0;
            std::memcpy(&word, bytes + i, std::min<std::size_t>(8, sizeof(S) - i));
            std::uint64_t x = hash ^ word;
            hash = splitmix64(x);
        }
        return hash;
    }
};

struct HdaOptions {
    int threads = 0;              // workers (0: all cores); more than the cores is allowed;
                                  // distributed: workers per process (0: the host's cores
                                  // shared among its processes)
    std::size_t batch_size = 64;  // nodes per message batch
    bool layer_gate = true;       // a worker waits while another local one holds a lower f
    SearchLimits limits;          // max_expansions (approximate across workers)
};

struct HdaWorkerStats {
    std::uint64_t expanded = 0, generated = 0, duplicates = 0, pruned = 0;
    std::uint64_t sent = 0, received = 0, peak_open = 0, closed = 0;
    std::uint64_t gate_waits = 0;  // loop turns spent held back by the layer gate
};

template <SearchDomain D>
struct HdaResult : SearchResult<D> {
    int threads = 0;    // workers in all (all processes together)
    int processes = 1;  // MPI ranks (1 in one process)
    std::vector<HdaWorkerStats> workers;
    std::uint64_t sent = 0;  // generated nodes that went to another owner
    // Between processes only (0 in one process): batches and bytes sent, termination rounds.
    std::uint64_t remote_batches = 0, remote_bytes = 0, rounds = 0;
    double sent_fraction() const {
        return this->stats.generated ? static_cast<double>(sent) / this->stats.generated : 0.0;
    }
    // Largest worker's expansions over the mean (1.0 is perfect balance).
    double load_balance() const {
        std::uint64_t max = 0, sum = 0;
        for (const auto& w : workers) {
            max = std::max(max, w.expanded);
            sum += w.expanded;
        }
        return sum ? static_cast<double>(max) * workers.size() / sum : 1.0;
    }
};

// What the workers of one process share besides the problem: the incumbent (the best goal's g
// known here), the stop flag and the expansion count. A distributed transport reads and updates
// these when processes agree (engine/distributed/hda_cluster.hpp); they know nothing of the domain.
struct HdaControl {
    std::atomic<int> incumbent{INT_MAX};
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> expansions{0};

    void lower_incumbent(int g) {
        int cur = incumbent.load(std::memory_order_relaxed);
        while (g < cur && !incumbent.compare_exchange_weak(cur, g)) {
        }
    }
};

// One inbox of batches per local owner. A sender appends a whole batch under the inbox's mutex
// (a moved vector: the lock is held for a pointer swap, never for the nodes), and the owner takes
// every waiting batch in one swap, so contention is one short critical section per batch on each
// side.
template <class Message>
class Inboxes {
  public:
    using Batch = std::vector<Message>;
    explicit Inboxes(int n) : inbox_(std::make_unique<Inbox[]>(n)) {}

    void put(int i, Batch&& batch) {
        std::lock_guard lock(inbox_[i].mutex);
        inbox_[i].batches.push_back(std::move(batch));
        inbox_[i].pending.store(true, std::memory_order_release);
    }
    // Moves every waiting batch of inbox i into `out` (which is cleared first).
    void take(int i, std::vector<Batch>& out) {
        out.clear();
        Inbox& in = inbox_[i];
        if (!in.pending.load(std::memory_order_acquire)) return;  // no lock while nothing waits
        std::lock_guard lock(in.mutex);
        out.swap(in.batches);
        in.pending.store(false, std::memory_order_relaxed);
    }

  private:
    struct alignas(64) Inbox {
        std::mutex mutex;
        std::vector<Batch> batches;
        std::atomic<bool> pending{false};  // a hint: batches is probably not empty
    };
    std::unique_ptr<Inbox[]> inbox_;
};

// The in-process transport: every owner is a thread of this process; inboxes and the
// termination counter described above.
template <class Message>
class SharedMemoryTransport {
  public:
    using Batch = std::vector<Message>;
    explicit SharedMemoryTransport(int owners) : owners_(owners), inboxes_(owners) {}

    int owners() const { return owners_; }
    int first_local() const { return 0; }
    int local_owners() const { return owners_; }
    bool is_local(int) const { return true; }
    int process_of(int) const { return 0; }

    void send(int to, Batch&& batch) {
        work_.fetch_add(1, std::memory_order_acq_rel);
        inboxes_.put(to, std::move(batch));
    }
    void receive(int self, std::vector<Batch>& out) { inboxes_.take(self, out); }
    void batch_consumed() { work_.fetch_sub(1, std::memory_order_acq_rel); }
    void become_active() { work_.fetch_add(1, std::memory_order_acq_rel); }
    void become_idle() { work_.fetch_sub(1, std::memory_order_acq_rel); }
    bool terminated() const { return work_.load(std::memory_order_acquire) == 0; }

    // Nothing travels between processes.
    void progress(HdaControl&) {}
    void finish(HdaControl&) {}
    std::vector<HdaWorkerStats> gather_stats(std::vector<HdaWorkerStats> local) { return local; }
    template <class State>
    void best_goal(std::optional<State>&, int&) {}
    template <class T>
    void share(int, T&) {}
    template <class R>
    void report(R&) const {}

  private:
    int owners_;
    Inboxes<Message> inboxes_;
    std::atomic<std::int64_t> work_{0};
};

namespace detail {

template <SearchDomain D>
struct HdaMessage {
    using State = typename D::State;
    State s;
    [[no_unique_address]] typename SearchTree<D>::Parent parent;
    typename D::Move move;
    std::int32_t g;
    std::int32_t parent_h;  // the child's h is computed by its owner, after the duplicate check
};

// What all workers of a process share: the problem, the control block and the best goal here.
template <SearchDomain D, class H, class Z, class Transport>
struct HdaShared {
    HdaShared(const D& domain, const H& heuristic, const Z& hasher, Transport& t,
              const HdaOptions& o)
        : d(domain), h(heuristic), z(hasher), transport(t), options(o) {}

    const D& d;
    const H& h;
    const Z& z;
    Transport& transport;
    const HdaOptions& options;
    HdaControl control;
    // The layer gate's board: each local worker's lowest open f (INT_MAX: nothing to expand).
    struct alignas(64) LayerSlot {
        std::atomic<int> f{INT_MAX};
    };
    std::unique_ptr<LayerSlot[]> layers = std::make_unique<LayerSlot[]>(transport.local_owners());
    std::mutex goal_mutex;
    std::optional<typename D::State> goal;
    int goal_g = INT_MAX;

    void offer_goal(const typename D::State& s, int g) {
        std::lock_guard lock(goal_mutex);
        if (g < goal_g) {
            goal_g = g;
            goal = s;
        }
        control.lower_incumbent(g);
    }
};

template <SearchDomain D, class H, class Z, class Transport>
class HdaWorker {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    using Message = HdaMessage<D>;
    using Shared = HdaShared<D, H, Z, Transport>;

    HdaWorker(Shared& shared, int id) : sh_(shared), id_(id), outbox_(shared.transport.owners()) {}

    void seed(const State& start) {
        tree_.add_root(start);
        const int h0 = sh_.h(start);
        open_.push(h0, 0, Item{start, h0});
        active_ = true;
        sh_.transport.become_active();
    }

    void run() {
        int idle_spins = 0;
        while (!sh_.control.stop.load(std::memory_order_relaxed)) {
            receive_all();
            if (has_useful_node()) {
                if (sh_.options.layer_gate && held_back()) {
                    ++stats_.gate_waits;
                    flush_all();
                    pause(idle_spins);
                    continue;
                }
                idle_spins = 0;
                expand_best();
                if (++since_flush_ >= sh_.options.batch_size) {
                    flush_all();
                    sh_.transport.progress(sh_.control);
                }
                continue;
            }
            if (sh_.options.layer_gate) publish_f(INT_MAX);
            flush_all();
            if (active_) {
                active_ = false;
                sh_.transport.become_idle();
            }
            sh_.transport.progress(sh_.control);
            if (sh_.transport.terminated()) break;
            pause(idle_spins);
        }
        stats_.closed = tree_.size();
        sh_.control.expansions.fetch_add(unreported_, std::memory_order_relaxed);
    }

    const HdaWorkerStats& stats() const { return stats_; }
    const SearchTree<D>& tree() const { return tree_; }

  private:
    // Open-list entries stay small (the hash is recomputed once per expansion instead of being
    // stored with every waiting node: entries are pushed far more often than popped).
    struct Item {
        State s;
        int h;
    };

    int owner(std::uint64_t hash) const { return owner_of(hash, sh_.transport.owners()); }
    int incumbent() const { return sh_.control.incumbent.load(std::memory_order_relaxed); }

    bool has_useful_node() { return !open_.empty() && open_.min_primary() < incumbent(); }

    static void pause(int& spins) {
        if (++spins < 64)
            std::this_thread::yield();
        else
            std::this_thread::sleep_for(std::chrono::microseconds(20));
    }

    // The layer gate (see the top of this header): publishes this worker's best f and says
    // whether another local worker still holds a lower one.
    bool held_back() {
        const int f = open_.min_primary();
        publish_f(f);
        const int self = id_ - sh_.transport.first_local();
        for (int i = 0; i < sh_.transport.local_owners(); ++i)
            if (i != self && sh_.layers[i].f.load(std::memory_order_acquire) < f) return true;
        return false;
    }
    // Before the published f rises, the children waiting in the outboxes are sent: their f is
    // at least their parents', so the receiver sees them before it reads the higher value.
    void publish_f(int f) {
        if (f == published_f_) return;
        if (f > published_f_) flush_all();
        published_f_ = f;
        sh_.layers[id_ - sh_.transport.first_local()].f.store(f, std::memory_order_release);
    }

    void receive_all() {
        sh_.transport.receive(id_, incoming_);
        for (const auto& batch : incoming_) {
            if (!active_) {
                active_ = true;
                sh_.transport.become_active();
            }
            stats_.received += batch.size();
            for (const Message& m : batch) accept(m, parent_state(m));
            sh_.transport.batch_consumed();
        }
    }

    State parent_state(const Message& m) const {
        if constexpr (ReversibleDomain<D>)
            return sh_.d.apply(m.s, sh_.d.inverse(m.move));
        else
            return m.parent;
    }

    // A child arriving at its owner: duplicate check first, then the heuristic (incrementally
    // from the parent's value), then the incumbent bound. Most children are duplicates, and the
    // heuristic is the costly part, so it is computed only for new or improved states.
    void accept(const Message& m, const State& parent) {
        if (!tree_.offer_with_parent(m.s, m.parent, m.move, m.g)) {
            ++stats_.duplicates;
            return;
        }
        const int h = child_h<D>(sh_.h, m.parent_h, parent, m.move, m.s);
        if (m.g + h >= incumbent()) {
            ++stats_.pruned;
            return;
        }
        open_.push(m.g + h, m.g, Item{m.s, h});
        stats_.peak_open = std::max<std::uint64_t>(stats_.peak_open, open_.size());
    }

    void expand_best() {
        const auto [f, g, item] = open_.pop();
        if (tree_.find(item.s)->g < g) return;  // stale: reached more cheaply since
        if (sh_.d.is_goal(item.s)) {
            sh_.offer_goal(item.s, g);
            return;
        }
        ++stats_.expanded;
        if (++unreported_ == 256) report_expansions();
        // With one owner nothing travels: skip hashing altogether.
        const bool alone = sh_.transport.owners() == 1;
        std::uint64_t parent_hash = 0;
        if constexpr (IncrementalHasher<Z, D>)
            if (!alone) parent_hash = sh_.z(item.s);
        sh_.d.for_each_successor(item.s, [&](const State& child, const Move& mv) {
            ++stats_.generated;
            if (g + 1 >= incumbent()) {  // f >= g + 1 for any admissible h
                ++stats_.pruned;
                return;
            }
            const Message msg{child, SearchTree<D>::parent_of(item.s), mv, g + 1, item.h};
            if (alone) {
                accept(msg, item.s);
                return;
            }
            std::uint64_t hash;
            if constexpr (IncrementalHasher<Z, D>)
                hash = sh_.z.update(parent_hash, item.s, mv, child);
            else
                hash = sh_.z(child);
            const int to = owner(hash);
            if (to == id_) {
                accept(msg, item.s);
                return;
            }
            ++stats_.sent;
            auto& out = outbox_[to];
            out.push_back(msg);
            if (out.size() >= sh_.options.batch_size) flush(to);
        });
    }

    void report_expansions() {
        const std::uint64_t total =
            sh_.control.expansions.fetch_add(unreported_, std::memory_order_relaxed) + unreported_;
        unreported_ = 0;
        if (sh_.options.limits.limited(total))
            sh_.control.stop.store(true, std::memory_order_relaxed);
    }

    void flush(int to) {
        sh_.transport.send(to, std::move(outbox_[to]));
        outbox_[to] = {};
        outbox_[to].reserve(sh_.options.batch_size);
    }

    void flush_all() {
        since_flush_ = 0;
        for (int to = 0; to < static_cast<int>(outbox_.size()); ++to)
            if (!outbox_[to].empty()) flush(to);
    }

    Shared& sh_;
    int id_;
    bool active_ = false;
    int published_f_ = INT_MAX;
    std::size_t since_flush_ = 0;
    std::uint64_t unreported_ = 0;
    BucketQueue<Item> open_;
    SearchTree<D> tree_;
    std::vector<typename Transport::Batch> outbox_;
    std::vector<typename Transport::Batch> incoming_;
    HdaWorkerStats stats_;
};

// One step of the path, back from a state: its node's move and the parent it came from.
template <SearchDomain D>
struct HdaPathStep {
    typename D::State parent{};
    typename D::Move move{};
    bool found = false, root = false;
};

}  // namespace detail

// HDA* over any transport: runs this process's workers (transport.local_owners() threads),
// then assembles the result, identical on every process.
template <SearchDomain D, class H, class Z, class Transport>
HdaResult<D> run_hda_star(const D& d, const typename D::State& start, const H& h, const Z& z,
                          const HdaOptions& options, Transport& transport) {
    using State = typename D::State;
    using Worker = detail::HdaWorker<D, H, Z, Transport>;
    Stopwatch clock;
    HdaResult<D> result;
    const int owners = transport.owners();
    const int first = transport.first_local();
    result.threads = owners;
    detail::HdaShared<D, H, Z, Transport> shared{d, h, z, transport, options};
    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < transport.local_owners(); ++i)
        workers.push_back(std::make_unique<Worker>(shared, first + i));
    if (const int o = owner_of(z(start), owners); transport.is_local(o))
        workers[o - first]->seed(start);
    // A worker that throws (std::bad_alloc when memory runs out, or anything the domain, the
    // heuristic or the hasher throws) must not escape its thread (that is std::terminate): the
    // first exception is kept, the stop flag ends the other workers, all are joined, and it is
    // rethrown here, in the calling thread.
    std::mutex error_mutex;
    std::exception_ptr error;
    {
        std::vector<std::jthread> threads;
        threads.reserve(workers.size());
        auto body = [&](Worker& w) {
            try {
                w.run();
            } catch (...) {
                {
                    std::lock_guard lock(error_mutex);
                    if (!error) error = std::current_exception();
                }
                shared.control.stop.store(true, std::memory_order_relaxed);
            }
        };
        try {
            for (auto& w : workers) threads.emplace_back(body, std::ref(*w));
        } catch (...) {  // a thread could not be started: stop the ones that were
            shared.control.stop.store(true, std::memory_order_relaxed);
            throw;  // ~jthread joins them
        }
    }
    transport.finish(shared.control);
    if (error) std::rethrow_exception(error);

    std::vector<HdaWorkerStats> local;
    for (const auto& w : workers) local.push_back(w->stats());
    result.workers = transport.gather_stats(std::move(local));
    SearchStats& st = result.stats;
    st.generated = 1;
    st.iterations = 1;
    for (const HdaWorkerStats& ws : result.workers) {
        st.expanded += ws.expanded;
        st.generated += ws.generated;
        st.duplicates += ws.duplicates;
        st.peak_open += ws.peak_open;
        st.peak_closed += ws.closed;
        result.sent += ws.sent;
    }
    transport.best_goal(shared.goal, shared.goal_g);
    if (shared.goal) {
        result.status = SearchStatus::Solved;
        // Walk back from the goal; each state's owner looks it up and shares the step.
        State s = *shared.goal;
        for (;;) {
            const int o = owner_of(z(s), owners);
            detail::HdaPathStep<D> step;
            if (transport.is_local(o)) {
                if (const auto* node = workers[o - first]->tree().find(s)) {
                    step.found = true;
                    step.root = node->root;
                    step.move = node->move;
                    if constexpr (ReversibleDomain<D>)
                        step.parent = d.apply(s, d.inverse(node->move));
                    else
                        step.parent = node->parent;
                }
            }
            transport.share(transport.process_of(o), step);
            if (!step.found || step.root) break;
            result.moves.push_back(step.move);
            s = step.parent;
        }
        std::reverse(result.moves.begin(), result.moves.end());
    } else {
        result.status = shared.control.stop ? SearchStatus::LimitReached : SearchStatus::Exhausted;
    }
    transport.report(result);
    result.seconds = clock.seconds();
    return result;
}

// HDA* in this process: `options.threads` workers (0: all cores) over shared memory.
//
// Input: a domain, a start state, an admissible heuristic h (Heuristic in engine/search/search.hpp)
// and a StateHasher z with a fixed seed (a state's owner is owner_of(z(s), workers)). Output: an
// optimal solution (status Solved, moves from start to a goal), Exhausted when no goal is
// reachable, or LimitReached (options.limits: max_expansions, approximate across workers, or the
// stop flag). The length is identical for every thread count; which optimal path is returned may
// vary. The domain, h and z are shared by the workers: their const members are called
// concurrently and must be thread-safe (pure functions of their arguments are). One call is
// self-contained: several hda_star() calls may run at once. Memory: every state generated below
// the optimal cost is kept, as in A*.
template <SearchDomain D, class H, class Z>
requires Heuristic<H, D> && StateHasher<Z, D> HdaResult<D> hda_star(
    const D& d, const typename D::State& start, const H& h, const Z& z,
    const HdaOptions& options = {}) {
    SharedMemoryTransport<detail::HdaMessage<D>> transport(resolve_threads(options.threads));
    return run_hda_star(d, start, h, z, options, transport);
}

// The same with StateBytesHasher: for any domain whose State has no padding bytes.
template <SearchDomain D, class H>
requires Heuristic<H, D> && StateHasher<StateBytesHasher, D> HdaResult<D> hda_star(
    const D& d, const typename D::State& start, const H& h, const HdaOptions& options = {}) {
    return hda_star(d, start, h, StateBytesHasher{}, options);
}

}  // namespace frontier
