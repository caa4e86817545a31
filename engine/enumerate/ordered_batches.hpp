// ordered_batches: stream items through a parallel map and get the results back in input order.
//
// A oneTBB parallel_pipeline of three filters: `read` (serial, in order) fills the next batch of
// inputs, `map` (parallel) turns each input of a batch into its output, `write` (serial, in
// order) receives every batch's outputs in the order they were read. Batches, not items, travel
// through the pipeline, so its per-token overhead is paid once per batch; at most `in_flight`
// batches are alive at once, which bounds memory whatever the input's length, and there is no
// barrier between batches (a slow item only delays the writing of its own batch). Run it inside
// run_with_threads() to choose the thread count. The outputs do not depend on the thread count as
// long as `map` is a pure function of its input (per-worker scratch objects are fine).
//
//   read(std::vector<In>& batch) -> bool   fill `batch` (given empty); false when the input is
//                                          exhausted (a batch filled in that call is still used)
//   map(const In&, Out&)                   called concurrently on different items
//   write(const std::vector<In>&, const std::vector<Out>&)
//
// With Out = void there are no outputs: map(const In&) and write(const std::vector<In>&), for
// callers whose items carry their own results (a pointer to a chunk the map fills, or a
// reorder buffer of their own).
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_pipeline.h>

#include <frontier/engine/parallel.hpp>

namespace frontier {

namespace detail {

struct NoBatchOutputs {};

// One batch of ordered_batches: its inputs and, unless Out is void, their outputs.
template <class In, class Out>
struct OrderedBatch {
    std::vector<In> in;
    [[no_unique_address]] std::conditional_t<std::is_void_v<Out>, NoBatchOutputs, std::vector<Out>>
        out;

    template <class Map>
    void map_all(Map& map) {
        if constexpr (std::is_void_v<Out>) {
            for (const In& item : in) map(item);
        } else {
            out.resize(in.size());
            for (std::size_t i = 0; i < in.size(); ++i) map(in[i], out[i]);
        }
    }
    template <class Write>
    void write_all(Write& write) const {
        if constexpr (std::is_void_v<Out>)
            write(in);
        else
            write(in, out);
    }
};

}  // namespace detail

template <class In, class Out, class Read, class Map, class Write>
void ordered_batches(std::size_t in_flight, Read&& read, Map&& map, Write&& write) {
    using Batch = detail::OrderedBatch<In, Out>;
    bool more = true;
#if defined(__SANITIZE_THREAD__)
    // ThreadSanitizer build: libtbb is not instrumented, so TSan would not see the pipeline's
    // hand-overs between its serial stages and report them as races. Instead: read up to
    // `in_flight` batches, map them with parallel_for_each (plain threads there), write them in
    // order, repeat. The same calls in the same order, with a barrier per round.
    while (more) {
        std::vector<Batch> round;
        while (more && round.size() < std::max<std::size_t>(in_flight, 1)) {
            Batch b;
            more = read(b.in);
            if (b.in.empty()) {
                more = false;
                break;
            }
            round.push_back(std::move(b));
        }
        parallel_for_each(tbb::blocked_range<std::size_t>(0, round.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& r) {
                              for (std::size_t k = r.begin(); k != r.end(); ++k)
                                  round[k].map_all(map);
                          });
        for (const Batch& b : round) b.write_all(write);
    }
    return;
#endif
    tbb::parallel_pipeline(
        in_flight,
        tbb::make_filter<void, Batch*>(tbb::filter_mode::serial_in_order,
                                       [&](tbb::flow_control& fc) -> Batch* {
                                           if (!more) {
                                               fc.stop();
                                               return nullptr;
                                           }
                                           auto batch = std::make_unique<Batch>();
                                           more = read(batch->in);
                                           if (batch->in.empty()) {
                                               fc.stop();
                                               return nullptr;
                                           }
                                           return batch.release();
                                       }) &
            tbb::make_filter<Batch*, Batch*>(tbb::filter_mode::parallel,
                                             [&](Batch* b) {
                                                 b->map_all(map);
                                                 return b;
                                             }) &
            tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order, [&](Batch* b) {
                std::unique_ptr<Batch> owned(b);
                owned->write_all(write);
            }));
}

}  // namespace frontier
