/* test_metrics_simd.c - the metrics' AVX-512 blocks (measure/metrics_avx512.c)
 * give every column bit for bit what the scalar code gives: each format,
 * on data where most blocks take the common path and on data sprinkled
 * with the lanes that send a block to the scalar code (v = 0, y = 0, hi a
 * power of two with lo of the other sign or the same, hi = 0 with lo != 0,
 * subnormal hi, values so small that the format's spacing 2^-ulp_exp
 * leaves the normal range, |y| or |hi| at 2^1022 and above, exact hits),
 * singly and in a batch of outputs, with lengths that leave a partial last
 * block; and the maxima, which the vector code keeps lane by lane across
 * runs of blocks, with the largest error at each kind of position and
 * zeros of v that must not count beside it. Where the CPU or the build
 * lacks AVX-512 the whole test is a skip (both runs would be scalar). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "wht.h"
#include "wht_metrics.h"
#include "metrics_check.h"
#include "metrics_simd.h"

static uint64_t state = 0x2545f4914f6cdd1du;
static uint64_t next(void)
{
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x9e3779b97f4a7c15u;
}
static double unit(void) { return (double)(next() >> 11) / 9007199254740992.0; }
/* one element: mostly ordinary; with special != 0 one in about 64 of a
 * special kind */
static void element(double *y, wht_dd *v, int special, double scale)
{
  double hi = (unit() - 0.5) * ldexp(1.0, (int)(next() % 30) - 15) * scale;
  double lo = hi * 0x1p-60 * (unit() - 0.5);
  double yy = (float)(hi + lo);
  if (next() % 7 == 0) yy = hi; /* a hit */
  if (special && next() % 64 == 0) switch (next() % 9) {
    case 0: hi = lo = 0; break;                                  /* v = 0 */
    case 1: hi = lo = 0, yy = 0; break;                          /* v = 0, y = 0 */
    case 2: hi = ldexp(1.0, (int)(next() % 20)), lo = -0x1p-70; break;  /* power of two, lo pulls below */
    case 3: hi = -ldexp(1.0, (int)(next() % 20)), lo = -0x1p-70; break; /* power of two, lo the same sign */
    case 4: hi = 0, lo = 0x1p-80; break;                         /* unnormalised pair */
    case 5: hi = 0x1p-1060, lo = 0, yy = 0x1p-1070; break;       /* subnormal hi */
    case 6: hi = 0x1.8p-1000, lo = 0x1p-1060; yy = hi; break;   /* the spacing beyond normal (f64) */
    case 7: hi = 0x1.4p1022, lo = 0; yy = 0x1.2p1022; break;     /* the halves' branch */
    default: yy = 0x1p1023 * (unit() + 0.5); break;              /* huge y */
  }
  *y = yy, v->hi = hi, v->lo = lo;
}

