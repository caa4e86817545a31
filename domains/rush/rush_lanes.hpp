// Rush Hour: a layout's pieces in SIMD lanes, for RushBoard's legal steps and blockers.
//
// RushLanes holds, per piece p (lane p % W of vector p / W, W = 8 with AVX-512 and 4 with AVX2),
// constants that make a piece's cells and its neighbours computable from its offset alone: its
// cells at offset 0 (shifted by offset x stride), the cell index moved by one offset (1 or N),
// the index of the cell before it at offset 0 (one stride before its first; unused at offset 0)
// and after it, those two as shift counts to bit 63 (63 - index), and its last offset
// (N - length; 0 for absent pieces, which then never move). No table is read per piece.
// (Gathering per-offset masks instead measured no faster with AVX-512: the gathers' latency ate
// the saved instructions.) The arrays are kept whatever the instruction set, so that RushBoard
// has one layout in code built with and without SIMD; where the build has neither AVX-512 nor
// AVX2 (with BMI2), FRONTIER_RUSH_SIMD is 0 and RushBoard uses its scalar tests instead.
//
// Both functions take the state's bits, the walls and the piece count; lanes past the last piece
// are ignored whatever the state's high bits hold. Thread-safe: const, no state of their own.
// legal_steps is forced inline: GCC kept it out of line, a call per state laid out.
#pragma once

#include <cstdint>

#if defined(__AVX512F__) && defined(__BMI2__)
#include <immintrin.h>
#define FRONTIER_RUSH_SIMD 512
#elif defined(__AVX2__) && defined(__BMI2__)
#include <immintrin.h>
#define FRONTIER_RUSH_SIMD 256
#else
#define FRONTIER_RUSH_SIMD 0
#endif

namespace frontier {

struct RushLanes {
    alignas(64) std::int64_t cells[24], stride[24], before[24], after[24], last[24];
    alignas(64) std::int64_t top_before[24], top_after[24];  // 63 - before, 63 - after

