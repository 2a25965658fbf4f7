/* test_algorithms_threads.c - every CPU algorithm in every format gives the
 * same bits on 1, 2 and 3 threads (wht_set_threads) as the serial schedule
 * written out here (lib/schedule.c before its threads: the cache blocks one
 * after the other, then each pass over whole super-blocks), compared byte
 * for byte in the format, NaN payloads included. The sizes take every part
 * of the schedule: a tiny transform (serial), many small rows (only cache
 * blocks), 3 rows of 2^15 (one block each), 3 rows of 2^16 (blocks, then
 * a pass whose super-block is a row, so 2 threads split one inside and 3
 * unevenly), one row of 2^19 (two passes over the whole row: the threads
 * split its columns, and the second pass reads what the first wrote). The data: mixed scales with the format's
 * subnormals and zeros of both signs, then also values near overflow, then
 * also inf and NaN. Compiled with the build's OpenMP flag, so that _OPENMP
 * says whether the library threads. */
#include "algo_check.h"
#include "wht_internal.h"
#include "threads_check.h"
#ifdef _OPENMP
#include <omp.h>
#endif

typedef struct {
  unsigned k;
  uint64_t batch;
} size_case;

static const size_case cases[] = { { 0, 1 }, { 4, 4096 }, { 15, 3 }, { 16, 3 }, { 19, 1 } };
#define NCASES (sizeof cases / sizeof cases[0])
enum { FINITE, NEAR_OVERFLOW, SPECIALS, NDATA };
static const char *const data_names[NDATA] = { "finite data with subnormals", "data near overflow too",
                                               "inf and NaN too" };

static double uniform(void) { return (double)(chk_rand() >> 11) * 0x1p-53; }

/* one value of format f for data set d (rounded to f by the store) */
static double draw(wht_format f, int d)
{
  const int p = wht_format_precision(f), emin = wht_format_emin(f), emax = wht_format_emax(f);
  const double sign = chk_rand() & 1 ? -1.0 : 1.0;
  const unsigned cls = (unsigned)(chk_rand() % 16);
  if (d == SPECIALS && cls == 0) return (chk_rand() & 1) ? sign * INFINITY : NAN;
  if (d >= NEAR_OVERFLOW && cls == 1) return sign * (1 + uniform()) * ldexp(1.0, emax - 1 - (int)(chk_rand() % 4));
  if (cls == 2) return sign * 0.0;
  if (cls <= 4) /* a subnormal of f: an integer times the least one */
    return sign * (double)(chk_rand() % ((uint64_t)1 << (p - 1))) * ldexp(1.0, emin - p + 1);
  return sign * uniform() * ldexp(1.0, (int)(chk_rand() % 9) - 4);
}

/* the serial schedule on the algorithm's stage groups */
static void serial_schedule(const wht__algorithm *a, wht_format f, void *x, void *e, unsigned k, uint64_t batch)
{
  const wht__cpu_group_fn group = a->cpu[f];
  const uint64_t n = (uint64_t)1 << k, total = n * batch;
  const wht__cpu_ctx ctx = { x, e, n, k };
  const unsigned f0 = k % 3;
  unsigned b = f0;
  while (b + 3 <= k && b + 3 <= 15) b += 3;
  const uint64_t blk = (uint64_t)1 << b;
  for (uint64_t base = 0; base < total; base += blk) {
    group(&ctx, base, blk >> f0, 0, f0, 1);
    for (unsigned s = f0; s < b; s += 3) group(&ctx, base, blk >> (s + 3), s, 3, (uint64_t)1 << s);
  }
  for (unsigned s = b; s < k; s += 3) group(&ctx, 0, total >> (s + 3), s, 3, (uint64_t)1 << s);
}

/* 0 when 1, 2 and 3 threads give ref's bytes; else the first count that does not */
static int first_bad_count(const char *name, wht_format f, const size_case *c, const void *in, const void *ref,
                           void *buf, size_t bytes, size_t *at)
{
  wht_status st;
  wht_plan *p = wht_plan_create_batched((uint64_t)1 << c->k, c->batch, f, name, WHT_BACKEND_CPU, 0, &st);
  if (!p) return -1;
  int bad = 0;
  for (int t = 1; t <= 3 && !bad; t++) {
    wht_set_threads(t);
    memcpy(buf, in, bytes);
    thr_begin();
    if (wht_execute(p, buf) != WHT_OK) bad = t;
    /* transforms of 2^15 elements or more split into a team (schedule.c) */
    thr_end(((uint64_t)1 << c->k) * c->batch >= WHT__PAR_MIN ? t : 1, 1);
    for (size_t i = 0; i < bytes && !bad; i++)
      if (((const unsigned char *)buf)[i] != ((const unsigned char *)ref)[i]) bad = t, *at = i / wht_format_size(f);
  }
  wht_set_threads(0);
  wht_plan_destroy(p);
  return bad;
}

int main(void)
{
  uint64_t nmax = 0;
  for (size_t c = 0; c < NCASES; c++)
    if (((uint64_t)1 << cases[c].k) * cases[c].batch > nmax) nmax = ((uint64_t)1 << cases[c].k) * cases[c].batch;
  double *d = malloc(nmax * sizeof *d);
  /* e: the workspace, up to two elements of 8 bytes per element (widened-pass's f64 double-doubles) */
  void *in = malloc(nmax * 8), *ref = malloc(nmax * 8), *e = malloc(nmax * 16), *buf = malloc(nmax * 8);
  if (!d || !in || !ref || !e || !buf) return tap_skip_all("out of memory");
#ifdef _OPENMP
  tap_ok(wht_set_threads(3) == WHT_OK && wht_get_threads() == 3, "OpenMP build: 3 threads can be asked for");
  wht_set_threads(0);
#else
  tap_diag("built without OpenMP: every count runs on one thread");
#endif
  for (size_t ai = 0; ai < wht_algorithm_count(); ai++) {
    const wht_algorithm_info *info = wht_algorithm_at(ai);
    if (!(info->backends & (1u << WHT_BACKEND_CPU))) continue;
    const wht__algorithm *a = wht__algorithm_lookup(info->name);
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      const wht_format f = all_formats[fi];
      for (int dset = 0; dset < NDATA; dset++) {
        int ok = 1;
        for (size_t c = 0; c < NCASES && ok; c++) {
          const uint64_t total = ((uint64_t)1 << cases[c].k) * cases[c].batch;
          const size_t bytes = (size_t)total * wht_format_size(f);
          for (uint64_t i = 0; i < total; i++) d[i] = draw(f, dset);
          wht_store_doubles(f, in, d, total);
          memcpy(ref, in, bytes);
          serial_schedule(a, f, ref, a->work_per_elem || a->cpu_work_per_elem ? e : NULL, cases[c].k, cases[c].batch);
          size_t at = 0;
          const int bad = first_bad_count(info->name, f, &cases[c], in, ref, buf, bytes, &at);
          if (bad) {
            tap_diag("%s %s, %s, 2^%u x %llu: %d threads %s (first differing element %zu)", info->name,
                     wht_format_name(f), data_names[dset], cases[c].k, (unsigned long long)cases[c].batch, bad,
                     bad < 0 ? "no plan" : "differ", at);
            ok = 0;
          }
        }
        tap_ok(ok, "%s %s, %s: 1, 2 and 3 threads bit-identical to the serial schedule, k = 0..19, batches",
               info->name, wht_format_name(f), data_names[dset]);
      }
    }
  }
  thr_report("every transform of 2^15 elements or more");
  free(d), free(in), free(ref), free(e), free(buf);
  return tap_done();
}
