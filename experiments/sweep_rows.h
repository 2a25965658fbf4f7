/* sweep_rows.h - the last stage of a sweep: a group's metrics (one call
 * of wht_metrics_compute_many for the outputs of one exact result) and
 * its rows handed to a sink in order (the file; in an MPI worker, the
 * batch for rank 0), with the progress and the summary's counts. Run in place, or on a thread of its own (a GPU sweep:
 * the host computes one group's metrics while the GPU runs the next),
 * one group queued at a time: submit waits for the group before, so the
 * rows keep the serial order and the caller may refill the slot a group
 * used once the next submit has returned. Only this stage touches the
 * sink and the progress while it runs. */
#ifndef WHT_SWEEP_ROWS_H
#define WHT_SWEEP_ROWS_H

#include <pthread.h>
#include "h5store.h"
#include "sweep_buffers.h"
#include "sweep_progress.h"
#include "sweep_run.h"

typedef struct {
  wht_format f;
  unsigned k;
  const void *y[WHT_GROUP_MAX];   /* outputs, in format f */
  const wht_dd *v;                /* their exact result */
  int exact_nonfinite;            /* the oracle saw a non-finite input: every cell overflowed */
  size_t ng;
  wht_result_row r[WHT_GROUP_MAX]; /* keys, run_s, oracle columns filled in */
  int nonfinite[WHT_GROUP_MAX];    /* a non-finite intermediate seen by the run */
} wht_rows_group;

/* takes one finished row: 0 ok, nonzero failed (reported by the sink) */
typedef int (*wht_rows_sink)(void *ctx, const wht_result_row *r);

typedef struct {
  wht_rows_sink sink;
  void *ctx;
  wht_progress *prog; /* may be NULL */
  wht_sweep_summary *s;
  int threaded, failed, busy, quit;
  wht_rows_group g; /* the queued group */
  pthread_t thread;
  pthread_mutex_t mu;
  pthread_cond_t cv;
} wht_rows;

/* 0 ok; -1 the thread could not start (then it runs in place) */
int wht_rows_start(wht_rows *R, wht_rows_sink sink, void *ctx, wht_progress *prog, wht_sweep_summary *s,
                   int threaded);
/* queue (or, in place, finish) a group; nonzero when a group failed (its
 * message printed): nothing more is appended then */
int wht_rows_submit(wht_rows *R, const wht_rows_group *g);
/* waits until the queued group is done; nonzero when a group failed */
int wht_rows_wait(wht_rows *R);
/* waits for the queued group, stops the thread; nonzero when a group failed */
int wht_rows_stop(wht_rows *R);
#endif
