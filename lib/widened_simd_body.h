/* widened_simd_body.h - widened_body.h's group for one format, WL columns
 * at a time in the lanes of 512-bit registers (included by
 * widened_avx512.c once per format through simd_each_format.h; it adds
 * simd_wide_avx512.h's wide operations). A block's first group widens x exactly, its last
 * rounds once into x; between them (widened-pass) the wide values wait in
 * the workspace w, as the scalar code keeps them. The columns are taken as
 * groups_simd_body.h takes them (whole columns with masked tails; for
 * m < WL, the columns of WL / m super-blocks gathered from a buffer) and
 * its NaN rule holds: every wide operation's result reaches the column's
 * outputs (the double-double's error terms included), so a column with a
 * NaN among its wide outputs is not stored but run again by the scalar
 * group (`scalar`), the only place where operand order could show. */
#include "simd_wide_avx512.h"
#define FNV(name) WHT__CAT3(name, _v, SFX_V)
#define AI __attribute__((always_inline))

/* the c stages of a group on the wide registers v; the lanes left NaN */
static inline AI WM FNV(wide_network)(WVT *v, unsigned c)
{
  const unsigned r = 1u << c;
  for (unsigned h = 1; h < r; h <<= 1)
    for (unsigned t = 0; t < r; t++)
      if (!(t & h)) {
        const WVT a = v[t], b = v[t + h];
        v[t] = WADDV(a, b);
        v[t + h] = WSUBV(a, b);
      }
  WM nan = 0;
  for (unsigned t = 0; t < r; t++) nan |= WNAN(v[t]);
  return nan;
}

/* columns 0 .. cols-1 of one super-block at x (wide values at w), element
 * `at` of the data */
static inline AI void FNV(wide_columns)(const wht__cpu_ctx *ctx, wht__cpu_group_fn scalar, uint64_t at, T *x,
                                         WV *w, unsigned s, uint64_t cols, unsigned c, int first, int last)
{
  const unsigned r = 1u << c;
  const uint64_t m = (uint64_t)1 << s;
  for (uint64_t lo = 0; lo < cols; lo += WL) {
    const WM k = cols - lo >= WL ? (WM)~0u : (WM)((1u << (cols - lo)) - 1u);
    WVT v[8];
    for (unsigned t = 0; t < r; t++) v[t] = first ? WLD(x + lo + t * m, k) : WLDW(w + lo + t * m, k);
    const WM nan = FNV(wide_network)(v, c) & k, ok = k & (WM)~nan;
    for (unsigned t = 0; t < r; t++) {
      if (last) WST(x + lo + t * m, ok, v[t]);
      else WSTW(w + lo + t * m, ok, v[t]);
    }
    /* m = lanes: lane l is column at + lo + l */
    wht__simd_hand_back(ctx, scalar, nan, WL, at + lo, WL, 0, 1, s, c);
  }
}

/* count whole super-blocks of m < WL columns from element `at`: WL columns
 * a chunk, gathered by gin into rows and by gout back (simd_avx512.h) */
static inline AI void FNV(wide_small)(const wht__cpu_ctx *ctx, wht__cpu_group_fn scalar, uint64_t at, T *x, WV *w,
                                       unsigned s, uint64_t count, unsigned c, int first, int last,
                                       const int32_t *gin, const int32_t *gout)
{
  const unsigned r = 1u << c;
  const uint64_t m = (uint64_t)1 << s, span = m << c, total = count * span;
  WBUF buf __attribute__((aligned(64)));
  for (uint64_t o = 0; o < total; o += (uint64_t)WL * r) {
    const uint64_t rest = total - o;
    WVT v[8];
    for (unsigned p = 0; p < r; p++) {
      const WM k = (WM)wht__simd_part(rest, p, WL);
      v[p] = first ? WLD(x + o + p * WL, k) : WLDW(w + o + p * WL, k);
      WBST(&buf, p * WL, v[p]);
    }
    for (unsigned t = 0; t < r; t++) v[t] = WBGATH(&buf, gin + t * WL);
    const WM nan = FNV(wide_network)(v, c);
    for (unsigned t = 0; t < r; t++) WBST(&buf, t * WL, v[t]);
    for (unsigned p = 0; p < r; p++) {
      const WM k = (WM)wht__simd_drop(wht__simd_part(rest, p, WL), nan, gout, p, WL);
      const WVT y = WBGATH(&buf, gout + p * WL);
      if (last) WST(x + o + p * WL, k, y);
      else WSTW(w + o + p * WL, k, y);
    }
    wht__simd_hand_back(ctx, scalar, nan, WL, at + o, m, span, rest, s, c);
  }
}

/* widened_body.h's group (c = 1, 2 or 3); w: the workspace (widened-pass)
 * or NULL where first and last */
static void FNV(widened)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                         uint64_t cols, int first, int last, wht__cpu_group_fn scalar)
{
  T *x = (T *)ctx->x + base;
  WV *w = first && last ? NULL : (WV *)ctx->e + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  if (m < WL && cols == m) {
    int32_t gin[8 * WL], gout[8 * WL];
    wht__simd_gather_index(gin, gout, WL, (unsigned)m, c);
#define WHT__SMALL(C)                                                                                     \
  if (first && last) FNV(wide_small)(ctx, scalar, base, x, w, s, count, C, 1, 1, gin, gout);              \
  else if (first) FNV(wide_small)(ctx, scalar, base, x, w, s, count, C, 1, 0, gin, gout);                 \
  else if (last) FNV(wide_small)(ctx, scalar, base, x, w, s, count, C, 0, 1, gin, gout);                  \
  else FNV(wide_small)(ctx, scalar, base, x, w, s, count, C, 0, 0, gin, gout);
    switch (c) {
    case 1: WHT__SMALL(1) break;
    case 2: WHT__SMALL(2) break;
    default: WHT__SMALL(3) break;
    }
#undef WHT__SMALL
    return;
  }
  for (uint64_t i = 0; i < count; i++, x += span, w = w ? w + span : w) {
    const uint64_t at = base + i * span;
#define WHT__COLS(C)                                                                                      \
  if (first && last) FNV(wide_columns)(ctx, scalar, at, x, w, s, cols, C, 1, 1);                          \
  else if (first) FNV(wide_columns)(ctx, scalar, at, x, w, s, cols, C, 1, 0);                             \
  else if (last) FNV(wide_columns)(ctx, scalar, at, x, w, s, cols, C, 0, 1);                              \
  else FNV(wide_columns)(ctx, scalar, at, x, w, s, cols, C, 0, 0);
    switch (c) {
    case 1: WHT__COLS(1) break;
    case 2: WHT__COLS(2) break;
    default: WHT__COLS(3) break;
    }
#undef WHT__COLS
  }
}

#undef FNV
#undef AI
#include "simd_wide_end.h"
