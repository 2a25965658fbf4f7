/* sweep_rows.h - the last stage of a sweep: a group's metrics (one call
 * of wht_metrics_compute_many_stored for the outputs of one exact result)
 * and its rows handed to a sink in order (the file; in an MPI worker, the
 * batch for rank 0), with the progress and the summary's counts. Run in
 * place, or on threads of their own (a GPU sweep: the host computes the
 * metrics of earlier groups while the GPU runs the next): then up to
 * `workers` groups have their metrics computed side by side, each on its
 * share of the cores (wht_set_thread_cap), and their rows go to the sink
 * in the order the groups were submitted, so the rows and their order are
 * the serial ones. The stage also keeps the buffers the groups use
 * (sweep_buffers.h): the outputs' arena, a ring from which each group
 * takes the bytes of its format, first in first out (its bytes come back
 * when its rows are appended), and the exact-result slots, reference
 * counted; the caller takes room before filling it (waiting while there
 * is none). Only this stage touches the sink and the progress while it
 * runs. */
#ifndef WHT_SWEEP_ROWS_H
#define WHT_SWEEP_ROWS_H

#include <pthread.h>
#include "h5store.h"
#include "sweep_buffers.h"
#include "sweep_progress.h"
#include "sweep_ring.h"
#include "sweep_run.h"

typedef struct {
  wht_format f;
  unsigned k;
  const void *y[WHT_GROUP_MAX];   /* outputs, in format f */
  const wht_dd *v;                /* their exact result */
  size_t yoff, ybytes;            /* where they are in the arena (wht_rows_take_y) */
  unsigned vslot;                 /* the exact result's slot (wht_rows_take_v) */
  int exact_nonfinite;            /* the oracle saw a non-finite input: every cell overflowed */
  size_t ng;
  wht_result_row r[WHT_GROUP_MAX]; /* keys, run_s, oracle columns filled in */
  int nonfinite[WHT_GROUP_MAX];    /* a non-finite intermediate seen by the run */
  uint64_t seq;                    /* set by submit: the order of the rows */
} wht_rows_group;

/* takes one finished row: 0 ok, nonzero failed (reported by the sink) */
typedef int (*wht_rows_sink)(void *ctx, const wht_result_row *r);

#define WHT_ROWS_MAX_WORKERS 8

typedef struct {
  wht_rows_sink sink;
  void *ctx;
  wht_progress *prog; /* may be NULL */
  wht_sweep_summary *s;
  unsigned workers, started; /* metrics threads (0: in place), those running */
  wht_ring ring;    /* the outputs' arena (WHT_SWEEP_MAX_SLOTS groups at most, the queue's length) */
  unsigned vslots;  /* exact-result slots */
  int failed, quit;
  unsigned vrefs[WHT_SWEEP_MAX_SLOTS + 1];
  wht_rows_group q[WHT_SWEEP_MAX_SLOTS]; /* queued groups, a ring */
  unsigned qhead, qlen, computing;
  uint64_t submitted, appended;
  double busy_since; /* when the metrics of some group began, while computing > 0 */
  pthread_t thread[WHT_ROWS_MAX_WORKERS];
  pthread_mutex_t mu;
  pthread_cond_t cv;
} wht_rows;

/* workers 0: in place; else that many threads (at most
 * WHT_ROWS_MAX_WORKERS). Returns the workers running: fewer when a thread
 * could not start, 0 (in place) when none could. */
unsigned wht_rows_start(wht_rows *R, wht_rows_sink sink, void *ctx, wht_progress *prog, wht_sweep_summary *s,
                        unsigned workers);
/* the buffers' sizes, once they are allocated (before the first take):
 * the arena's bytes, the exact-result slots (in place: one) */
void wht_rows_buffers(wht_rows *R, size_t arena, unsigned vslots);
/* room for the caller: `bytes` of the arena (at most all of it; now
 * taken), returned as its offset; an exact-result slot (no group refers to
 * it; now held by the caller until drop_v) */
size_t wht_rows_take_y(wht_rows *R, size_t bytes);
void wht_rows_give_y(wht_rows *R, size_t off); /* the last room taken (its offset), not submitted */
unsigned wht_rows_take_v(wht_rows *R);
void wht_rows_drop_v(wht_rows *R, unsigned slot);
/* queue (or, in place, finish) a group, its room in g->yoff, g->ybytes
 * and its exact result's slot in g->vslot; nonzero when a group failed (its message printed): nothing
 * more is appended then */
int wht_rows_submit(wht_rows *R, const wht_rows_group *g);
/* waits until every group submitted is appended; nonzero when a group failed */
int wht_rows_wait(wht_rows *R);
/* waits, stops the threads; nonzero when a group failed */
int wht_rows_stop(wht_rows *R);
#endif
