// The rule every resumable run of the engine keeps with its checkpoints (two-bit tables, their
// shards, unit logs), in one wording: a new run never starts over the checkpoint of an earlier
// one, whose work it would replace unasked, and a resumed run needs its checkpoint. The words
// name no command-line flag: the program's help says how to resume.
#pragma once

#include <filesystem>
#include <string>

#include <frontier/engine/error.hpp>

namespace frontier {

// InputError "PATH: a checkpoint of an earlier run exists; resume it, or delete it".
[[noreturn]] inline void refuse_earlier_checkpoint(const std::string& path) {
    throw InputError(path + ": a checkpoint of an earlier run exists; resume it, or delete it");
}

// Checks the rule for the checkpoint at `path` before a run starts.
inline void check_checkpoint_rule(const std::string& path, bool resume) {
    const bool exists = std::filesystem::exists(path);
    if (!resume && exists) refuse_earlier_checkpoint(path);
    if (resume && !exists) throw InputError(path + ": no checkpoint to resume from");
}

}  // namespace frontier
