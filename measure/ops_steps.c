/* ops_steps.c - element-wise steps of the operations, correctly rounded in
 * the format.
 *
 * Each step loads a block of elements as doubles (exact), applies the
 * operation once in double and stores the block back, which rounds to the
 * format (wht_store_doubles: nearest-even, subnormals kept, overflow to
 * inf). For f64 the double operation is the format's own. For f32, f16
 * and bf16 (p <= 24) the double result is the exact one rounded to 53 >=
 * 2p + 2 bits, and rounding that once more to p bits gives the correctly
 * rounded result for +, - and * (Figueroa, "When is double rounding
 * innocuous?", 1995); products and scalings by 2^-k are even exact in
 * double. Blocks keep memory at one small buffer for any n. */
#include <math.h>
#include <string.h>
#include "ops_steps.h"

enum { BLOCK = 1024 };

/* Apply op to consecutive blocks of x (and of y where given). */
typedef void (*block_op)(double *x, const double *y, size_t m, const double *arg);

static void for_blocks(wht_format f, void *x, const void *y, uint64_t n, block_op op,
                       const double *arg)
{
  double bx[BLOCK], by[BLOCK];
  const size_t sz = wht_format_size(f);
  for (uint64_t i = 0; i < n; i += BLOCK) {
    size_t m = n - i < BLOCK ? (size_t)(n - i) : BLOCK;
    char *px = (char *)x + i * sz;
    wht_load_doubles(f, bx, px, m);
    if (y) wht_load_doubles(f, by, (const char *)y + i * sz, m);
    op(bx, y ? by : NULL, m, arg);
    wht_store_doubles(f, px, bx, m);
  }
}

static void scale_block(double *x, const double *y, size_t m, const double *arg)
{
  (void)y;
  for (size_t i = 0; i < m; i++) x[i] *= arg[0];
}

void wht__ops_scale(wht_format f, void *x, uint64_t n, unsigned k)
{
  /* 2^-k is a normal double for every k the library accepts (k < 64). */
  const double s = ldexp(1.0, -(int)k);
  for_blocks(f, x, NULL, n, scale_block, &s);
}

static void threshold_block(double *x, const double *y, size_t m, const double *arg)
{
  (void)y;
  const double tau = arg[0];
  for (size_t i = 0; i < m; i++) {
    double v = x[i];
    if (isnan(v)) continue; /* keep NaN visible downstream */
    x[i] = v > tau ? v - tau : v < -tau ? v + tau : 0.0;
  }
}

void wht__ops_soft_threshold(wht_format f, void *x, uint64_t n, double tau_f)
{
  for_blocks(f, x, NULL, n, threshold_block, &tau_f);
}

static void mul_block(double *x, const double *y, size_t m, const double *arg)
{
  (void)arg;
  for (size_t i = 0; i < m; i++) x[i] *= y[i];
}

void wht__ops_mul(wht_format f, void *a, const void *b, uint64_t n)
{
  for_blocks(f, a, b, n, mul_block, NULL);
}

/* Inf and NaN are the all-ones exponent in every format. */
int wht__ops_any_nonfinite(wht_format f, const void *x, uint64_t n)
{
  switch (f) {
  case WHT_F64:
    for (uint64_t i = 0; i < n; i++)
      if (!isfinite(((const double *)x)[i])) return 1;
    return 0;
  case WHT_F32:
    for (uint64_t i = 0; i < n; i++)
      if (!isfinite(((const float *)x)[i])) return 1;
    return 0;
  case WHT_F16:
  case WHT_BF16: {
    const uint16_t e = f == WHT_F16 ? 0x7c00u : 0x7f80u;
    const uint16_t *h = x;
    for (uint64_t i = 0; i < n; i++)
      if ((h[i] & e) == e) return 1;
    return 0;
  }
  default:
    return 1;
  }
}
