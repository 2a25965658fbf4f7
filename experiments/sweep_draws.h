/* sweep_draws.h - the f64 draws of a sweep's input sets (sweep_sets.h),
 * in two slots: the set being run reads one while, in a sweep that
 * overlaps its stages (sweep_worker.c), a thread of its own draws the next
 * set into the other. A set's draws come from its own streams (dist.c),
 * so drawing them early, on another thread, gives the same values. */
#ifndef WHT_SWEEP_DRAWS_H
#define WHT_SWEEP_DRAWS_H

#include <pthread.h>
#include <stdint.h>
#include "sweep_sets.h"

typedef struct {
  double *x[2][2]; /* per slot, per input */
  uint64_t seed;
  unsigned cur; /* the slot of the set being run */
  struct {
    uint32_t k, d, op, t;
    int state; /* EMPTY, DRAWING, READY, FAILED (sweep_draws.c) */
  } key[2];
  int threaded, quit;
  pthread_t thread;
  pthread_mutex_t mu;
  pthread_cond_t cv;
} wht_sweep_draws;

/* buffers for sets up to 2^kmax with up to `inputs` inputs; threaded: the
 * next set may be drawn on a thread of its own (without the thread, if it
 * cannot start, everything is drawn when asked). 0 ok, -1 out of memory. */
int wht_sweep_draws_init(wht_sweep_draws *D, uint64_t seed, unsigned kmax, unsigned inputs, int threaded);
/* the draws of set s: those drawn ahead for it (waiting for them if need
 * be), else drawn now. *x gets the slot's arrays (one per input of s's
 * operation). 0 ok, -1 out of memory while drawing. */
int wht_sweep_draws_get(wht_sweep_draws *D, const wht_sweep_set *s, double *const **x);
/* begins drawing set s into the slot the current set does not use
 * (threaded only; otherwise nothing) */
void wht_sweep_draws_ahead(wht_sweep_draws *D, const wht_sweep_set *s);
void wht_sweep_draws_free(wht_sweep_draws *D);
#endif
