/* test_oracle_fast_vs_mpfr.c - the fixed-point path (the __int128 engine
 * and, forced, the generic limb engine) gives the same hi and lo, bit for
 * bit, as the MPFR path at its derived precision, on all five
 * distributions, all four formats, all four operations, k = 0 .. 16. */
#include <stdlib.h>
#include <string.h>
#include "wht_oracle.h"
#include "oracle_internal.h"
#include "testdata.h"
#include "tap.h"
#include "dd_check.h"

/* k = 0..16; 0..19 under make check-long (WHT_CHECK_LONG set) */
#define KMAX_CHECK 16
#define KMAX_LONG 19

int main(void)
{
  const unsigned KMAX = getenv("WHT_CHECK_LONG") ? KMAX_LONG : KMAX_CHECK;
  size_t nmax = (size_t)1 << KMAX;
  double *a = malloc(nmax * sizeof *a), *b = malloc(nmax * sizeof *b);
  wht_dd *ref = malloc(nmax * sizeof *ref), *fast = malloc(nmax * sizeof *fast);
  if (!a || !b || !ref || !fast) return tap_skip_all("out of memory");
  char msg[256];
  long wide_cases = 0;
  for (int d = 0; d < TD_NDISTS; d++)
    for (int f = 0; f < WHT_NFORMATS; f++)
      for (int op = 0; op < WHT_NOPS; op++) {
        int ok = 1;
        for (unsigned k = 0; k <= KMAX && ok; k++) {
          size_t n = (size_t)1 << k;
          td_rng r;
          td_seed(&r, 1000003u * (unsigned)d + 10007u * (unsigned)f + 101u * (unsigned)op + k);
          td_fill(&r, d, (wht_format)f, a, n);
          td_fill(&r, d, (wht_format)f, b, n);
          wht_oracle_info fi, mi;
          wht_oracle_force_mpfr(0);
          wht_oracle_status sf = wht_oracle_run((wht_op)op, k, a, b, 1.0, fast, &fi, msg, sizeof msg);
          wht_oracle_force_mpfr(-1);
          wht_oracle_status sm = wht_oracle_run((wht_op)op, k, a, b, 1.0, ref, &mi, msg, sizeof msg);
          wht_oracle_force_mpfr(0);
          long i = sf == WHT_ORACLE_OK && sm == WHT_ORACLE_OK ? dd_first_diff(fast, ref, n) : 0;
          if (sf != WHT_ORACLE_OK || sm != WHT_ORACLE_OK || !fi.fast_path || mi.fast_path || i >= 0) {
            tap_diag("%s %s %s k=%u: status %d/%d fast_path %d/%d first diff %ld: "
                     "fast %a + %a, mpfr %a + %a (%s)",
                     td_dist_names[d], wht_format_name((wht_format)f), wht_op_name((wht_op)op), k,
                     sf, sm, fi.fast_path, mi.fast_path, i, i >= 0 ? fast[i].hi : 0.0,
                     i >= 0 ? fast[i].lo : 0.0, i >= 0 ? ref[i].hi : 0.0, i >= 0 ? ref[i].lo : 0.0,
                     msg);
            ok = 0;
          }
          if (fi.prec > 128) wide_cases++;
          /* the generic limb engine on the same data, up to k = 12: two limbs
           * cut into 23-bit slices (many slices at odd offsets), three limbs
           * with its own slice width */
          for (unsigned L = 2; L <= 3 && ok && k <= 12; L++) {
            wht__oracle_force_limbs(L);
            wht__oracle_force_chunk(L == 2 ? 23 : 0);
            wht_oracle_status sw = wht_oracle_run((wht_op)op, k, a, b, 1.0, fast, &fi, msg, sizeof msg);
            wht__oracle_force_limbs(0);
            wht__oracle_force_chunk(0);
            i = sw == WHT_ORACLE_OK ? dd_first_diff(fast, ref, n) : 0;
            if (sw != WHT_ORACLE_OK || i >= 0) {
              tap_diag("%s %s %s k=%u generic engine %u limbs: status %d first diff %ld (%s)",
                       td_dist_names[d], wht_format_name((wht_format)f),
                       wht_op_name((wht_op)op), k, L, sw, i, msg);
              ok = 0;
            }
          }
        }
        tap_ok(ok, "%s %s %s: fixed-point == MPFR bit for bit, k = 0..%d", td_dist_names[d],
               wht_format_name((wht_format)f), wht_op_name((wht_op)op), KMAX);
      }
  /* f64 xor-conv of norm data needs more than 128 bits: the wide engine ran */
  tap_ok(wide_cases > 0, "the limb engine was chosen by itself in %ld cases", wide_cases);
  free(a);
  free(b);
  free(ref);
  free(fast);
  return tap_done();
}
