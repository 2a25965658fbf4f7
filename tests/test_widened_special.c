/* test_widened_special - the special values of DESIGN.md section 4's
 * "Blocks" on the CPU:
 *   - widened and widened-pass in f64 (double-double): an infinite or NaN
 *     input makes the error terms NaN (inf - inf), so every output of its
 *     row is NaN where folklore gives +-inf; a zero output can be +0 where
 *     folklore's is -0 ((-0, -0) gives (+0, +0));
 *   - in f32, f16 and bf16 they follow IEEE arithmetic as folklore does:
 *     rows with one or two infinities (of either sign) or a NaN among small
 *     finite values give folklore's infinities (sign included) and NaNs,
 *     and (-0, -0) gives folklore's (-0, +0);
 *   - a block of no stage leaves x untouched (k = 0): kahan-block,
 *     neumaier-block, widened and widened-pass keep -0 and a signalling
 *     NaN bit for bit, in every format.
 * Sizes k = 1..5, 7, 13 (widened-pass's first size with two blocks). */
#include "algo_check.h"

static const char *const widened_algos[2] = { "widened", "widened-pass" };
static const unsigned ks[] = { 1, 2, 3, 4, 5, 7, 13 };
#define NK (sizeof ks / sizeof ks[0])

/* small finite values (multiples of 1/8 in [-1, 1]): no intermediate
 * reaches 2^13 < f16's largest value, so only the specials make
 * infinities */
static void fill_small(double *x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++) x[i] = (double)((int)(chk_rand() % 17) - 8) / 8;
}

/* 0 NaN, 1 +inf, -1 -inf, 2 finite */
static int cls(double v) { return isnan(v) ? 0 : isinf(v) ? (v > 0 ? 1 : -1) : 2; }

int main(void)
{
  const uint64_t nmax = (uint64_t)1 << 13;
  double *x = malloc(nmax * sizeof *x), *y = malloc(nmax * sizeof *y), *yf = malloc(nmax * sizeof *yf);
  if (!x || !y || !yf) return tap_skip_all("out of memory");
  /* the rows: one +inf, one -inf, +inf and -inf, a NaN, each among small values */
  static const char *const rows[4] = { "one +inf", "one -inf", "+inf and -inf", "a NaN" };
  for (int fi = 0; fi < WHT_NFORMATS; fi++) {
    const wht_format f = all_formats[fi];
    for (int a = 0; a < 2; a++) {
      const char *name = widened_algos[a];
      for (int r = 0; r < 4; r++) {
        long bad = 0, cases = 0;
        for (size_t ki = 0; ki < NK; ki++)
          for (int rep = 0; rep < 8; rep++, cases++) {
            const unsigned k = ks[ki];
            const uint64_t n = (uint64_t)1 << k;
            fill_small(x, n);
            const uint64_t i = chk_rand() % n, j = (i + 1 + chk_rand() % (n - 1)) % n;
            if (r == 0) x[i] = INFINITY;
            else if (r == 1) x[i] = -INFINITY;
            else if (r == 2) x[i] = INFINITY, x[j] = -INFINITY;
            else x[i] = NAN;
            if (run_cpu(name, f, x, y, n, 1) != WHT_OK || run_cpu("folklore", f, x, yf, n, 1) != WHT_OK) {
              bad++;
              continue;
            }
            for (uint64_t t = 0; t < n; t++) {
              /* f64: NaN everywhere (folklore: +-inf for one infinity);
               * else folklore's class and sign */
              const int ok = f == WHT_F64 ? cls(y[t]) == 0 && (r > 1 || (cls(yf[t]) != 0 && cls(yf[t]) != 2))
                                          : cls(y[t]) == cls(yf[t]);
              if (!ok) {
                if (bad < 3)
                  tap_diag("%s %s, %s, k = %u: output %llu is %g, folklore's %g", name, wht_format_name(f), rows[r],
                           k, (unsigned long long)t, y[t], yf[t]);
                bad++;
                break;
              }
            }
          }
        tap_ok(bad == 0, "%s %s, rows with %s: %s (%ld rows, k = 1..5, 7, 13)", name, wht_format_name(f), rows[r],
               f == WHT_F64 ? "every output NaN" : "folklore's infinities and NaNs", cases);
      }
      /* (-0, -0) at k = 1 */
      const double z[2] = { -0.0, -0.0 };
      double yz[2] = { 1, 1 };
      const wht_status st = run_cpu(name, f, z, yz, 2, 1);
      const int want_neg = f != WHT_F64; /* folklore's -0 + -0 = -0 */
      tap_ok(st == WHT_OK && yz[0] == 0 && yz[1] == 0 && !!signbit(yz[0]) == want_neg && !signbit(yz[1]),
             "%s %s: (-0, -0) gives (%s, +0) (got (%g, %g))", name, wht_format_name(f), want_neg ? "-0" : "+0", yz[0],
             yz[1]);
    }
    /* k = 0: the blocks leave x untouched, bit for bit */
    static const char *const blocks[4] = { "kahan-block", "neumaier-block", "widened", "widened-pass" };
    const size_t sz = wht_format_size(f);
    const uint64_t snan = sz == 8 ? 0x7ff0000000000001ull : sz == 4 ? 0x7f800001ull : f == WHT_F16 ? 0x7d00u : 0x7f81u;
    const uint64_t negz = sz == 8 ? 0x8000000000000000ull : sz == 4 ? 0x80000000ull : 0x8000u;
    for (int b = 0; b < 4; b++) {
      int ok = 1;
      for (int v = 0; v < 2; v++) {
        wht_status st;
        wht_plan *p = wht_plan_create(1, f, blocks[b], WHT_BACKEND_CPU, 0, &st);
        uint64_t bits = v ? snan : negz, buf = bits;
        ok &= p && wht_execute(p, &buf) == WHT_OK && memcmp(&buf, &bits, sz) == 0;
        wht_plan_destroy(p);
      }
      tap_ok(ok, "%s %s, k = 0: -0 and a signalling NaN are left untouched", blocks[b], wht_format_name(f));
    }
  }
  free(x), free(y), free(yf);
  return tap_done();
}
