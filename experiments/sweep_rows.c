/* sweep_rows.c - the metrics-and-rows stage of a sweep (sweep_rows.h). */
#include <math.h>
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

/* metrics, rows, progress of one group; 0 ok, 1 the sink failed (said) */
static int finish(wht_rows *R, wht_rows_group *g)
{
  const uint64_t n = (uint64_t)1 << g->k;
  wht_metrics m[WHT_GROUP_MAX];
  double t0 = wht_sweep_now();
  if (g->exact_nonfinite)
    for (size_t j = 0; j < g->ng; j++) overflow_metrics(&m[j], g->f, g->y[j], n);
  else
    wht_metrics_compute_many_stored(g->f, g->y, g->v, n, g->nonfinite, m, g->ng);
  const double t1 = wht_sweep_now();
  R->s->phase_s[WHT_PHASE_METRICS] += t1 - t0;
  for (size_t j = 0; j < g->ng; j++) {
    fill_metrics(&g->r[j], &m[j]);
    if (R->sink(R->ctx, &g->r[j]) != 0) return 1;
    R->s->cells_run++;
    R->s->overflow += m[j].status == WHT_RUN_OVERFLOW;
    if (R->prog) wht_progress_step(R->prog, 1, wht_cell_work(g->k));
  }
  R->s->phase_s[WHT_PHASE_FILE] += wht_sweep_now() - t1;
  return 0;
}

static void *worker(void *arg)
{
  wht_rows *R = arg;
  pthread_mutex_lock(&R->mu);
  for (;;) {
    while (!R->busy && !R->quit) pthread_cond_wait(&R->cv, &R->mu);
    if (!R->busy) break; /* quit with nothing queued */
    pthread_mutex_unlock(&R->mu);
    const int bad = R->failed ? 0 : finish(R, &R->g); /* after a failure nothing more is appended */
    pthread_mutex_lock(&R->mu);
    R->failed |= bad;
    R->busy = 0;
    pthread_cond_broadcast(&R->cv);
  }
  pthread_mutex_unlock(&R->mu);
  return NULL;
}

int wht_rows_start(wht_rows *R, wht_rows_sink sink, void *ctx, wht_progress *prog, wht_sweep_summary *s,
                   int threaded)
{
  memset(R, 0, sizeof *R);
  R->sink = sink, R->ctx = ctx, R->prog = prog, R->s = s;
  if (!threaded) return 0;
  if (pthread_mutex_init(&R->mu, NULL) != 0) return -1;
  if (pthread_cond_init(&R->cv, NULL) != 0) {
    pthread_mutex_destroy(&R->mu);
    return -1;
  }
  if (pthread_create(&R->thread, NULL, worker, R) != 0) {
    pthread_cond_destroy(&R->cv), pthread_mutex_destroy(&R->mu);
    return -1;
  }
  R->threaded = 1;
  return 0;
}

/* waits until nothing is queued; returns the failure flag */
static int idle(wht_rows *R)
{
  while (R->busy) pthread_cond_wait(&R->cv, &R->mu);
  return R->failed;
}

int wht_rows_submit(wht_rows *R, const wht_rows_group *g)
{
  if (!R->threaded) {
    if (R->failed) return 1;
    R->g = *g;
    return R->failed = finish(R, &R->g);
  }
  pthread_mutex_lock(&R->mu);
  const int failed = idle(R);
  if (!failed) {
    R->g = *g;
    R->busy = 1;
    pthread_cond_broadcast(&R->cv);
  }
  pthread_mutex_unlock(&R->mu);
  return failed;
}

int wht_rows_wait(wht_rows *R)
{
  if (!R->threaded) return R->failed;
  pthread_mutex_lock(&R->mu);
  const int failed = idle(R);
  pthread_mutex_unlock(&R->mu);
  return failed;
}

int wht_rows_stop(wht_rows *R)
{
  if (!R->threaded) return R->failed;
  pthread_mutex_lock(&R->mu);
  const int failed = idle(R);
  R->quit = 1;
  pthread_cond_broadcast(&R->cv);
  pthread_mutex_unlock(&R->mu);
  pthread_join(R->thread, NULL);
  pthread_cond_destroy(&R->cv), pthread_mutex_destroy(&R->mu);
  R->threaded = 0;
  return failed;
}
