/* test_oracle_fused.c - the __int128 engine converts its exact integers to
 * hi + lo inside the last pass of the operation's last transform
 * (oracle/fixed128.c, fwht_store). That conversion must give what the limb
 * engine's separate one gives (fixedwide.c, forced with
 * wht__oracle_force_limbs), hi and lo bit for bit, status and message (the
 * overflow count) included:
 *   - at k = 0 (no pass to fuse into), k <= 16 (the last pass runs inside
 *     the one L2 block) and k = 17, 18, 19 (the last pass streams over the
 *     array, of radix 2, 4 and 8);
 *   - for every operation, on data whose outputs fall in the normal range,
 *     in the subnormal range and below it, and (one-way, xor-conv) beyond
 *     the double range: the general conversion and the overflow count
 *     inside the pass, a run without an overflow failing;
 *   - on 1 and 2 threads (the count is summed over the pass's chunks).
 * A run that did not take the 128-bit engine fails (the check would be
 * vacuous). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wht_oracle.h"
#include "oracle_internal.h"
#include "testdata.h"
#include "tap.h"

#define KMAX 19u

/* x = +-m 2^e, m of 1..bits significant bits, e in [emin, emax]; some zeros */
static double value(td_rng *r, int emin, int emax, int bits)
{
  uint64_t m = (td_next(r) >> (64 - bits)) | 1;
  const int e = emin + (int)(td_next(r) % (uint64_t)(emax - emin + 1));
  double v = ldexp((double)m, e);
  if (td_next(r) & 1) v = -v;
  return (td_next(r) & 15) == 0 ? 0.0 : v;
}

/* Input ranges: exponent window and significand bits, narrow enough that
 * the exact values fit 128 bits at k = 19 for the operation. */
typedef struct {
  const char *name;
  int emin, emax, bits;
} range;

static const range ranges[] = {
  { "normal", -12, 12, 20 },
  { "near overflow", 960, 1003, 20 },
  { "subnormal", -1074, -1050, 8 },
};

static int same(const wht_dd *x, const wht_dd *y, size_t n)
{
  return memcmp(x, y, n * sizeof *x) == 0;
}

int main(void)
{
  const size_t n = (size_t)1 << KMAX;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  wht_dd *f = malloc(n * sizeof *f), *w = malloc(n * sizeof *w);
  if (!a || !b || !f || !w) {
    fprintf(stderr, "test_oracle_fused: out of memory\n");
    return 99;
  }
  const int threads[2] = { 1, 2 };
  for (unsigned op = 0; op < WHT_NOPS; op++)
    for (unsigned ri = 0; ri < sizeof ranges / sizeof ranges[0]; ri++) {
      const range *rg = &ranges[ri];
      /* xor-conv multiplies: half the window and the bits keep 128 */
      const int half = op == WHT_OP_XOR_CONV;
      const int emax = half ? rg->emin + (rg->emax - rg->emin) / 2 : rg->emax, bits = half ? rg->bits / 2 : rg->bits;
      int ok = 1, overflowed = 0;
      char why[400] = "";
      for (unsigned k = 0; k <= KMAX && ok; k++) {
        const size_t m = (size_t)1 << k;
        td_rng r;
        td_seed(&r, 1000 * op + 10 * ri + k);
        for (size_t i = 0; i < m; i++) a[i] = value(&r, rg->emin, emax, bits), b[i] = value(&r, rg->emin, emax, bits);
        const double tau = fabs(a[0]) + ldexp(1.0, rg->emin + 3);
        for (unsigned t = 0; t < 2 && ok; t++) {
          wht_set_threads(threads[t]);
          char mf[256] = "", mw[256] = "";
          wht_oracle_info info;
          const wht_oracle_status sf = wht_oracle_run((wht_op)op, k, a, op == WHT_OP_XOR_CONV ? b : NULL, tau, f,
                                                       &info, mf, sizeof mf);
          wht__oracle_force_limbs(3);
          const wht_oracle_status sw = wht_oracle_run((wht_op)op, k, a, op == WHT_OP_XOR_CONV ? b : NULL, tau, w,
                                                       NULL, mw, sizeof mw);
          wht__oracle_force_limbs(0);
          overflowed |= sf == WHT_ORACLE_OVERFLOW;
          if (!info.fast_path || info.prec != 128)
            snprintf(why, sizeof why, "k = %u: the run took %s at %ld bits, not the 128-bit engine", k,
                     info.fast_path ? "the fixed path" : "MPFR", info.prec);
          else if (sf != sw || strcmp(mf, mw) != 0)
            snprintf(why, sizeof why, "k = %u, %d threads: status %s (%s) against the limb engine's %s (%s)", k,
                     threads[t], wht_oracle_status_name(sf), mf, wht_oracle_status_name(sw), mw);
          else if (!same(f, w, m))
            snprintf(why, sizeof why, "k = %u, %d threads: hi + lo differ from the limb engine's", k, threads[t]);
          ok = why[0] == 0;
        }
      }
      wht_set_threads(0);
      /* two-way gives x back and smoothed about x: only one-way and xor-conv overflow */
      if (ok && strcmp(rg->name, "near overflow") == 0 && (op == WHT_OP_ONE_WAY || op == WHT_OP_XOR_CONV) &&
          !overflowed)
        snprintf(why, sizeof why, "no output overflowed: the data miss the overflow count"), ok = 0;
      tap_ok(ok, "%s, %s data: fused conversion == the limb engine's, k = 0..%u, 1 and 2 threads%s%s",
             wht_op_name((wht_op)op), rg->name, KMAX, ok ? "" : ": ", why);
    }
  free(a);
  free(b);
  free(f);
  free(w);
  return tap_done();
}
