/* test_metrics_stored.c - the metrics of outputs in their format's
 * storage (wht_metrics_compute_stored, _many_stored) are, bit for bit,
 * those of the same outputs converted to doubles (wht_load_doubles, then
 * wht_metrics_compute, _many): every format, on 1, 2 and 3 threads (so
 * both the pipelined sums and the per-pair path), batches of 1 to 9
 * outputs (two calls' worth of the batch of 8), lengths around the
 * metrics' blocks (256, 512, 1024) and one with several chunks and a
 * partial last one, with the AVX-512 paths on and off. The outputs are
 * the exact values rounded to the format and perturbed by a few units in
 * the last place, with zeros, exact hits, subnormals of the format, and
 * one output with an inf and a NaN (overflow: the counts still compared). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "threads_check.h"
#include "tap.h"
#include "wht.h"
#include "wht_internal.h"
#include "wht_metrics.h"
#include "metrics_simd.h"
#include "metrics_check.h"

enum { MANY = 9 };

static uint64_t state = 0x13198a2e03707344u;
static uint64_t next(void)
{
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x2545f4914f6cdd1du;
}
static double unit(void) { return (double)(next() >> 11) / 9007199254740992.0; }

/* exact values v and MANY outputs of format f: y[j] stored, yd[j] the same as doubles */
static void make(wht_format f, uint64_t n, wht_dd *v, void **y, double **yd, double *tmp)
{
  const double tiny = ldexp(1.0, wht_format_emin(f) - 2); /* below the format's smallest normal */
  for (uint64_t i = 0; i < n; i++) {
    const unsigned kind = (unsigned)(next() % 16);
    const double mag = kind == 1 ? tiny : ldexp(1.0, (int)(next() % 24) - 12);
    v[i].hi = kind == 0 ? 0 : (unit() - 0.5) * mag;
    v[i].lo = kind == 0 ? 0 : v[i].hi * 0x1p-60 * (unit() - 0.5);
  }
  for (int j = 0; j < MANY; j++) {
    for (uint64_t i = 0; i < n; i++) {
      const double u = ldexp(1.0, -wht_format_precision(f)) * (double)((int)(next() % 7) - 3);
      tmp[i] = next() % 8 == 0 ? v[i].hi : v[i].hi * (1 + u);
    }
    if (j == MANY - 1 && n > 2) tmp[0] = INFINITY, tmp[n / 2] = NAN; /* an overflowed output */
    wht_store_doubles(f, y[j], tmp, n);
    wht_load_doubles(f, yd[j], y[j], n);
  }
}

int main(void)
{
  static const uint64_t lengths[] = { 1, 7, 255, 257, 513, 1000, 1025, (3u << 17) + 999 };
  const uint64_t nmax = (3u << 17) + 999;
  wht_dd *v = malloc(nmax * sizeof *v);
  double *tmp = malloc(nmax * sizeof *tmp), *yd[MANY];
  void *y[MANY];
  int ok_alloc = v && tmp;
  for (int j = 0; j < MANY; j++) ok_alloc &= (y[j] = malloc(nmax * 8)) != NULL && (yd[j] = malloc(nmax * 8)) != NULL;
  if (!ok_alloc) {
    printf("Bail out! out of memory\n");
    return 1;
  }
  static const int threads[] = { 1, 2, 3 };
  for (int f = 0; f < WHT_NFORMATS; f++)
    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
      const uint64_t n = lengths[li];
      make((wht_format)f, n, v, y, yd, tmp);
      size_t bad = 0, checks = 0;
      for (int simd = 0; simd < 2; simd++) {
        wht__metrics_force_scalar(!simd), wht__format_load_force_scalar(!simd);
        for (int ti = 0; ti < 3; ti++) {
          wht_set_threads(threads[ti]);
          for (size_t count = 1; count <= MANY; count += count < 2 ? 1 : 3) { /* 1, 2, 5, 8 and 9 below */
            wht_metrics a[MANY], b[MANY];
            const size_t c = count == 8 ? MANY : count;
            wht_metrics_compute_many((wht_format)f, (const double *const *)yd, v, n, NULL, a, c);
            wht_metrics_compute_many_stored((wht_format)f, (const void *const *)y, v, n, NULL, b, c);
            for (size_t j = 0; j < c; j++, checks++) bad += !same_metrics(&a[j], &b[j]);
          }
          wht_metrics one, one_s;
          wht_metrics_compute((wht_format)f, yd[0], v, n, 0, &one);
          thr_begin();
          wht_metrics_compute_stored((wht_format)f, y[0], v, n, 0, &one_s);
          thr_end(n >= WHT__PAR_MIN ? threads[ti] : 1, 1); /* one output of 2^15 or more: a team */
          bad += !same_metrics(&one, &one_s), checks++;
        }
      }
      wht__metrics_force_scalar(0), wht__format_load_force_scalar(0);
      wht_set_threads(0);
      tap_ok(bad == 0, "%s, n = %llu: %zu of %zu outputs' metrics stored = as doubles", wht_format_name((wht_format)f),
             (unsigned long long)n, checks - bad, checks);
    }
  for (int j = 0; j < MANY; j++) free(y[j]), free(yd[j]);
  thr_report("wht_metrics_compute_stored of the longest output");
  free(v), free(tmp);
  return tap_done();
}
