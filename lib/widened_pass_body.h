/* widened_pass_body.h - the stage group of widened-pass for one format
 * (included by widened_pass.c once per format, see fmt_begin.h). A block
 * (pass_blocks.h) is a run of the scheduler's groups: its first group
 * takes x exactly into the wider format (widened_arith.h), every group
 * runs its butterflies there, and between groups the wide values wait in
 * the workspace (ctx->e, one WV per element); the block's last group
 * rounds them to the format once and stores x. */
#include "fmt_begin.h"
#define WV WHT__CAT3(WHT__, FMT, _WV)
#define WUP WHT__CAT3(WHT__, FMT, _WUP)
#define WIDE_ADD WHT__CAT3(WHT__, FMT, _WADD)
#define WIDE_SUB WHT__CAT3(WHT__, FMT, _WSUB)
#define WDOWN WHT__CAT3(WHT__, FMT, _WDOWN)

static void FN(widened_pass_group)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s,
                                   unsigned c, uint64_t cols)
{
  _Static_assert(sizeof(WV) == 2 * sizeof(T), "the workspace holds two elements' bytes per wide value");
  T *x = (T *)ctx->x + base;
  WV *w = (WV *)ctx->e + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  const unsigned r = 1u << c;
  if (c == 0) return; /* no stage: x untouched (a round trip would turn -0 into +0 in f64) */
  const int first = wht__pb_starts(ctx->k, s), last = wht__pb_end(ctx->k, s) == s + c;
  for (uint64_t i = 0; i < count; i++, x += span, w += span)
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

#undef WV
#undef WUP
#undef WIDE_ADD
#undef WIDE_SUB
#undef WDOWN
#include "fmt_end.h"
