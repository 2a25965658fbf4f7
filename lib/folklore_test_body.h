/* folklore_test_body.h - the stage group of folklore-test, the test-only
 * algorithm (folklore_test.c), for one format: folklore's butterfly with
 * each sum and difference computed in the next wider format and narrowed
 * at once (WIDE, NARROW of fmt_begin.h). The wider format has at least
 * 2p + 2 bits (f32 for f16 and bf16, f64 for f32), so the double rounding
 * is innocuous and the result is folklore's bit for bit; f64 has no wider
 * format and is folklore itself. */
#include "fmt_begin.h"

/* the c stages of a group on the 2^c lanes of each of the cols columns, in
 * registers of the wider type, each value narrowed to the format */
static void FN(folklore_test_group)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                                    uint64_t cols)
{
  T *x = (T *)ctx->x + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  const unsigned r = 1u << c;
  for (uint64_t i = 0; i < count; i++, x += span)
    for (uint64_t lo = 0; lo < cols; lo++) {
      WIDE v[8];
      for (unsigned t = 0; t < r; t++) v[t] = WIDEN(LD(x + lo + t * m));
      for (unsigned h = 1; h < r; h <<= 1)
        for (unsigned t = 0; t < r; t++)
          if (!(t & h)) {
            const WIDE a = v[t], b = v[t + h];
            v[t] = WIDEN(NARROW(WADD(a, b)));
            v[t + h] = WIDEN(NARROW(WSUB(a, b)));
          }
      for (unsigned t = 0; t < r; t++) ST(x + lo + t * m, v[t]);
    }
}

#include "fmt_end.h"
