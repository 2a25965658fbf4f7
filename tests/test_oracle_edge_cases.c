/* test_oracle_edge_cases.c - the conversion of exact results to hi + lo
 * where it is delicate, on both paths: ties to even, lo of both signs,
 * results in the subnormal range and below it, overflow of the exact value
 * (status WHT_ORACLE_OVERFLOW, never a silent inf), inputs spanning the
 * whole double range (the limb engine at dozens of limbs); then a fuzz of
 * random-exponent inputs where the fast path must match MPFR bit for bit,
 * status included. */
#include <float.h>
#include <math.h>
#include <string.h>
#include "wht_oracle.h"
#include "oracle_internal.h"
#include "testdata.h"
#include "tap.h"

static int same(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }

/* run op on both paths; both statuses must be st, outputs identical; the
 * fast result is left in y */
static int both(wht_op op, unsigned k, const double *a, const double *b, double tau, wht_dd *y,
                wht_oracle_status st, const char *what)
{
  wht_dd m[16];
  char msg[256];
  size_t n = (size_t)1 << k;
  wht_oracle_force_mpfr(0);
  wht_oracle_status s1 = wht_oracle_run(op, k, a, b, tau, y, NULL, msg, sizeof msg);
  wht_oracle_force_mpfr(-1);
  wht_oracle_status s2 = wht_oracle_run(op, k, a, b, tau, m, NULL, msg, sizeof msg);
  wht_oracle_force_mpfr(0);
  int ok = s1 == st && s2 == st;
  for (size_t i = 0; i < n && ok; i++) ok = same(y[i].hi, m[i].hi) && same(y[i].lo, m[i].lo);
  if (!ok) {
    tap_diag("%s: status %d/%d (want %d) %s", what, s1, s2, st, msg);
    for (size_t i = 0; i < n; i++)
      tap_diag("  y[%zu] fast %a + %a, mpfr %a + %a", i, y[i].hi, y[i].lo, m[i].hi, m[i].lo);
  }
  return ok;
}

/* a random double: random sign, exponent in [emin, emax] (subnormals when
 * emin < -1022), significand of random width */
static double rnd_double(td_rng *r, int emin, int emax)
{
  uint64_t m = td_next(r) >> 11; /* 53 bits */
  int keep = 1 + (int)(td_next(r) % 53);
  m >>= 53 - keep;
  m |= 1;
  int e = emin + (int)(td_next(r) % (uint64_t)(emax - emin + 1));
  double v = ldexp((double)m, e - keep + 1);
  if (td_next(r) & 1) v = -v;
  if ((td_next(r) & 7) == 0) v = 0;
  return v;
}

