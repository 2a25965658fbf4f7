/* test_format_float_ops - DESIGN.md section 3: on the CPU an f16 or bf16
 * operation may be computed in float and rounded once (lib/arith.h's
 * wht__f16_round, wht__bf16_round), and for +, -, * and / this is the
 * correctly rounded result. Float's 24 bits are at least 2p + 2 (p = 11,
 * 8) in float's normal range; bf16 has float's exponent range, so its
 * subnormal results are float subnormals, where float has fewer bits and
 * that argument does not apply: every pair of positive bf16 values whose
 * exact product or quotient lies in [2^-135, 2^-125] is checked here.
 * Then every value of the format (infinities and zeros of both signs
 * included) against 128 others (the specials and boundary values, and
 * random ones), both orders, all four operations; every pair of
 * nonnegative values under make check-long (WHT_CHECK_LONG; rounding to
 * nearest-even is symmetric in the sign).
 * The reference is the double operation rounded once by lib/round_bits.h:
 * exact for the products and for f16's sums; otherwise a correctly
 * rounded double in double's normal range (every quotient of these
 * formats is above 2^-262), which rounds once more correctly since
 * 53 >= 2p + 2 (Figueroa 1995). That reference is itself checked against
 * MPFR (precision p, the format's exponent range, subnormalized) on random
 * pairs. Bits are compared: -0 and +0 differ, any NaN equals any NaN. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "tap.h"
#include "wht.h"
#include "arith.h"
#include "round_bits.h"

static uint64_t rng = 0x243f6a8885a308d3u;
static uint64_t rnd64(void)
{
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng;
}

typedef struct {
  const char *name;
  wht_format fmt;
  int p, mpfr_emin, mpfr_emax; /* MPFR exponents (significand in [1/2, 1)) of the least subnormal, of 2^emax+1 */
  uint16_t inf;                /* +inf's bits; a pattern above it (sign aside) is a NaN */
  float (*to_float)(uint16_t);
  float (*round_f)(float);     /* arith.h's rounding after a float operation */
  uint16_t (*from_double)(double);
} fmt;

static const char *const op_names[4] = { "+", "-", "*", "/" };

static float f_op(int op, float a, float b)
{
  return op == 0 ? a + b : op == 1 ? a - b : op == 2 ? a * b : a / b;
}
static double d_op(int op, double a, double b)
{
  return op == 0 ? a + b : op == 1 ? a - b : op == 2 ? a * b : a / b;
}

static int is_nan_bits(const fmt *F, uint16_t h) { return (h & 0x7fffu) > F->inf; }

/* the bits computed as the algorithms compute (float, one rounding) */
static uint16_t got_bits(const fmt *F, int op, uint16_t ha, uint16_t hb)
{
  const float r = F->round_f(f_op(op, F->to_float(ha), F->to_float(hb)));
  return F->fmt == WHT_F16 ? wht__float_to_f16_bits(r) : wht__float_to_bf16_bits(r);
}

static uint16_t ref_bits(const fmt *F, int op, uint16_t ha, uint16_t hb)
{
  return F->from_double(d_op(op, F->to_float(ha), F->to_float(hb)));
}

/* 1 when the two paths agree on (ha, hb) under op (NaN as NaN) */
static int agree(const fmt *F, int op, uint16_t ha, uint16_t hb)
{
  const uint16_t g = got_bits(F, op, ha, hb), r = ref_bits(F, op, ha, hb);
  return g == r || (is_nan_bits(F, g) && is_nan_bits(F, r));
}

static long failures;
static void check(const fmt *F, int op, uint16_t ha, uint16_t hb, long *bad)
{
  if (agree(F, op, ha, hb)) return;
  if (++*bad <= 3)
    tap_diag("%s: 0x%04x %s 0x%04x: float path 0x%04x, correctly rounded 0x%04x", F->name, ha, op_names[op], hb,
             got_bits(F, op, ha, hb), ref_bits(F, op, ha, hb));
  failures++;
}

