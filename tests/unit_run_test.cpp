// run_units, the engine's runner of long unit jobs, with a fake job (no puzzle, no binary): every
// unit's record accepted exactly once whatever the threads, shards imported, a resume from a
// checkpoint cut at every byte or after a failing unit, biggest-first order, the scheduling
// replay, and dynamic distribution over 1 to 4 in-process ranks (tests/support/thread_cluster).
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/units/run.hpp>
#include "tests/support/test_support.hpp"
#include "tests/support/thread_cluster.hpp"

namespace frontier {
namespace {

namespace fs = std::filesystem;

// Unit u's record: its square, spelled out, so that records differ in length and content.
std::string record_of(std::size_t u) {
    return "unit " + std::to_string(u) + " squared " + std::to_string(u * u) + "\n";
}

// A job of `units` units whose accepted records are kept by unit (a second record of a unit
// fails the test), in the order accepted.
struct FakeJob {
    explicit FakeJob(std::size_t units, std::string identity = "fake units=") {
        job.identity = identity + std::to_string(units);
        job.unit_count = units;
        job.run = [this](std::size_t u) {
            if (u == fail_at) throw std::runtime_error("unit " + std::to_string(u) + " failed");
            ++runs;
            return record_of(u);
        };
        job.check = [](std::size_t u, std::string_view r) {
            if (r != record_of(u)) throw InputError("not this unit's record");
        };
        job.accept = [this](std::size_t u, std::string_view r, UnitOrigin origin) {
            EXPECT_TRUE(accepted.emplace(u, std::string(r)).second) << "unit " << u << " twice";
            order.push_back(u);
            ++by_origin[origin];
        };
    }
    // Every unit once, each with its own record.
    bool whole() const {
        if (accepted.size() != job.unit_count) return false;
        for (const auto& [u, r] : accepted)
            if (r != record_of(u)) return false;
        return true;
    }
    UnitJob job;
    std::map<std::size_t, std::string> accepted;
    std::vector<std::size_t> order;
    std::map<UnitOrigin, std::size_t> by_origin;
    std::atomic<std::size_t> runs{0};
    std::size_t fail_at = SIZE_MAX;
};

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(UnitRun, EveryUnitIsAcceptedOnceWhateverTheThreads) {
    for (const int threads : {1, 2, 5}) {
        FakeJob fake(97);
        UnitRunOptions o;
        o.threads = threads;
        o.checkpoint = test::temp_dir() + "/run.checkpoint";
        int completions = 0;
        o.on_complete = [&] {
            ++completions;
            EXPECT_TRUE(fs::exists(o.checkpoint));  // still there while the output is written
        };
        const UnitRunSummary s = run_units(fake.job, o);
        EXPECT_TRUE(fake.whole()) << threads;
        EXPECT_TRUE(s.complete);
        EXPECT_EQ(s.ran, 97u);
        EXPECT_EQ(completions, 1);
        EXPECT_FALSE(fs::exists(o.checkpoint));
    }
}

TEST(UnitRun, ShardsImportedIntoAFinalRunGiveTheWholeJob) {
    const std::string dir = test::temp_dir();
    std::vector<std::string> parts;
    for (std::size_t k = 0; k < 3; ++k) {
        FakeJob fake(50);
        UnitRunOptions o;
        o.threads = 2;
        o.shard = parse_unit_shard(std::to_string(k) + "/3");
        o.checkpoint = dir + "/part" + std::to_string(k);
        const UnitRunSummary s = run_units(fake.job, o);
        EXPECT_FALSE(s.complete);
        EXPECT_EQ(s.ran, (50 + 2 - k) / 3);
        EXPECT_EQ(s.ran, s.shard_missing);
        for (const auto& [u, r] : fake.accepted) EXPECT_EQ(u % 3, k);
        parts.push_back(o.checkpoint);
    }
    // Shard 0's part twice: its units are taken once.
    FakeJob fake(50);
    UnitRunOptions o;
    o.checkpoint = dir + "/final";
    o.imports = {parts[0], parts[1], parts[2], parts[0]};
    std::vector<std::string> notices;
    o.notice = [&](const std::string& text) { notices.push_back(text); };
    const UnitRunSummary s = run_units(fake.job, o);
    EXPECT_TRUE(s.complete);
    EXPECT_TRUE(fake.whole());
    EXPECT_EQ(s.imported, 50u);
    EXPECT_EQ(s.ran, 0u);
    ASSERT_EQ(notices.size(), 4u);
    EXPECT_EQ(notices[3], "imported 0 units from " + parts[0]);
    // An import of another job is refused before anything changes.
    FakeJob other(50, "another units=");
    o.checkpoint = dir + "/other";
    o.imports = {parts[1]};
    EXPECT_THROW(run_units(other.job, o), InputError);
    EXPECT_FALSE(fs::exists(o.checkpoint));
}

// A run stopped after some units leaves a checkpoint; that file cut at every byte (a machine
// stopped mid-write) and resumed gives every unit exactly once.
TEST(UnitRun, AResumeFromACheckpointCutAtAnyByteLosesAndRepeatsNothing) {
    const std::string dir = test::temp_dir();
    const std::string first = dir + "/first";
    {
        FakeJob fake(12);
        UnitRunOptions o;
        o.checkpoint = first;
        o.max_units = 7;
        o.threads = 3;
        EXPECT_FALSE(run_units(fake.job, o).complete);
    }
    const std::string text = read_text(first);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
        const std::string path = dir + "/cut";
        std::ofstream(path, std::ios::binary | std::ios::trunc) << text.substr(0, cut);
        FakeJob fake(12);
        UnitRunOptions o;
        o.checkpoint = path;
        o.resume = true;
        o.threads = 2;
        try {
            const UnitRunSummary s = run_units(fake.job, o);
            EXPECT_TRUE(s.complete) << cut;
            EXPECT_TRUE(fake.whole()) << cut;
            EXPECT_EQ(s.recovered + s.ran, 12u) << cut;
        } catch (const InputError& e) {
            // Only a cut inside the header makes the file no checkpoint of this job.
            EXPECT_LT(cut, text.find('\n') + 1) << e.what();
        }
    }
}

TEST(UnitRun, AFailingUnitStopsTheRunAndTheResumeFinishesIt) {
    const std::string path = test::temp_dir() + "/failing";
    FakeJob failing(40);
    failing.fail_at = 25;
    UnitRunOptions o;
    o.checkpoint = path;
    o.threads = 2;
    EXPECT_THROW(run_units(failing.job, o), std::runtime_error);
    EXPECT_LT(failing.accepted.size(), 40u);
    FakeJob fake(40);
    o.resume = true;
    const UnitRunSummary s = run_units(fake.job, o);
    EXPECT_TRUE(s.complete);
    EXPECT_TRUE(fake.whole());
    EXPECT_EQ(s.recovered, failing.accepted.size());
    EXPECT_EQ(fake.by_origin[UnitOrigin::Checkpoint], failing.accepted.size());
}

TEST(UnitRun, UnitsRunBiggestFirstByTheirEstimatedCost) {
    FakeJob fake(30);
    fake.job.cost = [](std::size_t u) { return static_cast<double>((u * 7) % 30); };
    UnitRunOptions o;
    o.threads = 1;
    const UnitRunSummary s = run_units(fake.job, o);
    EXPECT_TRUE(s.costed);
    EXPECT_EQ(s.cost_pending, 29.0 * 30 / 2);
    ASSERT_EQ(fake.order.size(), 30u);
    for (std::size_t i = 0; i < 30; ++i) EXPECT_EQ((fake.order[i] * 7) % 30, 29 - i);
}

TEST(UnitRun, TheReplayTakesTheNextUnitOnTheFirstFreeWorker) {
    const std::vector<double> costs = {1, 1, 1, 1, 4};
    const std::vector<std::size_t> by_index = {0, 1, 2, 3, 4};
    EXPECT_EQ(replay_makespan(by_index, costs, costs, 2), 6.0);  // the big unit starts last
    const auto order = unit_schedule(by_index, costs);
    EXPECT_EQ(order, (std::vector<std::size_t>{4, 0, 1, 2, 3}));
    EXPECT_EQ(replay_makespan(order, costs, costs, 2), 4.0);
    EXPECT_EQ(replay_makespan(order, costs, costs, 1), 8.0);
}

// Batches: large while much is left, single units at the end, never fewer than asked for.
TEST(UnitRun, BatchesShrinkAsTheWorkRunsOut) {
    const std::vector<double> left = unit_costs_left(std::vector<double>(100, 1.0));
    EXPECT_EQ(left[0], 100.0);
    EXPECT_EQ(unit_batch_end(left, 0, 1, 4), 25u);    // a quarter of 100
    EXPECT_EQ(unit_batch_end(left, 25, 1, 4), 43u);   // 75 / 4 = 18.75: 18 units
    EXPECT_EQ(unit_batch_end(left, 96, 1, 8), 97u);   // one at the end
    EXPECT_EQ(unit_batch_end(left, 96, 3, 8), 99u);   // but as many as asked for
    EXPECT_EQ(unit_batch_end(left, 98, 5, 8), 100u);  // not past the end
    const std::vector<double> big_first = unit_costs_left(std::vector<double>{50, 20, 1, 1, 1, 1});
    EXPECT_EQ(unit_batch_end(big_first, 0, 1, 2), 1u);  // 50 alone: more is over 74 / 2
}

TEST(UnitRun, BadOptionsAreOneLineErrors) {
    for (const char* bad : {"3/3", "1", "a/2", "0/0", "-1/2", "1/2/3"})
        EXPECT_THROW(parse_unit_shard(bad), InputError) << bad;
    EXPECT_EQ(parse_unit_shard("2/5").index, 2u);
    EXPECT_TRUE(parse_unit_shard("").whole());
    FakeJob fake(5);
    UnitRunOptions o;
    o.max_units = 2;  // needs a checkpoint
    EXPECT_THROW(run_units(fake.job, o), InputError);
}

// Dynamic distribution: every rank runs units, rank 0 alone accepts them and writes the
// checkpoint; a distributed run resumes a checkpoint cut short, with another rank count.
TEST(UnitRunDistributed, EveryUnitIsAcceptedOnceOnRankZeroWithOneToFourRanks) {
    for (const int ranks : {1, 2, 3, 4}) {
        const std::string path = test::temp_dir() + "/dist";
        std::vector<std::unique_ptr<FakeJob>> jobs;
        for (int r = 0; r < ranks; ++r) jobs.push_back(std::make_unique<FakeJob>(61));
        for (auto& j : jobs) j->job.cost = [](std::size_t u) { return static_cast<double>(u % 7); };
        auto run_all = [&](std::uint64_t max_units, bool resume) {
            test::ThreadCluster cluster(ranks);
            std::mutex m;
            UnitRunSummary rank0;
            cluster.run([&](Cluster& c) {
                UnitRunOptions o;
                o.threads = 2;
                o.checkpoint = path;
                o.max_units = max_units;
                o.resume = resume;
                UnitRun run(c, jobs[c.rank()]->job, o);
                const UnitRunSummary s = run.run();
                std::lock_guard lock(m);
                if (c.rank() == 0) rank0 = s;
            });
            return rank0;
        };
        const UnitRunSummary part = run_all(20, false);
        EXPECT_FALSE(part.complete);
        EXPECT_EQ(part.ran, 20u);
        EXPECT_EQ(jobs[0]->accepted.size(), 20u);
        for (auto& j : jobs) j->accepted.clear();
        const UnitRunSummary rest = run_all(0, true);
        EXPECT_TRUE(rest.complete) << ranks;
        EXPECT_EQ(rest.ranks, ranks);
        EXPECT_EQ(rest.recovered, 20u);
        EXPECT_TRUE(jobs[0]->whole());  // the 20 recovered, the rest run
        std::size_t ran = 0;
        for (int r = 1; r < ranks; ++r) EXPECT_TRUE(jobs[r]->accepted.empty());
        for (auto& j : jobs) ran += j->runs;
        EXPECT_EQ(ran, 61u) << ranks;  // no unit run twice, across both runs and all ranks
        EXPECT_FALSE(fs::exists(path));
    }
}

TEST(UnitRunDistributed, SetUpErrorsAreThrownAlikeOnEveryRank) {
    const std::string dir = test::temp_dir();
    std::ofstream(dir + "/other") << "FRONTIER-UNITLOG 1 another job\n";
    for (const auto& [units, checkpoint, expected] :
         {std::tuple<std::size_t, std::string, std::string>{2, "", "fewer than the 3 ranks"},
          {9, dir + "/other", "different computation"}}) {
        test::ThreadCluster cluster(3);
        std::vector<std::unique_ptr<FakeJob>> jobs;
        for (int r = 0; r < 3; ++r) jobs.push_back(std::make_unique<FakeJob>(units));
        std::atomic<int> thrown{0};
        cluster.run([&](Cluster& c) {
            UnitRunOptions o;
            o.checkpoint = checkpoint;
            o.resume = true;
            try {
                UnitRun run(c, jobs[c.rank()]->job, o);
            } catch (const InputError& e) {
                EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
                ++thrown;
            }
        });
        EXPECT_EQ(thrown, 3);
    }
}

}  // namespace
}  // namespace frontier