int main(void)
{
  /* every check compares the vector blocks with the scalar code: without
   * them both runs would be scalar and pass whatever the vector code does */
  if (!wht__metrics_simd())
    return tap_skip_all("this CPU or build lacks the metrics' AVX-512 blocks: nothing to compare with the scalar code");
  tap_diag("this CPU runs the metrics' AVX-512 blocks");
  const uint64_t n = 70001; /* a partial last block of eight, several of the sums' slices */
  enum { MANY = 3 };
  double *y[MANY];
  wht_dd *v = malloc(n * sizeof *v);
  for (int j = 0; j < MANY; j++) y[j] = malloc(n * sizeof(double));
  if (!v || !y[0] || !y[1] || !y[2]) {
    printf("Bail out! out of memory\n");
    return 1;
  }
  static const wht_format fmts[] = { WHT_F64, WHT_F32, WHT_F16, WHT_BF16 };
  static const double scales[] = { 1.0, 0x1p-990 };
  for (int special = 0; special < 2; special++)
    for (int s = 0; s < 2; s++)
      for (size_t fi = 0; fi < sizeof fmts / sizeof fmts[0]; fi++) {
        for (uint64_t i = 0; i < n; i++) element(&y[0][i], &v[i], special, scales[s]);
        for (int j = 1; j < MANY; j++)
          for (uint64_t i = 0; i < n; i++) y[j][i] = j == 1 ? y[0][i] * (1 + 0x1p-20) : -y[0][i];
        wht_metrics vec[MANY], sca[MANY], one[MANY];
        wht__metrics_force_scalar(0);
        wht_metrics_compute_many(fmts[fi], (const double *const *)y, v, n, NULL, vec, MANY);
        for (int j = 0; j < MANY; j++) wht_metrics_compute(fmts[fi], y[j], v, n, 0, &one[j]);
        wht__metrics_force_scalar(1);
        wht_metrics_compute_many(fmts[fi], (const double *const *)y, v, n, NULL, sca, MANY);
        wht__metrics_force_scalar(0);
        int ok = 1;
        for (int j = 0; j < MANY; j++) ok &= same_metrics(&vec[j], &sca[j]) && same_metrics(&one[j], &sca[j]);
        tap_ok(ok, "%s, %s data at scale %a: every column of 3 outputs == the scalar code's (status %s, %lld "
                   "zeros)", wht_format_name(fmts[fi]), special ? "special" : "ordinary", scales[s],
               wht_run_status_name(sca[0].status), (long long)sca[0].n_zero);
        if (!ok)
          for (int j = 0; j < MANY; j++)
            tap_diag("output %d: max_abs %a/%a mean_abs %a/%a mean_rel %a/%a max_rel %a/%a norm_rel %a/%a "
                     "max_ulp %a/%a zeros %lld/%lld miss %lld/%lld", j, vec[j].max_abs, sca[j].max_abs,
                     vec[j].mean_abs, sca[j].mean_abs, vec[j].mean_rel, sca[j].mean_rel, vec[j].max_rel,
                     sca[j].max_rel, vec[j].norm_rel, sca[j].norm_rel, vec[j].max_ulp, sca[j].max_ulp,
                     (long long)vec[j].n_zero, (long long)sca[j].n_zero, (long long)vec[j].zero_miss,
                     (long long)sca[j].zero_miss);
      }
  /* each kind of lane alone among exact hits or zeros (so it decides the
   * maxima and the sums), at each position of a block */
  static const double lone[][3] = {
    /* y, hi, lo */
    { 0x1.8p3, 0x1p3, 0x1p-70 },       /* power of two, lo of the same sign */
    { 0x1.8p3, 0x1p3, -0x1p-70 },      /* power of two, lo pulls below */
    { -0x1.8p3, -0x1p3, 0x1p-70 },     /* negative power of two, lo pulls below */
    { 0x1.1p-80, 0, 0x1p-80 },         /* unnormalised pair */
    { 0x1p-1060, 0x1p-1062, 0 },        /* subnormal hi */
    { 0x1.8p-1000, 0x1.4p-1000, 0 },   /* the spacing beyond normal (f64) */
    { 0x1.2p1022, 0x1.4p1022, 0 },     /* the halves' branch */
    { 0.5, 0, 0 },                      /* v = 0, y != 0 */
  };
  int lone_ok = 1;
  for (size_t kind = 0; kind < sizeof lone / sizeof lone[0]; kind++)
    for (int pos = 0; pos < 16; pos++)
      for (size_t fi = 0; fi < sizeof fmts / sizeof fmts[0]; fi++) {
        const uint64_t m = 64;
        /* positions 0..7 among exact hits, 8..15 among zeros of v and y
         * (then the lane alone makes every sum) */
        for (uint64_t i = 0; i < m; i++) {
          v[i].hi = y[0][i] = pos < 8 ? 1.0 + (double)i / 8 : 0.0, v[i].lo = 0;
        }
        y[0][8 + pos % 8] = lone[kind][0], v[8 + pos % 8].hi = lone[kind][1], v[8 + pos % 8].lo = lone[kind][2];
        wht_metrics a, b;
        wht__metrics_force_scalar(0);
        wht_metrics_compute(fmts[fi], y[0], v, m, 0, &a);
        wht__metrics_force_scalar(1);
        wht_metrics_compute(fmts[fi], y[0], v, m, 0, &b);
        wht__metrics_force_scalar(0);
        if (!same_metrics(&a, &b)) {
          lone_ok = 0;
          tap_diag("lone lane %zu at %d, %s: max_ulp %a/%a max_rel %a/%a norm_rel %a/%a mean_rel %a/%a", kind, pos,
                   wht_format_name(fmts[fi]), a.max_ulp, b.max_ulp, a.max_rel, b.max_rel, a.norm_rel, b.norm_rel,
                   a.mean_rel, b.mean_rel);
        }
      }
  tap_ok(lone_ok, "each kind of lane alone among exact hits or zeros, at each position of a block, each format: the "
                  "scalar code's bits");
  /* the maxima kept lane by lane across runs of blocks (metrics_avx512.c):
   * one element with the largest relative error and ulps at positions
   * across blocks, runs and tiles, beside it zeros of v with |y| = 2^600
   * and more (they count in max_abs only: taken into max_rel or max_ulp
   * they would win, into max_v they would scale v^2 to 0 and norm_rel to
   * NaN), and a block that the scalar code runs (a subnormal hi) before or
   * after it, so that the runs are split there; the largest |v| elsewhere.
   * A maximum lost in the reduction or a zero lane taken in differs from
   * the scalar code. */
  int max_ok = 1;
  const uint64_t mm = 1500; /* three tiles of the first pass, the last partial */
  static const uint64_t where[] = { 0, 3, 7, 8, 13, 511, 512, 519, 700, 1023, 1024, 1499 };
  for (size_t w = 0; w < sizeof where / sizeof where[0]; w++)
    for (int scalar_at = 0; scalar_at < 3; scalar_at++)
      for (size_t fi = 0; fi < sizeof fmts / sizeof fmts[0]; fi++) {
        for (uint64_t i = 0; i < mm; i++) {
          v[i].hi = 1.0 + (double)(i % 97) / 97, v[i].lo = 0x1p-60 * v[i].hi;
          y[0][i] = (float)v[i].hi * (1 + 0x1p-20 * (double)(i % 5));
        }
        const uint64_t at = where[w];
        v[(at + 37) % mm].hi = 0x1.fp6; /* the largest |v| */
        y[0][(at + 37) % mm] = (float)v[(at + 37) % mm].hi;
        y[0][at] = v[at].hi * 1.75; /* the largest relative error and ulps */
        for (int z = 1; z <= 3; z++) { /* zeros of v beside it, the largest |y - v| */
          const uint64_t iz = (at + (uint64_t)z * (z == 2 ? mm - 1 : 1)) % mm;
          v[iz].hi = v[iz].lo = 0, y[0][iz] = 0x1p600 * z;
        }
        if (scalar_at) { /* a block for the scalar code, before or after the maximum */
          const uint64_t is = (at + (scalar_at == 1 ? mm - 9 : 9)) % mm;
          v[is].hi = 0x1p-1060, v[is].lo = 0, y[0][is] = 0x1p-1060;
        }
        wht_metrics a, b;
        wht__metrics_force_scalar(0);
        wht_metrics_compute(fmts[fi], y[0], v, mm, 0, &a);
        wht__metrics_force_scalar(1);
        wht_metrics_compute(fmts[fi], y[0], v, mm, 0, &b);
        wht__metrics_force_scalar(0);
        if (!same_metrics(&a, &b)) {
          max_ok = 0;
          tap_diag("maximum at %llu, scalar block %d, %s: max_abs %a/%a max_rel %a/%a max_ulp %a/%a norm_rel %a/%a",
                   (unsigned long long)at, scalar_at, wht_format_name(fmts[fi]), a.max_abs, b.max_abs, a.max_rel,
                   b.max_rel, a.max_ulp, b.max_ulp, a.norm_rel, b.norm_rel);
        }
      }
  tap_ok(max_ok, "the largest error at positions across blocks, runs and tiles, zeros of v with a larger |y| "
                 "beside it, a scalar block before or after: every column the scalar code's");
  for (int j = 0; j < MANY; j++) free(y[j]);
  free(v);
  return tap_done();
}
