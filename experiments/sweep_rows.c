/* sweep_rows.c - the metrics-and-rows stage of a sweep (sweep_rows.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "wht_metrics.h"
#include "sweep_rows.h"

static void fill_metrics(wht_result_row *r, const wht_metrics *m)
{
  r->max_abs = m->max_abs, r->mean_abs = m->mean_abs, r->mean_rel = m->mean_rel, r->max_rel = m->max_rel;
  r->n_zero = m->n_zero, r->zero_miss = m->zero_miss;
  r->norm_rel = m->norm_rel, r->max_ulp = m->max_ulp;
  r->n_nonfinite = m->n_nonfinite;
  snprintf(r->status, sizeof r->status, "%s", wht_run_status_name(m->status));
}

/* the oracle could not give a finite exact result (an input is not finite
 * in the format): the cell overflowed before the algorithm mattered */
static void overflow_metrics(wht_metrics *m, wht_format f, const void *y, uint64_t n)
{
  enum { BLOCK = 1024 };
  double d[BLOCK];
  memset(m, 0, sizeof *m);
  m->max_abs = m->mean_abs = m->mean_rel = m->max_rel = m->norm_rel = m->max_ulp = NAN;
  for (uint64_t i0 = 0; i0 < n; i0 += BLOCK) {
    const uint64_t b = n - i0 < BLOCK ? n - i0 : BLOCK;
    wht_load_doubles(f, d, (const char *)y + i0 * wht_format_size(f), b);
    for (uint64_t i = 0; i < b; i++) m->n_nonfinite += !(d[i] - d[i] == 0);
  }
  m->status = WHT_RUN_OVERFLOW;
}

/* the metrics of a group */
static void compute(const wht_rows_group *g, wht_metrics *m)
{
  const uint64_t n = (uint64_t)1 << g->k;
  if (g->exact_nonfinite)
    for (size_t j = 0; j < g->ng; j++) overflow_metrics(&m[j], g->f, g->y[j], n);
  else
    wht_metrics_compute_many_stored(g->f, g->y, g->v, n, g->nonfinite, m, g->ng);
}

/* a group's rows to the sink, with the progress; 0 ok, 1 the sink failed (said) */
static int append(wht_rows *R, wht_rows_group *g, const wht_metrics *m)
{
  const double t0 = wht_sweep_now();
  for (size_t j = 0; j < g->ng; j++) {
    fill_metrics(&g->r[j], &m[j]);
    if (R->sink(R->ctx, &g->r[j]) != 0) return 1;
    R->s->cells_run++;
    R->s->overflow += m[j].status == WHT_RUN_OVERFLOW;
    if (R->prog) wht_progress_step(R->prog, 1, wht_cell_work(g->k));
  }
  R->s->phase_s[WHT_PHASE_FILE] += wht_sweep_now() - t0;
  return 0;
}

/* A worker: takes the oldest queued group, computes its metrics beside
 * the other workers (the metrics phase counts the wall time during which
 * any group's are under way), gives its exact result back, then appends
 * its rows when the group before it has appended, and gives its room in
 * the arena back (so in the order taken). */
static void *worker(void *arg)
{
  wht_rows *R = arg;
  wht_set_thread_cap((int)(wht_get_threads() / R->workers > 0 ? wht_get_threads() / R->workers : 1));
  pthread_mutex_lock(&R->mu);
  for (;;) {
    while (!R->qlen && !R->quit) pthread_cond_wait(&R->cv, &R->mu);
    if (!R->qlen) break; /* quit with nothing queued */
    wht_rows_group g = R->q[R->qhead];
    R->qhead = (R->qhead + 1) % WHT_SWEEP_MAX_SLOTS, R->qlen--;
    if (R->computing++ == 0) R->busy_since = wht_sweep_now();
    const int skip = R->failed; /* after a failure nothing more is appended */
    pthread_mutex_unlock(&R->mu);
    wht_metrics m[WHT_GROUP_MAX];
    if (!skip) compute(&g, m);
    pthread_mutex_lock(&R->mu);
    if (--R->computing == 0) R->s->phase_s[WHT_PHASE_METRICS] += wht_sweep_now() - R->busy_since;
    R->vrefs[g.vslot]--;
    pthread_cond_broadcast(&R->cv);
    while (R->appended != g.seq) pthread_cond_wait(&R->cv, &R->mu);
    if (!R->failed) {
      pthread_mutex_unlock(&R->mu); /* only this worker appends now: its turn */
      const int bad = append(R, &g, m);
      pthread_mutex_lock(&R->mu);
      R->failed |= bad;
    }
    R->appended++;
    wht_ring_release(&R->ring, g.yoff, g.ybytes);
    pthread_cond_broadcast(&R->cv);
  }
  pthread_mutex_unlock(&R->mu);
  return NULL;
}

