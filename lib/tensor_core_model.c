/* tensor_core_model.c - the numerics of the tensor-core algorithms on the
 * CPU, and their error bound.
 *
 * Semantics. A row of n = 2^k elements (f16 or bf16) goes through
 * s = ceil(k/4) stages; stage j transforms the index bits
 * G_j = [4j, min(4j+4, k)) (w_j bits: 16-point Hadamards for the first
 * q = floor(k/4) stages, then, when r = k mod 4 > 0, one stage of
 * I (x) H_(2^r)), in increasing j. For k >= 29 with r = 1 the one-bit
 * stage is the fourth instead: G_3 = [12, 13), G_j = [4j - 3, 4j + 1) for
 * j >= 4. Why: the GPU runs such rows as an L2-blocked pair of passes over
 * bits [0, 21) (its first pass the exchange kernel of rows of 2^13, its
 * second two groups of 4) and passes of two groups of 4 with runs of 128
 * bytes; with the short stage last 2^29's last pass took 9 bits in runs of
 * 64 bytes, 2-4 % slower on an H200. The same for r = 2 (a first pass of
 * rows of 2^14, chunks of 2^22 elements) made 2^30 5 % slower, so there
 * the short stage stays last (docs/PERFORMANCE.md). The rows of
 * 2^16..2^28 of the data files keep the short stage last.
 * Output i of stage j is the exact sum
 *     S_i = sum over m equal to i outside G_j of (-1)^popcount(i & m & G_j) x_m
 * of 2^(w_j) products (the GPU's 16 x 16 tile adds exact zeros for the
 * other index values), accumulated:
 *   - `tensor-core`: in f32 by the tensor core, then rounded to nearest-even
 *     to the storage format (the next stage's operands are f16/bf16);
 *   - `tensor-core-f16acc` (f16 only): in f16 by the tensor core, whose f16
 *     result is the stage's output.
 * The hardware's accumulation order and internal rounding are not
 * specified. The model accumulates in increasing m from +0, each addition
 * rounded to nearest-even in the accumulation format, and rounds as above.
 *
 * Exactness. When a sum's terms are multiples of 2^e and the largest is
 * below 2^(e + p_acc - 4) (p_acc = 24 for f32, 11 for f16), every partial
 * sum of at most 16 terms is representable, so every order and every
 * rounding of the accumulation gives the exact sum: the result is then
 * independent of the hardware's order, and the GPU must equal the model.
 * wht__tc_model reports whether this held for every sum.
 *
 * Error bound. Assumption (hardware): for a stage sum with exact value S
 * of terms t, the accumulated value satisfies
 *     |S~ - S| <= 32 u_acc sum|t|  (+ eta, below),
 * u_acc = 2^-24 (f32) or 2^-11 (f16). Recursive summation of 16 terms in any
 * order with any rounding whose error is below one ulp (2 u_acc relative:
 * nearest, truncation, faithful) satisfies it with 30.1 u_acc; the fused
 * multi-term adders described for NVIDIA tensor cores (alignment to the
 * largest exponent, truncation, p_acc + 3 kept bits; Fasi, Higham, Mikaitis
 * and Pranesh 2021) with about 10 u_acc; the model's own summation with
 * 15.1 u_acc. With the rounding to storage (unit roundoff u_s) a stage maps
 * x to M_j x + d_j, |d_j| <= eps |M_j| |x| + eta componentwise, with
 *     eps = u_s + (1 + u_s) 32 u_acc      (f32 accumulation)
 *     eps = 32 u_acc                      (f16 accumulation: no second rounding)
 * and eta = twice the smallest positive normal of the storage format, an
 * absolute allowance per stage and element for subnormal results (rounded or
 * flushed, in the accumulator and in storage). Since |M_s|...|M_1| is the all-ones
 * matrix of the row, induction over the stages gives, for every output i
 * of a row with input x and no overflow,
 *     |y_i - (H x)_i| <= ((1 + eps)^s - 1) ||x||_1 + eta n s (1 + s eps (1 + eps)^s)
 *                     <= ((1 + eps)^s - 1) ||x||_1 + 2 s n eta      (s eps <= 1/2).
 * wht__tc_bound returns the last line, rounded upwards by a relative 2^-40
 * (its own evaluation in double). The GPU and the model, both within it of
 * the exact result, differ by at most twice the bound.
 *
 * Not covered: overflow and non-finite input. A zero of the tile times an
 * infinity is NaN, so on the GPU a non-finite value can also turn into NaN
 * the outputs of other rows that share its 16 x 16 tile (r-stage, or rows
 * shorter than 256). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tensor_core_model.h"
#include "wht_env.h"

unsigned wht__tc_stage_count(unsigned k) { return (k + 3) / 4; }

unsigned wht__tc_short12(unsigned k)
{
  static unsigned kmin = 0; /* 0: not yet read; WHT_TC_SHORT12_MIN 16..64 (wht_env.h) */
  if (!kmin) kmin = wht__env_uint("WHT_TC_SHORT12_MIN", 29);
  return k >= kmin && k % 4 == 1;
}

/* stage j's bits with the short stage at [12, 12 + r12) (r12 = k mod 4),
 * or last (r12 = 0) */