    void set(int p, std::uint64_t cells_at_0, int step, int first, int length, int size) {
        cells[p] = static_cast<std::int64_t>(cells_at_0);
        stride[p] = step;
        before[p] = first - step;
        after[p] = first + length * step;
        last[p] = size - length;
        top_before[p] = 63 - before[p];
        top_after[p] = 63 - after[p];
    }
    void clear(int p) {
        cells[p] = stride[p] = before[p] = after[p] = last[p] = top_before[p] = top_after[p] = 0;
    }

#if FRONTIER_RUSH_SIMD == 512
// GCC 12's AVX-512 intrinsics start from deliberately undefined registers and warn about them.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
    static __m512i lane(const std::int64_t* values, int v) {
        return _mm512_load_si512(values + 8 * v);
    }
    // The state in lanes: each piece's offset, the shift that moves its offset-0 lanes there, and
    // its cells; `occupied` is their OR with the walls.
    struct Cells {
        int vectors;
        __m512i offset[3], shift[3], cells[3];
        std::uint64_t occupied;
    };
    // The OR of the eight lanes, by halves (_mm512_reduce_or_epi64 warns under GCC 12).
    static std::uint64_t or_lanes(__m512i x) {
        const __m256i quarter =
            _mm256_or_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1));
        const __m128i pair =
            _mm_or_si128(_mm256_castsi256_si128(quarter), _mm256_extracti128_si256(quarter, 1));
        return static_cast<std::uint64_t>(_mm_cvtsi128_si64(pair) | _mm_extract_epi64(pair, 1));
    }
    Cells cells_of(std::uint64_t bits, std::uint64_t walls, int count) const {
        Cells c;
        c.vectors = (count + 7) >> 3;
        const __m512i seven = _mm512_set1_epi64(7);
        const __m512i lane_shift = _mm512_set_epi64(21, 18, 15, 12, 9, 6, 3, 0);
        __m512i all = _mm512_setzero_si512();
        for (int v = 0; v < c.vectors; ++v) {
            const __m512i b = _mm512_set1_epi64(static_cast<long long>(bits >> (24 * v)));
            c.offset[v] = _mm512_and_si512(_mm512_srlv_epi64(b, lane_shift), seven);
            c.shift[v] = _mm512_mul_epu32(c.offset[v], lane(stride, v));
            c.cells[v] = _mm512_sllv_epi64(lane(cells, v), c.shift[v]);
            all = _mm512_or_si512(all, c.cells[v]);
        }
        c.occupied = walls | or_lanes(all);
        return c;
    }
    // Legal steps as RushBoard::legal_steps: bit 2p back, bit 2p + 1 ahead.
    [[gnu::always_inline]] std::uint64_t legal_steps(std::uint64_t bits, std::uint64_t walls,
                                                     int count) const {
        const Cells c = cells_of(bits, walls, count);
        const __m512i one = _mm512_set1_epi64(1);
        const __m512i occ = _mm512_set1_epi64(static_cast<long long>(c.occupied));
        std::uint64_t back = 0, ahead = 0;
        for (int v = 0; v < c.vectors; ++v) {
            const __m512i at_before = _mm512_add_epi64(lane(before, v), c.shift[v]);
            const __m512i at_after = _mm512_add_epi64(lane(after, v), c.shift[v]);
            const __mmask8 can_back =
                _mm512_cmpgt_epu64_mask(c.offset[v], _mm512_setzero_si512()) &
                _mm512_testn_epi64_mask(_mm512_srlv_epi64(occ, at_before), one);
            const __mmask8 can_ahead =
                _mm512_cmplt_epu64_mask(c.offset[v], lane(last, v)) &
                _mm512_testn_epi64_mask(_mm512_srlv_epi64(occ, at_after), one);
            back |= std::uint64_t{can_back} << (8 * v);
            ahead |= std::uint64_t{can_ahead} << (8 * v);
        }
        const std::uint64_t present = (std::uint64_t{1} << count) - 1;
        return _pdep_u64(back & present, 0x5555555555555555) |
               _pdep_u64(ahead & present, 0xAAAAAAAAAAAAAAAA);
    }
    // Blockers as RushBoard::blockers.
    std::uint32_t blockers(std::uint64_t bits, std::uint64_t walls_in, int count,
                           std::uint64_t& walls) const {
        const Cells c = cells_of(bits, walls_in, count);
        const __m512i one = _mm512_set1_epi64(1);
        const std::uint64_t present = (std::uint64_t{1} << count) - 1;
        __m512i next_to = _mm512_setzero_si512();
        for (int v = 0; v < c.vectors; ++v) {
            // Only present pieces, away from the board's edge (absent lanes are zero, but the
            // state's high bits may still hold an offset for them).
            const auto here = static_cast<__mmask8>(present >> (8 * v));
            const __mmask8 has_before =
                _mm512_mask_cmpgt_epu64_mask(here, c.offset[v], _mm512_setzero_si512());
            const __mmask8 has_after =
                _mm512_mask_cmplt_epu64_mask(here, c.offset[v], lane(last, v));
            const __m512i at_before = _mm512_add_epi64(lane(before, v), c.shift[v]);
            const __m512i at_after = _mm512_add_epi64(lane(after, v), c.shift[v]);
            next_to = _mm512_or_si512(next_to, _mm512_maskz_sllv_epi64(has_before, one, at_before));
            next_to = _mm512_or_si512(next_to, _mm512_maskz_sllv_epi64(has_after, one, at_after));
        }
        const std::uint64_t stopped = c.occupied & or_lanes(next_to);
        walls = walls_in & stopped;
        const __m512i stop = _mm512_set1_epi64(static_cast<long long>(stopped));
        std::uint32_t pieces = 0;
        for (int v = 0; v < c.vectors; ++v)
            pieces |= std::uint32_t{_mm512_test_epi64_mask(c.cells[v], stop)} << (8 * v);
        return pieces & static_cast<std::uint32_t>(present);
    }
#pragma GCC diagnostic pop

