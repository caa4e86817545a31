#include <frontier/engine/distributed/cluster.hpp>

#include <climits>
#include <exception>

#include <frontier/engine/error.hpp>

namespace frontier {

void agree(Cluster& cluster, const std::function<void()>& check) {
    std::string error;
    std::int64_t code = 0;
    try {
        check();
    } catch (const InputError& e) {
        error = e.what();
        code = e.exit_code();
    } catch (const std::exception& e) {
        error = e.what();
        code = 1;
    }
    std::int64_t failed = error.empty() ? INT64_MAX : cluster.rank();
    cluster.all_min({&failed, 1});
    if (failed == INT64_MAX) return;
    const int root = static_cast<int>(failed);
    broadcast_value(cluster, root, code);
    broadcast_string(cluster, root, error);
    throw InputError(root == 0 ? error : "rank " + std::to_string(root) + ": " + error,
                     static_cast<int>(code));
}

}  // namespace frontier
