/* test_oracle_twoway_identity.c - two-way's exact result H(Hx)/n is x
 * itself: hi equals the input element and lo is +0, for every
 * distribution and format, k from 0 to 20 on the fast path and to 12 on
 * the MPFR path. */
#include <stdlib.h>
#include "wht_oracle.h"
#include "testdata.h"
#include "tap.h"

int main(void)
{
  const unsigned ks[] = { 0, 1, 2, 3, 5, 8, 11, 12, 16, 20 };
  size_t nmax = (size_t)1 << 20;
  double *x = malloc(nmax * sizeof *x);
  wht_dd *y = malloc(nmax * sizeof *y);
  if (!x || !y) return tap_skip_all("out of memory");
  char msg[256];
  for (int mp = 0; mp < 2; mp++)
    for (int d = 0; d < TD_NDISTS; d++)
      for (int f = 0; f < WHT_NFORMATS; f++) {
        int ok = 1;
        for (size_t t = 0; t < sizeof ks / sizeof ks[0] && ok; t++) {
          unsigned k = ks[t];
          if (mp && k > 12) break;
          size_t n = (size_t)1 << k;
          td_rng r;
          td_seed(&r, 4242u + 100u * (unsigned)d + 10u * (unsigned)f + k);
          td_fill(&r, d, (wht_format)f, x, n);
          wht_oracle_force_mpfr(mp ? -1 : 0);
          wht_oracle_status st = wht_oracle_run(WHT_OP_TWO_WAY, k, x, NULL, 0, y, NULL, msg, sizeof msg);
          wht_oracle_force_mpfr(0);
          if (st != WHT_ORACLE_OK) {
            tap_diag("k=%u: status %d (%s)", k, st, msg);
            ok = 0;
          }
          for (size_t i = 0; i < n && ok; i++)
            if (!(y[i].hi == x[i]) || y[i].lo != 0 || signbit(y[i].lo)) {
              tap_diag("k=%u i=%zu: x = %a, got %a + %a", k, i, x[i], y[i].hi, y[i].lo);
              ok = 0;
            }
        }
        tap_ok(ok, "%s path, %s %s: two-way gives back x exactly", mp ? "MPFR" : "auto",
               td_dist_names[d], wht_format_name((wht_format)f));
      }
  free(x);
  free(y);
  return tap_done();
}