int main(void)
{
  wht_dd y[16];
  double a[16], b[16];
  /* ties and lo signs: one-way of (u, v) gives u + v and u - v */
  a[0] = 1.0;
  a[1] = 0x1p-53;
  tap_ok(both(WHT_OP_ONE_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OK, "tie down") && y[0].hi == 1.0 &&
             y[0].lo == 0x1p-53 && y[1].hi == 1.0 - 0x1p-53 && same(y[1].lo, 0.0),
         "1 + 2^-53 ties to even (hi 1, lo +2^-53); 1 - 2^-53 is exact (lo +0)");
  a[0] = 1.0 + 0x1p-52;
  tap_ok(both(WHT_OP_ONE_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OK, "tie up") && y[0].hi == 1.0 + 0x1p-51 &&
             y[0].lo == -0x1p-53 && y[1].hi == 1.0 && y[1].lo == 0x1p-52 - 0x1p-53,
         "1 + 3*2^-53 ties up to even (lo -2^-53)");
  a[0] = -(1.0 + 0x1p-52);
  a[1] = -0x1p-80;
  tap_ok(both(WHT_OP_ONE_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OK, "negative") &&
             y[0].hi == -(1.0 + 0x1p-52) && y[0].lo == -0x1p-80 && y[1].lo == 0x1p-80,
         "negative values: lo carries the sign of the remainder");
  /* subnormal and underflowing results */
  a[0] = 0x1p-1074;
  a[1] = 0x1p-1074;
  tap_ok(both(WHT_OP_ONE_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OK, "subnormal") && y[0].hi == 0x1p-1073 &&
             same(y[1].hi, 0.0),
         "sums of subnormals are exact");
  a[0] = 3 * 0x1p-1074;
  a[1] = 0x1p-1074;
  tap_ok(both(WHT_OP_TWO_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OK, "two-way subnormal") && y[0].hi == a[0] &&
             y[1].hi == a[1],
         "two-way of subnormals gives them back");
  a[0] = 0x1p-1074;
  b[0] = 0x1p-1074;
  a[1] = 0x1p-1000;
  b[1] = -0x1p-1073;
  /* c0 = 2^-2148 - 2^-2073 < 0, c1 = 2^-2074 - 2^-2147 > 0: both far below 2^-1075 */
  tap_ok(both(WHT_OP_XOR_CONV, 1, a, b, 0, y, WHT_ORACLE_OK, "underflow") && same(y[0].hi, -0.0) &&
             same(y[0].lo, -0.0) && same(y[1].hi, 0.0) && same(y[1].lo, 0.0),
         "xor-conv results below half the least subnormal: hi = lo = signed zero, as MPFR");
  /* hi normal, lo in the subnormal range and not a multiple of 2^-1074, so
   * lo itself must be rounded. Sums of doubles cannot give this (their exact
   * value is a multiple of 2^-1074, so is v - hi, which is then a
   * representable subnormal); xor-conv products can. For k = 1,
   * y0 = a0 b0 + a1 b1 and y1 = a0 b1 + a1 b0. Here
   * y0 = 2^-1000 + 3*2^-1076: hi = 2^-1000 (ulp 2^-1052), v - hi =
   * 0.75 * 2^-1074 rounds (no tie) to lo = 2^-1074; y1 = 2^-1038 +
   * 3*2^-1038 = 2^-1036 exactly (subnormal hi, lo +0). */
  a[0] = 0x1p-500;
  b[0] = 0x1p-500;
  a[1] = 0x3p-538;
  b[1] = 0x1p-538;
  tap_ok(both(WHT_OP_XOR_CONV, 1, a, b, 0, y, WHT_ORACLE_OK, "rounded subnormal lo") && same(y[0].hi, 0x1p-1000) &&
             same(y[0].lo, 0x1p-1074) && same(y[1].hi, 0x1p-1036) && same(y[1].lo, 0.0),
         "hi in the normal range, lo rounded in the subnormal range: 2^-1000 + 3*2^-1076 gives hi 2^-1000, lo 2^-1074");
  /* ties of lo in the subnormal range, both signs: with b1 = -b0,
   * y0 = 2^-1000 - 3*2^-1075 (hi 2^-1000, v - hi = -1.5 * 2^-1074 ties to
   * even: lo = -2^-1073) and y1 = -y0 (lo = +2^-1073) */
  a[1] = 0x3p-575;
  b[1] = -0x1p-500;
  tap_ok(both(WHT_OP_XOR_CONV, 1, a, b, 0, y, WHT_ORACLE_OK, "subnormal lo tie") && same(y[0].hi, 0x1p-1000) &&
             same(y[0].lo, -0x1p-1073) && same(y[1].hi, -0x1p-1000) && same(y[1].lo, 0x1p-1073),
         "lo at a subnormal tie (+-1.5 * 2^-1074) rounds to even: +-2^-1073");
  /* overflow: reported, hi = inf, never silent */
  a[0] = DBL_MAX;
  a[1] = DBL_MAX;
  tap_ok(both(WHT_OP_ONE_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OVERFLOW, "overflow") && isinf(y[0].hi) &&
             same(y[1].hi, 0.0),
         "DBL_MAX + DBL_MAX: status overflow, hi = +inf");
  a[1] = 0x1p970; /* DBL_MAX + 2^970 is the midpoint to 2^1024: ties to inf */
  tap_ok(both(WHT_OP_ONE_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OVERFLOW, "overflow tie") && y[1].hi == DBL_MAX - 0x1p970,
         "DBL_MAX + 2^970 rounds to inf: overflow; DBL_MAX - 2^970 exact");
  a[1] = 0x1.fffffffffffffp969; /* just below the midpoint: finite */
  tap_ok(both(WHT_OP_ONE_WAY, 1, a, NULL, 0, y, WHT_ORACLE_OK, "below overflow") && y[0].hi == DBL_MAX &&
             y[0].lo == a[1],
         "DBL_MAX + (2^970 - ulp) stays finite: hi DBL_MAX, lo the rest");
  /* the whole range at once: width over 2000 bits, one value per decade */
  for (int i = 0; i < 16; i++) a[i] = ldexp(1.0 + i / 16.0, -1074 + 8 + i * 137) * (i & 1 ? -1 : 1);
  tap_ok(both(WHT_OP_ONE_WAY, 4, a, NULL, 0, y, WHT_ORACLE_OK, "full range") &&
             both(WHT_OP_TWO_WAY, 4, a, NULL, 0, y, WHT_ORACLE_OK, "full range two-way") &&
             both(WHT_OP_SMOOTHED, 4, a, NULL, 0x1p-1000, y, WHT_ORACLE_OK, "full range smoothed"),
         "inputs from 2^-1066 to 2^989: fast path (limb engine) == MPFR");
  /* fuzz */
  td_rng r;
  td_seed(&r, 31337);
  const int ranges[][2] = { { -1074, 1023 }, { -1074, -1000 }, { -60, 60 }, { 900, 1023 }, { -5, 5 } };
  for (size_t g = 0; g < sizeof ranges / sizeof ranges[0]; g++) {
    int ok = 1, fast = 0;
    for (int it = 0; it < 400 && ok; it++) {
      unsigned k = (unsigned)(td_next(&r) % 5);
      size_t n = (size_t)1 << k;
      wht_op op = (wht_op)(td_next(&r) % WHT_NOPS);
      for (size_t i = 0; i < n; i++) {
        a[i] = rnd_double(&r, ranges[g][0], ranges[g][1]);
        b[i] = rnd_double(&r, ranges[g][0], ranges[g][1]);
      }
      double tau = fabs(rnd_double(&r, ranges[g][0], ranges[g][1]));
      wht_dd m[16];
      wht_oracle_info fi;
      char msg[256];
      if (it % 4 == 1) wht__oracle_force_chunk(1 + (unsigned)(td_next(&r) % 100)); /* odd slicings */
      wht_oracle_status s1 = wht_oracle_run(op, k, a, b, tau, y, &fi, msg, sizeof msg);
      wht__oracle_force_chunk(0);
      wht_oracle_force_mpfr(-1);
      wht_oracle_status s2 = wht_oracle_run(op, k, a, b, tau, m, NULL, msg, sizeof msg);
      wht_oracle_force_mpfr(0);
      fast += fi.fast_path;
      if (s1 != s2 || (s1 != WHT_ORACLE_OK && s1 != WHT_ORACLE_OVERFLOW)) ok = 0;
      for (size_t i = 0; i < n && ok; i++) ok = same(y[i].hi, m[i].hi) && same(y[i].lo, m[i].lo);
      if (!ok) tap_diag("fuzz %zu.%d: %s k=%u status %d/%d %s", g, it, wht_op_name(op), k, s1, s2, msg);
    }
    tap_ok(ok && fast == 400, "fuzz, exponents in [%d, %d]: 400 random cases, fast path == MPFR",
           ranges[g][0], ranges[g][1]);
  }
  return tap_done();
}
