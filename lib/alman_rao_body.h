/* alman_rao_body.h - the Alman-Rao stage groups for one format (included by
 * alman_rao.c once per format, see fmt_begin.h and DESIGN.md section 4). */
#include "fmt_begin.h"

/* Group 0 (s = 0, c = k mod 3): folklore stages 0..c-1, then
 * x_i *= 2^(number of nonzero 3-bit digits of i >> c). */
static void FN(ar_head)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned c)
{
  T *x = (T *)ctx->x + base;
  const unsigned r = 1u << c;
  const uint64_t mask = ctx->n - 1;
  for (uint64_t i = 0; i < count; i++, x += r) {
    W v[4];
    for (unsigned t = 0; t < r; t++) v[t] = LD(x + t);
    for (unsigned h = 1; h < r; h <<= 1)
      for (unsigned t = 0; t < r; t++)
        if (!(t & h)) {
          W a = v[t], b = v[t + h];
          v[t] = ADD(a, b);
          v[t + h] = SUB(a, b);
        }
    /* all r elements share i >> c, hence the digit count */
    uint64_t d = ((base + i * r) & mask) >> c;
    int nz = 0;
    for (; d; d >>= 3) nz += (d & 7) != 0;
    const W scale = (W)ldexp(1.0, nz);
    for (unsigned t = 0; t < r; t++) ST(x + t, MUL(v[t], scale));
  }
}

/* Radix-8 group on a..h = x[j], x[j+m], ..., x[j+7m], left to right, for
 * the columns j = 0 .. cols-1 of x. */
static void FN(ar_radix8)(T *x, uint64_t m, uint64_t cols)
{
  for (uint64_t lo = 0; lo < cols; lo++) {
    T *p = x + lo;
    W a = LD(p), b = LD(p + m), c = LD(p + 2 * m), d = LD(p + 3 * m);
    W e = LD(p + 4 * m), f = LD(p + 5 * m), g = LD(p + 6 * m), h = LD(p + 7 * m);
    W B1 = ADD(b, c), B2 = ADD(d, h), B3 = ADD(f, g);
    W tot = MUL(ADD(ADD(ADD(B1, B2), B3), e), (W)0.5);
    W diff = SUB(a, tot);
    W D = ADD(diff, d), E = ADD(diff, e), H = ADD(diff, h);
    ST(p, ADD(a, tot));
    ST(p + m, ADD(ADD(E, c), g));
    ST(p + 2 * m, ADD(ADD(E, b), f));
    ST(p + 3 * m, ADD(E, B2));
    ST(p + 4 * m, ADD(D, B1));
    ST(p + 5 * m, ADD(ADD(H, c), f));
    ST(p + 6 * m, ADD(ADD(H, b), g));
    ST(p + 7 * m, ADD(D, B3));
  }
}

static void FN(ar_scalar)(const wht__cpu_ctx *ctx, uint64_t base,
                          uint64_t count, unsigned s, unsigned c, uint64_t cols)
{
  if (c < 3) { /* group 0 (s = 0, c = k mod 3: one column); radix-8 groups have c = 3 */
    FN(ar_head)(ctx, base, count, c);
    return;
  }
  T *x = (T *)ctx->x + base;
  const uint64_t m = (uint64_t)1 << s;
  for (uint64_t i = 0; i < count; i++, x += 8 * m) FN(ar_radix8)(x, m, cols);
}

/* the radix-8 groups on the vector path where the CPU has AVX-512
 * (groups_simd.h: the same bits; a column that meets a NaN comes back to
 * ar_scalar) */
static void FN(ar_group)(const wht__cpu_ctx *ctx, uint64_t base,
                         uint64_t count, unsigned s, unsigned c, uint64_t cols)
{
  if (c != 3 || !wht__groups_simd(ctx, base, count, s, c, cols, WHT__CAT3(WHT_, FMT, ), WHT__SIMD_ALMAN_RAO, 0,
                                  FN(ar_scalar)))
    FN(ar_scalar)(ctx, base, count, s, c, cols);
}

#include "fmt_end.h"
