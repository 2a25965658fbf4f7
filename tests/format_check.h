/* format_check.h - checks of a 16-bit format (f16 or bf16) against MPFR at
 * the format's precision with subnormalization: every bit pattern round
 * trips, conversion from double (random, ties, subnormals, overflow, NaN,
 * -0) and the +, -, * the algorithms use (arith.h) are correctly rounded. */
#ifndef WHT_FORMAT_CHECK_H
#define WHT_FORMAT_CHECK_H
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <mpfr.h>
#include "wht.h"
#include "arith.h"
#include "tap.h"

typedef struct {
  wht_format fmt;
  int p;            /* significand bits */
  int mpfr_emin;    /* MPFR exponent (significand in [1/2, 1)) of the least subnormal */
  int mpfr_emax;
  uint16_t (*from_double)(double);
  double (*to_double)(uint16_t);
  float (*round_f)(float);             /* arith.h rounding used by the algorithms */
  uint16_t (*float_to_bits)(float);
  float (*bits_to_float)(uint16_t);
} fmt_check;

/* Correctly rounded value of x in the format, by MPFR. */
static double ref_round(const fmt_check *c, double x)
{
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(c->mpfr_emin);
  mpfr_set_emax(c->mpfr_emax);
  mpfr_t r;
  mpfr_init2(r, c->p);
  int t = mpfr_set_d(r, x, MPFR_RNDN);
  t = mpfr_check_range(r, t, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  double d = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clear(r);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return d;
}

/* Same value, or both NaN; +0 and -0 differ. */
static int same(double a, double b)
{
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  return a == b && signbit(a) == signbit(b);
}

/* Independent decoding of a bit pattern: sign, exponent field, fraction. */
static double decode(const fmt_check *c, uint16_t h)
{
  int mbits = c->p - 1, ebits = 15 - mbits, bias = (1 << (ebits - 1)) - 1;
  int s = h >> 15, e = (h >> mbits) & ((1 << ebits) - 1), m = h & ((1 << mbits) - 1);
  double v;
  if (e == (1 << ebits) - 1) v = m ? NAN : INFINITY;
  else if (e == 0) v = ldexp(m, 1 - bias - mbits);
  else v = ldexp(m + (1 << mbits), e - bias - mbits);
  return s ? -v : v;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void check_patterns(const fmt_check *c, const char *name)
{
  long bad_rt = 0, bad_dec = 0, bad_arith = 0;
  for (uint32_t h = 0; h < 65536; h++) {
    double d = c->to_double((uint16_t)h), ref = decode(c, (uint16_t)h);
    if (!same(d, ref)) bad_dec++;
    uint16_t back = c->from_double(d);
    if (isnan(d) ? !isnan(c->to_double(back)) : back != h) bad_rt++;
    float f = c->bits_to_float((uint16_t)h);
    if (!same(f, d) || (!isnan(d) && c->float_to_bits(f) != h)) bad_arith++;
  }
  tap_ok(bad_dec == 0, "%s: all 65536 patterns decode to the value of their fields (%ld bad)", name, bad_dec);
  tap_ok(bad_rt == 0, "%s: all 65536 patterns round trip through double (%ld bad)", name, bad_rt);
  tap_ok(bad_arith == 0, "%s: all 65536 patterns round trip through the float working type (%ld bad)", name, bad_arith);
}

static void check_from_double(const fmt_check *c, const char *name)
{
  long bad = 0, badf = 0, n = 0;
  /* every midpoint between consecutive finite positive values (ties), and
   * points just beside them, both signs */
  for (uint32_t h = 0; h < 0x7fff; h++) {
    double a = c->to_double((uint16_t)h), b = c->to_double((uint16_t)(h + 1));
    if (!isfinite(a) || !isfinite(b)) continue;
    double mid = a + (b - a) / 2;
    double xs[6] = { mid, nextafter(mid, 0), nextafter(mid, INFINITY), -mid, -nextafter(mid, 0), a };
    for (int i = 0; i < 6; i++, n++) {
      double want = ref_round(c, xs[i]);
      if (!same(c->to_double(c->from_double(xs[i])), want)) bad++;
      if (fabs(xs[i]) < 3.4e38 && (double)(float)xs[i] == xs[i] && !same(c->round_f((float)xs[i]), want)) badf++;
    }
  }
  /* random doubles over the whole exponent range of the format and beyond */
  for (int i = 0; i < 200000; i++, n++) {
    uint64_t r = rnd64();
    int e = (int)(r % 300) - 150;
    double x = ldexp((double)(rnd64() >> 11) / 9007199254740992.0 + 0.5, e);
    if (r & (1ull << 40)) x = -x;
    double want = ref_round(c, x);
    if (!same(c->to_double(c->from_double(x)), want)) bad++;
    float xf = (float)x;
    if (isfinite(xf) && !same(c->round_f(xf), ref_round(c, xf))) badf++;
  }
  tap_ok(bad == 0, "%s: from_double of %ld ties, near-ties and random values matches MPFR (%ld bad)", name, n, bad);
  tap_ok(badf == 0, "%s: the float rounding of the algorithms matches MPFR on the same values (%ld bad)", name, badf);
  /* edge values */
  double maxf = ldexp(2.0 - ldexp(1.0, 1 - c->p), c->mpfr_emax - 1);
  double half_ulp_max = ldexp(1.0, c->mpfr_emax - 1 - c->p);
  double tiny = ldexp(1.0, c->mpfr_emin - 1);
  tap_ok(same(c->to_double(c->from_double(maxf + half_ulp_max)), INFINITY), "%s: max + ulp/2 (tie) overflows to +inf", name);
  tap_ok(same(c->to_double(c->from_double(nextafter(maxf + half_ulp_max, 0))), maxf), "%s: just below the overflow tie stays max", name);
  tap_ok(same(c->to_double(c->from_double(-1e300)), -INFINITY), "%s: -1e300 overflows to -inf", name);
  tap_ok(same(c->to_double(c->from_double(tiny / 2)), 0.0), "%s: half the least subnormal (tie) rounds to +0", name);
  tap_ok(same(c->to_double(c->from_double(-tiny / 2)), -0.0), "%s: minus half the least subnormal rounds to -0", name);
  tap_ok(same(c->to_double(c->from_double(tiny * 0.75)), tiny), "%s: 3/4 of the least subnormal rounds up to it", name);
  tap_ok(same(c->to_double(c->from_double(tiny * 1.5)), 2 * tiny), "%s: 1.5 least subnormals (tie) rounds to even 2", name);
  tap_ok(same(c->to_double(c->from_double(-0.0)), -0.0), "%s: -0 is kept", name);
  tap_ok(isnan(c->to_double(c->from_double(NAN))), "%s: NaN is kept", name);
  tap_ok(same(c->round_f(-0x1p-140f), -0.0), "%s: float rounding keeps the sign of an underflowing negative", name);
}

static void check_arith(const fmt_check *c, const char *name)
{
  static const char *ops[3] = { "add", "sub", "mul" };
  for (int op = 0; op < 3; op++) {
    long bad = 0, badlib = 0;
    for (int i = 0; i < 300000; i++) {
      uint16_t ha = (uint16_t)rnd64(), hb = (uint16_t)rnd64();
      if (i % 3 == 0) hb = (uint16_t)((ha & 0x8000u) ^ 0x8000u ^ (hb & 0x00ffu) ^ (ha & 0x7f00u)); /* near-cancelling */
      float a = c->bits_to_float(ha), b = c->bits_to_float(hb);
      double exact = op == 0 ? (double)a + b : op == 1 ? (double)a - b : (double)a * b; /* exact in double */
      double want = ref_round(c, exact);
      float got = c->round_f(op == 0 ? a + b : op == 1 ? a - b : a * b);
      if (!same(got, want)) bad++;
      double lib = op == 0 ? wht_format_add(c->fmt, a, b) : op == 1 ? wht_format_sub(c->fmt, a, b)
                                                          : wht_format_mul(c->fmt, a, b);
      if (!same(lib, want)) badlib++;
    }
    tap_ok(bad == 0, "%s: %s of 300000 random pairs, computed as the algorithms do, matches MPFR (%ld bad)", name, ops[op], bad);
    tap_ok(badlib == 0, "%s: wht_format_%s matches MPFR on the same pairs (%ld bad)", name, ops[op], badlib);
  }
}

static int run_format_checks(const fmt_check *c, const char *name)
{
  check_patterns(c, name);
  check_from_double(c, name);
  check_arith(c, name);
  return tap_done();
}
#endif
