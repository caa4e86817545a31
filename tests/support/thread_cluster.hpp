// ThreadCluster: several "processes" of a distributed run as threads of one test process.
//
// Each rank is a Cluster endpoint with the semantics of engine/distributed/cluster.hpp: posted
// messages wait in the receiver's mailbox until it polls (so they are "in transit" until then, as
// on a wire), and every collective, blocking or not, is a numbered meeting point where each rank
// deposits its bytes and takes everyone's once all have arrived. One mutex guards everything: it is
// a test double for the distributed algorithms (their logic runs unchanged, and ThreadSanitizer
// sees every edge), not a fast transport.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <frontier/engine/distributed/cluster.hpp>

namespace frontier::test {

class ThreadCluster {
  public:
    explicit ThreadCluster(int ranks);
    ~ThreadCluster();
    // Runs body(cluster of rank r) on one thread per rank and joins them; rethrows the first
    // exception a rank threw.
    void run(const std::function<void(Cluster&)>& body);

  private:
    struct Hub;
    class Endpoint;
    std::shared_ptr<Hub> hub_;
    std::vector<std::unique_ptr<Endpoint>> endpoints_;
};

}  // namespace frontier::test