/* the reference against MPFR on random pairs (random bit patterns, and
 * pairs whose product or quotient is tiny) */
static void check_reference(const fmt *F)
{
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t a, b, r;
  mpfr_inits2(64, a, b, (mpfr_ptr)0);
  mpfr_init2(r, F->p);
  for (int op = 0; op < 4; op++) {
    long bad = 0, n = 0;
    for (int i = 0; i < 200000; i++) {
      uint16_t ha = (uint16_t)rnd64(), hb = (uint16_t)rnd64();
      if ((i & 1) && op >= 2 && (ha & 0x7fffu) && (ha & 0x7fffu) < F->inf) {
        /* a b or a / b near a random subnormal t of the format: b from t, moved a few patterns */
        const double t = ldexp((double)(1 + rnd64() % 1024), F->mpfr_emin - 11), x = fabs(F->to_float(ha));
        const double y = op == 2 ? t / x : x / t;
        if (y > 0x1p-200 && y < 0x1p+200)
          hb = (uint16_t)((F->from_double(y) + (rnd64() % 5) - 2) ^ (rnd64() & 0x8000u));
      }
      if (is_nan_bits(F, ha) || is_nan_bits(F, hb) || (ha & 0x7fffu) == F->inf || (hb & 0x7fffu) == F->inf) continue;
      const double x = F->to_float(ha), y = F->to_float(hb);
      if (op == 3 && y == 0) continue;
      mpfr_set_d(a, x, MPFR_RNDN), mpfr_set_d(b, y, MPFR_RNDN); /* exact at 64 bits */
      mpfr_set_emin(F->mpfr_emin), mpfr_set_emax(F->mpfr_emax);
      int t = op == 0 ? mpfr_add(r, a, b, MPFR_RNDN)
            : op == 1 ? mpfr_sub(r, a, b, MPFR_RNDN)
            : op == 2 ? mpfr_mul(r, a, b, MPFR_RNDN)
                      : mpfr_div(r, a, b, MPFR_RNDN);
      t = mpfr_check_range(r, t, MPFR_RNDN);
      mpfr_subnormalize(r, t, MPFR_RNDN);
      const double want = mpfr_get_d(r, MPFR_RNDN);
      mpfr_set_emin(emin), mpfr_set_emax(emax);
      const uint16_t rb = ref_bits(F, op, ha, hb);
      const double rv = F->to_float(rb); /* compared as values: want is one of the format */
      n++;
      if (!(rv == want && signbit(rv) == signbit(want)) && !(isnan(rv) && isnan(want))) {
        if (++bad <= 3)
          tap_diag("%s: 0x%04x %s 0x%04x: reference %a, MPFR %a", F->name, ha, op_names[op], hb, rv, want);
      }
    }
    tap_ok(bad == 0 && n > 100000, "%s %s: the reference (double operation, one rounding) == MPFR on %ld random pairs",
           F->name, op_names[op], n);
  }
  mpfr_clears(a, b, r, (mpfr_ptr)0);
}

/* bf16: every pair of positive values with a product or quotient in
 * [2^-135, 2^-125]. Positive bf16 bit patterns are ordered as their
 * values, so for each a the b's form one run of patterns, found from
 * the bounds' nearest patterns with a margin of one on each side. */
