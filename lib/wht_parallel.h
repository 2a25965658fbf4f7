/* wht_parallel.h - the library's threaded loops (DESIGN.md section 8,
 * "Threads"). Internal, not installed. A loop is threaded only where its
 * iterations are independent (each writes its own elements) or its
 * reductions are exact whatever the order (integer counts, min, max), so no
 * result depends on the thread count. Without OpenMP the pragmas vanish
 * (-Wall would reject them as unknown) and every loop runs serial. */
#ifndef WHT_PARALLEL_H
#define WHT_PARALLEL_H

#include <stdint.h>
#include "wht.h"

#ifdef _OPENMP
#include <omp.h>
#define WHT__OMP(directive) _Pragma(#directive)
static inline int wht__thread_num(void) { return omp_get_thread_num(); }
static inline int wht__num_threads(void) { return omp_get_num_threads(); }
static inline int wht__in_parallel(void) { return omp_in_parallel(); }
#else
#define WHT__OMP(directive)
static inline int wht__thread_num(void) { return 0; }
static inline int wht__num_threads(void) { return 1; }
static inline int wht__in_parallel(void) { return 0; }
#endif

/* Thread t's share [*b, *e) of [0, n) among T threads: contiguous, the
 * first n mod T shares one longer. */
static inline void wht__chunk(uint64_t n, uint64_t t, uint64_t T, uint64_t *b, uint64_t *e)
{
  const uint64_t q = n / T, r = n % T;
  *b = q * t + (t < r ? t : r);
  *e = q * (t + 1) + (t + 1 < r ? t + 1 : r);
}

/* Loops over fewer elements run on the calling thread: waking a team costs
 * microseconds, more than such a loop takes. */
#define WHT__PAR_MIN ((uint64_t)1 << 15)

/* Threads for a loop over n elements: 1 below WHT__PAR_MIN or inside a
 * threaded loop (no nested teams), else wht_get_threads(). Use as
 * num_threads(wht__threads_for(n)). */
int wht__threads_for(uint64_t n);

/* What the threaded loops of this process really did, for the thread
 * tests (that 2 or 3 threads split the loops, not only that
 * wht_get_threads reports the count): wht__team_note(T) from inside a
 * team records its size (the regions of schedule.c, the metrics and the
 * MPFR oracle, wht__parallel_chunks), wht__threads_for records the count
 * it returns (the `omp parallel for num_threads(...)` loops); each keeps
 * its largest value until wht__threads_seen_take returns and clears both. */
void wht__team_note(int T);
void wht__threads_seen_take(int *ran, int *asked);
/* wht__team_note of the calling team, once (by its thread 0): the first
 * statement of a threaded region */
static inline void wht__team_note_here(void)
{
  if (wht__thread_num() == 0) wht__team_note(wht__num_threads());
}

/* body(ctx, b, e) over [0, n) split into one contiguous chunk per thread
 * of wht__threads_for(elems) threads (elems: the elements the n units
 * cover); with one thread a plain call, no team at all (a team of one
 * still costs about half a microsecond, which loops called per cache block
 * would pay thousands of times). */
typedef void (*wht__chunk_fn)(const void *ctx, uint64_t b, uint64_t e);
void wht__parallel_chunks(uint64_t n, uint64_t elems, wht__chunk_fn body, const void *ctx);
#endif
