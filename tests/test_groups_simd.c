/* test_groups_simd.c - the stage groups' AVX-512 paths
 * (lib/groups_avx512.c, lib/widened_avx512.c) give the scalar code's
 * bytes, NaN payloads included: folklore, alman-rao, kahan, neumaier,
 * kahan-block, neumaier-block, widened and widened-pass in every format,
 * run once on the vector path and once with wht__groups_force_scalar(1),
 * compared byte for byte (data and workspace).
 *   1. Single group calls, values and error workspace both drawn: every
 *      group size c = 1, 2, 3, strides m = 2^s for s = 0..6 (the gathered
 *      small-m chunks and whole columns), the first/last flags in all four
 *      combinations, whole super-blocks and a partial row of columns that
 *      starts inside one (masked lanes at both ends). widened-pass's flags
 *      come from its blocks (lib/pass_blocks.h), so its calls run every
 *      group s, c <= 3 inside rows of 2^k, k = 1..17, that fits: groups
 *      that start, continue and end a block, the wide values drawn in its
 *      workspace (twice the data's bytes).
 *   2. Whole transforms through plans: k = 0..14, 16 and 17 in batches, on
 *      1 and 3 threads (whose shares of a pass split super-blocks; 13, 14,
 *      16 and 17 put widened-pass's block ends at stages 10 and 12).
 * Data: random bit patterns (any NaN payload, signalling or quiet, inf,
 * subnormals), ordinary values of mixed scales with subnormals and zeros
 * of both signs, and those sprinkled with specials (+-0, +-inf, quiet and
 * signalling NaNs of both signs, the least subnormal, the largest
 * subnormal, the least normal, the largest finite value). Where the CPU
 * or the build lacks AVX-512 the whole test is a skip (both runs would be
 * scalar). */
#include "algo_check.h"
#include "wht_internal.h"
#include "groups_simd.h"
#include "pass_blocks.h"

static const char *const algos[] = { "folklore", "alman-rao",      "kahan",   "neumaier",
                                     "kahan-block", "neumaier-block", "widened", "widened-pass" };
enum { RANDOM_BITS, ORDINARY, SPECIALS, NDATA };
static const char *const data_names[NDATA] = { "random bits", "ordinary values", "ordinary values and specials" };

/* exponent and significand bits of each format */
static void layout(wht_format f, unsigned *eb, unsigned *mb)
{
  static const unsigned e[] = { 11, 8, 5, 8 }, m[] = { 52, 23, 10, 7 };
  *eb = e[f], *mb = m[f];
}

static void put(wht_format f, void *buf, uint64_t i, uint64_t bits)
{
  switch (wht_format_size(f)) {
  case 8: ((uint64_t *)buf)[i] = bits; break;
  case 4: ((uint32_t *)buf)[i] = (uint32_t)bits; break;
  default: ((uint16_t *)buf)[i] = (uint16_t)bits; break;
  }
}

static uint64_t special(wht_format f)
{
  unsigned eb, mb;
  layout(f, &eb, &mb);
  const uint64_t sign = (chk_rand() & 1) << (eb + mb), einf = (((uint64_t)1 << eb) - 1) << mb;
  const uint64_t quiet = (uint64_t)1 << (mb - 1), mmask = ((uint64_t)1 << mb) - 1;
  switch (chk_rand() % 10) {
  case 0: return sign;                                               /* +-0 */
  case 1: return sign | einf;                                        /* +-inf */
  case 2: return sign | einf | quiet;                                /* the default quiet NaN */
  case 3: return sign | einf | quiet | (chk_rand() & mmask);         /* a quiet NaN with a payload */
  case 4: return sign | einf | (1 + chk_rand() % (quiet - 1));       /* a signalling NaN */
  case 5: return sign | 1;                                           /* the least subnormal */
  case 6: return sign | mmask;                                       /* the largest subnormal */
  case 7: return sign | (uint64_t)1 << mb;                           /* the least normal */
  default: return sign | (einf - ((uint64_t)1 << mb)) | mmask;       /* the largest finite */
  }
}

static double uniform(void) { return (double)(chk_rand() >> 11) * 0x1p-53; }

/* n values of format f for data set d into buf (scale: 2^scale times the
 * ordinary values, for error terms) */
static void fill(wht_format f, int d, void *buf, uint64_t n, int scale)
{
  const int p = wht_format_precision(f), emin = wht_format_emin(f);
  for (uint64_t i = 0; i < n; i++) {
    if (d == RANDOM_BITS) {
      put(f, buf, i, chk_rand());
      continue;
    }
    if (d == SPECIALS && chk_rand() % 8 == 0) {
      put(f, buf, i, special(f));
      continue;
    }
    const double sign = chk_rand() & 1 ? -1.0 : 1.0;
    const unsigned cls = (unsigned)(chk_rand() % 16);
    double v;
    if (cls == 0) v = sign * 0.0;
    else if (cls <= 2) v = sign * (double)(chk_rand() % ((uint64_t)1 << (p - 1))) * ldexp(1.0, emin - p + 1);
    else v = sign * uniform() * ldexp(1.0, (int)(chk_rand() % 9) - 4 + scale);
    wht_store_doubles(f, (char *)buf + i * wht_format_size(f), &v, 1);
  }
}

