/* test_oracle_inexact.c - the ternary check fires: with a forced MPFR
 * precision below what the data need, every operation stops with
 * WHT_ORACLE_INEXACT and a message naming the operation, the MPFR call,
 * the step and the precision; one bit more than needed is exact. The
 * derived precision is always exact (status ok, precision reported). */
#include <math.h>
#include <string.h>
#include "wht_oracle.h"
#include "testdata.h"
#include "tap.h"

int main(void)
{
  char msg[256];
  wht_dd y[64];
  wht_oracle_info info;
  /* x = (1, 2^-m): y0 = 1 + 2^-m needs exactly m + 1 bits */
  for (unsigned m = 3; m <= 60; m += 19) {
    double x[2] = { 1.0, ldexp(1.0, -(int)m) };
    wht_oracle_force_mpfr((long)m);
    wht_oracle_status st = wht_oracle_run(WHT_OP_ONE_WAY, 1, x, NULL, 0, y, &info, msg, sizeof msg);
    tap_ok(st == WHT_ORACLE_INEXACT, "one-way of (1, 2^-%u) at precision %u: inexact (%s)", m, m, msg);
    tap_ok(strstr(msg, "one-way") && strstr(msg, "inexact MPFR add") && strstr(msg, "stage 0") &&
               strstr(msg, "precision"),
           "message names the operation, the call, the stage and the precision");
    wht_oracle_force_mpfr((long)m + 1);
    st = wht_oracle_run(WHT_OP_ONE_WAY, 1, x, NULL, 0, y, &info, msg, sizeof msg);
    tap_ok(st == WHT_ORACLE_OK && y[0].hi == 1.0 + x[1] && y[1].hi == 1.0 - x[1] && info.prec == (long)m + 1,
           "at precision %u it is exact", m + 1);
  }
  /* every operation, norm f64 data, precision 20: stops and names itself */
  double a[64], b[64];
  td_rng r;
  td_seed(&r, 99);
  td_fill(&r, TD_NORM, WHT_F64, a, 64);
  td_fill(&r, TD_NORM, WHT_F64, b, 64);
  for (int op = 0; op < WHT_NOPS; op++) {
    const char *name = wht_op_name((wht_op)op);
    wht_oracle_force_mpfr(20);
    msg[0] = '\0';
    wht_oracle_status st = wht_oracle_run((wht_op)op, 6, a, b, 1.0, y, &info, msg, sizeof msg);
    tap_ok(st == WHT_ORACLE_INEXACT && strstr(msg, name) && strstr(msg, "inexact"),
           "%s at precision 20: %s", name, msg);
    /* precision enough for the inputs (53 bits) but not for the sums */
    double c[64];
    for (int i = 0; i < 64; i++) c[i] = a[i] * 0x1p-30 + 1.0; /* 53-bit values near 1 */
    wht_oracle_force_mpfr(53);
    st = wht_oracle_run((wht_op)op, 6, c, b, 1.0, y, &info, msg, sizeof msg);
    tap_ok(st == WHT_ORACLE_INEXACT && strstr(msg, name) && strstr(msg, "stage"),
           "%s at precision 53 fails in a transform stage: %s", name, msg);
    wht_oracle_force_mpfr(-1);
    st = wht_oracle_run((wht_op)op, 6, a, b, 1.0, y, &info, msg, sizeof msg);
    tap_ok(st == WHT_ORACLE_OK && !info.fast_path && info.prec > 53,
           "%s at the derived precision (%ld) is exact", name, info.prec);
  }
  wht_oracle_force_mpfr(0);
  tap_ok(wht_oracle_run(WHT_OP_ONE_WAY, 6, a, NULL, 0, y, &info, msg, sizeof msg) == WHT_ORACLE_OK &&
             info.fast_path,
         "force_mpfr(0) restores the fast path");
  return tap_done();
}