unsigned wht_rows_start(wht_rows *R, wht_rows_sink sink, void *ctx, wht_progress *prog, wht_sweep_summary *s,
                        unsigned workers)
{
  memset(R, 0, sizeof *R);
  R->sink = sink, R->ctx = ctx, R->prog = prog, R->s = s;
  R->vslots = 1;
  if (workers > WHT_ROWS_MAX_WORKERS) workers = WHT_ROWS_MAX_WORKERS;
  if (!workers || pthread_mutex_init(&R->mu, NULL) != 0) return 0;
  if (pthread_cond_init(&R->cv, NULL) != 0) {
    pthread_mutex_destroy(&R->mu);
    return 0;
  }
  R->workers = workers;
  while (R->started < workers && pthread_create(&R->thread[R->started], NULL, worker, R) == 0) R->started++;
  if (!R->started) {
    pthread_cond_destroy(&R->cv), pthread_mutex_destroy(&R->mu);
    R->workers = 0;
    return 0;
  }
  return R->started; /* the threads divide the cores among as many as were asked for */
}

void wht_rows_buffers(wht_rows *R, size_t arena, unsigned vslots)
{
  wht_ring_init(&R->ring, arena, WHT_SWEEP_MAX_SLOTS); /* the queue's length */
  R->vslots = R->started ? vslots : 1;
}

size_t wht_rows_take_y(wht_rows *R, size_t bytes)
{
  if (!R->started) return 0; /* in place: each group is done before the next is filled */
  pthread_mutex_lock(&R->mu);
  size_t off;
  while ((off = wht_ring_take(&R->ring, bytes)) == SIZE_MAX) pthread_cond_wait(&R->cv, &R->mu);
  pthread_mutex_unlock(&R->mu);
  return off;
}

void wht_rows_give_y(wht_rows *R, size_t off)
{
  if (!R->started) return;
  pthread_mutex_lock(&R->mu);
  wht_ring_undo(&R->ring, off);
  pthread_cond_broadcast(&R->cv);
  pthread_mutex_unlock(&R->mu);
}

unsigned wht_rows_take_v(wht_rows *R)
{
  if (!R->started) return 0;
  pthread_mutex_lock(&R->mu);
  unsigned i;
  for (;;) {
    for (i = 0; i < R->vslots && R->vrefs[i]; i++) continue;
    if (i < R->vslots) break;
    pthread_cond_wait(&R->cv, &R->mu);
  }
  R->vrefs[i] = 1;
  pthread_mutex_unlock(&R->mu);
  return i;
}

void wht_rows_drop_v(wht_rows *R, unsigned slot)
{
  if (!R->started) return;
  pthread_mutex_lock(&R->mu);
  R->vrefs[slot]--;
  pthread_cond_broadcast(&R->cv);
  pthread_mutex_unlock(&R->mu);
}

int wht_rows_submit(wht_rows *R, const wht_rows_group *g)
{
  if (!R->started) {
    if (R->failed) return 1;
    wht_metrics m[WHT_GROUP_MAX];
    wht_rows_group h = *g;
    const double t0 = wht_sweep_now();
    compute(&h, m);
    R->s->phase_s[WHT_PHASE_METRICS] += wht_sweep_now() - t0;
    return R->failed = append(R, &h, m);
  }
  pthread_mutex_lock(&R->mu);
  const int failed = R->failed;
  if (!failed) {
    /* room in the arena was taken for it, and the arena holds at most as
     * many groups as the queue */
    wht_rows_group *q = &R->q[(R->qhead + R->qlen) % WHT_SWEEP_MAX_SLOTS];
    *q = *g;
    q->seq = R->submitted++;
    R->vrefs[g->vslot]++;
    R->qlen++;
    pthread_cond_broadcast(&R->cv);
  }
  pthread_mutex_unlock(&R->mu);
  return failed;
}

/* waits until every submitted group is appended; returns the failure flag */
static int idle(wht_rows *R)
{
  while (R->appended != R->submitted) pthread_cond_wait(&R->cv, &R->mu);
  return R->failed;
}

int wht_rows_wait(wht_rows *R)
{
  if (!R->started) return R->failed;
  pthread_mutex_lock(&R->mu);
  const int failed = idle(R);
  pthread_mutex_unlock(&R->mu);
  return failed;
}

int wht_rows_stop(wht_rows *R)
{
  if (!R->started) return R->failed;
  pthread_mutex_lock(&R->mu);
  const int failed = idle(R);
  R->quit = 1;
  pthread_cond_broadcast(&R->cv);
  pthread_mutex_unlock(&R->mu);
  for (unsigned i = 0; i < R->started; i++) pthread_join(R->thread[i], NULL);
  pthread_cond_destroy(&R->cv), pthread_mutex_destroy(&R->mu);
  R->started = 0;
  return failed;
}
