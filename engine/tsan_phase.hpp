// Happens-before edges for ThreadSanitizer around a oneTBB parallel loop.
//
// The oneTBB library Debian ships is not built with -fsanitize=thread: ThreadSanitizer sees the
// tasks of a parallel_for but not the synchronisation that orders them after the code before the
// loop and before the code after it, so every value one phase of an algorithm hands to the next
// looks like a race and real races drown in the noise. A TsanPhase declares those two edges:
// construct it before the loop, call enter() first and leave() last in every task body, and
// joined() after the loop. Reports that remain with their top frames in oneTBB's own headers are
// its internal task hand-offs. Without -fsanitize=thread everything here compiles to nothing.
#pragma once

#if defined(__SANITIZE_THREAD__)
extern "C" {
void __tsan_acquire(void* addr);
void __tsan_release(void* addr);
}
#endif

namespace frontier {

class TsanPhase {
  public:
#if defined(__SANITIZE_THREAD__)
    TsanPhase() {
        __tsan_release(&start_);
    }
    void enter() {
        __tsan_acquire(&start_);
    }
    void leave() {
        __tsan_release(&end_);
    }
    void joined() {
        __tsan_acquire(&end_);
    }

  private:
    char start_ = 0, end_ = 0;
#else
    void enter() {}
    void leave() {}
    void joined() {}
#endif
};

}  // namespace frontier