static void check_bf16_subnormal(const fmt *F)
{
  for (int op = 2; op < 4; op++) {
    long bad = 0, n = 0;
    for (uint32_t ha = 1; ha < F->inf; ha++) {
      const double x = F->to_float((uint16_t)ha);
      /* b's range: x b in [lo, hi] (product) or x / b in [lo, hi] (quotient) */
      const double lo = 0x1p-135, hi = 0x1p-125;
      const double b0 = op == 2 ? lo / x : x / hi, b1 = op == 2 ? hi / x : x / lo;
      uint32_t s = b0 > 0x1p-200 ? F->from_double(b0) : 1u, e = b1 < 0x1p+200 ? F->from_double(b1) : F->inf - 1u;
      s = s > 1 ? s - 1 : 1;
      e = e + 1 < F->inf ? e + 1 : F->inf - 1u;
      for (uint32_t hb = s; hb <= e; hb++) {
        const double v = d_op(op, x, F->to_float((uint16_t)hb));
        if (v < lo || v > hi) continue;
        n++;
        check(F, op, (uint16_t)ha, (uint16_t)hb, &bad);
      }
    }
    tap_ok(bad == 0 && n > 1000000,
           "%s %s: every pair of positive values with a result in [2^-135, 2^-125] (float's subnormals) "
           "is correctly rounded by float and one rounding (%ld pairs, %ld differ)",
           F->name, op_names[op], n, bad);
  }
}

/* every non-NaN value against 128 others, both orders */
static void check_values(const fmt *F)
{
  uint16_t others[128];
  const uint16_t min_normal = F->fmt == WHT_F16 ? 0x0400u : 0x0080u, max_sub = (uint16_t)(min_normal - 1u);
  const uint16_t specials[8] = { 0x0000u, 0x0001u, max_sub, min_normal, F->fmt == WHT_F16 ? 0x3c00u : 0x3f80u,
                                 (uint16_t)(F->inf - 1u), F->inf, 0x0002u };
  unsigned m = 0;
  for (unsigned i = 0; i < 8; i++) others[m++] = specials[i], others[m++] = (uint16_t)(specials[i] | 0x8000u);
  while (m < 128) {
    const uint16_t h = (uint16_t)rnd64();
    if (!is_nan_bits(F, h)) others[m++] = h;
  }
  for (int op = 0; op < 4; op++) {
    long bad = 0, n = 0;
    for (uint32_t a = 0; a < 0x10000u; a++) {
      if (is_nan_bits(F, (uint16_t)a)) continue;
      for (unsigned j = 0; j < 128; j++, n += 2) {
        check(F, op, (uint16_t)a, others[j], &bad);
        check(F, op, others[j], (uint16_t)a, &bad);
      }
    }
    tap_ok(bad == 0, "%s %s: every value against 128 others, both orders: float and one rounding == correctly rounded "
           "(%ld pairs, %ld differ)", F->name, op_names[op], n, bad);
  }
}

/* make check-long: every pair of nonnegative values (NaN aside) */
static void check_all_pairs(const fmt *F)
{
  for (int op = 0; op < 4; op++) {
    long bad = 0, n = 0;
    for (uint32_t a = 0; a <= F->inf; a++)
      for (uint32_t b = 0; b <= F->inf; b++, n++) check(F, op, (uint16_t)a, (uint16_t)b, &bad);
    tap_ok(bad == 0, "%s %s: every pair of nonnegative values: float and one rounding == correctly rounded "
           "(%ld pairs, %ld differ)", F->name, op_names[op], n, bad);
  }
}

static float f16_to_float(uint16_t h) { return wht__f16_bits_to_float(h); }
static float bf16_to_float(uint16_t h) { return wht__bf16_bits_to_float(h); }
static float f16_round(float x) { return wht__f16_round(x); }
static float bf16_round(float x) { return wht__bf16_round(x); }

int main(void)
{
  const fmt formats[2] = {
    { "f16", WHT_F16, 11, -23, 16, 0x7c00u, f16_to_float, f16_round, wht_f16_from_double },
    { "bf16", WHT_BF16, 8, -132, 128, 0x7f80u, bf16_to_float, bf16_round, wht_bf16_from_double },
  };
  const int all = getenv("WHT_CHECK_LONG") != NULL;
  for (int f = 0; f < 2; f++) {
    check_reference(&formats[f]);
    if (formats[f].fmt == WHT_BF16) check_bf16_subnormal(&formats[f]);
    check_values(&formats[f]);
    if (all) check_all_pairs(&formats[f]);
  }
  if (failures) tap_diag("%ld failures in all", failures);
  return tap_done();
}
