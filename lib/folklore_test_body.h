/* folklore_test_body.h - the stage group of folklore-test, the test-only
 * algorithm (folklore_test.c), for one format: folklore's butterfly with
 * the sum's operands swapped, (a, b) -> (b + a, a - b), bit for bit
 * folklore's result (IEEE addition commutes). */
#include "fmt_begin.h"

static void FN(folklore_test_group)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c)
{
  T *x = (T *)ctx->x + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  for (uint64_t i = 0; i < count; i++, x += span)
    for (uint64_t h = m; h < span; h <<= 1)
      for (uint64_t j = 0; j < span; j++)
        if (!(j & h)) {
          W a = LD(x + j), b = LD(x + j + h);
          ST(x + j, ADD(b, a));
          ST(x + j + h, SUB(a, b));
        }
}

#include "fmt_end.h"
