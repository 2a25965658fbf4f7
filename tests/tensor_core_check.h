/* tensor_core_check.h - what the tensor-core tests share: the three
 * algorithm variants, test inputs, the exact reference and comparisons.
 *
 * Inputs (bit patterns of the format, exact values known in double):
 *   tc_fill_norm:   N(0, 1) draws rounded to the format, |v| < 2^-10 set to
 *                   0 and |v| <= 8: every value is a multiple of 2^-20 below
 *                   2^3, so the double FWHT of a row of up to 2^30 elements
 *                   is exact (sums below 2^53 units of 2^-20);
 *   tc_fill_int:    integers in [-a, a]: f32 accumulation is exact at every
 *                   stage (terms are integers below 2^20);
 *   tc_fill_sparse: m signed ones per row, the rest 0: every intermediate
 *                   value is an integer of magnitude <= m, so even f16
 *                   accumulation is exact and the result is H x itself. */
#ifndef WHT_TESTS_TENSOR_CORE_CHECK_H
#define WHT_TESTS_TENSOR_CORE_CHECK_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "wht.h"
#include "tensor_core_model.h"

typedef struct {
  const char *algo;
  wht_format fmt;
  wht__tc_acc acc;
} tc_variant;

static const tc_variant tc_variants[] = {
  { "tensor-core", WHT_F16, WHT__TC_ACC_F32 },
  { "tensor-core", WHT_BF16, WHT__TC_ACC_F32 },
  { "tensor-core-f16acc", WHT_F16, WHT__TC_ACC_F16 },
};
#define TC_NVARIANTS 3

static inline uint64_t tc_mix(uint64_t z)
{
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline double tc_uniform(uint64_t *s) /* (0, 1) */
{
  *s = tc_mix(*s);
  return ((double)(*s >> 11) + 0.5) * 0x1p-53;
}

static inline uint16_t tc_bits(wht_format f, double v)
{
  return f == WHT_F16 ? wht_f16_from_double(v) : wht_bf16_from_double(v);
}

static inline double tc_value(wht_format f, uint16_t h)
{
  return f == WHT_F16 ? wht_f16_to_double(h) : wht_bf16_to_double(h);
}

static inline void tc_fill_norm(wht_format f, uint16_t *x, uint64_t N, uint64_t seed)
{
  uint64_t s = seed;
  for (uint64_t i = 0; i < N; i++) {
    double v = sqrt(-2 * log(tc_uniform(&s))) * cos(6.283185307179586 * tc_uniform(&s));
    v = wht_round_to_format(v, f);
    if (fabs(v) < 0x1p-10) v = 0;
    if (fabs(v) > 8) v = v > 0 ? 8 : -8;
    x[i] = tc_bits(f, v);
  }
}

static inline void tc_fill_int(wht_format f, uint16_t *x, uint64_t N, int a, uint64_t seed)
{
  uint64_t s = seed;
  for (uint64_t i = 0; i < N; i++) {
    s = tc_mix(s);
    x[i] = tc_bits(f, (double)((int)(s % (uint64_t)(2 * a + 1)) - a));
  }
}

static inline void tc_fill_sparse(wht_format f, uint16_t *x, uint64_t n, uint64_t batch, unsigned m,
                           uint64_t seed)
{
  uint64_t s = seed;
  for (uint64_t r = 0; r < batch; r++) {
    for (uint64_t i = 0; i < n; i++) x[r * n + i] = tc_bits(f, 0);
    for (unsigned j = 0; j < m; j++) {
      s = tc_mix(s);
      const uint64_t i = (s >> 1) % n;
      const double v = tc_value(f, x[r * n + i]) + ((s & 1) ? 1.0 : -1.0);
      x[r * n + i] = tc_bits(f, v);
    }
  }
}

/* Exact H x of each row (the inputs above keep every sum exact in double). */
static inline void tc_exact(wht_format f, const uint16_t *x, double *v, uint64_t n, uint64_t batch)
{
  for (uint64_t i = 0; i < n * batch; i++) v[i] = tc_value(f, x[i]);
  for (uint64_t r = 0; r < batch; r++) {
    double *y = v + r * n;
    for (uint64_t h = 1; h < n; h <<= 1)
      for (uint64_t i = 0; i < n; i += 2 * h)
        for (uint64_t j = i; j < i + h; j++) {
          const double a = y[j], b = y[j + h];
          y[j] = a + b;
          y[j + h] = a - b;
        }
  }
}

static inline double tc_l1(wht_format f, const uint16_t *row, uint64_t n)
{
  double s = 0;
  for (uint64_t i = 0; i < n; i++) s += fabs(tc_value(f, row[i]));
  return s;
}

/* Largest |y - v| / bound over all rows (bound from each row's input x);
 * a NaN or infinity counts as infinite. scale multiplies the bound. */
static inline double tc_worst(const tc_variant *t, unsigned k, const uint16_t *x, const uint16_t *y,
                       const double *v, uint64_t batch, double scale)
{
  const uint64_t n = (uint64_t)1 << k;
  double worst = 0;
  for (uint64_t r = 0; r < batch; r++) {
    const double b = scale * wht__tc_bound(t->fmt, t->acc, k, tc_l1(t->fmt, x + r * n, n));
    for (uint64_t i = r * n; i < (r + 1) * n; i++) {
      const double d = fabs(tc_value(t->fmt, y[i]) - v[i]), e = d == 0 ? 0 : d / b;
      if (!(e <= worst)) worst = isnan(e) ? INFINITY : e;
    }
  }
  return worst;
}

/* Index of the first element whose value differs (-0 equals +0), or -1. */
static inline int64_t tc_first_diff(wht_format f, const uint16_t *a, const uint16_t *b, uint64_t N)
{
  for (uint64_t i = 0; i < N; i++)
    if (!(tc_value(f, a[i]) == tc_value(f, b[i]))) return (int64_t)i;
  return -1;
}

static inline int64_t tc_first_diff_exact(wht_format f, const uint16_t *a, const double *v, uint64_t N)
{
  for (uint64_t i = 0; i < N; i++)
    if (!(tc_value(f, a[i]) == v[i])) return (int64_t)i;
  return -1;
}

#endif
