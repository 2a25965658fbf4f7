/* test_oracle_fused.c - where the last pass of the operation's last
 * transform streams over the array (k above the one-cache-block size, 16
 * for 16-byte values), the __int128 engine converts its exact integers to
 * hi + lo inside that pass (oracle/fixed128.c, fwht_store); below, it
 * converts afterwards. Either way the result must be what the limb
 * engine's separate conversion gives (fixedwide.c, forced with
 * wht__oracle_force_limbs), hi and lo bit for bit, status and message (the
 * overflow count) included:
 *   - k = 0..16 (the separate conversion) and k = 17, 18, 19 (fused into a
 *     last pass of radix 2, 4 and 8);
 *   - for every operation, on data whose outputs are normal and inexact (lo
 *     nonzero; two-way gives the exact inputs back), subnormal, and
 *     (one-way, xor-conv) partly beyond the double range; a data set that
 *     produces none of what it is for fails, so the check cannot become
 *     vacuous;
 *   - on 1 and 2 threads (the fused pass sums the overflow counts of its
 *     threads' chunks); in a build with OpenMP the test fails if 2 threads
 *     were not granted.
 * A run that did not take the 128-bit engine fails too. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wht_oracle.h"
#include "oracle_internal.h"
#include "testdata.h"
#include "threads_check.h"
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
 * the exact values fit 128 bits at k = 19 for the operation (xor-conv
 * multiplies, so its windows are halved), and what the outputs must show. */
enum { WANT_INEXACT = 1, WANT_OVERFLOW = 2, WANT_SUBNORMAL = 4 };
typedef struct {
  const char *name;
  int emin, emax, bits;      /* one-way, two-way, smoothed */
  int xmin, xmax, xbits;     /* xor-conv */
  unsigned want;
} range;

static const range ranges[] = {
  { "normal", -30, 30, 20, -8, 8, 10, WANT_INEXACT },
  { "near overflow", 960, 1003, 20, 490, 502, 10, WANT_OVERFLOW },
  { "subnormal", -1074, -1050, 8, -530, -518, 8, WANT_SUBNORMAL },
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
      const int xc = op == WHT_OP_XOR_CONV;
      const int emin = xc ? rg->xmin : rg->emin, emax = xc ? rg->xmax : rg->emax, bits = xc ? rg->xbits : rg->bits;
      int ok = 1;
      unsigned seen = 0; /* WANT_ bits the outputs showed */
      size_t finite = 0;
      char why[1024] = "";
      for (unsigned k = 0; k <= KMAX && ok; k++) {
        const size_t m = (size_t)1 << k;
        td_rng r;
        td_seed(&r, 1000 * op + 10 * ri + k);
        for (size_t i = 0; i < m; i++) a[i] = value(&r, emin, emax, bits), b[i] = value(&r, emin, emax, bits);
        const double tau = fabs(a[0]) + ldexp(1.0, emin + 3);
        for (unsigned t = 0; t < 2 && ok; t++) {
          wht_set_threads(threads[t]);
#ifdef _OPENMP
          if (wht_get_threads() != threads[t]) {
            snprintf(why, sizeof why, "asked for %d threads, got %d", threads[t], wht_get_threads());
            ok = 0;
            break;
          }
#endif
          char mf[256] = "", mw[256] = "";
          wht_oracle_info info;
          thr_begin();
          const wht_oracle_status sf = wht_oracle_run((wht_op)op, k, a, xc ? b : NULL, tau, f, &info, mf, sizeof mf);
          thr_end(k >= 15 ? threads[t] : 1, 0); /* 2^15 elements and more: the loops split (WHT__PAR_MIN) */
          wht__oracle_force_limbs(3);
          const wht_oracle_status sw = wht_oracle_run((wht_op)op, k, a, xc ? b : NULL, tau, w, NULL, mw, sizeof mw);
          wht__oracle_force_limbs(0);
          if (sf == WHT_ORACLE_OVERFLOW) seen |= WANT_OVERFLOW;
          for (size_t i = 0; i < m; i++) {
            if (f[i].lo != 0) seen |= WANT_INEXACT;
            if (f[i].hi != 0 && fabs(f[i].hi) < DBL_MIN) seen |= WANT_SUBNORMAL;
            finite += isfinite(f[i].hi) && f[i].hi != 0;
          }
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
      /* two-way gives x back (exact doubles: lo = 0) and smoothed about x:
       * only one-way and xor-conv overflow */
      const unsigned want = rg->want & (op == WHT_OP_ONE_WAY || xc ? ~0u : ~(unsigned)WANT_OVERFLOW) &
                            (op == WHT_OP_TWO_WAY ? ~(unsigned)WANT_INEXACT : ~0u);
      if (ok && (want & ~seen))
        snprintf(why, sizeof why, "the outputs showed none of what the data are for (%s%s%s)",
                 want & ~seen & WANT_INEXACT ? "inexact " : "", want & ~seen & WANT_OVERFLOW ? "overflow " : "",
                 want & ~seen & WANT_SUBNORMAL ? "subnormal" : ""), ok = 0;
      else if (ok && (want & WANT_OVERFLOW) && finite == 0)
        snprintf(why, sizeof why, "every output overflowed: the finite conversion near overflow is untested"), ok = 0;
      tap_ok(ok, "%s, %s data: the 128-bit engine's conversion == the limb engine's, k = 0..%u, 1 and 2 threads%s%s",
             wht_op_name((wht_op)op), rg->name, KMAX, ok ? "" : ": ", why);
    }
  free(a);
  free(b);
  free(f);
  free(w);
  thr_report("the fused and separate conversions, k = 15..19");
  return tap_done();
}
