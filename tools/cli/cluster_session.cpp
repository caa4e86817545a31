#include "tools/cli/cluster_session.hpp"

#include <exception>
#include <new>

#include <frontier/engine/error.hpp>

namespace frontier::cli {

const char* const kDistributedHelp =
    "run over the ranks of an MPI job: start with mpirun -np N (as root add "
    "--allow-run-as-root; more ranks than cores: --oversubscribe); only rank 0 prints";

void run_collectively(const std::function<void()>& body) {
    try {
        body();
    } catch (const InputError& e) {
        abort_job(e.what(), e.exit_code());
    } catch (const std::bad_alloc&) {
        abort_job("out of memory", 1);
    } catch (const std::exception& e) {
        abort_job(e.what(), 1);
    }
}

}  // namespace frontier::cli
