/* widened_body.h - the stage group of the widened algorithms for one format
 * (included by widened.c and widened_pass.c once per format, see
 * fmt_begin.h): a block's butterflies run in the wider format
 * (widened_arith.h) and each value is rounded to the format once, when the
 * block ends. The includer defines GROUP_NAME and LONG_BLOCKS:
 *   0 (widened): every group of the scheduler (k mod 3 stages, then threes)
 *     is a block, and the wide values never leave the group's lanes;
 *   1 (widened-pass): the blocks of pass_blocks.h, runs of groups; the
 *     block's first group takes x exactly into the wider format, between
 *     groups the wide values wait in the workspace (ctx->e, one WV per
 *     element), and its last group rounds them and stores x. */
#include "fmt_begin.h"
#define WV WHT__CAT3(WHT__, FMT, _WV)
#define WUP WHT__CAT3(WHT__, FMT, _WUP)
#define WIDE_ADD WHT__CAT3(WHT__, FMT, _WADD)
#define WIDE_SUB WHT__CAT3(WHT__, FMT, _WSUB)
#define WDOWN WHT__CAT3(WHT__, FMT, _WDOWN)
#define SCALAR FN(WHT__CAT3(GROUP_NAME, _, scalar))

static void SCALAR(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                           uint64_t cols)
{
  _Static_assert(sizeof(WV) == 2 * sizeof(T), "the workspace holds two elements' bytes per wide value");
  T *x = (T *)ctx->x + base;
  WV *w = LONG_BLOCKS ? (WV *)ctx->e + base : NULL;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  const unsigned r = 1u << c;
  if (c == 0) return; /* no stage: x untouched (a round trip would turn -0 into +0 in f64) */
  const int first = !LONG_BLOCKS || wht__pb_starts(ctx->k, s);
  const int last = !LONG_BLOCKS || wht__pb_end(ctx->k, s) == s + c;
  for (uint64_t i = 0; i < count; i++, x += span, w = LONG_BLOCKS ? w + span : w)
    for (uint64_t lo = 0; lo < cols; lo++) {
      WV v[8];
      for (unsigned t = 0; t < r; t++) v[t] = first ? WUP(LD(x + lo + t * m)) : w[lo + t * m];
      for (unsigned h = 1; h < r; h <<= 1)
        for (unsigned t = 0; t < r; t++)
          if (!(t & h)) {
            const WV a = v[t], b = v[t + h];
            v[t] = WIDE_ADD(a, b);
            v[t + h] = WIDE_SUB(a, b);
          }
      for (unsigned t = 0; t < r; t++) {
        if (last) ST(x + lo + t * m, WDOWN(v[t]));
        else w[lo + t * m] = v[t];
      }
    }
}

static void FN(GROUP_NAME)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                           uint64_t cols)
{
  if (c == 0) return; /* as SCALAR: no stage, and no block to find for s = k */
  const int first = !LONG_BLOCKS || wht__pb_starts(ctx->k, s);
  const int last = !LONG_BLOCKS || wht__pb_end(ctx->k, s) == s + c;
  if (!wht__widened_simd(ctx, base, count, s, c, cols, WHT__CAT3(WHT_, FMT, ), first, last, SCALAR))
    SCALAR(ctx, base, count, s, c, cols);
}

#undef WV
#undef WUP
#undef WIDE_ADD
#undef WIDE_SUB
#undef WDOWN
#undef SCALAR
#include "fmt_end.h"
