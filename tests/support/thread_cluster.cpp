#include "tests/support/thread_cluster.hpp"

#include <condition_variable>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

namespace frontier::test {

struct ThreadCluster::Hub {
    struct Message {
        int source, tag;
        std::vector<std::byte> bytes;
    };
    struct Meeting {
        std::vector<std::vector<std::byte>> deposits;
        int arrived = 0, left = 0;
    };

    explicit Hub(int n) : ranks(n), mailboxes(n) {}

    void deposit(std::uint64_t id, int rank, std::vector<std::byte> bytes) {
        std::lock_guard lock(mutex);
        Meeting& m = meetings[id];
        if (m.deposits.empty()) m.deposits.resize(ranks);
        m.deposits[rank] = std::move(bytes);
        if (++m.arrived == ranks) ready.notify_all();
    }
    // Everyone's deposits once all ranks have arrived; nothing (false) before that unless `wait`.
    bool collect(std::uint64_t id, bool wait, std::vector<std::vector<std::byte>>& out) {
        std::unique_lock lock(mutex);
        auto done = [&] { return meetings[id].arrived == ranks; };
        if (wait)
            ready.wait(lock, done);
        else if (!done())
            return false;
        Meeting& m = meetings[id];
        out = m.deposits;
        if (++m.left == ranks) meetings.erase(id);
        return true;
    }

    const int ranks;
    std::mutex mutex;
    std::condition_variable ready;
    std::map<std::uint64_t, Meeting> meetings;
    std::vector<std::vector<Message>> mailboxes;
};

class ThreadCluster::Endpoint final : public Cluster {
  public:
    Endpoint(std::shared_ptr<Hub> hub, int rank) : hub_(std::move(hub)), rank_(rank) {}

    int rank() const override { return rank_; }
    int size() const override { return hub_->ranks; }
    int ranks_on_this_host() const override { return hub_->ranks; }

    void post(int dest, int tag, std::vector<std::byte>&& bytes) override {
        std::lock_guard lock(hub_->mutex);
        hub_->mailboxes[dest].push_back(Hub::Message{rank_, tag, std::move(bytes)});
    }
    void poll(const Deliver& deliver) override {
        std::vector<Hub::Message> arrived;
        {
            std::lock_guard lock(hub_->mutex);
            arrived.swap(hub_->mailboxes[rank_]);
        }
        for (auto& m : arrived) deliver(m.source, m.tag, std::move(m.bytes));
    }
    void wait_sends() override {}

    void start_round(std::span<const std::int64_t> sums,
                     std::span<const std::int64_t> mins) override {
        round_ = next_++;
        std::vector<std::int64_t> v(sums.begin(), sums.end());
        v.insert(v.end(), mins.begin(), mins.end());
        hub_->deposit(round_, rank_, to_bytes(v));
    }
    bool round_done(std::span<std::int64_t> sums, std::span<std::int64_t> mins) override {
        std::vector<std::vector<std::byte>> all;
        if (!hub_->collect(round_, false, all)) return false;
        fold(all, sums, mins);
        return true;
    }

    void all_sum(std::span<std::int64_t> values) override {
        auto all = meet(to_bytes(std::vector<std::int64_t>(values.begin(), values.end())));
        fold(all, values, {});
    }
    void all_min(std::span<std::int64_t> values) override {
        auto all = meet(to_bytes(std::vector<std::int64_t>(values.begin(), values.end())));
        fold(all, {}, values);
    }
    void broadcast(int root, std::span<std::byte> bytes) override {
        std::vector<std::byte> mine;
        if (rank_ == root) mine.assign(bytes.begin(), bytes.end());
        auto all = meet(std::move(mine));
        std::memcpy(bytes.data(), all[root].data(), bytes.size());
    }
    std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) override {
        return meet(std::vector<std::byte>(mine.begin(), mine.end()));
    }
    std::vector<std::byte> all_to_all(std::span<const std::span<const std::byte>> out) override {
        // Deposit every piece with its length in front; take the piece addressed here.
        std::vector<std::byte> packed;
        for (auto piece : out) {
            const std::uint64_t n = piece.size();
            const auto* p = reinterpret_cast<const std::byte*>(&n);
            packed.insert(packed.end(), p, p + sizeof n);
            packed.insert(packed.end(), piece.begin(), piece.end());
        }
        auto all = meet(std::move(packed));
        std::vector<std::byte> in;
        for (const auto& from : all) {
            std::size_t at = 0;
            for (int dest = 0;; ++dest) {
                std::uint64_t n;
                std::memcpy(&n, from.data() + at, sizeof n);
                at += sizeof n;
                if (dest == rank_) {
                    in.insert(in.end(), from.begin() + at, from.begin() + at + n);
                    break;
                }
                at += n;
            }
        }
        return in;
    }
    void barrier() override { meet({}); }

  private:
    static std::vector<std::byte> to_bytes(const std::vector<std::int64_t>& v) {
        const auto* p = reinterpret_cast<const std::byte*>(v.data());
        return std::vector<std::byte>(p, p + v.size() * sizeof(std::int64_t));
    }
    // Sums into the first `sums.size()` values of every deposit, minima into the rest.
    void fold(const std::vector<std::vector<std::byte>>& all, std::span<std::int64_t> sums,
              std::span<std::int64_t> mins) const {
        for (auto& v : sums) v = 0;
        for (auto& v : mins) v = INT64_MAX;
        for (const auto& bytes : all) {
            std::vector<std::int64_t> v(bytes.size() / sizeof(std::int64_t));
            std::memcpy(v.data(), bytes.data(), bytes.size());
            for (std::size_t i = 0; i < sums.size(); ++i) sums[i] += v[i];
            for (std::size_t i = 0; i < mins.size(); ++i)
                mins[i] = std::min(mins[i], v[sums.size() + i]);
        }
    }
    std::vector<std::vector<std::byte>> meet(std::vector<std::byte> mine) {
        const std::uint64_t id = next_++;
        hub_->deposit(id, rank_, std::move(mine));
        std::vector<std::vector<std::byte>> all;
        hub_->collect(id, true, all);
        return all;
    }

    std::shared_ptr<Hub> hub_;
    int rank_;
    std::uint64_t next_ = 0, round_ = 0;
};

ThreadCluster::ThreadCluster(int ranks) : hub_(std::make_shared<Hub>(ranks)) {
    for (int r = 0; r < ranks; ++r) endpoints_.push_back(std::make_unique<Endpoint>(hub_, r));
}

ThreadCluster::~ThreadCluster() = default;

void ThreadCluster::run(const std::function<void(Cluster&)>& body) {
    std::vector<std::exception_ptr> errors(endpoints_.size());
    {
        std::vector<std::jthread> threads;
        for (std::size_t r = 0; r < endpoints_.size(); ++r)
            threads.emplace_back([&, r] {
                try {
                    body(*endpoints_[r]);
                } catch (...) {
                    errors[r] = std::current_exception();
                }
            });
    }
    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
}

}  // namespace frontier::test
