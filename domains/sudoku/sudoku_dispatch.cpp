// The choice of the band solver's compilation (sudoku_bands.hpp says which ones exist).
#include <frontier/domains/sudoku/sudoku_bands.hpp>

#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include <frontier/engine/error.hpp>
#include <string>

namespace frontier::detail {

namespace sudoku_bands {
inline namespace baseline {  // this library's own compilation
void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);
const char* isa();
}  // namespace baseline
#if FRONTIER_SUDOKU_X86_VARIANTS
// sudoku_x86_64_v3.cpp and sudoku_avx512.cpp, in a library built for any x86-64.
namespace x86_64_v3 {
void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);
const char* isa();
}  // namespace x86_64_v3
namespace avx512 {
void solve(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r);
const char* isa();
}  // namespace avx512
#endif
}  // namespace sudoku_bands

namespace {

#if FRONTIER_SUDOKU_X86_VARIANTS
// __builtin_cpu_supports also checks that the OS saves the vector registers.
bool cpu_runs_x86_64_v3() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}

bool cpu_runs_avx512() {
    return cpu_runs_x86_64_v3() && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vl");
}
#endif

constexpr SudokuBandsVariant kVariants[] = {
    {sudoku_bands::baseline::isa, [] { return true; }, sudoku_bands::baseline::solve},
#if FRONTIER_SUDOKU_X86_VARIANTS
    {sudoku_bands::x86_64_v3::isa, cpu_runs_x86_64_v3, sudoku_bands::x86_64_v3::solve},
    {sudoku_bands::avx512::isa, cpu_runs_avx512, sudoku_bands::avx512::solve},
#endif
};

std::string variant_names() {
    std::string names;
    for (const SudokuBandsVariant& v : kVariants)
        names += std::string(names.empty() ? "" : ", ") + v.isa() + (v.runs() ? "" : " (not here)");
    return names;
}

// Decided once; a static local's initialisation is thread-safe, and one that throws is tried
// again at the next call.
const SudokuBandsVariant& chosen() {
    static const SudokuBandsVariant& variant =
        choose_sudoku_bands(std::getenv("FRONTIER_SUDOKU_ISA"));
    return variant;
}

}  // namespace

std::span<const SudokuBandsVariant> sudoku_bands_variants() {
    return kVariants;
}

const SudokuBandsVariant& choose_sudoku_bands(const char* forced) {
    if (forced == nullptr || *forced == '\0') {
        const SudokuBandsVariant* best = &kVariants[0];
        for (const SudokuBandsVariant& v : kVariants)
            if (v.runs()) best = &v;
        return *best;
    }
    if (std::strcmp(forced, "baseline") == 0) return kVariants[0];
    for (const SudokuBandsVariant& v : kVariants) {
        if (std::strcmp(forced, v.isa()) != 0) continue;
        if (v.runs()) return v;
        throw InputError(std::string("FRONTIER_SUDOKU_ISA=") + forced +
                         ": this CPU lacks the instructions of that Sudoku solver "
                         "(this library holds: " +
                         variant_names() + ")");
    }
    throw InputError(
        std::string("FRONTIER_SUDOKU_ISA=") + forced +
        ": no such Sudoku solver in this library (it holds: baseline = " + variant_names() + ")");
}

void solve_sudoku_bands(const SudokuGrid& puzzle, const SudokuOptions& options, SudokuResult& r) {
    chosen().solve(puzzle, options, r);
}

const char* sudoku_bands_isa() {
    return chosen().isa();
}

}  // namespace frontier::detail
