/* folklore_body.h - the folklore stage group for one format (included by
 * folklore.c once per format, see fmt_begin.h). Butterfly (a, b) -> (a+b, a-b).
 * Where the CPU has AVX-512 the vector path (groups_simd.h) runs the group
 * instead, with the same bits, and hands the columns that meet a NaN back
 * to this scalar code. */
#include "fmt_begin.h"

static inline __attribute__((always_inline)) void
FN(folklore_lanes)(T *x, uint64_t m, uint64_t cols, unsigned c)
{
  const unsigned r = 1u << c;
  for (uint64_t lo = 0; lo < cols; lo++) {
    W v[8];
    for (unsigned t = 0; t < r; t++) v[t] = LD(x + lo + t * m);
    for (unsigned h = 1; h < r; h <<= 1)
      for (unsigned t = 0; t < r; t++)
        if (!(t & h)) {
          W a = v[t], b = v[t + h];
          v[t] = ADD(a, b);
          v[t + h] = SUB(a, b);
        }
    for (unsigned t = 0; t < r; t++) ST(x + lo + t * m, v[t]);
  }
}

static void FN(folklore_scalar)(const wht__cpu_ctx *ctx, uint64_t base,
                                uint64_t count, unsigned s, unsigned c, uint64_t cols)
{
  T *x = (T *)ctx->x + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  for (uint64_t i = 0; i < count; i++, x += span) {
    switch (c) { /* constant c lets the compiler unroll the lanes */
    case 1: FN(folklore_lanes)(x, m, cols, 1); break;
    case 2: FN(folklore_lanes)(x, m, cols, 2); break;
    case 3: FN(folklore_lanes)(x, m, cols, 3); break;
    default: break;
    }
  }
}

static void FN(folklore_group)(const wht__cpu_ctx *ctx, uint64_t base,
                               uint64_t count, unsigned s, unsigned c, uint64_t cols)
{
  if (c == 0 || !wht__groups_simd(ctx, base, count, s, c, cols, WHT__CAT3(WHT_, FMT, ), WHT__SIMD_FOLKLORE, 0,
                                  FN(folklore_scalar)))
    FN(folklore_scalar)(ctx, base, count, s, c, cols);
}

#include "fmt_end.h"
