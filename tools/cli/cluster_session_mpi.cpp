// cluster_session() in a build with MPI: the MPI side is a module loaded on first use
// (tools/cli/mpi_session_module.hpp).
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include <frontier/engine/error.hpp>
#include "tools/cli/cluster_session.hpp"
#include "tools/cli/mpi_session_module.hpp"

#ifndef FRONTIER_INSTALL_LIBDIR
#define FRONTIER_INSTALL_LIBDIR "lib"
#endif

namespace frontier::cli {

namespace {

struct MpiModule {
    Cluster* (*join)(int*) = nullptr;
    void (*abort)(int) = nullptr;
};

Cluster* session = nullptr;
MpiModule loaded;  // set together with session
int real_stderr = STDERR_FILENO;

// Where the module is: beside the program (the build tree), then <prefix>/<libdir>/frontier
// for an installed program in <prefix>/bin, so that a prefix can be moved as a whole.
std::vector<std::filesystem::path> module_candidates() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return {kFrontierMpiModule};
    const std::filesystem::path dir = exe.parent_path();
    return {dir / kFrontierMpiModule,
            dir.parent_path() / FRONTIER_INSTALL_LIBDIR / "frontier" / kFrontierMpiModule};
}

MpiModule load_mpi_module() {
    std::string why;
    for (const std::filesystem::path& path : module_candidates()) {
        if (!std::filesystem::exists(path)) continue;
        // RTLD_GLOBAL: Open MPI's own plugins, which it loads in turn, look up libmpi's symbols.
        void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
        if (!handle) {
            why = ::dlerror();
            continue;
        }
        MpiModule module;
        module.join = reinterpret_cast<Cluster* (*)(int*)>(::dlsym(handle, "frontier_mpi_join"));
        module.abort = reinterpret_cast<void (*)(int)>(::dlsym(handle, "frontier_mpi_abort"));
        if (module.join && module.abort) return module;
        why = path.string() + ": not a Frontier MPI module";
    }
    throw InputError("--distributed: cannot load the MPI module " +
                     std::string(kFrontierMpiModule) +
                     (why.empty() ? " (not beside the program nor in its lib/frontier folder)"
                                  : " (" + why + ")"));
}

}  // namespace

bool distributed_available() {
    return true;
}

Cluster& cluster_session() {
    if (!session) {
        loaded = load_mpi_module();
        session = loaded.join(&real_stderr);
    }
    return *session;
}

void abort_job(const std::string& message, int code) {
    const std::string line =
        "frontier: error: " +
        (session && session->size() > 1 ? "rank " + std::to_string(session->rank()) + ": "
                                        : std::string()) +
        message + "\n";
    std::cout.flush();
    std::fflush(nullptr);
    [[maybe_unused]] auto n = ::write(real_stderr, line.data(), line.size());
    if (session) loaded.abort(code);
    std::_Exit(code);
}

}  // namespace frontier::cli
