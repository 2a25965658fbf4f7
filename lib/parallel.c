/* parallel.c - the thread count of libwht's threaded loops
 * (wht_set_threads, wht.h). One process-wide setting, atomic so that a
 * change from one thread is seen by loops started in another, and a cap
 * per thread (wht_set_thread_cap). */
#include <stdatomic.h>
#include "wht_parallel.h"

static atomic_int chosen; /* 0: OpenMP's default */
static _Thread_local int cap; /* 0: none (wht_set_thread_cap) */
static atomic_int team_ran, team_asked; /* wht__threads_seen_take */

static void note_max(atomic_int *m, int t)
{
  int v = atomic_load_explicit(m, memory_order_relaxed);
  while (t > v && !atomic_compare_exchange_weak_explicit(m, &v, t, memory_order_relaxed, memory_order_relaxed))
    ;
}

void wht__team_note(int T) { note_max(&team_ran, T); }

void wht__threads_seen_take(int *ran, int *asked)
{
  *ran = atomic_exchange_explicit(&team_ran, 0, memory_order_relaxed);
  *asked = atomic_exchange_explicit(&team_asked, 0, memory_order_relaxed);
}

wht_status wht_set_thread_cap(int n)
{
  if (n < 0 || n > WHT_MAX_THREADS) return WHT_E_THREADS;
  cap = n;
  return WHT_OK;
}

wht_status wht_set_threads(int n)
{
  if (n < 0 || n > WHT_MAX_THREADS) return WHT_E_THREADS;
  atomic_store_explicit(&chosen, n, memory_order_relaxed);
  return WHT_OK;
}

int wht_get_threads(void)
{
#ifdef _OPENMP
  const int n = atomic_load_explicit(&chosen, memory_order_relaxed), t = n > 0 ? n : omp_get_max_threads();
  return cap > 0 && cap < t ? cap : t; /* all cores, or OMP_NUM_THREADS, or the thread's cap */
#else
  return 1;
#endif
}

int wht__threads_for(uint64_t n)
{
#ifdef _OPENMP
  if (omp_in_parallel()) return 1; /* a loop inside a threaded loop: its thread is the team */
#endif
  const int t = n < WHT__PAR_MIN ? 1 : wht_get_threads();
  note_max(&team_asked, t);
  return t;
}

void wht__parallel_chunks(uint64_t n, uint64_t elems, wht__chunk_fn body, const void *ctx)
{
  const int nt = wht__threads_for(elems);
  if (nt <= 1) {
    body(ctx, 0, n);
    return;
  }
#ifdef _OPENMP
#pragma omp parallel num_threads(nt)
  {
    /* the team may be smaller than asked: split by its real size */
    uint64_t b, e;
    wht__team_note_here();
    wht__chunk(n, (uint64_t)omp_get_thread_num(), (uint64_t)omp_get_num_threads(), &b, &e);
    body(ctx, b, e);
  }
#endif
}
