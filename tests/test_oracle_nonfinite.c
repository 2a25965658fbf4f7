/* test_oracle_nonfinite.c - an inf or NaN anywhere in an input (or a
 * non-finite tau for smoothed) gives WHT_ORACLE_NONFINITE with a message
 * naming the operation and the element, on both paths; bad arguments give
 * WHT_ORACLE_BADARG. */
#include <math.h>
#include <string.h>
#include "wht_oracle.h"
#include "tap.h"

int main(void)
{
  double a[16], b[16];
  wht_dd y[16];
  char msg[256];
  const double bad[] = { INFINITY, -INFINITY, NAN, -NAN };
  const unsigned where[] = { 0, 7, 15 };
  for (int mp = 0; mp < 2; mp++) {
    wht_oracle_force_mpfr(mp ? -1 : 0);
    for (int op = 0; op < WHT_NOPS; op++) {
      const char *name = wht_op_name((wht_op)op);
      int ok = 1;
      for (size_t v = 0; v < 4; v++)
        for (size_t w = 0; w < 3; w++)
          for (int in = 0; in < (op == WHT_OP_XOR_CONV ? 2 : 1); in++) {
            for (int i = 0; i < 16; i++) a[i] = b[i] = 1.0 + i;
            (in ? b : a)[where[w]] = bad[v];
            char idx[32];
            snprintf(idx, sizeof idx, "%s[%u]", in ? "b" : "a", where[w]);
            wht_oracle_status st = wht_oracle_run((wht_op)op, 4, a, b, 1.0, y, NULL, msg, sizeof msg);
            if (st != WHT_ORACLE_NONFINITE || !strstr(msg, name) || !strstr(msg, idx)) {
              tap_diag("%s %s = %g: status %d, %s", name, idx, bad[v], st, msg);
              ok = 0;
            }
          }
      tap_ok(ok, "%s path, %s: inf/NaN inputs give NONFINITE naming the element", mp ? "MPFR" : "auto", name);
    }
    for (int i = 0; i < 16; i++) a[i] = 1.0 + i;
    tap_ok(wht_oracle_run(WHT_OP_SMOOTHED, 4, a, NULL, INFINITY, y, NULL, msg, sizeof msg) ==
               WHT_ORACLE_NONFINITE && strstr(msg, "tau"),
           "smoothed with tau = inf: NONFINITE (%s)", msg);
    tap_ok(wht_oracle_run(WHT_OP_SMOOTHED, 4, a, NULL, NAN, y, NULL, msg, sizeof msg) == WHT_ORACLE_NONFINITE,
           "smoothed with tau = NaN: NONFINITE");
    tap_ok(wht_oracle_run(WHT_OP_ONE_WAY, 4, a, NULL, NAN, y, NULL, msg, sizeof msg) == WHT_ORACLE_OK,
           "tau is ignored outside smoothed");
  }
  wht_oracle_force_mpfr(0);
  tap_ok(wht_oracle_run(WHT_OP_SMOOTHED, 4, a, NULL, -1.0, y, NULL, msg, sizeof msg) == WHT_ORACLE_BADARG,
         "negative tau: BADARG (%s)", msg);
  tap_ok(wht_oracle_run(WHT_OP_XOR_CONV, 4, a, NULL, 0, y, NULL, msg, sizeof msg) == WHT_ORACLE_BADARG,
         "xor-conv without b: BADARG (%s)", msg);
  tap_ok(wht_oracle_run(WHT_OP_ONE_WAY, 4, NULL, NULL, 0, y, NULL, msg, sizeof msg) == WHT_ORACLE_BADARG,
         "NULL input: BADARG");
  tap_ok(wht_oracle_run(WHT_OP_ONE_WAY, 4, a, NULL, 0, NULL, NULL, msg, sizeof msg) == WHT_ORACLE_BADARG,
         "NULL output: BADARG");
  tap_ok(wht_oracle_run(WHT_NOPS, 4, a, NULL, 0, y, NULL, msg, sizeof msg) == WHT_ORACLE_BADARG,
         "unknown operation: BADARG");
  tap_ok(wht_oracle_run(WHT_OP_ONE_WAY, 41, a, NULL, 0, y, NULL, msg, sizeof msg) == WHT_ORACLE_BADARG,
         "k = 41: BADARG (%s)", msg);
  tap_ok(wht_oracle_run(WHT_OP_ONE_WAY, 4, a, NULL, 0, y, NULL, NULL, 0) == WHT_ORACLE_OK,
         "msg may be NULL");
  return tap_done();
}
