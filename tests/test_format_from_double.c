/* test_format_from_double.c - the conversions of doubles to f16 and bf16
 * (wht_f16_from_double, wht_bf16_from_double, wht_round_to_format), done
 * on the double's bits since issue 10, give exactly what the former libm
 * code gave, kept here as the reference: frexp for the exponent, rint of
 * the value scaled by ldexp to its quantum, overflow to inf. Compared bit
 * for bit (NaN payloads of wht_round_to_format, which returns a NaN
 * itself, included) on every value of the format and its neighbours:
 * each value, the doubles just beside it, the midpoint to the next value
 * (a tie) and the doubles just beside that; around the overflow threshold,
 * the least subnormal and zero; double subnormals, inf, NaNs of both
 * signs; then random bit patterns, over all doubles and over the format's
 * exponent range. */
#include <float.h>
#include "algo_check.h" /* chk_rand */
#include "arith.h"

typedef struct {
  wht_format f;
  int p, emin, emax;
  uint16_t (*convert)(double);
  float (*bits_to_float)(uint16_t);
} fmt;

/* the former lib/format.c, verbatim */
static double round_generic(double x, int p, int emin, int emax)
{
  if (isnan(x) || isinf(x) || x == 0) return x;
  int e;
  frexp(x, &e);                          /* |x| in [2^(e-1), 2^e) */
  int qe = (e - 1 < emin ? emin : e - 1) - (p - 1);
  double r = ldexp(rint(ldexp(x, -qe)), qe);
  double maxf = ldexp(2.0 - ldexp(1.0, 1 - p), emax);
  if (fabs(r) > maxf) return copysign(INFINITY, x);
  return r;
}

static uint16_t ref_bits(const fmt *F, double x)
{
  if (F->f == WHT_F16) {
    if (isnan(x)) return (uint16_t)(signbit(x) ? 0xfe00u : 0x7e00u);
    return wht__float_to_f16_bits((float)round_generic(x, 11, -14, 15));
  }
  if (isnan(x)) return (uint16_t)(signbit(x) ? 0xffc0u : 0x7fc0u);
  return wht__float_to_bf16_bits((float)round_generic(x, 8, -126, 127));
}

static uint64_t bits(double x)
{
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

static double from_bits(uint64_t u)
{
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

static long checked, wrong;
static double first_wrong;

/* x and -x: bits and value against the reference */
static void check(const fmt *F, double x)
{
  for (int s = 0; s < 2; s++, x = -x) {
    const double r = wht_round_to_format(x, F->f);
    const double want = isnan(x) ? x : round_generic(x, F->p, F->emin, F->emax);
    checked++;
    if (F->convert(x) != ref_bits(F, x) || bits(r) != bits(want)) {
      if (!wrong) first_wrong = x;
      wrong++;
    }
  }
}

/* x and the doubles just beside it */
static void around(const fmt *F, double x)
{
  check(F, x);
  check(F, nextafter(x, INFINITY));
  check(F, nextafter(x, -INFINITY));
}

static void report(const fmt *F, const char *what)
{
  tap_ok(wrong == 0 && checked > 0, "%s %s: bits and value as the libm reference (%ld doubles, %ld differ, first %a)",
         wht_format_name(F->f), what, checked, wrong, first_wrong);
  checked = wrong = 0;
}

static void run(const fmt *F)
{
  /* every non-negative value, its neighbours, the midpoint to the next one */
  for (uint32_t h = 0; h < 0x8000u; h++) {
    const double v = F->bits_to_float((uint16_t)h), w = F->bits_to_float((uint16_t)(h + 1));
    if (isnan(v)) continue;
    around(F, v);
    if (!isnan(w)) around(F, v + (w - v) / 2); /* exact: the formats have 16 bits or fewer */
  }
  report(F, "every value, its neighbours and each tie");

  const double maxf = ldexp(2.0 - ldexp(1.0, 1 - F->p), F->emax), tiny = ldexp(1.0, F->emin - F->p + 1);
  around(F, ldexp(2.0 - ldexp(1.0, -F->p), F->emax)); /* halfway to 2^(emax+1): inf */
  around(F, ldexp(1.0, F->emax + 1));
  around(F, maxf);
  around(F, DBL_MAX);
  around(F, tiny);
  around(F, tiny / 2); /* a tie to zero */
  around(F, tiny * 1.5); /* a tie to 2 * tiny */
  around(F, ldexp(1.0, F->emin)); /* the least normal */
  around(F, ldexp(1.0, F->emin) - tiny / 2); /* a tie to it */
  around(F, DBL_MIN);
  around(F, DBL_TRUE_MIN);
  around(F, 0.0);
  check(F, INFINITY);
  check(F, NAN);
  check(F, from_bits(0x7ff0000000000001ull)); /* signalling */
  check(F, from_bits(0x7ff8000000000abcull)); /* a payload */
  report(F, "overflow threshold, least subnormal, ties to zero, double subnormals, inf, NaN, zero");

  for (int i = 0; i < 2000000; i++) check(F, from_bits(chk_rand()));
  report(F, "random bit patterns");
  /* exponents from 2^(emin - p - 2) to 2^(emax + 2): every rounding case */
  const int lo = F->emin - F->p - 2, span = F->emax + 2 - lo + 1;
  for (int i = 0; i < 2000000; i++) {
    const uint64_t r = chk_rand();
    check(F, from_bits((r & 0x000fffffffffffffull) | (uint64_t)(lo + 1023 + (int)(r >> 52) % span) << 52));
  }
  report(F, "random bit patterns over the exponent range");
}

static float f16_to_float(uint16_t h) { return wht__f16_bits_to_float(h); }
static float bf16_to_float(uint16_t h) { return wht__bf16_bits_to_float(h); }

int main(void)
{
  const fmt formats[2] = { { WHT_F16, 11, -14, 15, wht_f16_from_double, f16_to_float },
                           { WHT_BF16, 8, -126, 127, wht_bf16_from_double, bf16_to_float } };
  for (int i = 0; i < 2; i++) run(&formats[i]);
  return tap_done();
}