/* 1. one group call: x, e from x0, e0 (ez bytes an element), on the vector
 * path and the scalar one; 0 when their bytes agree, else 1 + the first
 * differing element */
static uint64_t group_diff(wht__cpu_group_fn g, wht_format f, size_t ez, const void *x0, const void *e0, void *xv,
                           void *ev, void *xs, void *es, uint64_t total, unsigned k, uint64_t base, uint64_t count,
                           unsigned s, unsigned c, uint64_t cols)
{
  const size_t z = wht_format_size(f), bytes = (size_t)total * z;
  memcpy(xv, x0, bytes), memcpy(xs, x0, bytes), memcpy(ev, e0, total * ez), memcpy(es, e0, total * ez);
  const wht__cpu_ctx cv = { xv, ev, (uint64_t)1 << k, k }, cs = { xs, es, (uint64_t)1 << k, k };
  wht__groups_force_scalar(0);
  g(&cv, base, count, s, c, cols);
  wht__groups_force_scalar(1);
  g(&cs, base, count, s, c, cols);
  wht__groups_force_scalar(0);
  for (uint64_t i = 0; i < total; i++)
    if (memcmp((char *)xv + i * z, (char *)xs + i * z, z) || memcmp((char *)ev + i * ez, (char *)es + i * ez, ez))
      return i + 1;
  return 0;
}

/* 1. widened-pass's group calls: every group s, c (c <= 3) of rows of 2^k,
 * k = 1..17, whole super-blocks and a partial row; the wide values of its
 * workspace drawn in the wide format (f64: double-double pairs, lo 2^-53
 * times hi's scale); seen[first + 2 last] counts the flags met. 0 when all
 * agree, else 1 + the first difference, the call in *at */
static uint64_t pass_calls(wht__cpu_group_fn g, wht_format f, int d, void *const *buf, uint64_t nmax,
                           uint64_t *calls, unsigned seen[4], unsigned at[4])
{
  const wht_format wf = f == WHT_F32 || f == WHT_F64 ? WHT_F64 : WHT_F32;
  const size_t ez = 2 * wht_format_size(f);
  for (unsigned k = 1; k <= 17; k++)
    for (unsigned s = 0; s < k && s <= 12; s++)
      for (unsigned c = 1; c <= 3 && s + c <= k; c++)
        for (unsigned part = 0; part < 2; part++) {
          const uint64_t m = (uint64_t)1 << s, span = m << c, count = span * 3 <= ((uint64_t)1 << k) ? 3 : 1;
          const uint64_t total = span * count;
          if (total > nmax) continue;
          fill(f, d, buf[0], total, 0);
          fill(wf, d, buf[1], total * (ez / wht_format_size(wf)), 0);
          if (f == WHT_F64 && d != RANDOM_BITS)
            for (uint64_t i = 1; i < 2 * total; i += 2) ((double *)buf[1])[i] *= 0x1p-53;
          const uint64_t j = m > 3 ? 3 : m > 1 ? 1 : 0;
          const uint64_t cols = part ? (m - j > 37 ? 37 : m - j) : m;
          const uint64_t base = part ? (count > 1 ? span : 0) + j : 0, cnt = part ? 1 : count;
          const int first = wht__pb_starts(k, s), last = wht__pb_end(k, s) == s + c;
          seen[first + 2 * last]++, ++*calls;
          const uint64_t bad = group_diff(g, f, ez, buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], total, k, base,
                                          cnt, s, c, cols);
          if (bad) {
            at[0] = k, at[1] = s, at[2] = c, at[3] = (unsigned)cols;
            return bad;
          }
        }
  return 0;
}

/* 2. a whole transform through a plan on 1 and 3 threads: 0 when the
 * vector path gives the scalar path's bytes, else 1 + the first difference */
static uint64_t plan_diff(const char *name, wht_format f, unsigned k, uint64_t batch, const void *in, void *bv,
                          void *bs)
{
  wht_status st;
  wht_plan *p = wht_plan_create_batched((uint64_t)1 << k, batch, f, name, WHT_BACKEND_CPU, 0, &st);
  if (!p) return 1;
  const size_t z = wht_format_size(f), total = ((size_t)1 << k) * batch;
  uint64_t bad = 0;
  for (int t = 1; t <= 3 && !bad; t += 2) {
    wht_set_threads(t);
    memcpy(bv, in, total * z), memcpy(bs, in, total * z);
    wht__groups_force_scalar(0);
    const wht_status sv = wht_execute(p, bv);
    wht__groups_force_scalar(1);
    const wht_status ss = wht_execute(p, bs);
    wht__groups_force_scalar(0);
    if (sv != ss) bad = 1;
    for (size_t i = 0; i < total && !bad; i++)
      if (memcmp((char *)bv + i * z, (char *)bs + i * z, z)) bad = i + 1;
  }
  wht_set_threads(0);
  wht_plan_destroy(p);
  return bad;
}

