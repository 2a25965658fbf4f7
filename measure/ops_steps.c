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
 * double. Blocks keep memory at one small buffer for any n. The blocks
 * run on all threads (wht_parallel.h): each is its own elements, so the
 * results do not depend on the thread count. */
#include <math.h>
#include <string.h>
#include "ops_steps.h"
#include "wht_parallel.h"

enum { BLOCK = 1024 };

/* Apply op to consecutive blocks of x (and of y where given), one
 * contiguous range of blocks per thread (wht__parallel_chunks). */
typedef void (*block_op)(double *x, const double *y, size_t m, const double *arg);

typedef struct {
  wht_format f;
  void *x;
  const void *y;
  uint64_t n;
  block_op op;
  const double *arg;
} blocks;

static void run_blocks(const void *cv, uint64_t b0, uint64_t b1)
{
  const blocks *c = cv;
  const size_t sz = wht_format_size(c->f);
  double bx[BLOCK], by[BLOCK];
  for (uint64_t b = b0; b < b1; b++) {
    const uint64_t i = b * BLOCK;
    const size_t m = c->n - i < BLOCK ? (size_t)(c->n - i) : BLOCK;
    char *px = (char *)c->x + i * sz;
    wht_load_doubles(c->f, bx, px, m);
    if (c->y) wht_load_doubles(c->f, by, (const char *)c->y + i * sz, m);
    c->op(bx, c->y ? by : NULL, m, c->arg);
    wht_store_doubles(c->f, px, bx, m);
  }
}

static void for_blocks(wht_format f, void *x, const void *y, uint64_t n, block_op op,
                       const double *arg)
{
  const blocks c = { f, x, y, n, op, arg };
  wht__parallel_chunks((n + BLOCK - 1) / BLOCK, n, run_blocks, &c);
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

/* Inf and NaN are the all-ones exponent in every format: 1 when some x_i,
 * b <= i < e, is one. */
static int nonfinite_in(wht_format f, const void *x, uint64_t b, uint64_t e)
{
  switch (f) {
  case WHT_F64:
    for (uint64_t i = b; i < e; i++)
      if (!isfinite(((const double *)x)[i])) return 1;
    return 0;
  case WHT_F32:
    for (uint64_t i = b; i < e; i++)
      if (!isfinite(((const float *)x)[i])) return 1;
    return 0;
  case WHT_F16:
  case WHT_BF16: {
    const uint16_t m = f == WHT_F16 ? 0x7c00u : 0x7f80u;
    const uint16_t *h = x;
    for (uint64_t i = b; i < e; i++)
      if ((h[i] & m) == m) return 1;
    return 0;
  }
  default:
    return 1;
  }
}

/* Threaded as an "or" over blocks (the same answer for any split); a
 * thread skips its remaining blocks once it found one. */
int wht__ops_any_nonfinite(wht_format f, const void *x, uint64_t n)
{
  if ((unsigned)f >= WHT_NFORMATS) return 1;
  int found = 0;
  WHT__OMP(omp parallel for schedule(static) reduction(| : found) num_threads(wht__threads_for(n)))
  for (uint64_t b = 0; b < n; b += BLOCK)
    if (!found) found = nonfinite_in(f, x, b, n - b < BLOCK ? n : b + BLOCK);
  return found;
}