#elif FRONTIER_RUSH_SIMD == 256
    static __m256i lane(const std::int64_t* values, int v) {
        return _mm256_load_si256(reinterpret_cast<const __m256i*>(values + 4 * v));
    }
    // One bit per lane, from each lane's top bit.
    static std::uint64_t top_bits(__m256i x) {
        return static_cast<std::uint64_t>(_mm256_movemask_pd(_mm256_castsi256_pd(x)));
    }
    struct Cells {
        int vectors;
        __m256i offset[6], shift[6], cells[6];
        std::uint64_t occupied;
    };
    static std::uint64_t or_lanes(__m256i x) {
        const __m128i pair =
            _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
        return static_cast<std::uint64_t>(_mm_cvtsi128_si64(pair) | _mm_extract_epi64(pair, 1));
    }
    Cells cells_of(std::uint64_t bits, std::uint64_t walls, int count) const {
        Cells c;
        c.vectors = (count + 3) >> 2;
        const __m256i seven = _mm256_set1_epi64x(7);
        const __m256i lane_shift = _mm256_set_epi64x(9, 6, 3, 0);
        __m256i all = _mm256_setzero_si256();
        for (int v = 0; v < c.vectors; ++v) {
            const __m256i b = _mm256_set1_epi64x(static_cast<long long>(bits >> (12 * v)));
            c.offset[v] = _mm256_and_si256(_mm256_srlv_epi64(b, lane_shift), seven);
            c.shift[v] = _mm256_mul_epu32(c.offset[v], lane(stride, v));
            c.cells[v] = _mm256_sllv_epi64(lane(cells, v), c.shift[v]);
            all = _mm256_or_si256(all, c.cells[v]);
        }
        c.occupied = walls | or_lanes(all);
        return c;
    }
    // The cell tests shift the tested bit of the occupancy to bit 63, where one movemask reads
    // four of them. At offset 0 the cell "before" a piece is off the board or on another line
    // (a count past 63 shifts in zero): the offset test rules that step out whatever it reads.
    [[gnu::always_inline]] std::uint64_t legal_steps(std::uint64_t bits, std::uint64_t walls,
                                                     int count) const {
        const Cells c = cells_of(bits, walls, count);
        const __m256i occ = _mm256_set1_epi64x(static_cast<long long>(c.occupied));
        const __m256i zero = _mm256_setzero_si256();
        std::uint64_t back = 0, ahead = 0;
        for (int v = 0; v < c.vectors; ++v) {
            const __m256i to_before = _mm256_sub_epi64(lane(top_before, v), c.shift[v]);
            const __m256i to_after = _mm256_sub_epi64(lane(top_after, v), c.shift[v]);
            const std::uint64_t moved = top_bits(_mm256_cmpgt_epi64(c.offset[v], zero));
            const std::uint64_t short_of_end =
                top_bits(_mm256_cmpgt_epi64(lane(last, v), c.offset[v]));
            back |= (moved & ~top_bits(_mm256_sllv_epi64(occ, to_before))) << (4 * v);
            ahead |= (short_of_end & ~top_bits(_mm256_sllv_epi64(occ, to_after))) << (4 * v);
        }
        const std::uint64_t present = (std::uint64_t{1} << count) - 1;
        return _pdep_u64(back & present, 0x5555555555555555) |
               _pdep_u64(ahead & present, 0xAAAAAAAAAAAAAAAA);
    }
    std::uint32_t blockers(std::uint64_t bits, std::uint64_t walls_in, int count,
                           std::uint64_t& walls) const {
        const Cells c = cells_of(bits, walls_in, count);
        const __m256i one = _mm256_set1_epi64x(1), zero = _mm256_setzero_si256();
        const __m256i pieces_left = _mm256_set1_epi64x(count);
        __m256i index = _mm256_set_epi64x(3, 2, 1, 0);
        __m256i next_to = zero;
        for (int v = 0; v < c.vectors;
             ++v, index = _mm256_add_epi64(index, _mm256_set1_epi64x(4))) {
            // Only present pieces (the state's high bits may hold an offset for absent lanes),
            // away from the board's edge.
            const __m256i here = _mm256_cmpgt_epi64(pieces_left, index);
            const __m256i has_before =
                _mm256_and_si256(here, _mm256_cmpgt_epi64(c.offset[v], zero));
            const __m256i has_after =
                _mm256_and_si256(here, _mm256_cmpgt_epi64(lane(last, v), c.offset[v]));
            const __m256i at_before = _mm256_add_epi64(lane(before, v), c.shift[v]);
            const __m256i at_after = _mm256_add_epi64(lane(after, v), c.shift[v]);
            next_to = _mm256_or_si256(
                next_to, _mm256_and_si256(has_before, _mm256_sllv_epi64(one, at_before)));
            next_to = _mm256_or_si256(
                next_to, _mm256_and_si256(has_after, _mm256_sllv_epi64(one, at_after)));
        }
        const std::uint64_t stopped = c.occupied & or_lanes(next_to);
        walls = walls_in & stopped;
        const __m256i stop = _mm256_set1_epi64x(static_cast<long long>(stopped));
        std::uint32_t stop_nothing = 0;  // pieces with no cell in `stopped`
        for (int v = 0; v < c.vectors; ++v)
            stop_nothing |= static_cast<std::uint32_t>(top_bits(
                                _mm256_cmpeq_epi64(_mm256_and_si256(c.cells[v], stop), zero)))
                            << (4 * v);
        return ~stop_nothing & static_cast<std::uint32_t>((std::uint64_t{1} << count) - 1);
    }
#endif
};

}  // namespace frontier