int main(void)
{
  /* every check compares the vector path with the scalar one: without it
   * both runs would be scalar and pass whatever the vector code does */
  if (!wht__groups_simd_available())
    return tap_skip_all("this CPU or build lacks the stage groups' AVX-512 path: nothing to compare with the scalar code");
  tap_diag("this CPU runs the stage groups' AVX-512 path");
  const uint64_t nmax = (uint64_t)1 << 17;
  void *buf[6];
  for (int i = 0; i < 6; i++)
    if (!(buf[i] = malloc(nmax * 16))) return tap_skip_all("out of memory"); /* widened-pass f64: 16 bytes */
  for (size_t ai = 0; ai < sizeof algos / sizeof algos[0]; ai++) {
    const wht__algorithm *a = wht__algorithm_lookup(algos[ai]);
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      const wht_format f = all_formats[fi];
      const wht__cpu_group_fn g = a->cpu[f];
      for (int d = 0; d < NDATA; d++) {
        if (!strcmp(algos[ai], "widened-pass")) {
          uint64_t calls = 0;
          unsigned seen[4] = { 0 }, at[4] = { 0 };
          const uint64_t bad = pass_calls(g, f, d, buf, nmax, &calls, seen, at);
          if (bad)
            tap_diag("group k = %u, s = %u, c = %u, cols = %u: element %llu differs", at[0], at[1], at[2], at[3],
                     (unsigned long long)(bad - 1));
          tap_ok(!bad && seen[0] && seen[1] && seen[2] && seen[3],
                 "%s %s, %s: %llu group calls (k = 1..17, c = 1..3; %u continue, %u start, %u end, %u whole blocks) "
                 "== scalar",
                 algos[ai], wht_format_name(f), data_names[d], (unsigned long long)calls, seen[0], seen[1], seen[2],
                 seen[3]);
        } else {
          /* 1. group calls: for each s, c the four first/last combinations
           * (first: s = 0; last: s + c = k), whole super-blocks and a
           * partial row starting at column 3 (or 1) of a super-block */
          uint64_t bad = 0;
          unsigned at_s = 0, at_c = 0, at_k = 0;
          uint64_t at_cols = 0, calls = 0;
          for (unsigned s = 0; s <= 6 && !bad; s++)
            for (unsigned c = 1; c <= 3 && !bad; c++)
              for (unsigned late = 0; late < 2 && !bad; late++)
                for (unsigned notlast = 0; notlast < 2 && !bad; notlast++)
                  for (unsigned part = 0; part < 2 && !bad; part++) {
                    const unsigned ss = s + 3 * late, k = ss + c + 3 * notlast;
                    const uint64_t m = (uint64_t)1 << ss, span = m << c, count = 5;
                    const uint64_t total = span * count;
                    if (total > nmax) continue;
                    fill(f, d, buf[0], total, 0);
                    fill(f, d, buf[1], total, -(int)wht_format_precision(f));
                    const uint64_t j = m > 3 ? 3 : m > 1 ? 1 : 0;
                    const uint64_t cols = part ? (m - j > 37 ? 37 : m - j) : m;
                    const uint64_t base = part ? span + j : 0, cnt = part ? 1 : count;
                    bad = group_diff(g, f, wht_format_size(f), buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], total, k,
                                     base, cnt, ss, c, cols);
                    at_s = ss, at_c = c, at_k = k, at_cols = cols, calls++;
                  }
          if (bad)
            tap_diag("group s = %u, c = %u, k = %u, cols = %llu: element %llu differs", at_s, at_c, at_k,
                     (unsigned long long)at_cols, (unsigned long long)(bad - 1));
          tap_ok(!bad, "%s %s, %s: %llu group calls (c = 1..3, s = 0..9, first/last, partial rows) == scalar",
                 algos[ai], wht_format_name(f), data_names[d], (unsigned long long)calls);
        }
        /* 2. whole transforms */
        static const unsigned ks[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17 };
        uint64_t bad = 0;
        unsigned bad_k = 0;
        for (size_t i = 0; i < sizeof ks / sizeof ks[0] && !bad; i++) {
          const uint64_t n = (uint64_t)1 << ks[i], batch = ks[i] >= 16 ? 1 : (nmax >> 2) / n + 1;
          fill(f, d, buf[0], n * batch, 0);
          bad = plan_diff(algos[ai], f, ks[i], batch, buf[0], buf[2], buf[4]);
          bad_k = ks[i];
        }
        if (bad) tap_diag("k = %u: element %llu differs", bad_k, (unsigned long long)(bad - 1));
        tap_ok(!bad, "%s %s, %s: transforms k = 0..14, 16, 17 on 1 and 3 threads == scalar", algos[ai],
               wht_format_name(f), data_names[d]);
      }
    }
  }
  for (int i = 0; i < 6; i++) free(buf[i]);
  return tap_done();
}