static unsigned bits_at(unsigned k, unsigned j, unsigned r12, unsigned *w)
{
  const unsigned lo = r12 && j >= 4 ? 4 * j + r12 - 4 : 4 * j;
  *w = r12 && j == 3 ? r12 : k - lo < 4 ? k - lo : 4;
  return lo;
}

unsigned wht__tc_stage_bits(unsigned k, unsigned j, unsigned *w) { return bits_at(k, j, wht__tc_short12(k), w); }

static double load(wht_format f, uint16_t h)
{
  return f == WHT_F16 ? wht_f16_to_double(h) : wht_bf16_to_double(h);
}

static uint16_t store(wht_format f, double v)
{
  return f == WHT_F16 ? wht_f16_from_double(v) : wht_bf16_from_double(v);
}

/* Exponent of the lowest set bit of a finite nonzero t. */
static int trailing_exponent(double t)
{
  int e;
  const double m = frexp(fabs(t), &e); /* t = m 2^e, m in [0.5, 1) */
  uint64_t M = (uint64_t)ldexp(m, 53);
  int z = 0;
  while (!(M & 1)) M >>= 1, z++;
  return e - 53 + z;
}

/* Whether every partial sum of the w terms +-v[0..w-1] is representable
 * with p bits (so that any accumulation is exact). */
static int sums_exact(const double *v, unsigned w, int p)
{
  int e0 = INT32_MAX;
  double big = 0;
  for (unsigned m = 0; m < w; m++) {
    if (v[m] == 0) continue;
    if (!isfinite(v[m])) return 0;
    const int e = trailing_exponent(v[m]);
    if (e < e0) e0 = e;
    if (fabs(v[m]) > big) big = fabs(v[m]);
  }
  return big == 0 || big < ldexp(1.0, e0 + p - 4);
}

/* One stage on bits [lo, lo + w) of the row v (n elements) into out. */
static int stage(wht_format f, wht__tc_acc acc, const double *v, double *out, uint64_t n,
                 unsigned lo, unsigned w)
{
  const uint64_t stride = (uint64_t)1 << lo, span = stride << w;
  const unsigned m = 1u << w;
  double g[16];
  int exact = 1;
  for (uint64_t hi = 0; hi < n; hi += span)
    for (uint64_t l = 0; l < stride; l++) {
      const uint64_t base = hi + l;
      for (unsigned j = 0; j < m; j++) g[j] = v[base + j * stride];
      exact &= sums_exact(g, m, acc == WHT__TC_ACC_F32 ? 24 : 11);
      for (unsigned i = 0; i < m; i++) {
        double y;
        if (acc == WHT__TC_ACC_F32) {
          float a = 0.0f;
          for (unsigned j = 0; j < m; j++) {
            const float t = (float)g[j]; /* exact: an f16/bf16 value */
            a = (__builtin_popcount(i & j) & 1) ? a - t : a + t;
          }
          y = load(f, store(f, (double)a));
        } else {
          y = 0.0;
          for (unsigned j = 0; j < m; j++)
            y = (__builtin_popcount(i & j) & 1) ? wht_format_sub(WHT_F16, y, g[j])
                                                : wht_format_add(WHT_F16, y, g[j]);
        }
        out[base + i * stride] = y;
      }
    }
  return exact;
}

int wht__tc_model(wht_format f, wht__tc_acc acc, uint16_t *x, unsigned k, uint64_t batch)
{
  return wht__tc_model_grouped(f, acc, x, k, batch, wht__tc_short12(k) != 0);
}

int wht__tc_model_grouped(wht_format f, wht__tc_acc acc, uint16_t *x, unsigned k, uint64_t batch, int short12)
{
  const unsigned r12 = short12 && k >= 16 ? k % 4 : 0;
  if ((f != WHT_F16 && f != WHT_BF16) || (acc == WHT__TC_ACC_F16 && f != WHT_F16) || k > 40)
    return -1;
  const uint64_t n = (uint64_t)1 << k;
  double *v = malloc(n * sizeof *v), *w = malloc(n * sizeof *w);
  int exact = 1;
  if (!v || !w) {
    free(v);
    free(w);
    return -1;
  }
  for (uint64_t r = 0; r < batch; r++) {
    uint16_t *row = x + r * n;
    for (uint64_t i = 0; i < n; i++) v[i] = load(f, row[i]);
    for (unsigned j = 0; j < wht__tc_stage_count(k); j++) {
      unsigned width;
      const unsigned lo = bits_at(k, j, r12, &width);
      exact &= stage(f, acc, v, w, n, lo, width);
      double *t = v;
      v = w;
      w = t;
    }
    for (uint64_t i = 0; i < n; i++) row[i] = store(f, v[i]);
  }
  free(v);
  free(w);
  return exact;
}

double wht__tc_bound(wht_format f, wht__tc_acc acc, unsigned k, double l1)
{
  const double us = wht_format_unit_roundoff(f);
  const double ua = acc == WHT__TC_ACC_F32 ? 0x1p-24 : 0x1p-11;
  const double eps = acc == WHT__TC_ACC_F32 ? us + (1 + us) * 32 * ua : 32 * ua;
  const double eta = ldexp(1.0, wht_format_emin(f) + 1);
  const double s = wht__tc_stage_count(k);
  const double b = (pow(1 + eps, s) - 1) * l1 + 2 * s * ldexp(1.0, (int)k) * eta;
  return b * (1 + 0x1p-40);
}
