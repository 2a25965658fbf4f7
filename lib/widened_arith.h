/* widened_arith.h - the wider arithmetic of the widened algorithm
 * (widened.c, DESIGN.md section 4): per format its wide type WV, WUP (a
 * value of the format's working type into it, exact), WADD/WSUB (one
 * wide operation) and WDOWN (one rounding to the format, returned in the
 * working type). f16 and bf16 widen to f32, f32 to f64, f64 to the
 * double-double below. The kernels (kernels/widened.cu) implement the same
 * operations on the GPU, and the tests hold the two to the same bits. */
#ifndef WHT_WIDENED_ARITH_H
#define WHT_WIDENED_ARITH_H

#include "arith.h"

/* A double-double: the unevaluated sum hi + lo. Its operations are built
 * from error-free additions only (no FMA, nothing compiler-dependent: the
 * library is compiled with -ffp-contract=off and SSE arithmetic). */
typedef struct { double hi, lo; } wht__dd;

/* s + err = a + b exactly (Knuth's TwoSum, any a, b without overflow) */
static inline wht__dd wht__two_sum(double a, double b)
{
  const double s = a + b, bb = s - a, err = (a - (s - bb)) + (b - bb);
  return (wht__dd){ s, err };
}

/* s + err = a + b exactly when |a| >= |b| or a = 0 (Dekker's FastTwoSum) */
static inline wht__dd wht__fast_two_sum(double a, double b)
{
  const double s = a + b;
  return (wht__dd){ s, b - (s - a) };
}

/* Double-double addition with both error terms (the "accurate" sum of
 * Li et al. and Joldes, Muller and Popescu, relative error at most
 * 3u^2 / (1 - 4u), u = 2^-53):
 *   (s, e) = TwoSum(x.hi, y.hi); (t, f) = TwoSum(x.lo, y.lo);
 *   e = e + t; (s, e) = FastTwoSum(s, e); e = e + f; (s, e) = FastTwoSum(s, e). */
static inline wht__dd wht__dd_add(wht__dd x, wht__dd y)
{
  wht__dd s = wht__two_sum(x.hi, y.hi);
  const wht__dd t = wht__two_sum(x.lo, y.lo);
  s = wht__fast_two_sum(s.hi, s.lo + t.hi);
  return wht__fast_two_sum(s.hi, s.lo + t.lo);
}

/* x - y = x + (-y): negation is exact */
static inline wht__dd wht__dd_sub(wht__dd x, wht__dd y)
{
  return wht__dd_add(x, (wht__dd){ -y.hi, -y.lo });
}

static inline wht__dd wht__dd_from(double a) { return (wht__dd){ a, 0.0 }; }
/* the double nearest hi + lo: one rounded addition */
static inline double wht__dd_round(wht__dd v) { return v.hi + v.lo; }

#define WHT__F64_WV wht__dd
#define WHT__F64_WUP(a) wht__dd_from(a)
#define WHT__F64_WADD(a, b) wht__dd_add(a, b)
#define WHT__F64_WSUB(a, b) wht__dd_sub(a, b)
#define WHT__F64_WDOWN(v) wht__dd_round(v)

#define WHT__F32_WV double
#define WHT__F32_WUP(a) ((double)(a))
#define WHT__F32_WADD(a, b) ((a) + (b))
#define WHT__F32_WSUB(a, b) ((a) - (b))
#define WHT__F32_WDOWN(v) ((float)(v))

#define WHT__F16_WV float
#define WHT__F16_WUP(a) (a)
#define WHT__F16_WADD(a, b) ((a) + (b))
#define WHT__F16_WSUB(a, b) ((a) - (b))
#define WHT__F16_WDOWN(v) wht__f16_round(v)

#define WHT__BF16_WV float
#define WHT__BF16_WUP(a) (a)
#define WHT__BF16_WADD(a, b) ((a) + (b))
#define WHT__BF16_WSUB(a, b) ((a) - (b))
#define WHT__BF16_WDOWN(v) wht__bf16_round(v)

#endif
