/* widened_body.h - the stage group of the widened algorithm for one format
 * (included by widened.c once per format, see fmt_begin.h): each group of
 * the scheduler (k mod 3 stages, then threes) is a block whose butterflies
 * run in the wider format (widened_arith.h), each value rounded to the
 * format once, when the block ends. */
#include "fmt_begin.h"
#define WV WHT__CAT3(WHT__, FMT, _WV)
#define WUP WHT__CAT3(WHT__, FMT, _WUP)
#define WIDE_ADD WHT__CAT3(WHT__, FMT, _WADD)
#define WIDE_SUB WHT__CAT3(WHT__, FMT, _WSUB)
#define WDOWN WHT__CAT3(WHT__, FMT, _WDOWN)

static void FN(widened_group)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s,
                              unsigned c, uint64_t cols)
{
  T *x = (T *)ctx->x + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  const unsigned r = 1u << c;
  if (c == 0) return; /* no stage: x untouched (a round trip would turn -0 into +0 in f64) */
  for (uint64_t i = 0; i < count; i++, x += span)
    for (uint64_t lo = 0; lo < cols; lo++) {
      WV v[8];
      for (unsigned t = 0; t < r; t++) v[t] = WUP(LD(x + lo + t * m));
      for (unsigned h = 1; h < r; h <<= 1)
        for (unsigned t = 0; t < r; t++)
          if (!(t & h)) {
            const WV a = v[t], b = v[t + h];
            v[t] = WIDE_ADD(a, b);
            v[t + h] = WIDE_SUB(a, b);
          }
      for (unsigned t = 0; t < r; t++) ST(x + lo + t * m, WDOWN(v[t]));
    }
}

#undef WV
#undef WUP
#undef WIDE_ADD
#undef WIDE_SUB
#undef WDOWN
#include "fmt_end.h"
