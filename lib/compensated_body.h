/* compensated_body.h - the stage group of an error-compensated FWHT for one
 * format (included by kahan.c and neumaier.c once per format, see
 * fmt_begin.h). Each element carries an error term e in the same format.
 * The includer defines ERR_A(Ap, A, B) and ERR_B(Bp, A, B): the error
 * recovery before "+ Es" / "+ Ed". The butterfly is DESIGN.md section 4:
 *   S = A+B; D = A-B; Es = eA+eB; Ed = eA-eB; A' = S-Es; B' = D-Ed;
 *   eA' = ERR_A(A', A, B) + Es; eB' = ERR_B(B', A, B) + Ed.
 * The first group starts from e = 0; the last stores y = x - e. With k = 0
 * there is no stage and so no last one: y = x untouched (e would be 0, and
 * x - 0 = x except that it would quiet a signalling NaN).
 * With BLOCKED 1 (kahan-block, neumaier-block) every group is a block of its
 * own: it starts from e = 0 and stores x - e, and e never leaves the lanes;
 * the scheduler's groups (k mod 3 stages, then threes) are the blocks.
 * The includer also defines KIND (WHT__SIMD_KAHAN or WHT__SIMD_NEUMAIER)
 * for the vector path (groups_simd.h), which runs the group instead
 * where the CPU has AVX-512, with the same bits, and hands the columns that
 * meet a NaN back to this scalar code. */
#include "fmt_begin.h"
#define LANES WHT__CAT3(GROUP_NAME, _lanes_, SFX)
#define SCALAR WHT__CAT3(GROUP_NAME, _scalar_, SFX)

static inline __attribute__((always_inline)) void
LANES(T *x, T *e, uint64_t m, uint64_t cols, unsigned c, int first, int last)
{
  const unsigned r = 1u << c;
  for (uint64_t lo = 0; lo < cols; lo++) {
    W v[8], w[8];
    for (unsigned t = 0; t < r; t++) {
      v[t] = LD(x + lo + t * m);
      w[t] = first ? (W)0 : LD(e + lo + t * m);
    }
    for (unsigned h = 1; h < r; h <<= 1)
      for (unsigned t = 0; t < r; t++)
        if (!(t & h)) {
          W A = v[t], B = v[t + h], eA = w[t], eB = w[t + h];
          W S = ADD(A, B), D = SUB(A, B), Es = ADD(eA, eB), Ed = SUB(eA, eB);
          W Ap = SUB(S, Es), Bp = SUB(D, Ed);
          W ea = ERR_A(Ap, A, B), eb = ERR_B(Bp, A, B);
          v[t] = Ap;
          v[t + h] = Bp;
          w[t] = ADD(ea, Es);
          w[t + h] = ADD(eb, Ed);
        }
    for (unsigned t = 0; t < r; t++) {
      if (last) {
        ST(x + lo + t * m, SUB(v[t], w[t]));
      } else {
        ST(x + lo + t * m, v[t]);
        ST(e + lo + t * m, w[t]);
      }
    }
  }
}

static void SCALAR(const wht__cpu_ctx *ctx, uint64_t base,
                   uint64_t count, unsigned s, unsigned c, uint64_t cols)
{
  /* a block's e stays in the lanes: there is no workspace to point into */
  T *x = (T *)ctx->x + base, *e = BLOCKED ? NULL : (T *)ctx->e + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  const int first = BLOCKED || s == 0, last = BLOCKED || s + c == ctx->k;
  if (c == 0) return;
  for (uint64_t i = 0; i < count; i++, x += span, e = BLOCKED ? e : e + span) {
    /* constant arguments let the compiler unroll and drop dead branches */
#define WHT__LANES(C)                                                   \
    if (first && last) LANES(x, e, m, cols, C, 1, 1);                   \
    else if (first) LANES(x, e, m, cols, C, 1, 0);                      \
    else if (last) LANES(x, e, m, cols, C, 0, 1);                       \
    else LANES(x, e, m, cols, C, 0, 0);
    switch (c) {
    case 1: WHT__LANES(1) break;
    case 2: WHT__LANES(2) break;
    default: WHT__LANES(3) break;
    }
#undef WHT__LANES
  }
}

static void FN(GROUP_NAME)(const wht__cpu_ctx *ctx, uint64_t base,
                           uint64_t count, unsigned s, unsigned c, uint64_t cols)
{
  if (c == 0 || !wht__groups_simd(ctx, base, count, s, c, cols, WHT__CAT3(WHT_, FMT, ), KIND, BLOCKED, SCALAR))
    SCALAR(ctx, base, count, s, c, cols);
}

#undef LANES
#undef SCALAR
#include "fmt_end.h"
