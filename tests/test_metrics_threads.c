/* test_metrics_threads.c - wht_metrics_compute gives the same bits of
 * every column on 1, 2 and 3 threads (3 splits unevenly), on vectors long
 * enough for several of the sums' chunks and a partial last one, and its
 * mean_rel and mean_abs equal a plain serial Neumaier sum in index order
 * written here (the order the columns of every results file were made
 * with): so a chunking that skipped, repeated or reordered terms fails.
 * wht_metrics_compute_many gives each output of a batch the single call's
 * bits. The data mix zeros of v (skipped by the relative sum), exact hits,
 * large and tiny magnitudes. (In a build without OpenMP every count runs
 * serially and the first checks hold trivially; the reference ones not.) */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "wht.h"
#include "threads_check.h"
#include "wht_metrics.h"
#include "metrics_check.h"

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t next(void) /* xorshift64*: the data only need variety */
{
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x2545f4914f6cdd1du;
}
static double unit(void) { return (double)(next() >> 11) / 9007199254740992.0; }

/* Neumaier in index order, the serial reference */
static double neumaier(const double *t, uint64_t n)
{
  double s = 0, c = 0;
  for (uint64_t i = 0; i < n; i++) {
    const double u = s + t[i];
    c += fabs(s) >= fabs(t[i]) ? (s - u) + t[i] : (t[i] - u) + s;
    s = u;
  }
  return s + c;
}

int main(void)
{
  /* more than three chunks of 2^18 (metrics.c), the last one partial */
  const uint64_t n = (3u << 18) + 12345;
  double *y = malloc(n * sizeof *y), *rel = malloc(n * sizeof *rel), *ad = malloc(n * sizeof *ad);
  wht_dd *v = malloc(n * sizeof *v);
  if (!y || !v || !rel || !ad) {
    printf("Bail out! out of memory\n");
    return 1;
  }
  uint64_t nrel = 0;
  for (uint64_t i = 0; i < n; i++) {
    const unsigned kind = (unsigned)(next() % 16);
    const double mag = ldexp(1.0, (int)(next() % 40) - 20);
    v[i].hi = kind == 0 ? 0 : (unit() - 0.5) * mag;
    v[i].lo = v[i].hi * 0x1p-60 * (unit() - 0.5);
    if (kind == 0) v[i].lo = 0;
    y[i] = kind == 1 ? v[i].hi : (float)(v[i].hi + v[i].lo); /* hits, and f32-like roundings */
    const double d = fabs((y[i] - v[i].hi) - v[i].lo);
    ad[i] = d; /* the data stay far from 2^1022: no scaling branch */
    if (v[i].hi != 0 || v[i].lo != 0) rel[nrel++] = d / fabs(v[i].hi);
  }
  wht_metrics m[4];
  const int threads[] = { 1, 2, 3 };
  for (int t = 0; t < 3; t++) {
    tap_ok(wht_set_threads(threads[t]) == WHT_OK, "wht_set_threads(%d)", threads[t]);
    memset(&m[t], 0x55, sizeof m[t]);
    thr_begin();
    wht_metrics_compute(WHT_F32, y, v, n, 0, &m[t]);
    thr_end(threads[t], 1);
  }
  tap_ok(m[0].status == WHT_RUN_OK && m[0].n_zero > 0 && m[0].n_zero < (int64_t)n, "status ok, %lld zeros of v",
         (long long)m[0].n_zero);
  for (int t = 1; t < 3; t++)
    tap_ok(same_metrics(&m[0], &m[t]), "%d threads: every column bit for bit that of 1 thread", threads[t]);
  const double mean_rel = neumaier(rel, nrel) / (double)nrel;
  tap_ok(same_bits(m[0].mean_rel, mean_rel), "mean_rel is the serial Neumaier sum in index order over v != 0 "
         "(got %.17g, want %.17g)", m[0].mean_rel, mean_rel);
  /* mean_abs sums |d| 2^sd (exact scaling), then divides and scales back */
  const int sd = -ilogb(m[0].max_abs / 2) - 1;
  for (uint64_t i = 0; i < n; i++) ad[i] = ldexp(ad[i], sd);
  const double mean_abs = ldexp(neumaier(ad, n) / (double)n, -sd);
  tap_ok(same_bits(m[0].mean_abs, mean_abs), "mean_abs is the serial Neumaier sum in index order (got %.17g, want %.17g)",
         m[0].mean_abs, mean_abs);
  /* a batch of ten outputs of the same v (two of metrics.c's batches of
   * eight): each row bit for bit the single call's; one with a
   * non-finite intermediate seen, one with an inf output. On 3 threads the
   * first batch's six finite outputs (three pairs) take metrics.c's
   * per-pair path, the last two the pipelined sums(); the single calls on
   * 1 thread the per-pair path, those on 2 and 3 above the pipelined one. */
  enum { MANY = 10 };
  double *ys[MANY];
  int seen[MANY] = { 0 };
  wht_metrics many[MANY], one;
  for (int j = 0; j < MANY; j++) {
    ys[j] = malloc(n * sizeof(double));
    if (!ys[j]) {
      printf("Bail out! out of memory\n");
      return 1;
    }
    for (uint64_t i = 0; i < n; i++) ys[j][i] = j % 3 ? y[i] * (1 + ldexp(j, -30)) : nextafter(y[i], (double)j);
  }
  seen[3] = 1;
  ys[5][n / 2] = INFINITY;
  wht_set_threads(3);
  thr_begin();
  wht_metrics_compute_many(WHT_F32, (const double *const *)ys, v, n, seen, many, MANY);
  thr_end(3, 1);
  for (int j = 0; j < MANY; j++) {
    wht_set_threads(1);
    wht_metrics_compute(WHT_F32, ys[j], v, n, seen[j], &one);
    tap_ok(same_metrics(&many[j], &one), "batch of %d, output %d (%s): the single call's bits", MANY, j,
           wht_run_status_name(one.status));
    free(ys[j]);
  }
  thr_report("wht_metrics_compute, _many");
  free(y), free(v), free(rel), free(ad);
  return tap_done();
}
